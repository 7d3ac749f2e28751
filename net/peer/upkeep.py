"""A node's upkeep: every TICK it keeps its links alive and asks the liveness watches
(net.table.liveness) what the table waits on, then acts on their decisions — shows a
notice, asks for frames again, stops the table — and, once the game is over and every
peer has seen its end (or `linger` ran out), lets the node go.
"""

from __future__ import annotations

import asyncio
import time

from net.errors import TableFault
from net.peer.events import Notice, Waiting
from net.table.liveness import WAIT_NOTICE, Alone, MoveWatch, PeerWatch

TICK = 0.1
#: a gap this long between two ticks is a computer that slept (a closed lid, SIGSTOP), not
#: a wait: what it waited on before is timed afresh, so a laptop that wakes never blames
#: the table for its own sleep (it reads what came meanwhile first)
SLEPT = 5.0


class Upkeep:
    def __init__(self, node):
        self.node = node
        options = node.options
        self.moves = MoveWatch(stall=options.stall_after)
        self.peers = PeerWatch(ask_after=options.idle_pace + 0.1, void_after=options.void_after)
        self.alone = Alone(options.void_after)
        self.ended_at = 0.0  # when the game was over for this peer
        self._last_tick = time.monotonic()

    async def run(self) -> None:
        node = self.node
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            if now - self._last_tick > SLEPT:
                self._woke(now, now - self._last_tick)
            self._last_tick = now
            node.mesh.keep_alive(now)
            node.links.check_address(now)
            node.links.redial(now)
            if node.replica is not None and node.finished is None:
                self._watch(now)
            if node.finished is not None and node.role == "peer" and self._may_leave(now):
                node.settle(node.finished)

    def _woke(self, now: float, slept: float) -> None:
        node = self.node
        node.stepper.sent_at = max(node.stepper.sent_at, now)
        self.peers.restart(now)
        if node.replica is not None and node.finished is None:
            node.emit(Notice(f"this computer was asleep for {slept:.0f} s: catching up with "
                             "the table"))

    def _watch(self, now: float) -> None:
        node = self.node
        held_back = node.suspect.due(now)
        if held_back is not None:
            node.fault(held_back)
        checks = (self._alone, self._moves) if node.returns.away else (
            self._late, self._owed, self._alone, self._moves)  # those present judge delays
        for check in checks:
            try:
                check(now)
            except TableFault as fault:
                node.fault(fault)

    def _late(self, now: float) -> None:
        """This peer's frame is out and the step is still incomplete: ask for the frames
        again, then say whose are late (even while a fault held back is settled)."""
        node = self.node
        replica = node.replica
        if node.role == "spectator" or replica.sent() is None or replica.ready():
            return
        overdue = now - node.stepper.sent_at
        want = self.peers.ask(replica, overdue, now)
        if want is not None:
            node.mesh.broadcast(["want", *want])
        names = self.peers.late(replica, overdue)
        if names is not None:
            node.emit(Waiting(names))
        if replica.me in replica.seating.present:
            seat = self.peers.quiet(replica, overdue)
            if seat is not None:
                node.vote_quiet(seat, overdue)

    def _owed(self, now: float) -> None:
        """Frames flow, but the table may wait on a message owed inside them."""
        node = self.node
        replica = node.replica
        if node.result.done():
            return
        frames_late = replica.sent() is not None and now - node.stepper.sent_at > WAIT_NOTICE
        names = self.peers.debts(replica, frames_late, now)
        if names is not None:
            node.emit(Waiting(names))

    def _alone(self, now: float) -> None:
        node = self.node
        if node.role == "spectator" and not node.result.done() and self.alone.observe(
                bool(node.mesh.live("peer")), node.replica, now):
            node.emit(Notice("lost the link to the table; trying again"))

    def _moves(self, now: float) -> None:
        """Say whose move the game waits for; a bot that never moves is a reported stall."""
        if self.node.result.done():
            return
        bots = self.node.stepper.bots
        wait = self.moves.observe(self.node.replica, now,
                                  None if bots is None else bots.doing)
        if wait is not None:
            self.node.emit(wait)

    def stepped(self) -> None:
        """A step was applied: the late frames shown, if any, came in."""
        if self.peers.stepped():
            self.node.emit(Waiting(()))

    def _may_leave(self, now: float) -> bool:
        node = self.node
        if now - self.ended_at > node.options.linger:
            return True
        others = set(node.replica.humans.values()) - {node.identity.public}
        everyone = all(node.progress.get(k, -1) >= node.finished.step for k in others)
        return everyone and not node.spectators.streams
