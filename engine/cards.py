"""Card references. A card in play is a (deck, position) pair packed in one int.

Which face sits at a position is known only to the engine instances that have
been shown it; the public state speaks only of references.
"""

from collections.abc import Callable

DECK_SHIFT = 8  # up to 256 positions per deck
#: deck numbers a match may use: games number a fresh deck per hand (or per theft), so the
#: number grows with the match; 2**32 decks outlast any match (a hand a second for 136 years)
MAX_DECKS = 1 << 32


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


def bits_of(mask: int) -> list[int]:
    """The set bits of a mask, each as a mask of its own, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit)
        mask ^= bit
    return out


def faces_of(mask: int) -> tuple[int, ...]:
    """The faces in a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def card_problem(held: set[int], known: dict[int, int], refs, faces,
                 deck: frozenset[int], name: Callable[[int], str]) -> str | None:
    """Why `refs` showing `faces` are not distinct cards of `held` with those faces (as
    far as `known` tells this instance), or None when they are."""
    if type(refs) is not tuple or not refs:
        return "a play names its cards"
    try:
        held_ok = len(set(refs)) == len(refs) and held.issuperset(refs)
    except TypeError:  # malformed input: unhashable items
        held_ok = False
    if not held_ok:
        return "only cards the player holds may be played"
    if not shows(faces, len(refs), deck):
        return "those are not cards of this game"
    for card, face in zip(refs, faces, strict=True):
        if known.get(card, face) != face:
            return f"the card played is not {name(face)}"
    return None


def shows(shown, count: int, faces: frozenset[int]) -> bool:
    """`shown` is `count` distinct faces of `faces` (False for malformed input)."""
    try:
        return len(shown) == count and faces.issuperset(shown) and len(set(shown)) == count
    except TypeError:  # unhashable items or no length
        return False
