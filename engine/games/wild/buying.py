"""Buying the top discard (clause W10): the others' window to ask for it, closed by the
nearest asker or the timer, and the answer of the player in turn, who lets the buyer
have it, with a penalty card off the deck, or takes it to begin the turn.
"""

from __future__ import annotations

from engine.chance import TimeUp
from engine.errors import IllegalAction
from engine.games.wild.flow import from_deck, take_discard, take_discard_as_draw
from engine.games.wild.moves import (
    AnswerBuyer,
    AskToBuy,
    Bought,
    BuyAnswered,
    BuyAsked,
    DeclineToBuy,
    Drew,
)
from engine.games.wild.state import WildState
from engine.games.wild.views import ANSWERING, BUYING, DRAWING, LAYING
from engine.wire import Event


def _check_window(state: WildState, seat: int) -> None:
    if state.requests or state.phase != BUYING or seat not in state.waiting:
        rule = "W10.7" if seat == state.turn else "W10.2"
        raise IllegalAction(rule, "{who} may answer no buying question now", seat)


def on_ask(state: WildState, action: AskToBuy) -> list[Event]:
    _check_window(state, action.seat)
    state.askers.add(action.seat)
    return [BuyAsked(action.seat), *_answered(state, action.seat)]


def on_decline(state: WildState, action: DeclineToBuy) -> list[Event]:
    _check_window(state, action.seat)
    return _answered(state, action.seat)


def _answered(state: WildState, seat: int) -> list[Event]:
    """Clause W10.3: the window closes once the nearest asker is sure to win."""
    state.waiting = tuple(s for s in state.waiting if s != seat)
    for s in state.others[state.turn]:
        if s in state.askers:
            return _close_window(state, s)
        if s in state.waiting:
            return []
    return _close_window(state, -1)


def on_time_up(state: WildState, action: TimeUp) -> list[Event]:
    if state.timer is None or action.key != state.timer.key or state.requests:
        raise IllegalAction("W10.2", "no such timer is running")
    askers = [s for s in state.others[state.turn] if s in state.askers]
    return _close_window(state, askers[0] if askers else -1)


def _close_window(state: WildState, buyer: int) -> list[Event]:
    state.timer, state.waiting = None, ()
    if buyer < 0:
        state.phase = DRAWING
        return []
    state.phase, state.buyer = ANSWERING, buyer
    return []


def on_answer(state: WildState, action: AnswerBuyer) -> list[Event]:
    seat = action.seat
    if state.requests or state.phase != ANSWERING or seat != state.turn:
        raise IllegalAction("W10.4", "{who} may answer no buyer now", seat)
    if type(action.allow) is not bool:
        raise IllegalAction("W10.4", "the answer is yes or no")
    buyer = state.buyer
    events: list[Event] = [BuyAnswered(seat, buyer, action.allow)]
    if not action.allow:  # W10.5: the player in turn takes the discard to begin the turn
        face = take_discard_as_draw(state, seat)
        state.phase, state.buyer = LAYING, -1
        return [*events, Drew(seat, True, face, False)]
    face = take_discard(state, buyer)
    return [*events, Bought(buyer, face), *from_deck(state, buyer)]
