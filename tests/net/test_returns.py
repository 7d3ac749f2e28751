"""A player away comes back (net.peer.returns), with real nodes on loopback: here a laptop that
slept past the table's patience while its last frame was still on its way (lost, or queued
on a lossy Wi-Fi), so on waking it steps on alone with the others' frames for that step
before it reads their votes. Its next step disagrees with the table's (a desync); the
votes then show it stepped alone, it rebuilds from the others' frames — and the desync it
caused itself must not stop its table afterwards, as it did on a lossy LAN."""

import asyncio
import contextlib

from net.errors import BadFrame
from net.peer.events import Away, Fault, Finished
from net.wire.frames import QUIET, decode
from tests.net.helpers import close_all, live_table, wait_until

TIMEOUT = 30


class Asleep:
    """A node as if its lid were closed: what comes in is held, what it sends is lost (its
    frame for the next step never arrives), and it judges nobody meanwhile."""

    def __init__(self, node):
        self.node, self.held = node, []
        self.handle, self.broadcast = node.mesh.handle, node.mesh.broadcast
        self.watch = node.upkeep._watch
        node.mesh.handle = lambda conn, message: self.held.append((conn, message))
        node.mesh.broadcast = lambda *args, **kwargs: None
        node.upkeep._watch = lambda now: None

    async def wake(self) -> None:
        """Awake: read what came meanwhile, the frames a while before the votes (the order
        a lossy link may give them), so that it steps on alone and signs its next frame."""
        node = self.node
        node.mesh.handle, node.mesh.broadcast = self.handle, self.broadcast
        node.upkeep._watch = self.watch
        self._read(lambda message: not _is_vote(message))
        await asyncio.sleep(0.5)
        self._read(_is_vote)

    def _read(self, which) -> None:
        for conn, message in [held for held in self.held if which(held[1])]:
            with contextlib.suppress(BadFrame):  # (the mesh counts it: a copy, a stale ask)
                self.handle(conn, message)


def _is_vote(message: list) -> bool:
    return message[0] in ("rec", "relay") and decode(message[1]).kind == QUIET


def test_a_sleeper_that_stepped_alone_rebuilds_and_finishes_with_the_table():
    heard = [[] for _ in range(4)]

    async def go():
        # bots that think two steps: the lid closes mid-hand, never after a match that ended
        # while the check below was not looking (a quick one did, 1 run in 3 on a busy machine)
        nodes = await live_table(4, think=2, void_after=1.0,
                                 listeners=[h.append for h in heard])
        sleeper, first = nodes[3], nodes[0]
        try:
            await wait_until(lambda: sleeper.replica.applied >= 10 and not sleeper.replica.over
                             and sleeper.replica.sent() is None, TIMEOUT, "a few steps")
            lid = Asleep(sleeper)  # before it signs its next frame
            await wait_until(lambda: sleeper.replica.sent() is not None, TIMEOUT,
                             "the sleeper's frame for the next step, signed and lost")
            stepped = sleeper.replica.applied + 1
            await wait_until(lambda: 3 not in first.replica.seating.present
                             and first.replica.applied > stepped + 2, TIMEOUT,
                             "the others to play on without the sleeper")
            await lid.wake()
            results = await asyncio.gather(*(n.wait(TIMEOUT) for n in nodes))
            rebuilt_at = sleeper.returns.until  # -1 unless it stepped alone and rebuilt
        finally:
            await close_all(nodes)
        return results, stepped, rebuilt_at

    results, stepped, rebuilt_at = asyncio.run(go())
    assert not any(isinstance(event, Fault) for event in heard[3]), heard[3][-3:]
    assert all(isinstance(r, Finished) for r in results), results
    assert len({r.final_hash for r in results}) == 1
    away = [event for event in heard[3] if isinstance(event, Away)]
    assert away and away[0].step >= stepped and not away[0].left
    assert rebuilt_at == away[0].step  # it had stepped alone: the case under test
