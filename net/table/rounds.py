"""Where the match can start a hand again, the pause before each hand, and the table's timer.

Pure bookkeeping for the lockstep replica (net.table.lockstep), no I/O and no clock: steps are
the table's time. A *fresh deal* is a shuffle that starts afresh, with no deck in play
(no card in play needs anyone's keys); the state before it is kept, so that when a seat
goes quiet and its keys go with it, the hand in play is void and dealt again from there.
The pause between hands (net.table.pause) holds back each fresh shuffle after the first once.
An engine timer runs out at a step (its `deadline`), the same step on every peer.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from engine.chance import ShuffleRequest
from engine.game import State
from net.table.pause import PAUSE_STEPS, HandPause


@dataclass(frozen=True)
class FreshDeal:
    """The state before a shuffle that starts afresh, and what the replica kept with it."""

    request: ShuffleRequest
    state: State
    history: int  # how many actions had been applied
    timer_key: int | None
    deadline: int
    step: int


class Rounds:
    """The last fresh deal, the pause between hands while it lasts, and the open timer."""

    def __init__(self) -> None:
        self.fresh_deal: FreshDeal | None = None
        self.rewinds = 0  # how often the history was cut back (a seat went quiet, a take-back)
        self.timer_key: int | None = None
        self.deadline = 0  # the step at which the open timer runs out
        self.pause: HandPause | None = None  # the pause between two hands, while it lasts
        self.paused_for: ShuffleRequest | None = None  # the shuffle the last pause held

    def note_fresh_deal(self, request: ShuffleRequest, state: State, history: int,
                        step: int, decks_finished: bool) -> bool:
        """Keep the state before `request` if it is a new shuffle that starts afresh
        (`decks_finished`: every deck in play is finished); True when it was kept."""
        if not decks_finished or self.kept(request):
            return False
        self.fresh_deal = FreshDeal(request, copy.deepcopy(state), history,
                                    self.timer_key, self.deadline, step)
        return True

    def kept(self, request: ShuffleRequest) -> bool:
        """Is `request` the fresh deal kept already (asked again while it waits)?"""
        return self.fresh_deal is not None and self.fresh_deal.request == request

    def rewind(self, step: int) -> FreshDeal | None:
        """Go back to the last fresh deal at `step` (a seat went quiet): the timer it had
        runs on from there. None when no hand was dealt yet."""
        fresh = self.fresh_deal
        if fresh is None:
            return None
        self.rewinds += 1
        self.timer_key, self.deadline = fresh.timer_key, fresh.deadline + step - fresh.step
        return fresh

    def cut_back(self, timer_key: int | None, deadline: int) -> None:
        """An action was taken back (net.table.takeback): the timer it had runs on."""
        self.rewinds += 1
        self.timer_key, self.deadline = timer_key, deadline

    def paused(self, request, step: int, dealt_before: bool, humans) -> bool:
        """Is `request` the shuffle of a hand after the first (`dealt_before`), held back
        while the pause between hands lasts (net.table.pause)? Each shuffle is held once, so a
        hand dealt again from its fresh deal (a seat went quiet) does not pause twice."""
        fresh = self.fresh_deal
        if (self.pause is None and dealt_before and request != self.paused_for
                and fresh is not None and fresh.request == request):
            self.pause, self.paused_for = HandPause(request, step + PAUSE_STEPS), request
        if self.pause is not None and self.pause.over(step, humans):
            self.pause = None
        return self.pause is not None

    def ready_for_next_hand(self, seat: int) -> None:
        """`seat` said Next hand; a late one, after the pause, is no harm."""
        if self.pause is not None:
            self.pause.ready.add(seat)

    def hold(self) -> None:
        """A step the table stood paused by a player: every clock stands where it was."""
        self.deadline += 1
        if self.pause is not None:
            self.pause.until += 1

    def track_timer(self, state: State, step: int) -> None:
        """A timer the engine just opened runs out `timer.steps` steps from now."""
        timer = state.timer
        if timer is not None and timer.key != self.timer_key:
            self.timer_key, self.deadline = timer.key, step + timer.steps

    def timer_due(self, state: State, step: int) -> bool:
        """The engine's open timer runs out at this step."""
        timer = state.timer
        return timer is not None and timer.key == self.timer_key and step >= self.deadline

    def clock(self, state: State, applied: int) -> int | None:
        """The steps left on the engine's open timer after step `applied`, if one is open."""
        if state.timer is not None and state.timer.key == self.timer_key:
            return max(0, self.deadline - applied)
        return None
