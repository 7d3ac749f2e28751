"""The table's two pauses: between two hands, and when a player stops the clock.

**Between hands.** A hand's result is a moment at the table, the same on every laptop.

Before a hand after the first is shuffled, the table waits PAUSE_STEPS steps (a few
seconds at its pace) or until every seated human has sent `NextHand` (the window's "Next
hand"), whichever comes first. It is the table's pause, not a rule of any game: the
lockstep replica holds back its answer to a fresh shuffle (one that starts a hand, every
earlier deck finished), so every game that plays in hands gets it, and the engine — its
bots, playouts and benchmarks — knows nothing of it. Frames alone decide when it ends, so
the next hand begins at the same step everywhere. Bots have no say (no frame is theirs),
nor have spectators and replays (they sign none); a peer whose own seat a bot plays says
`NextHand` at once (net.table.bots.BotSeats).

**A player's pause.** Any seated human may stop the table (`PauseTable`: fetching a drink, the
door): from the step it is applied on, the table applies no move and answers no chance
nor timer, and every timer (the engine's and the pause between hands) stands where it
was, one step longer for each step paused. It ends when the pauser says `ResumeTable`, or once
every other seated human has (the pauser may have gone to bed), or when the pauser is no
longer at the table. Like `NextHand` it is a record in the frames, so every peer,
spectator, journal and replay pauses at the same step and resumes at the same step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.chance import ShuffleRequest
from engine.errors import EngineError
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


@wire("table.pause")
class PauseTable(Action):
    """A seated human stops the table's clock until it resumes."""

    seat: Seat


@wire("table.resume")
class ResumeTable(Action):
    """The pauser resumes the table, or another seated human asks to."""

    seat: Seat


class NotNow(EngineError):
    """A PauseTable or ResumeTable that does not fit the table now (refused alike everywhere)."""


@dataclass
class PlayerPause:
    """The table stopped by seat `by` at step `since`; `resuming`: the other seated humans
    who asked to resume."""

    by: int
    since: int
    resuming: set[int] = field(default_factory=set)

    def ends_with(self, seat: int, humans) -> bool:
        """Does `seat`'s ResumeTable end the pause (the pauser's, or the last other's asked)?"""
        self.resuming.add(seat)
        return seat == self.by or set(humans) - {self.by} <= self.resuming


def paused_or_not(pause: PlayerPause | None, seat: int, action: Action, humans, over: bool,
                  step: int) -> PlayerPause | None:
    """The pause after the human in `seat` said `action` (PauseTable or ResumeTable) at `step`;
    NotNow if it does not fit."""
    if isinstance(action, PauseTable):
        if pause is not None:
            raise NotNow("The table is paused already.")
        if over:
            raise NotNow("The match is over: there is no clock to stop.")
        return PlayerPause(seat, step)
    if pause is None:
        raise NotNow("The table is not paused.")
    return None if pause.ends_with(seat, humans) else pause
