"""Why a Dragon player's selection is no legal play, in the rules' words (Game.why_not).

The client asks with the latest view and the faces selected from the hand; the answer
names the clause (D2 to D9)."""

from __future__ import annotations

from engine.cards import mask_of
from engine.game import Refusal
from engine.games.dragon import combos
from engine.games.dragon.cards import THREE_OF_STARS
from engine.games.dragon.views import (
    DEALING,
    DRAGON_STAGE,
    LEAD_WITH_THREE,
    OPENING,
    OVER,
    DragonView,
)
from engine.tell import Names, capital


def why_not(view: DragonView, seat: int, faces, names: Names) -> Refusal | None:
    """Clauses D3 to D9 applied to the faces a seat selected from its hand, in words."""
    if view.phase == DEALING:
        return Refusal("D2", "The cards are being dealt.")
    if view.phase == OVER:
        return Refusal("D11.3", "The match is over.")
    if seat not in view.to_act:
        return _not_your_turn(view, seat, names)
    mask = mask_of(faces)
    combo = combos.classify(mask) if faces else None
    if combo is None:
        return Refusal("D4", f"{'That selection' if faces else 'Nothing'} is not a "
                       "combination: play a single, pair, triple, bomb (four of a kind), run "
                       "of three or more, or double run.")
    if view.phase == DRAGON_STAGE:
        return Refusal("D9.4", "Only a Dragon may be shown now.")
    if view.phase == OPENING and not mask & 1 << THREE_OF_STARS:
        return Refusal("D3", f"{capital(LEAD_WITH_THREE)}.")
    if not view.trick:
        return None
    if view.passed[seat]:
        return Refusal("D7.2", "After passing you may only come back in to chop a 2.")
    last = view.trick[-1].faces
    kind = combos.KIND_NAMES[combos.classify(mask_of(last))[0]]
    said = combos.play_words(faces)
    return Refusal("D5", f"{capital(said)} does not beat "
                   f"{combos.play_words(last)}: a {kind} must be beaten by a higher {kind} "
                   "of as many cards, or by a chop.")


def _not_your_turn(view: DragonView, seat: int, names: Names) -> Refusal:
    """D7, D9.4: a seat the rules do not await now, told whom they await. The turn a view
    holds is not always the awaited one (after a Dragon is shown it stays with the seat that
    showed it, which waits like the rest), so the words say who is awaited, never the turn."""
    awaited = [s for s in view.to_act if s != seat]
    if view.phase == DRAGON_STAGE:
        who = f": {names.group(awaited)} may still show a Dragon" if awaited else ""
        return Refusal("D9.4", f"A Dragon is shown, so the hand waits{who}.")
    if not awaited:
        return Refusal("D7", "Wait for the others.")
    yours = "yours" if seat == names.listener else names.whose(seat)
    return Refusal("D7", f"It is {names.whose(awaited[0])} turn, not {yours}.")
