"""What a Dragon Den seat may do now, in the rules' words (Game.advice): a turn's moves
(DN3-DN7), for the seat whose turn it is; the table's own lines say the rest."""

from __future__ import annotations

from engine.game import Advice, View
from engine.tell import Names

PLAYING = "playing"  # the phase of turns, which the rules (engine.games.den.rules) name so

#: DN3.3-DN7: the moves of a turn, in the guide's words (docs/rules/den.md)
TURN = Advice("Your turn: lay cards, move piles, then end the turn", (
    "A card goes on a pile whose top card is one rank higher and of the other force; a run "
    "of such cards goes in one move.",
    "Only a Dragon starts an empty corner; an emptied pile of the cross takes any card.",
    "A whole pile of the cross may move onto another pile if its first card fits there.",
))


def advice(view: View, seat: int | None, names: Names) -> Advice | None:
    return TURN if view.phase == PLAYING and seat is not None and seat in view.to_act else None
