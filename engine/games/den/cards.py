"""The TAIJI deck's 52 faces. face = rank * 4 + suit; a set of faces is a 52-bit mask.

Ranks low to high: Key, Void, 1-9, X, Dragon (index 0..12).
Suits: Taiyin and Shaoyin are Yin, Taiyang and Shaoyang are Yang; the force
of a face is bit 1 of its suit (0 Yin, 1 Yang).
"""

RANKS = ("K", "V", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "D")
RANK_NAMES = ("Key", "Void", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "Dragon")
SUITS = ("TN", "SN", "TG", "SG")
SUIT_NAMES = ("Taiyin", "Shaoyin", "Taiyang", "Shaoyang")
FORCE_NAMES = ("Yin", "Yang")
DRAGON = 12  # rank index of the Dragons
DECK = tuple(range(52))
DECK_MASK = (1 << 52) - 1
DRAGONS = 0xF << (4 * DRAGON)


def rank(face: int) -> int:
    return face >> 2


def force(face: int) -> int:
    return (face >> 1) & 1


def _fits(top: int) -> int:
    """Clause DN4.1: the faces that go on `top`: one rank lower, the other force."""
    if rank(top) == 0:
        return 0
    below = (rank(top) - 1) * 4
    other = 1 - force(top)
    return (1 << (below + 2 * other)) | (1 << (below + 2 * other + 1))


#: FITS[top]: mask of the two faces that may be laid on `top`
FITS = tuple(_fits(f) for f in DECK)


def name(face: int) -> str:
    return RANKS[face >> 2] + SUITS[face & 3]


def parse(text: str) -> int:
    """'5TG' -> the face of the 5 of Taiyang; 'DSN' -> the Dragon of Shaoyin."""
    text = text.strip().upper()
    rank_text, suit_text = text[:1], text[1:]
    if rank_text not in RANKS or suit_text not in SUITS:
        raise ValueError(f"not a TAIJI card: {text!r}")
    return RANKS.index(rank_text) * 4 + SUITS.index(suit_text)


def names(faces) -> str:
    return " ".join(name(f) for f in faces)

