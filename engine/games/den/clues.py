"""What a Dragon Den seat's turn ends say of its hand, for a search bot's sampled worlds.

A seat sheds what it can (the easy bot always does, and most people), so a seat that
ended its turn likely held no card any pile would take. Each turn's end is kept in the
state (`DenState.ended`: what the piles took then, and the next stock position, both
public); the cards it holds now that were dealt before that, none of which it was
handed face up, show none of the faces those piles took, or the world contradicts the
turn's end.
"""

from __future__ import annotations

from engine.hands import Clue


def turn_end_clues(ended) -> list[Clue]:
    return [Clue.avoiding(seat, taken, dealt_before) for seat, taken, dealt_before in ended]
