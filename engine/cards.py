"""Card references. A card in play is a (deck, position) pair packed in one int.

Which face sits at a position is known only to the engine instances that have
been shown it; the public state speaks only of references.
"""

DECK_SHIFT = 8  # up to 256 positions per deck


def ref(deck: int, position: int) -> int:
    return (deck << DECK_SHIFT) | position


def ref_deck(card_ref: int) -> int:
    return card_ref >> DECK_SHIFT


def ref_position(card_ref: int) -> int:
    return card_ref & ((1 << DECK_SHIFT) - 1)
