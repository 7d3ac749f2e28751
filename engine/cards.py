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


def mask_of(faces) -> int:
    """A set of faces as a bit mask (bit f set for face f)."""
    mask = 0
    for face in faces:
        mask |= 1 << face
    return mask


def faces_of(mask: int) -> tuple[int, ...]:
    """The faces in a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)
