"""Laying down and discarding (clauses W5-W9): one new meld or one addition a turn, each
card laid scoring by the round, then the discard that ends the turn, the round or the
hand.
"""

from __future__ import annotations

from engine.cards import card_problem
from engine.errors import IllegalAction
from engine.games.wild import melds
from engine.games.wild.cards import FACES, FIRST_DRAGON, card_words
from engine.games.wild.flow import begin_turn
from engine.games.wild.moves import (
    Added,
    AddToMeld,
    Discard,
    Discarded,
    Meld,
    Melded,
    RoundAdvanced,
    WentOut,
)
from engine.games.wild.scoring import end_hand, round_points
from engine.games.wild.state import WildState
from engine.games.wild.views import LAYING
from engine.wire import Event


def _check_cards(state: WildState, seat: int, refs, faces) -> None:
    """Clause W6.4: distinct cards the seat holds, each showing its true face."""
    problem = card_problem(state.held[seat], state.faces, refs, faces, FACES, card_words)
    if problem:
        raise IllegalAction("W6.4", problem)


def _check_lay(state: WildState, seat: int, refs, faces) -> None:
    if state.requests or state.phase != LAYING or seat != state.turn:
        raise IllegalAction("W6.1", "{who} may not lay down now", seat)
    if state.laid:
        raise IllegalAction("W6.3", "one meld or one addition a turn")
    _check_cards(state, seat, refs, faces)
    if len(refs) >= state.counts[seat]:
        raise IllegalAction("W9.2", "a card must be left over to discard")
    if state.taken in state.held[seat] and state.taken not in refs and \
            state.counts[seat] - len(refs) < 2:
        raise IllegalAction("W9.3", "a card other than the one taken from the discard "
                                    "must be left over to discard")


def on_meld(state: WildState, action: Meld) -> list[Event]:
    seat = action.seat
    _check_lay(state, seat, action.refs, action.faces)
    meld = melds.new_meld(seat, action.faces, action.wild_as)
    if meld.wild >= 0:
        meld.refs.append(action.refs[action.faces.index(meld.wild)])
    meld.refs.extend(r for r, f in zip(action.refs, action.faces, strict=True)
                     if f < FIRST_DRAGON)
    state.melds.append(meld)
    if not state.first_meld[seat]:
        state.first_meld[seat] = state.turns
    points = _lay(state, seat, action.refs, action.faces)
    return [Melded(seat, len(state.melds) - 1, tuple(meld.faces()), points)]


def on_add(state: WildState, action: AddToMeld) -> list[Event]:
    seat = action.seat
    if action.refs == ():
        raise IllegalAction("W7.4", "an addition lays at least one card")
    _check_lay(state, seat, action.refs, action.faces)
    if not state.may_add(seat):
        raise IllegalAction("W6.2", "adding to melds needs a meld of one's own from an"
                            " earlier turn")
    if type(action.meld) is not int or not 0 <= action.meld < len(state.melds):
        raise IllegalAction("W7", f"there is no meld {action.meld!r}")
    meld = state.melds[action.meld]
    meld.change(*melds.extend(meld, action.faces, action.wild_as))
    meld.refs.extend(action.refs)
    points = _lay(state, seat, action.refs, action.faces)
    return [Added(seat, action.meld, action.faces, tuple(meld.faces()), points)]


def _lay(state: WildState, seat: int, refs, faces) -> int:
    """Clause W8: every card laid scores by the round, wherever it goes."""
    _release(state, seat, refs, faces)
    state.laid = True
    points = round_points(state.round) * len(refs)
    state.scores[seat] += points
    return points


def _release(state: WildState, seat: int, refs, faces) -> None:
    """Cards leave the hand face up: no need to reveal them at the hand's end (W12.3)."""
    state.release(seat, refs, faces)
    state.secret.difference_update(refs)


def on_discard(state: WildState, action: Discard) -> list[Event]:
    seat = action.seat
    if state.requests or state.phase != LAYING or seat != state.turn:
        raise IllegalAction("W9.1", "{who} may not discard now", seat)
    _check_cards(state, seat, action.refs, action.faces)
    if len(action.refs) != 1:
        raise IllegalAction("W9.1", "one card is discarded")
    (card,), (face,) = action.refs, action.faces
    if card == state.taken:
        raise IllegalAction("W9.3", "the card taken from the discard pile this turn "
                                    "cannot be discarded the same turn")
    _release(state, seat, action.refs, action.faces)
    state.discard.append(card)
    events: list[Event] = [Discarded(seat, face)]
    if not state.counts[seat]:
        state.went_out = seat
        return [*events, WentOut(seat), *end_hand(state)]
    if seat == state.dealer:  # W3.2
        state.round += 1
        events.append(RoundAdvanced(state.round))
    if not state.deck_count and not state.turnovers:
        return events + end_hand(state)
    return events + begin_turn(state, seat + 1)
