"""The pause between two hands: a hand's result is a moment at the table, the same on
every laptop.

Before a hand after the first is shuffled, the table waits PAUSE_STEPS steps (a few
seconds at its pace) or until every seated human has sent `NextHand` (the window's "Next
hand"), whichever comes first. It is the table's pause, not a rule of any game: the
lockstep replica holds back its answer to a fresh shuffle (one that starts a hand, every
earlier deck finished), so every game that plays in hands gets it, and the engine — its
bots, playouts and benchmarks — knows nothing of it. Frames alone decide when it ends, so
the next hand begins at the same step everywhere. Bots have no say (no frame is theirs),
nor have spectators and replays (they sign none); a peer whose own seat a bot plays says
`NextHand` at once (net.table.bots.BotSeats).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.chance import ShuffleRequest
from engine.fields import Seat
from engine.wire import Action, wire

PAUSE_STEPS = 160  # 8 s at the table's 50 ms pace: time to read who won what


@wire("table.next_hand")
class NextHand(Action):
    """A seated human is done reading the hand's result."""

    seat: Seat


@dataclass
class HandPause:
    """The pause before the shuffle of `request`: it ends at step `until`, or once every
    seated human is in `ready`."""

    request: ShuffleRequest
    until: int
    ready: set[int] = field(default_factory=set)

    def over(self, step: int, humans) -> bool:
        return step >= self.until or set(humans) <= self.ready

    def waits_for(self, humans) -> tuple[int, ...]:
        """The seated humans who have not said `NextHand` yet."""
        return tuple(s for s in humans if s not in self.ready)
