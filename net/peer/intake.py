"""What comes in from the table once a game is on: frames and votes, taken by the
replica, and the evidence of a seat that signed two frames for one step.

A frame that cannot be taken is counted (net.wire.mesh) unless it is an ordinary copy: asked
for, passed on, or resent by a member after a partition; or a player's own, sent as it
wakes from a sleep, or from far ahead of this peer (which then fetches what it missed).
"""

from __future__ import annotations

import time

from net.errors import BadFrame, TableFault
from net.table.framestore import WINDOW, Equivocation
from net.wire.frames import Record
from net.wire.gossip import AHEAD, pass_on
from net.wire.mesh import Conn

MAX_EARLY = WINDOW * 16  # frames kept that arrive before this peer saw the start


class Intake:
    def __init__(self, node):
        self.node = node
        self.early: list[Record] = []  # frames that came before this peer saw the start

    def frame(self, record: Record, conn: Conn | None, relayed: bool) -> None:
        """A frame from the table (`relayed`: passed on by another than its author)."""
        node = self.node
        if node.replica is None:
            if len(self.early) < MAX_EARLY:
                self.early.append(record)
            return
        players = node.replica.players
        player = record.signer in players and conn is not None and conn.key in players
        if player:  # its frame for a step says it applied the one before (net.peer.rejoin asks)
            node.progress[record.signer] = max(node.progress.get(record.signer, -1),
                                               record.step - 1)
        try:
            node.replica.offer(record)
        except Equivocation as fault:
            self.convict(fault)
            return
        except BadFrame as exc:
            stale = exc.reason in ("replayed", "quieted") or (
                exc.reason == "out-of-window" and record.step <= node.replica.applied)
            if stale and (relayed or self._member(conn)):
                return  # a copy from the table: asked for, gossiped, resent after a partition
            if exc.reason in ("not-seated", "quieted", "out-of-window") and player:
                return  # a player who went quiet, sending as it wakes; or one far ahead
            raise
        node.seen.add(record.raw)
        if conn is not None and node.role == "peer" and record.step <= node.replica.applied + AHEAD:
            pass_on(node.mesh, record, conn)  # a copy lost on one link comes over another
        if record.step == node.replica.applied + 1:
            node.stepper.wake()  # someone stepped: step with them
        node.apply_ready()

    def vote(self, record: Record, conn: Conn | None, relayed: bool) -> None:
        """Another human's vote to play on without a quiet seat."""
        node = self.node
        if node.replica is None:
            return
        try:
            node.replica.offer_vote(record)
        except BadFrame as exc:
            if exc.reason == "replayed" or (
                    exc.reason == "out-of-window" and record.step <= node.replica.applied):
                return  # a copy, from a step applied already
            raise
        replica = node.replica
        out = replica.voted_out()
        if (out is not None and out <= replica.applied and replica.seated
                and not node.result.done()):
            node.returns.stepped_alone(out)  # it stepped on alone while the others voted
        node.apply_ready()

    def _member(self, conn: Conn | None) -> bool:
        """Is `conn` a player of this table, seated now or once (whose resends are no
        attack: one that just left resends its last frame until it sees it taken)?"""
        return conn is not None and conn.key in self.node.replica.players

    def convict(self, fault: Equivocation) -> None:
        """Two frames one seat signed for one step: pass both to every peer and spectator
        (each then names the seat itself; the one that sent them too, which may be the
        equivocator itself), and stop."""
        node = self.node
        if node.result.done():
            return
        evidence = ["evidence", *(r.raw for r in fault.evidence)]
        node.mesh.broadcast(evidence)
        node.mesh.broadcast(evidence, "spectator")
        node.fault(fault)

    def look_for_twins(self, fault: TableFault) -> None:
        """A desync (this peer and another applied different steps) or a frame that follows
        another frame than the one held: the likely cause is a seat that showed each peer a
        different frame. Ask every peer for the frames of the steps before, so the twin
        shows up here as an Equivocation with both frames — evidence this peer passes on —
        before the table stops on the fault as it is (a desync names only who disagreed)."""
        node = self.node
        if node.suspect.suspect(fault, time.monotonic()):
            node.mesh.broadcast(["want", max(fault.step - WINDOW + 1, 0), fault.step])

