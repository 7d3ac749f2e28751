"""Treasure tokens: colours, the bag's contents, and drawing from the open bag.

A collection of tokens is a list (or tuple) of nine counts, one per colour in
the order of COLOURS, so splits, screens and hoards add and compare cheaply.
"""

from __future__ import annotations

from math import perm

SILVER, GOLD, RED, BLUE, GREEN, PURPLE, YELLOW, WHITE, BLACK = range(9)
COLOURS = ("silver", "gold", "red", "blue", "green", "purple", "yellow", "white", "black")
LETTERS = ("s", "g", "r", "B", "G", "P", "Y", "W", "K")
SUPPLY = (35, 20, 16, 12, 12, 12, 12, 6, 1)  # clause G1.2: 126 in all
TOTAL = sum(SUPPLY)
GEMS = (BLUE, GREEN, PURPLE, YELLOW, WHITE)  # the five majority colours (G14, G15)
NONE = (0,) * 9
UNKNOWN = -1  # a token whose colour this engine instance has not been shown
ROLL_LIMIT = 1 << 63  # a roll's outcome count stays a signed 64-bit msgpack int
FACE_STRIDE = 64  # a stolen token's card face: colour * FACE_STRIDE + its index in that colour
_FACES_BY_COLOUR = tuple(tuple(range(c * FACE_STRIDE, c * FACE_STRIDE + n))
                         for c, n in enumerate(SUPPLY))
#: every face a theft deck can show: the network decodes drawn tokens against these (G8.3)
TOKEN_FACES = frozenset(face for faces in _FACES_BY_COLOUR for face in faces)


def screen_faces(counts) -> tuple[int, ...]:
    """A screen's tokens as distinct card faces, as a hidden deck needs them (G8.3)."""
    faces: tuple[int, ...] = ()
    for c in range(9):
        faces += _FACES_BY_COLOUR[c][:counts[c]]
    return faces


def theft_faces(screen, size: int) -> tuple[int, ...]:
    """The faces of a theft deck built from a screen this instance was shown every move
    of (G8.3): `size` (the public count) of them even when a false claim left the screen
    short of a colour or over what the game has (G13.5), so the theft goes on and the
    end names the liar. Each colour is clamped to 0..its supply, then the surplus is cut
    from the last colours or the gap filled from the first, in colour order."""
    counts = [min(max(n, 0), SUPPLY[c]) for c, n in enumerate(screen)]
    extra = sum(counts) - size
    for c in reversed(range(9)) if extra > 0 else range(9):
        change = min(extra, counts[c]) if extra > 0 else max(extra, counts[c] - SUPPLY[c])
        counts[c] -= change
        extra -= change
    return screen_faces(counts)


def face_colour(face: int) -> int:
    return face // FACE_STRIDE


def show(counts) -> str:
    """'3s 1g 2B' for three silver, one gold and two blue; '-' when empty."""
    parts = [f"{n}{LETTERS[c]}" for c, n in enumerate(counts) if n]
    return " ".join(parts) or "-"


_INT = frozenset({int})  # exactly int: bool and float are not counts


def is_counts(value) -> bool:
    """A well-formed nine-count tuple from the wire."""
    return (
        type(value) is tuple
        and len(value) == 9
        and _INT.issuperset(map(type, value))
        and min(value) >= 0
    )


def draw_size(bag_total: int, wanted: int) -> tuple[int, int]:
    """How many of `wanted` tokens one roll can draw, and the roll's outcome count.

    Drawing k tokens one after another from n has n(n-1)...(n-k+1) equally
    likely ordered outcomes; one public roll over them draws all k at once
    (clause G3.2), as many as fit under ROLL_LIMIT.
    """
    k = min(wanted, bag_total)
    outcomes = perm(bag_total, k)
    while outcomes >= ROLL_LIMIT:
        k -= 1
        outcomes = perm(bag_total, k)
    return k, outcomes


def draw(bag: list[int], k: int, value: int) -> list[int]:
    """Take k tokens out of `bag` as the roll `value` orders them; return their counts."""
    drawn = [0] * 9
    total = sum(bag)
    for _ in range(k):
        value, index = divmod(value, total)
        colour = 0
        while index >= bag[colour]:
            index -= bag[colour]
            colour += 1
        bag[colour] -= 1
        drawn[colour] += 1
        total -= 1
    return drawn
