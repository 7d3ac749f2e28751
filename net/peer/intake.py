"""What comes in from the table once a game is on: frames and votes, taken by the
replica, and the evidence of a seat that signed two frames for one step.

A frame that cannot be taken is counted (net.wire.mesh) unless it is an ordinary copy: asked
for, passed on, or resent by a member after a partition; or a player's own, sent as it
wakes from a sleep, or from far ahead of this peer (which then fetches what it missed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from net.errors import BadFrame, TableFault
from net.table.framestore import WINDOW, Equivocation
from net.table.liveness import Suspect
from net.table.lockstep import Replica
from net.wire.frames import Record
from net.wire.gossip import AHEAD
from net.wire.mesh import Conn

MAX_EARLY = WINDOW * 16  # frames kept that arrive before this peer saw the start


@dataclass(frozen=True)
class IntakePorts:
    """What the intake reaches of its peer, and nothing more."""

    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    progress: dict[bytes, int]  # how far each peer said it applied (this writes it)
    relaying: bool  # this peer passes frames on (a seated peer; a spectator does not)
    seen: Callable[[bytes], None]  # a frame taken (net.wire.gossip)
    pass_on: Callable[[Record, Conn], None]  # a frame to the peers that may lack it
    broadcast: Callable[..., None]  # a message to every linked peer (or every spectator)
    wake: Callable[[], None]  # the stepper looks again at once
    apply_ready: Callable[[], None]  # apply every step whose frames are in
    stepped_alone: Callable[[int], None]  # this peer stepped on alone while voted quiet
    over: Callable[[], bool]  # the table is over for this peer
    fault: Callable[[TableFault], None]  # stop the table on this fault
    suspect: Suspect


class Intake:
    def __init__(self, ports: IntakePorts):
        self.ports = ports
        self.early: list[Record] = []  # frames that came before this peer saw the start

    def take_early(self) -> list[Record]:
        """The frames kept from before the start, handed over once (the start is seen)."""
        early, self.early = self.early, []
        return early

    def frame(self, record: Record, conn: Conn | None, relayed: bool) -> None:
        """A frame from the table (`relayed`: passed on by another than its author)."""
        ports, replica = self.ports, self.ports.replica()
        if replica is None:
            if len(self.early) < MAX_EARLY:
                self.early.append(record)
            return
        players = replica.players
        player = record.signer in players and conn is not None and conn.key in players
        if player:  # its frame for a step says it applied the one before (net.peer.rejoin asks)
            ports.progress[record.signer] = max(ports.progress.get(record.signer, -1),
                                                record.step - 1)
        try:
            replica.offer(record)
        except Equivocation as fault:
            self.convict(fault)
            return
        except BadFrame as exc:
            stale = exc.reason in ("replayed", "quieted") or (
                exc.reason == "out-of-window" and record.step <= replica.applied)
            if stale and (relayed or self._member(conn)):
                return  # a copy from the table: asked for, gossiped, resent after a partition
            if exc.reason in ("not-seated", "quieted", "out-of-window") and player:
                return  # a player who went quiet, sending as it wakes; or one far ahead
            raise
        ports.seen(record.raw)
        if conn is not None and ports.relaying and record.step <= replica.applied + AHEAD:
            ports.pass_on(record, conn)  # a copy lost on one link comes over another
        if record.step == replica.applied + 1:
            ports.wake()  # someone stepped: step with them
        ports.apply_ready()

    def vote(self, record: Record, conn: Conn | None, relayed: bool) -> None:
        """Another human's vote to play on without a quiet seat."""
        replica = self.ports.replica()
        if replica is None:
            return
        try:
            replica.offer_vote(record)
        except BadFrame as exc:
            if exc.reason == "replayed" or (
                    exc.reason == "out-of-window" and record.step <= replica.applied):
                return  # a copy, from a step applied already
            raise
        out = replica.voted_out()
        if out is not None and out <= replica.applied and replica.seated \
                and not self.ports.over():
            self.ports.stepped_alone(out)  # it stepped on alone while the others voted
        self.ports.apply_ready()

    def _member(self, conn: Conn | None) -> bool:
        """Is `conn` a player of this table, seated now or once (whose resends are no
        attack: one that just left resends its last frame until it sees it taken)?"""
        return conn is not None and conn.key in self.ports.replica().players

    def convict(self, fault: Equivocation) -> None:
        """Two frames one seat signed for one step: pass both to every peer and spectator
        (each then names the seat itself; the one that sent them too, which may be the
        equivocator itself), and stop."""
        ports = self.ports
        if ports.over():
            return
        evidence = ["evidence", *(r.raw for r in fault.evidence)]
        ports.broadcast(evidence)
        ports.broadcast(evidence, "spectator")
        ports.fault(fault)

    def look_for_twins(self, fault: TableFault) -> None:
        """A desync (this peer and another applied different steps) or a frame that follows
        another frame than the one held: the likely cause is a seat that showed each peer a
        different frame. Ask every peer for the frames of the steps before, so the twin
        shows up here as an Equivocation with both frames — evidence this peer passes on —
        before the table stops on the fault as it is (a desync names only who disagreed)."""
        if self.ports.suspect.suspect(fault, time.monotonic()):
            self.ports.broadcast(["want", max(fault.step - WINDOW + 1, 0), fault.step])
