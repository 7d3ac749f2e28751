"""Take-back by consent (issue 39), as table records in the frames, like a player's pause.

A seated human asks to take back their last action (`AskTakeBack`); the engine decides
whether it may be (engine.takeback: only their own last action, nothing happened since),
and an ask it refuses is refused alike on every peer, in its words. Once asked, the question
is open: the table applies no move, answers no chance nor timer, and every clock stands
(as while paused), while each other seated human answers (`AnswerTakeBack`). Every yes:
at that step the action is undone on every peer — the state is the one the replica kept
from just before it, the timer runs on from where it stood then. Any no, the asker leaving
the table, or no answer within ANSWER_STEPS steps (a few seconds at the table's pace,
counted in steps so every peer decides at the same one): refused, and the action stands.
Bot seats have no say (a bot would accept); a peer whose own seat a bot plays answers yes at
once (net.table.bots), spectators and replays sign nothing. Journals and replays replay
the records like any frame, so every peer, journal and replay agrees.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.errors import EngineError
from engine.fields import Seat
from engine.game import Game, State, View, clone
from engine.wire import Action, wire
from net.table.pause import NotNow

ANSWER_STEPS = 200  # 10 s at the table's 50 ms pace: time to read the question and answer


@wire("table.takeback")
class AskTakeBack(Action):
    """A seated human asks to take back their last action."""

    seat: Seat


@wire("table.takeback_answer")
class AnswerTakeBack(Action):
    """Another seated human's answer to the open take-back question."""

    seat: Seat
    yes: bool


class NoQuestion(EngineError):
    """An ask or an answer that does not fit the table now (refused alike everywhere)."""


@dataclass(frozen=True)
class Kept:
    """What the replica kept from just before a seated human's action, to undo it: the
    state, how long the history was, the open timer and the step it was applied at."""

    action: Action
    state: State
    history: int
    timer_key: int | None
    deadline: int
    step: int


# why a take-back was refused once asked
NO, LATE, GONE = "no", "late", "gone"


@dataclass(frozen=True)
class Decided:
    """How a take-back `question` ended, at the step it ended: `taken` back or not, and why
    not (NO: its `refused_by` said no; LATE: not every answer came in time; GONE: the asker
    left)."""

    question: Question
    taken: bool
    why: str = ""


@dataclass(frozen=True)
class Question:
    """Seat `by` asked at step `since` to take back `action`, made in the public `view`; it
    is refused at step `until` unless every other seated human said yes (`yes`) by then, or
    at once on a no. Frozen: the window is handed the question itself."""

    by: int
    action: Action
    view: View = field(compare=False)  # (derived from the frames, as the rest is)
    since: int
    until: int
    yes: frozenset[int] = frozenset()
    refused_by: int | None = None

    def waits_for(self, humans) -> tuple[int, ...]:
        """The other seated humans who have not answered yet."""
        return tuple(s for s in humans if s != self.by and s not in self.yes)

    def answered(self, seat: int, yes: bool) -> Question:
        """The question with `seat`'s answer; NoQuestion from the asker, or once answered."""
        if seat == self.by:
            raise NoQuestion("The one who asks does not answer.")
        if seat in self.yes or self.refused_by is not None:
            raise NoQuestion("The take-back is answered already.")
        return replace(self, yes=self.yes | {seat}) if yes else replace(self, refused_by=seat)

    def decided(self, step: int, humans) -> Decided | None:
        """How the question ends at the end of `step`, if it does: someone said no, the
        asker left, every other seated human said yes (or none is left to), or the time
        ran out."""
        if self.refused_by is not None:
            return Decided(self, False, NO)
        if self.by not in humans:
            return Decided(self, False, GONE)
        if not self.waits_for(humans):
            return Decided(self, True)
        if step >= self.until:
            return Decided(self, False, LATE)
        return None


class TakeBacks:
    """The replica's take-back: what it kept from just before the last seated human's
    action, and the question open, if one is. Pure, like the replica."""

    def __init__(self) -> None:
        self.kept: Kept | None = None
        self.question: Question | None = None

    def refusal(self, game: Game, seat: int, history, state: State) -> EngineError | None:
        """Why `seat` may not ask to take back its last action now (None: it may)."""
        if self.question is not None:
            return NoQuestion("A take-back is being asked already.")
        kept = self.kept
        before = kept.state if kept is not None and kept.history == len(history) - 1 else None
        return game.takeback_refusal(seat, history, before, state)

    def ask(self, game: Game, seat: int, step: int) -> None:
        """Open the question (the refusal was None)."""
        kept = self.kept
        self.question = Question(seat, kept.action, game.view(kept.state, None), step,
                                 step + ANSWER_STEPS)

    def answer(self, seat: int, yes: bool) -> None:
        if self.question is None:
            raise NoQuestion("No take-back is being asked.")
        self.question = self.question.answered(seat, yes)

    def hold(self) -> None:
        """A step the table stood paused by a player: the question's clock stands too."""
        if self.question is not None:
            self.question = replace(self.question, until=self.question.until + 1)

    def decide(self, step: int, humans) -> tuple[Decided | None, Kept | None]:
        """The question's end at `step`, if it ends, and what to undo if it was accepted."""
        decided = None if self.question is None else self.question.decided(step, humans)
        if decided is None:
            return None, None
        self.question = None
        kept, self.kept = (self.kept, None) if decided.taken else (None, self.kept)
        return decided, kept


class TakingBack:
    """The replica's part in a take-back, as a mixin of net.table.lockstep.Replica (as
    SeatsSeen is): it reads the replica's game, state, history, seated humans (`order`),
    rounds and pause, and keeps its `takebacks`."""

    takebacks: TakeBacks

    def takeback_refusal(self, seat: int) -> EngineError | None:
        """Why the human in `seat` may not ask to take back their last action now, in the
        engine's words (None: they may)."""
        if self.paused is not None:
            return NotNow("The table is paused.")
        return self.takebacks.refusal(self.game, seat, self.history, self.state)

    def _asked_or_answered(self, seat: int, action: Action, step: int) -> EngineError | None:
        """An ask, if the engine allows it, or an answer to the open question; why not."""
        try:
            if type(action) is AskTakeBack:
                refusal = self.takeback_refusal(seat)
                if refusal is not None:
                    return refusal
                self.takebacks.ask(self.game, seat, step)
            else:
                self.takebacks.answer(seat, action.yes)
        except NoQuestion as exc:
            return exc
        return None

    def _keeping(self, action: Action, step: int) -> Kept | None:
        """What to keep from before a seated human's `action` (the replica keeps it once the
        action is applied): a bot seat's or chance's is never taken back."""
        if action.seat not in self.order:
            return None
        rounds = self.rounds
        return Kept(action, clone(self.state), len(self.history), rounds.timer_key,
                    rounds.deadline, step)

    def _takeback_step(self, step: int, done) -> bool:
        """At the end of `step`: what was asked, and how the question ended, on `done`;
        accepted, the action is undone (the state kept from just before it, its timer as
        it stood then). Does the table still stand for a question?"""
        if self.paused is not None:
            self.takebacks.hold()
        question = self.takebacks.question
        done.asked = question if question is not None and question.since == step else None
        done.takeback, kept = self.takebacks.decide(step, self.order)
        if kept is not None:
            self.state = kept.state
            del self.history[kept.history:]
            self.rounds.cut_back(kept.timer_key, kept.deadline + step - kept.step)
        return self.takebacks.question is not None
