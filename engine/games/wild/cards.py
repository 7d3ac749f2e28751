"""The Dragons Wild deck: 8 creature suits numbered 1-8, and 6 Dragons (wild).

face = suit * 8 + (number - 1) for 0..63; faces 64..69 are the Dragons. A set
of faces is a 70-bit mask, so a suit's numbers are one byte of it.
"""

SUIT_CODES = ("Un", "Ke", "Ph", "Pe", "Gr", "Hy", "Sp", "Ba")
SUIT_NAMES = ("Unicorns", "Kelpies", "Phoenixes", "Pegasi",
              "Griffins", "Hydras", "Sphinxes", "Basilisks")
SUITS = 8
NUMBERS = 8
FIRST_DRAGON = SUITS * NUMBERS  # 64
DECK = tuple(range(FIRST_DRAGON + 6))
FACES = frozenset(DECK)
DRAGONS = ((1 << len(DECK)) - 1) ^ ((1 << FIRST_DRAGON) - 1)
#: NUMBER_MASK[k]: the eight naturals numbered k (k = 1..8; index 0 unused)
NUMBER_MASK = (0, *(sum(1 << (s * NUMBERS + k - 1) for s in range(SUITS))
                    for k in range(1, NUMBERS + 1)))


def is_dragon(face: int) -> bool:
    return face >= FIRST_DRAGON


def suit(face: int) -> int:
    return face >> 3


def number(face: int) -> int:
    return (face & 7) + 1


def natural(suit_index: int, number_value: int) -> int:
    return suit_index * NUMBERS + number_value - 1


def suit_bits(mask: int, suit_index: int) -> int:
    """The numbers of one suit in `mask`, as a byte: bit k-1 for number k."""
    return (mask >> (suit_index * NUMBERS)) & 0xFF


def name(face: int) -> str:
    if face >= FIRST_DRAGON:
        return f"D{face - FIRST_DRAGON + 1}"
    return f"{number(face)}{SUIT_CODES[suit(face)]}"


def parse(text: str) -> int:
    """'5Un' -> the 5 of Unicorns; 'D1'..'D6' -> the Dragons."""
    text = text.strip()
    if len(text) == 2 and text[0] in "Dd" and text[1] in "123456":
        return FIRST_DRAGON + int(text[1]) - 1
    head, code = text[:1], text[1:].capitalize()
    if head not in "12345678" or not head or code not in SUIT_CODES:
        raise ValueError(f"not a Dragons Wild card: {text!r}")
    return natural(SUIT_CODES.index(code), int(head))


def names(faces) -> str:
    return " ".join(name(f) for f in faces)


def card_words(face: int) -> str:
    """'the 5 of Unicorns' or 'a Dragon', as a player says them."""
    if face >= FIRST_DRAGON:
        return "a Dragon"
    return f"the {number(face)} of {SUIT_NAMES[suit(face)]}"
