"""What a Dragon Den seat's turn ends say of its hand, for a search bot's sampled worlds.

A seat sheds what it can (the easy bot always does, and most people), so a seat that
ended its turn likely held no card any pile would take. Each turn's end is kept in the
state (`DenState.ended`: what the piles took then, and the next stock position, both
public); the cards it holds now that were dealt before that, none of which it was
handed face up, must fit none of those piles, or the world contradicts the turn's end.
"""

from __future__ import annotations

from functools import partial

from engine.cards import mask_of, ref_position
from engine.hands import Clue


def turn_end_clues(ended) -> list[Clue]:
    return [Clue(seat, partial(_held_a_fit, taken, dealt_before))
            for seat, taken, dealt_before in ended]


def _held_a_fit(taken: int, dealt_before: int, hand: dict[int, int]) -> bool:
    return bool(mask_of([f for card, f in hand.items() if ref_position(card) < dealt_before])
                & taken)
