"""What a Dragons Wild seat sees: the view's types and the phases they name."""

from __future__ import annotations

from engine import hands
from engine.game import View
from engine.wire import Value

#: the phases; dealing and over are every dealing game's (engine.hands runs them)
DEALING, BUYING, ANSWERING, DRAWING, LAYING, SHOWING, OVER = (
    hands.DEALING, "buying", "answering", "drawing", "laying", "showing", hands.OVER)


class MeldView(Value):
    """A meld on the table; `wild_as` is the number a Dragon stands for in it, else -1."""

    owner: int
    kind: str
    faces: tuple[int, ...]
    wild_as: int


class WildView(View, kw_only=True):
    hand_number: int
    dealer: int
    round: int  # W3.2; between two hands, until the next is shuffled, the last one's
    counts: tuple[int, ...]
    deck: int
    turnovers: int
    discard: tuple[int, ...]  # bottom first
    melds: tuple[MeldView, ...]
    may_add: tuple[bool, ...]
    laid: bool
    buys: int
    taken: int | None  # the discard taken this turn, which may not go straight back (W9.3)
    asked: tuple[int, ...]
    buyer: int
    scores: tuple[int, ...]
    cards: tuple[int, ...] | None = None  # the seat's own hand, where it is known
