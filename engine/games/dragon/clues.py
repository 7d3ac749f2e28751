"""What a Dragon seat's passes say of its hand, for a search bot's sampled worlds.

A seat that passed on a trick it could have beaten with a combination of the same
kind holding no 2 (2s and bombs are kept for need, by people and the easy bot alike)
likely holds no such combination. Its hand now is what it held then, less what it
played since, so a hand now that could beat that trick contradicts the pass.
"""

from __future__ import annotations

from functools import partial

from engine.cards import mask_of
from engine.games.dragon import combos
from engine.hands import Clue


def pass_clues(history, overchop: bool) -> list[Clue]:
    """A clue per pass on a trick in `history` (a seat's observation's public events)."""
    from engine.games.dragon.rules import HandStarted, Passed, Played, TrickWon  # they import this


    clues, top, out = [], None, set()
    for event in history:
        kind = type(event)
        if kind is Played:
            combo = combos.classify(mask_of(event.faces))
            top = combo if overchop or not event.chop or combo[0] == combos.BOMB else None
        elif kind is TrickWon:
            top, out = None, set()
        elif kind is HandStarted:  # a new deal: what was passed on says nothing of it
            clues, top, out = [], None, set()
        elif kind is Passed:
            # a seat that passed is out of the trick (D7.2): its later passes say nothing
            if top is not None and event.seat not in out and not combos.is_two_set(top):
                clues.append(Clue(event.seat, partial(_could_beat, top)))
            out.add(event.seat)
    return clues


def _could_beat(top, hand: dict[int, int]) -> bool:
    return combos.can_follow(mask_of(hand.values()) & ~combos.ALL_TWOS, top)
