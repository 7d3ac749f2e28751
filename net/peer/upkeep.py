"""A node's upkeep: every TICK it keeps its links alive and asks the liveness watches
(net.table.liveness) what the table waits on, then acts on their decisions — shows a
notice, asks for frames again, stops the table — and, once the game is over and every
peer has seen its end (or `linger` ran out), lets the node go.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from net.errors import TableFault
from net.peer.events import Finished, NodeOptions, Notice, Waiting
from net.table.liveness import WAIT_NOTICE, Alone, MoveWatch, PeerWatch, Suspect
from net.table.lockstep import Replica

TICK = 0.1
#: a gap this long between two ticks is a computer that slept (a closed lid, SIGSTOP), not
#: a wait: what it waited on before is timed afresh, so a laptop that wakes never blames
#: the table for its own sleep (it reads what came meanwhile first)
SLEPT = 5.0


@dataclass(frozen=True)
class UpkeepPorts:
    """What the upkeep reaches of its peer, and nothing more."""

    options: NodeOptions  # how long to wait on what
    me: bytes  # this peer's key
    watching: bool  # this peer is a spectator
    keep_alive: Callable[[float], None]  # ping the links that said nothing for a while
    check_address: Callable[[float], None]  # look whether this computer's address changed
    redial: Callable[[float], None]  # dial the peers this one is not linked to
    linked: Callable[[], bool]  # a live link to a peer of the table
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    finished: Callable[[], Finished | None]  # the end, once the game finished
    over: Callable[[], bool]  # the table is over for this peer
    settle: Callable[[object], None]  # the table is over for this peer: so it ends
    progress: dict[bytes, int]  # how far each peer said it applied
    suspect: Suspect  # a fault held back while the twin frames are looked for
    away: Callable[[], bool]  # this peer's seat is away: it follows (net.peer.returns)
    sent_at: Callable[[], float]  # when this peer's frame went out (net.peer.stepper)
    waits_from: Callable[[float], None]  # this peer's frame is waited on from then
    bot_doing: Callable[[], Callable[[int], str] | None]  # what its bots are doing, if any
    streaming: Callable[[], bool]  # spectators are still being sent the table
    emit: Callable[[object], None]  # tell the listener
    fault: Callable[[TableFault], None]  # stop the table on this fault
    broadcast: Callable[..., None]  # a message to every linked peer
    vote_quiet: Callable[[int, float], None]  # ask the table to play on without a seat


class Upkeep:
    def __init__(self, ports: UpkeepPorts):
        self.ports = ports
        options = ports.options
        self.moves = MoveWatch(stall=options.stall_after)
        self.peers = PeerWatch(ask_after=options.idle_pace + 0.1, void_after=options.void_after)
        self.alone = Alone(options.void_after)
        self.ended_at = 0.0  # when the game was over for this peer
        self._last_tick = time.monotonic()

    async def run(self) -> None:
        ports = self.ports
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            if now - self._last_tick > SLEPT:
                self._woke(now, now - self._last_tick)
            self._last_tick = now
            ports.keep_alive(now)
            ports.check_address(now)
            ports.redial(now)
            if ports.replica() is not None and ports.finished() is None:
                self._watch(now)
            if ports.finished() is not None and not ports.watching and self._may_leave(now):
                ports.settle(ports.finished())

    def ended(self, now: float) -> None:
        """The game is over for this peer: it lingers for the others from `now`."""
        self.ended_at = now

    def _woke(self, now: float, slept: float) -> None:
        ports = self.ports
        ports.waits_from(now)
        self.peers.restart(now)
        if ports.replica() is not None and ports.finished() is None:
            ports.emit(Notice(f"this computer was asleep for {slept:.0f} s: catching up with "
                             "the table"))

    def _watch(self, now: float) -> None:
        ports = self.ports
        held_back = ports.suspect.due(now)
        if held_back is not None:
            ports.fault(held_back)
        checks = (self._alone, self._moves) if ports.away() else (
            self._late, self._owed, self._alone, self._moves)  # those present judge delays
        for check in checks:
            try:
                check(now)
            except TableFault as fault:
                ports.fault(fault)

    def _late(self, now: float) -> None:
        """This peer's frame is out and the step is still incomplete: ask for the frames
        again, then say whose are late (even while a fault held back is settled)."""
        ports = self.ports
        replica = ports.replica()
        if ports.watching or replica.sent() is None or replica.ready():
            return
        overdue = now - ports.sent_at()
        want = self.peers.ask(replica, overdue, now)
        if want is not None:
            ports.broadcast(["want", *want])
        names = self.peers.late(replica, overdue)
        if names is not None:
            ports.emit(Waiting(names))
        if replica.me in replica.seating.present:
            seat = self.peers.quiet(replica, overdue)
            if seat is not None:
                ports.vote_quiet(seat, overdue)

    def _owed(self, now: float) -> None:
        """Frames flow, but the table may wait on a message owed inside them."""
        ports = self.ports
        replica = ports.replica()
        if ports.over():
            return
        frames_late = replica.sent() is not None and now - ports.sent_at() > WAIT_NOTICE
        names = self.peers.debts(replica, frames_late, now)
        if names is not None:
            ports.emit(Waiting(names))

    def _alone(self, now: float) -> None:
        ports = self.ports
        if ports.watching and not ports.over() and self.alone.observe(
                ports.linked(), ports.replica(), now):
            ports.emit(Notice("lost the link to the table; trying again"))

    def _moves(self, now: float) -> None:
        """Say whose move the game waits for; a bot that never moves is a reported stall."""
        if self.ports.over():
            return
        wait = self.moves.observe(self.ports.replica(), now, self.ports.bot_doing())
        if wait is not None:
            self.ports.emit(wait)

    def stepped(self) -> None:
        """A step was applied: the late frames shown, if any, came in."""
        if self.peers.stepped():
            self.ports.emit(Waiting(()))

    def _may_leave(self, now: float) -> bool:
        ports = self.ports
        if now - self.ended_at > ports.options.linger:
            return True
        others = set(ports.replica().humans.values()) - {ports.me}
        everyone = all(ports.progress.get(k, -1) >= ports.finished().step for k in others)
        return everyone and not ports.streaming()
