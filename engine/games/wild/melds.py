"""Melds: what makes a set or a run (clause W5), what may be added to one (W7), and
fast generation of both from a hand.

A run's numbers are kept as a byte (bit k-1 for number k) and a set's suits
as a byte (bit s for suit s). A Dragon in a run stands for `wild_as`; it may
move only while it sits at an end of the run (W7.1, W7.2).
"""

from __future__ import annotations

from functools import cache

from engine.cards import bits_of
from engine.errors import IllegalAction
from engine.games.wild.cards import (
    DRAGONS,
    FIRST_DRAGON,
    NUMBER_MASK,
    NUMBERS,
    SUITS,
    natural,
    number,
    suit,
)

SET, RUN = "set", "run"
MIN_MELD = 3
FULL = (1 << NUMBERS) - 1


class Meld:
    """A meld on the table. For a set `key` is its number and `naturals` its suits;
    for a run `key` is its suit and `naturals` its numbers."""

    __slots__ = ("key", "kind", "naturals", "owner", "reach", "refs", "wild", "wild_as")

    def __init__(self, owner: int, kind: str, key: int, naturals: int, wild: int, wild_as: int):
        self.owner, self.kind, self.key = owner, kind, key
        self.refs: list[int] = []
        self.change(naturals, wild, wild_as)

    def change(self, naturals: int, wild: int, wild_as: int) -> None:
        """Take new cards; `reach` is every card that might join the meld next."""
        self.naturals, self.wild, self.wild_as = naturals, wild, wild_as
        dragons = DRAGONS if wild < 0 else 0
        if self.kind == SET:
            self.reach = NUMBER_MASK[self.key] | dragons
            return
        span = naturals | _bit(wild_as)
        low, high = (span & -span).bit_length() - 1, span.bit_length() - 1
        near = ((1 << (high + 3)) - 1) ^ ((1 << max(0, low - 2)) - 1)  # a gap at most
        self.reach = ((near & FULL & ~naturals) << (self.key * NUMBERS)) | dragons

    def faces(self) -> list[int]:
        """The cards in table order: a run low to high with its Dragon in place."""
        if self.kind == SET:
            out = [natural(s, self.key) for s in range(SUITS) if self.naturals >> s & 1]
            return out + ([self.wild] if self.wild >= 0 else [])
        numbers = self.naturals | (_bit(self.wild_as) if self.wild >= 0 else 0)
        return [self.wild if k == self.wild_as else natural(self.key, k)
                for k in range(1, NUMBERS + 1) if numbers >> (k - 1) & 1]

    def wild_fixed(self) -> bool:
        """Clause W7.2: a Dragon inside a run (not at an end) stays where it is."""
        if self.kind != RUN or self.wild < 0:
            return False
        below, above = _bit(self.wild_as) >> 1, _bit(self.wild_as) << 1
        return bool(self.naturals & below) and bool(self.naturals & above)


def _bit(k: int) -> int:
    return 1 << (k - 1) if k > 0 else 0


def _contiguous(bits: int) -> bool:
    if not bits:
        return False
    low = bits // (bits & -bits)
    return not low & (low + 1)


def _split(faces) -> tuple[list[int], list[int]]:
    naturals = [f for f in faces if f < FIRST_DRAGON]
    return naturals, [f for f in faces if f >= FIRST_DRAGON]


# -- checking ---------------------------------------------------------------

def new_meld(owner: int, faces, wild_as: int) -> Meld:
    """The meld `faces` make, with the Dragon (if any) standing for `wild_as` in a run."""
    _check_wild_as(wild_as)
    naturals, dragons = _split(faces)
    if len(faces) < MIN_MELD:
        raise IllegalAction("W5.1", "a meld has three or more cards")
    if len(dragons) > 1:
        raise IllegalAction("W5.3", "one Dragon at most in a meld")
    wild = dragons[0] if dragons else -1
    numbers = {number(f) for f in naturals}
    suits = {suit(f) for f in naturals}
    if len(numbers) == 1:
        if wild_as:
            raise IllegalAction("W5.1", "a Dragon in a set stands for the set's number")
        return Meld(owner, SET, numbers.pop(), sum(1 << suit(f) for f in naturals), wild, 0)
    if len(suits) != 1:
        raise IllegalAction("W5.2", "a meld is a set of one number or a run of one suit")
    bits = sum(_bit(number(f)) for f in naturals)
    return Meld(owner, RUN, suits.pop(), bits, wild, _check_run(bits, wild >= 0, wild_as, 0))


def _check_wild_as(wild_as) -> None:
    if type(wild_as) is not int:
        raise IllegalAction("W5.3", "where a Dragon stands is a number (0: nowhere)")


def _check_run(bits: int, has_wild: bool, wild_as: int, fixed: int) -> int:
    """The Dragon's number after the change, checked against clauses W5.2 and W7."""
    if not has_wild:
        if wild_as:
            raise IllegalAction("W5.2", "only a run with a Dragon names what it stands for")
        if not _contiguous(bits):
            raise IllegalAction("W5.2", "a run is consecutive numbers of one suit")
        return 0
    if fixed and wild_as != fixed:
        raise IllegalAction("W7.2", "a Dragon inside a run stays where it is")
    if not 1 <= wild_as <= NUMBERS:
        raise IllegalAction("W5.3", "a Dragon in a run stands for a number 1-8")
    if bits & _bit(wild_as):
        rule = "W7.2" if fixed else "W5.2"
        raise IllegalAction(rule, "the Dragon's place is taken by a natural card")
    if not _contiguous(bits | _bit(wild_as)):
        raise IllegalAction("W5.2", "a run is consecutive numbers of one suit")
    return wild_as


def extend(meld: Meld, faces, wild_as: int) -> tuple[int, int, int]:
    """(naturals, wild, wild_as) of `meld` once `faces` are added (clause W7)."""
    _check_wild_as(wild_as)
    naturals, dragons = _split(faces)
    if not faces:
        raise IllegalAction("W7.4", "an addition lays at least one card")
    if len(dragons) > 1 or (dragons and meld.wild >= 0):
        raise IllegalAction("W5.3", "one Dragon at most in a meld")
    wild = dragons[0] if dragons else meld.wild
    if meld.kind == SET:
        if any(number(f) != meld.key for f in naturals):
            raise IllegalAction("W5.1", f"a set of {meld.key}s takes only {meld.key}s")
        if wild_as:
            raise IllegalAction("W5.1", "a Dragon in a set stands for the set's number")
        return meld.naturals | sum(1 << suit(f) for f in naturals), wild, 0
    if any(suit(f) != meld.key for f in naturals):
        raise IllegalAction("W5.2", "a run takes only cards of its suit")
    added = sum(_bit(number(f)) for f in naturals)
    if added & meld.naturals:
        raise IllegalAction("W5.2", "that number is already in the run")
    bits = meld.naturals | added
    fixed = meld.wild_as if meld.wild_fixed() else 0
    return bits, wild, _check_run(bits, wild >= 0, wild_as, fixed)


# -- generation -------------------------------------------------------------
# An option is (face mask of the cards laid from the hand, wild_as). The work
# per suit or per number depends on a byte or a column alone, so it is cached.

COLUMN = sum(1 << (s * NUMBERS) for s in range(SUITS))  # the 1s of every suit
SHIFTS = tuple(s * NUMBERS for s in range(SUITS))


@cache
def _subsets(mask: int, least: int) -> tuple[int, ...]:
    """Sub-masks of `mask` with at least `least` bits."""
    out = []
    sub = mask
    while sub:
        if sub.bit_count() >= least:
            out.append(sub)
        sub = (sub - 1) & mask
    if least <= 0:
        out.append(0)
    return tuple(out)


@cache
def _suit_runs(numbers: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The runs in one suit's `numbers`: complete spans, and (numbers, wild_as) for the
    runs with a Dragon in them — in the one gap of a span, or anywhere in a complete one
    (the player may keep a natural card and lay the Dragon in its place)."""
    whole, with_dragon = [], []
    for low in range(NUMBERS - MIN_MELD + 1):
        span = 0
        for high in range(low, NUMBERS):
            span |= 1 << high
            missing = span & ~numbers
            if missing & (missing - 1):
                break
            if high - low + 1 >= MIN_MELD:
                if not missing:
                    whole.append(span)
                for w in (missing,) if missing else bits_of(span):
                    with_dragon.append((span ^ w, w.bit_length()))
    return tuple(whole), tuple(with_dragon)


def meld_options(hand: int) -> list[tuple[int, int]]:
    """Every new meld (clause W5) the hand can lay. (Plain loops: this is the hot path.)"""
    out: list[tuple[int, int]] = []
    dragons = bits_of(hand & DRAGONS)
    least = MIN_MELD - 1 if dragons else MIN_MELD  # naturals a meld needs
    seen = twice = thrice = 0  # numbers held in at least one, two, three suits
    for shift in SHIFTS:
        numbers = (hand >> shift) & FULL
        if numbers:
            thrice |= twice & numbers
            twice |= seen & numbers
            seen |= numbers
            if numbers.bit_count() >= least:
                whole, with_dragon = _suit_runs(numbers)
                for span in whole:
                    out.append((span << shift, 0))
                for cards, wild_as in with_dragon if dragons else ():
                    for d in dragons:
                        out.append(((cards << shift) | d, wild_as))
    sets = twice if dragons else thrice
    while sets:
        bit = sets & -sets
        sets ^= bit
        same = hand & (COLUMN << (bit.bit_length() - 1))
        for m in _subsets(same, MIN_MELD):
            out.append((m, 0))
        for m in _subsets(same, MIN_MELD - 1) if dragons else ():
            for d in dragons:
                out.append((m | d, 0))
    return out


def addition_options(meld: Meld, hand: int) -> list[tuple[int, int]]:
    """Every addition (clause W7) of cards of `hand` to `meld`."""
    out: list[tuple[int, int]] = []
    if not hand & meld.reach:
        return out
    dragons = () if meld.wild >= 0 else bits_of(hand & DRAGONS)
    if meld.kind == SET:
        same = hand & NUMBER_MASK[meld.key]
        for m in _subsets(same, 1):
            out.append((m, 0))
        for m in _subsets(same, 0) if dragons else ():
            for d in dragons:
                out.append((m | d, 0))
        return out
    shift = meld.key * NUMBERS
    numbers = (hand >> shift) & FULL
    if meld.wild >= 0:
        if meld.wild_fixed():
            span = meld.naturals | _bit(meld.wild_as)
            for a in _plain_extensions(span, numbers):
                out.append((a << shift, meld.wild_as))
        else:
            for a, w in _wild_placements(meld.naturals, numbers, True):
                out.append((a << shift, w))
        return out
    for a in _plain_extensions(meld.naturals, numbers):
        out.append((a << shift, 0))
    for a, w in _wild_placements(meld.naturals, numbers, False) if dragons else ():
        for d in dragons:
            out.append(((a << shift) | d, w))
    return out


@cache
def _plain_extensions(span: int, numbers: int) -> tuple[int, ...]:
    """Hand numbers that lengthen the consecutive `span` at either end or both."""
    downs, ups = [0], [0]
    bit = (span & -span) >> 1
    while bit & numbers:
        downs.append(downs[-1] | bit)
        bit >>= 1
    bit = (1 << span.bit_length()) & FULL
    while bit & numbers:
        ups.append(ups[-1] | bit)
        bit = (bit << 1) & FULL
    return tuple(d | u for d in downs for u in ups if d | u)


@cache
def _wild_placements(span: int, numbers: int, need_natural: bool) -> tuple[tuple[int, int], ...]:
    """(numbers from the hand, wild_as) for every longer run around the consecutive
    `span` with the Dragon in one of the new places (clause W7.1)."""
    out = []
    low, high = (span & -span).bit_length() - 1, span.bit_length() - 1
    below = 0
    for start in range(low, -1, -1):
        if start < low:
            below |= 1 << start
        missing_below = below & ~numbers
        if missing_below & (missing_below - 1):
            break
        above = 0
        for end in range(high, NUMBERS):
            if end > high:
                above |= 1 << end
            cells = below | above
            missing = cells & ~numbers
            if missing & (missing - 1):
                break
            for w in (missing,) if missing else bits_of(cells):
                if cells ^ w or not need_natural:
                    out.append((cells ^ w, w.bit_length()))
    return tuple(out)

