"""Why a Dragons Wild player's choice is no legal action, in the rules' words (Game.why_not).

The client asks with the latest view and what the player tried; the answer names the
clause and says it as a sentence, so no rule is restated outside the engine.
"""

from __future__ import annotations

from engine.errors import BadSelection, IllegalAction
from engine.game import Refusal
from engine.games.wild import melds
from engine.games.wild.cards import NUMBERS, card_words
from engine.games.wild.views import (
    ANSWERING,
    BUYING,
    DEALING,
    DRAWING,
    OVER,
    SHOWING,
    WildView,
)
from engine.tell import Names, capital
from engine.wire import Value

DRAW_FIRST = Refusal("W4.1", "Draw first, from the deck or the discard.")


class Choice(Value):
    """What a player tried: "draw", "discard" the `faces`, or "lay" them on meld `target`
    (-1: as a new meld)."""

    kind: str
    faces: tuple[int, ...] = ()
    target: int = -1


def why_not(view: WildView, seat: int, choice: Choice, names: Names) -> Refusal | None:
    asked = ASKED.get(choice.kind) if isinstance(choice, Choice) else None
    if asked is None:
        raise BadSelection(f"{choice!r} is not a Dragons Wild choice (draw, discard or lay)")
    return _not_yours(view, seat, names) or asked(view, seat, choice)


def _not_yours(view: WildView, seat: int, names: Names) -> Refusal | None:
    turn, phase = view.turn, view.phase
    if phase in (DEALING, SHOWING, OVER) or turn < 0:
        return Refusal("W2", "Wait for the cards to be dealt.")
    if phase == BUYING:
        return Refusal("W10.1", "The others may buy the discard first.")
    if phase == ANSWERING:
        return Refusal("W10.4", "Answer the buyer first: yes or no." if turn == seat
                       else f"{names.who(turn, start=True)} must first answer the buyer.")
    return None if turn == seat else Refusal("W3", f"It is {names.whose(turn)} turn.")


def _draw(view: WildView, seat: int, choice: Choice) -> Refusal:
    return Refusal("W3.1", "You have drawn already this turn: lay down, then discard one card.")


def _discard(view: WildView, seat: int, choice: Choice) -> Refusal | None:
    if view.phase == DRAWING:
        return DRAW_FIRST
    if len(choice.faces) != 1:
        return Refusal("W9.1", "Select one card to discard.")
    if choice.faces[0] == view.taken:
        said = card_words(view.taken)
        return Refusal("W9.3", f"{capital(said)} was taken from the discard this "
                       "turn and cannot go straight back.")
    return None


def _lay(view: WildView, seat: int, choice: Choice) -> Refusal | None:
    faces, target, cards = choice.faces, choice.target, view.cards or ()
    if view.phase == DRAWING:
        return DRAW_FIRST
    if not faces:
        return Refusal("W6", "Select cards in your hand first, then the meld to lay them on.")
    if view.laid:
        return Refusal("W6.3", "You have laid down once this turn already: now discard one card.")
    if target >= 0 and not view.may_add[seat]:
        return Refusal("W6.2", "Until you have a meld of your own from an earlier turn you may "
                       "only lay a new meld.")
    if len(faces) >= len(cards):
        return Refusal("W9.2", "A card must be left over to discard.")
    problem = _meld_problem(view, seat, target, faces)
    if problem is not None:
        return problem
    if view.taken in faces or view.taken in cards:
        return Refusal("W9.3", "A card other than the one taken from the discard must be left "
                       "to discard.")
    return None


def _meld_problem(view: WildView, seat: int, target: int, faces) -> Refusal | None:
    """The rules' refusal of the cards as a meld (or an addition to meld `target`), for every
    place the Dragon could stand; None when one place works."""
    problems = []
    for wild_as in range(NUMBERS + 1):
        try:
            if target < 0:
                melds.new_meld(seat, faces, wild_as)
            else:
                meld = view.melds[target]
                melds.extend(melds.new_meld(meld.owner, meld.faces, meld.wild_as), faces,
                             wild_as)
            return None
        except IllegalAction as refused:
            problems.append(refused)
    best = next((p for p in problems if p.rule != "W5.3"), problems[0])
    return Refusal(best.rule, f"{capital(best.detail)}.")


ASKED = {"draw": _draw, "discard": _discard, "lay": _lay}
