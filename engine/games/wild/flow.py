"""The flow of a Dragons Wild hand: its first discard, each turn's start with the offer
of the top discard to the others (clauses W3, W10.1), and the draw, from the discard
pile or the deck, turning the discard pile over when the deck runs out (W4, W9.3, W11).
"""

from __future__ import annotations

from engine.cards import ref
from engine.chance import DealRequest, Revealed
from engine.errors import IllegalAction
from engine.games.wild.cards import DECK
from engine.games.wild.moves import BuyOffered, DeckTurned, DiscardTurned, Draw, Drew
from engine.games.wild.state import WildState
from engine.games.wild.views import ANSWERING, BUYING, DRAWING, LAYING
from engine.wire import Event


def turn_first_discard(state: WildState, action: Revealed) -> list[Event]:
    """Clause W2.3: the top card of the deck starts the discard pile."""
    state.discard.append(ref(action.deck, action.positions[0]))
    return [DiscardTurned(action.faces[0]), *begin_turn(state, state.dealer + 1)]


def begin_turn(state: WildState, seat: int) -> list[Event]:
    state.turn = seat % state.seats
    state.turns += 1
    state.laid, state.buys, state.taken = False, 0, -1
    return offer(state)


def offer(state: WildState) -> list[Event]:
    """Clause W10.1: before the player in turn draws, the others may ask to buy."""
    state.askers, state.buyer = set(), -1
    if not state.can_buy():
        state.phase = DRAWING
        return []
    state.phase = BUYING
    state.waiting = state.others[state.turn]
    state.open_timer(state.config["buy_window"], "others may buy the discard")
    return [BuyOffered(state.top(), state.waiting)]


def on_draw(state: WildState, action: Draw) -> list[Event]:
    seat = action.seat
    if state.requests or state.phase != DRAWING or seat != state.turn:
        raise IllegalAction("W4", "{who} may not draw now", seat)
    if action.from_discard is True:
        if not state.discard:
            raise IllegalAction("W4", "the discard pile is empty")
        face = take_discard_as_draw(state, seat)
        state.phase = LAYING
        return [Drew(seat, True, face, False)]
    if action.from_discard is not False or not state.can_draw():
        raise IllegalAction("W11.2", "there is no card to draw from the deck")
    return from_deck(state, seat)


def from_deck(state: WildState, seat: int) -> list[Event]:
    """Clause W11.1: a card off the deck, turning the discard pile over when it is empty.
    Dealt cards come by a DealRequest; the turned-over pile's faces are public."""
    events: list[Event] = []
    if not state.deck_count:
        state.recycled, state.discard = state.discard, []
        state.turnovers -= 1
        events.append(DeckTurned(len(state.recycled)))
    if state.stock_next < len(DECK):
        state.requests.append(DealRequest(state.hand, seat, (state.stock_next,)))
        return events
    card = state.recycled.pop(0)
    state.receive(seat, card)
    return events + drawn(state, seat, state.faces[card])


def drawn(state: WildState, seat: int, face: int) -> list[Event]:
    """After a card came off the deck: a penalty goes on buying, a draw starts laying."""
    if state.phase == ANSWERING:
        state.buys += 1
        return [Drew(seat, False, face, True), *offer(state)]
    state.phase = LAYING
    return [Drew(seat, False, face, False)]


def take_discard(state: WildState, seat: int) -> int:
    card = state.discard.pop()
    state.receive(seat, card)
    return state.faces[card]


def take_discard_as_draw(state: WildState, seat: int) -> int:
    """The player in turn takes the top discard: clause W9.3 keeps it from going
    straight back (unless `discard_taken`)."""
    if not state.config["discard_taken"]:
        state.taken = state.discard[-1]
    return take_discard(state, seat)
