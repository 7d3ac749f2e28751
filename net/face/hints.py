"""The window's Hint: what the hard bot would play at this peer's own seat.

The hint is the hard bot's own choice, made the way a bot seat's is (net.table.bots'
BotSeats): from a witness of this seat alone, in the thinking worker process, so
neither the window's frame nor the node's loop waits on the search. A hint is for
the state it was asked in: once the table moves on, it is dropped, not thought again.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

from engine.bots import make_bot
from engine.wire import Action
from net.table.bots import BotSeats
from net.table.lockstep import Replica
from net.table.thinking import thinking_ready

#: the level whose choice the hint suggests
HINT_LEVEL = "hard"


@dataclass(frozen=True, slots=True)
class Hinted:
    """The hard bot's choice for this seat after `step` (an update to the window): an
    action, or None when it would wait (Gold's talks, where a seat may hold its answer)."""

    step: int
    action: Action | None
    level: str = HINT_LEVEL


class Hinter:
    """Thinks one hint at a time for `replica`'s own seat."""

    def __init__(self, replica: Replica):
        self.replica = replica
        me, start = replica.me, replica.start
        # a seed of its own: the worker keeps one bot per recipe, and the table's bot
        # seats take the seeds base + seat
        seed = int.from_bytes(start.table[:4], "big") + len(start.seats) + me
        self.seats = BotSeats(replica, {me: make_bot(replica.game, HINT_LEVEL, seed)})
        self.asked = -1  # the history length the hint was asked at

    def ask(self) -> None:
        self.asked = len(self.replica.history)

    def poll(self) -> Hinted | Future | bool:
        """The hint once thought (Hinted); the thought to wait for (a Future); True while
        the thinking worker is still starting (ask again soon); False when there is
        nothing to hint (not this seat's turn, or the table moved on since it was asked)."""
        replica = self.replica
        if len(replica.history) != self.asked:
            return False
        if not thinking_ready():
            return True  # thinking in the window's process would stall its frames
        me = replica.me
        before = self.seats.thoughts.get(me)
        chosen = self.seats.choose(False)
        if chosen:
            return Hinted(replica.applied, chosen[0])
        held = self.seats.thoughts.get(me)
        if held is not None:
            return held.future
        if before is not None and before.at == self.asked and before.future.done():
            return Hinted(replica.applied, None)  # thought for this state: it would wait
        return False
