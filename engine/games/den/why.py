"""Why a suggested Dragon Den action is good, read off the seat's own view (Game.why): 'it
sheds 3 cards at once, and your 4 of Taiyin (Yin) can follow it', 'it empties the west
pile, where any card may start a new one'.

Each clause is a fact of the hand and the piles (clauses DN4-DN9): cards laid are points
kept (DN8.2), a card that fits the new top can follow, an emptied pile takes anything."""

from __future__ import annotations

from engine.cards import mask_of
from engine.games.den.cards import DRAGON, DRAGONS, FITS, rank
from engine.games.den.rules import (
    FOUNDATIONS,
    PILE_NAMES,
    DenView,
    EndTurn,
    MovePile,
    Play,
    card_words,
)

KEY = 0  # rank index of the Keys, on which nothing goes (DN4.1)


def why(action, view: DenView, names) -> str:
    """The reasons for `action` at the viewer's seat, or "" where its hand is unknown."""
    if view.cards is None:
        return ""
    hand = mask_of(view.cards)
    if type(action) is Play:
        return _play(action, view, hand)
    if type(action) is MovePile:
        return _move(action, view, hand)
    if type(action) is EndTurn:
        return _end(view, hand)
    return ""


def _play(action: Play, view: DenView, hand: int) -> str:
    laid = len(action.faces)
    if laid == len(view.cards):
        return "it lays your last cards: you go out and score 5"
    pile, first = action.pile, action.faces[0]
    if not view.piles[pile] and pile >= FOUNDATIONS:
        said = f"a Dragon opens the empty {PILE_NAMES[pile]}, a new pile to build on"
    elif not view.piles[pile]:
        said = f"it starts the empty {PILE_NAMES[pile]} pile with {card_words(first)}"
    else:
        said = ("it sheds a card, " if laid == 1 else f"it sheds {laid} cards, ") + \
            (f"{laid} points" if laid > 1 else "a point") + " fewer to lose if another goes out"
    if rank(action.faces[-1]) == KEY:
        return f"{said}; nothing goes on a Key, so the {PILE_NAMES[pile]} is closed to the " \
               "others too"
    rest = hand & ~mask_of(action.faces)
    follower = _fitting(rest, action.faces[-1])
    if follower is not None:
        return f"{said}; then your {_bare(card_words(follower))} can follow it"
    return said


def _move(action: MovePile, view: DenView, hand: int) -> str:
    """DN6-DN7: the emptied foundation takes any card, so a card with no place gets one."""
    source = PILE_NAMES[action.source]
    stuck = [f for f in view.cards if not _has_place(f, view)]
    said = f"it empties the {source} pile, where any card may start a new one"
    if stuck:
        return f"{said}: your {_bare(card_words(min(stuck, key=rank)))} fits nowhere else"
    return said


def _end(view: DenView, hand: int) -> str:
    if not any(_has_place(f, view) for f in view.cards):
        return "none of your cards goes on any pile now"
    for pile, cards in enumerate(view.piles):
        takes = FITS[cards[-1]] if cards else 0
        if takes and takes & hand == takes:
            return f"the {PILE_NAMES[pile]} pile takes only cards you hold: kept, they keep " \
                   "it closed to the others, and either one laid would open it to two of " \
                   "theirs; keep the rest for your next turns"
    return "every card you lay now opens a pile for the next player too: keep the rest " \
           "for your next turns"


def _has_place(face: int, view: DenView) -> bool:
    """DN4.1, DN5.1, DN7.1: some pile takes `face` now."""
    for pile, cards in enumerate(view.piles):
        if cards and FITS[cards[-1]] >> face & 1:
            return True
        if not cards and (pile < FOUNDATIONS or rank(face) == DRAGON):
            return True
    return False


def _fitting(hand: int, top: int) -> int | None:
    """The highest card of `hand` that goes on `top` (DN4.1), if any."""
    fits = hand & FITS[top] & ~DRAGONS
    return fits.bit_length() - 1 if fits else None


def _bare(words: str) -> str:
    """'the 4 of Taiyin (Yin)' as 'your 4 of Taiyin (Yin)' says it."""
    return words.removeprefix("the ")
