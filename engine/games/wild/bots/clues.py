"""What a Dragons Wild seat's refusals say of its hand, for a search bot's sampled worlds.

A seat that drew from the deck while the top discard would have made a new meld with
its hand let a sure gain go (the easy bot, and most people, take it), so it likely held
no two cards that meld with that discard. The cards it holds now that it held then —
those dealt before that draw, less those it was handed face up since — must not meld
with it either, or the world contradicts the refusal. (Cards it bought or took from the
discard are known to everyone, and every world keeps them where they went.)
"""

from __future__ import annotations

from functools import partial

from engine.cards import mask_of, ref_position
from engine.games.wild import melds
from engine.games.wild.cards import FIRST_DRAGON
from engine.games.wild.moves import (
    Bought,
    DeckTurned,
    Discarded,
    DiscardTurned,
    Drew,
    HandStarted,
)
from engine.hands import Clue


def refusal_clues(history, stock_next: int) -> list[Clue]:
    """A clue per draw from the deck that let a discard go, in `history` (a seat's
    observation's public events); `stock_next` is the deck position dealt next."""
    pile: list[int | None] = [None]  # the discard faces, top last; None: not seen
    refusals = []  # (seat, face let go, deck draws before it in history)
    handed: list[tuple[int, int, int]] = []  # (seat, face, deck draws before it)
    draws = 0
    for event in history:
        kind = type(event)
        if kind is HandStarted:
            pile, refusals, handed, draws = [], [], [], 0
        elif kind is DiscardTurned or kind is Discarded:
            pile.append(event.face)
        elif kind is DeckTurned:
            pile = []
        elif kind is Bought or (kind is Drew and event.from_discard):
            pile = pile[:-1] or [None]
            handed.append((event.seat, event.face, draws))
        elif kind is Drew:
            top = pile[-1] if pile else None
            if not event.penalty and top is not None and top < FIRST_DRAGON:
                refusals.append((event.seat, top, draws))
            if event.face < 0:
                draws += 1
            else:  # off the turned-over pile, face up
                handed.append((event.seat, event.face, draws))
    clues = []
    for seat, face, before in refusals:
        since = mask_of([f for s, f, at in handed if s == seat and at >= before])
        clues.append(Clue(seat, partial(_would_meld, face, stock_next - (draws - before), since)))
    return clues


def _would_meld(face: int, dealt_before: int, since: int, hand: dict[int, int]) -> bool:
    """Would `face` have made a new meld with what of `hand` was held when it was let go?"""
    then = mask_of([f for card, f in hand.items() if ref_position(card) < dealt_before])
    bit = 1 << face
    return any(m & bit for m, _ in melds.meld_options(then & ~since | bit))
