"""What a Dragons Wild seat may do now, in the rules' words (Game.advice): the buying window
(W10), the draw (W4) and the lay and discard (W6, W9), for the panel beside the discard.

The client asks with its view and draws the answer; the sentences that explain a rule live
here, beside the rules, so the table never restates one."""

from __future__ import annotations

from engine.game import Advice
from engine.games.wild.cards import card_words
from engine.games.wild.views import ANSWERING, BUYING, DRAWING, LAYING, WildView
from engine.tell import Names, capital

#: the melds' space while it is empty: what a meld is (W5)
NO_MELDS = "No melds yet: three of a number, or three in a row of a suit; a Dragon stands " \
           "for any card."


def advice(view: WildView, seat: int | None, names: Names) -> Advice | None:
    told = TOLD.get(view.phase)
    return None if told is None or view.turn < 0 else told(view, seat, names)


def _buying(view: WildView, seat: int | None, names: Names) -> Advice:
    """W10.1: the others may buy the discard, and a penalty card comes with it (W10.4)."""
    lines = [f"{capital(card_words(view.discard[-1]))} is on offer (a penalty card comes "
             "with it)."] if view.discard else []
    if view.asked:
        lines.append(f"Asked: {names.group(view.asked)}.")
    title = "Buy the discard?" if seat in view.to_act else "Others may buy the discard"
    return Advice(title, tuple(lines))


def _answering(view: WildView, seat: int | None, names: Names) -> Advice:
    """W10.4-W10.5: the player in turn lets the buyer have the card or takes it as their
    draw; the nearest asker after them is the buyer (W10.3)."""
    buyer, turn = view.buyer, view.turn
    nearest = f" {names.who(buyer, True)} sits nearest after {names.who(turn)}." \
        if len(view.asked) > 1 else ""
    if seat == turn and seat in view.to_act:
        top = card_words(view.discard[-1]) if view.discard else "the discard"
        line = f"Let them have {top}? If not, you take it as your draw."
    else:
        line = f"{names.who(turn, True)} decides."
    return Advice(f"{names.does(buyer, 'want')} to buy", (line + nearest,))


def _drawing(view: WildView, seat: int | None, names: Names) -> Advice:
    if seat == view.turn:
        return Advice("Draw", ("Take the top card of the deck or of the discard pile.",))
    return Advice(names.does(view.turn, 'draw'))


def _laying(view: WildView, seat: int | None, names: Names) -> Advice:
    if seat == view.turn:
        return Advice("Lay down, then discard", ("Lay down melds if you like; one card on the "
                                                 "discard ends the turn.",))
    return Advice(names.does(view.turn, 'play'))



TOLD = {BUYING: _buying, ANSWERING: _answering, DRAWING: _drawing, LAYING: _laying}
