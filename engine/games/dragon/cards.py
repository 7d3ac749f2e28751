"""Dragon's 52 faces. face = rank * 4 + suit, so comparing faces compares cards.

Ranks low to high: 3 4 5 6 7 8 9 10 J Q K A 2 (index 0..12).
Suits low to high: Stars, Droids, Coins, Blades (index 0..3).
"""

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS = ("S", "D", "C", "B")
SUIT_NAMES = ("Stars", "Droids", "Coins", "Blades")
TWO = 12  # rank index of the 2s
ACE = 11
DECK = tuple(range(52))
THREE_OF_STARS = 0


def rank(face: int) -> int:
    return face >> 2


def suit(face: int) -> int:
    return face & 3


def name(face: int) -> str:
    return RANKS[face >> 2] + SUITS[face & 3]


def parse(text: str) -> int:
    """'10B' -> the face of the 10 of Blades."""
    text = text.strip().upper()
    rank_text, suit_text = text[:-1], text[-1:]
    if rank_text not in RANKS or suit_text not in SUITS:
        raise ValueError(f"not a Dragon card: {text!r}")
    return RANKS.index(rank_text) * 4 + SUITS.index(suit_text)


def names(faces) -> str:
    return " ".join(name(f) for f in sorted(faces))


#: ranks as said aloud: "the Queen of Stars", "a pair of Aces"
RANK_WORDS = ("3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace", "2")


def rank_words(face: int, plural: bool = False) -> str:
    """'Queen', or 'Queens' / '7s'."""
    return RANK_WORDS[rank(face)] + ("s" if plural else "")


def card_words(face: int) -> str:
    """'the 7 of Stars', 'the Queen of Blades'."""
    return f"the {rank_words(face)} of {SUIT_NAMES[suit(face)]}"
