"""Combinations, what beats what, and fast generation of plays from a hand.

A set of faces is a 52-bit mask; rank r occupies the nibble at bit 4r. A
combination is summed up as (kind, size, top) where top is its highest face:
same kind and size with a higher top beats it (clause D5), and the chops of
clause D6 beat sets of 2s.
"""

from __future__ import annotations

import bisect
import itertools

from engine.cards import bits_of, mask_of
from engine.game import LazyActions
from engine.games.dragon.cards import ACE, SUIT_NAMES, TWO, card_words, rank_words, suit
from engine.tell import join_words

#: one choice of masks per rank; its plays are the ORs of one pick per choice
Block = tuple[tuple[int, ...], ...]

SINGLE, PAIR, TRIPLE, BOMB, RUN, DOUBLE_RUN = range(1, 7)
KIND_NAMES = {
    SINGLE: "single",
    PAIR: "pair",
    TRIPLE: "triple",
    BOMB: "bomb",
    RUN: "run",
    DOUBLE_RUN: "double run",
}
SET_KIND = {1: SINGLE, 2: PAIR, 3: TRIPLE, 4: BOMB}
ALL_TWOS = 0xF << (4 * TWO)
#: sub-nibbles of each 4-bit rank nibble, by how many cards they hold
SUBSETS = [[[s for s in range(16) if s & n == s and s.bit_count() == k] for k in range(5)]
           for n in range(16)]
#: SHIFTED[r][nibble][k]: the k-card subsets of that nibble placed at rank r
SHIFTED = [[[tuple(s << (4 * r) for s in SUBSETS[n][k]) for k in range(5)] for n in range(16)]
           for r in range(13)]
#: ALL_SETS[r][nibble]: every non-empty subset of that nibble placed at rank r
ALL_SETS = [[tuple(m for k in range(1, 5) for m in SHIFTED[r][n][k]) for n in range(16)]
            for r in range(13)]
#: a double run of this many cards chops a set of 2s of this size (clause D6)
DOUBLE_RUN_CHOPS = {6: 1, 8: 2, 10: 3}


def classify(mask: int) -> tuple[int, int, int] | None:
    """(kind, size, top) of a legal combination, or None if it is not one."""
    size = mask.bit_count()
    if size == 0:
        return None
    top = mask.bit_length() - 1
    low_rank = ((mask & -mask).bit_length() - 1) >> 2
    high_rank = top >> 2
    if low_rank == high_rank:
        return (SET_KIND[size], size, top)
    if high_rank > ACE:  # 2s only ever stand in sets (clause D4)
        return None
    span = high_rank - low_rank + 1
    per_rank = size // span
    if per_rank * span != size or per_rank > 2 or span < 3:
        return None
    for r in range(low_rank, high_rank + 1):
        if ((mask >> (4 * r)) & 15).bit_count() != per_rank:
            return None
    return (RUN if per_rank == 1 else DOUBLE_RUN, size, top)


def is_two_set(combo) -> bool:
    kind, _, top = combo
    return kind in (SINGLE, PAIR, TRIPLE) and top >> 2 == TWO


def chop_beats(new, cur) -> bool:
    """Does `new` beat `cur` by one of the exceptions of clause D6?"""
    kind, size, top = new
    if kind == BOMB and top >> 2 == TWO:
        return True  # four 2s beat everything but a Dragon
    if not is_two_set(cur):
        return False
    if kind == BOMB:
        return cur[0] == SINGLE
    return kind == DOUBLE_RUN and DOUBLE_RUN_CHOPS.get(size) == cur[1]


def beats(new, cur, cur_is_chop: bool, overchop: bool) -> bool:
    if new[0] == cur[0] and new[1] == cur[1] and new[2] > cur[2]:
        return overchop or not cur_is_chop or cur[0] == BOMB
    return chop_beats(new, cur)


# -- generation --------------------------------------------------------------

def _sets(hand: int, k: int, above: int) -> list[int]:
    """Sets of k cards of one rank whose top face is above `above`."""
    if k == 1:
        return bits_of(hand >> (above + 1) << (above + 1))
    out: list[int] = []
    first = max(0, above >> 2)
    for r in range(first, 13):
        subs = SHIFTED[r][(hand >> (4 * r)) & 15][k]
        if subs:
            if r == first:
                floor = 1 << (above + 1) if above >= 0 else 0
                out.extend(m for m in subs if m >= floor)
            else:
                out.extend(subs)
    return out


def _chunk_presence(min_cards: int) -> list[int]:
    """For a 16-bit chunk (4 ranks), which of its ranks hold at least min_cards cards."""
    bit = [int(nib.bit_count() >= min_cards) for nib in range(16)]
    # chunk = a | b << 4 | c << 8 | d << 12, so d varies slowest
    return [a | b << 1 | c << 2 | d << 3 for d in bit for c in bit for b in bit for a in bit]


#: PRESENT[k][chunk]: ranks of a 4-rank chunk holding at least k cards (k = 1, 2)
PRESENT = (None, _chunk_presence(1), _chunk_presence(2))


def _chainable(hand: int, per_rank: int) -> int:
    """Ranks 3..A (bits 0..11) holding at least per_rank cards; 2s never chain."""
    table = PRESENT[per_rank]
    return table[hand & 0xFFFF] | table[hand >> 16 & 0xFFFF] << 4 | table[hand >> 32 & 0xFFFF] << 8


def _chain(hand: int, per_rank: int, start: int, length: int, above: int) -> Block:
    """The runs (per_rank 1) or double runs (2) over ranks start..start+length-1."""
    last = start + length - 1
    block = [SHIFTED[r][hand >> (4 * r) & 15][per_rank] for r in range(start, last)]
    floor = 1 << (above + 1) if above >= 0 else 0
    block.append(tuple(m for m in SHIFTED[last][hand >> (4 * last) & 15][per_rank] if m >= floor))
    return tuple(block)


def _all_chains(hand: int, per_rank: int, length: int | None, above: int) -> list[Block]:
    """Chains of one length (or every length >= 3 when None), tops above `above`."""
    ranks = _chainable(hand, per_rank)
    starts = ranks & ranks >> 1 & ranks >> 2  # bit s: ranks s..s+2 all present
    out = []
    n = 3
    while starts:
        if length is None or n == length:
            bits = starts
            while bits:
                low = bits & -bits
                out.append(_chain(hand, per_rank, low.bit_length() - 1, n, above))
                bits ^= low
            if n == length:
                break
        starts &= ranks >> n
        n += 1
    return out


class Plays(LazyActions):
    """Combinations as blocks of per-rank choices, built only when asked for.

    A block's plays are every way of taking one choice per rank, so the
    hundreds of runs a lead may offer cost a few products to count; a random
    playout decodes just the one it picks. `head` holds ready-made items that
    come first; `make` turns a mask into the item handed out.
    """

    __slots__ = ("blocks", "ends", "head", "make")

    def __init__(self, blocks: list[Block], head: list = (), make=int):
        self.head, self.make = head, make
        self.blocks = []
        self.ends = []
        total = 0
        for block in blocks:
            if len(block) == 1:
                count = len(block[0])
            else:
                count = 1
                for choices in block:
                    count *= len(choices)
            if count:
                total += count
                self.blocks.append(block)
                self.ends.append(total)
        self.size = total + len(head)

    def build(self, i: int):
        if i < len(self.head):
            return self.head[i]
        i -= len(self.head)
        k = bisect.bisect_right(self.ends, i)
        i -= self.ends[k - 1] if k else 0
        mask = 0
        for choices in self.blocks[k]:
            i, j = divmod(i, len(choices))
            mask |= choices[j]
        return self.make(mask)

    def __iter__(self):
        yield from self.head
        for block in self.blocks:
            for picks in itertools.product(*block):
                yield self.make(sum(picks))


def all_plays(hand: int) -> list[Block]:
    """Every combination in `hand`, for leading a trick."""
    sets = [(ALL_SETS[r][hand >> (4 * r) & 15],) for r in range(13) if hand >> (4 * r) & 15]
    return sets + _all_chains(hand, 1, None, -1) + _all_chains(hand, 2, None, -1)


def can_follow(hand: int, cur) -> bool:
    """Does `hand` hold a combination of `cur`'s kind and size above it (chops aside)?"""
    kind, size, top = cur
    if kind == RUN:
        return len(Plays(_all_chains(hand, 1, size, top))) > 0
    if kind == DOUBLE_RUN:
        return len(Plays(_all_chains(hand, 2, size // 2, top))) > 0
    return bool(_sets(hand, size, top))


def beating_plays(hand: int, cur, cur_is_chop: bool, overchop: bool) -> list[Block]:
    """Every combination in `hand` that beats `cur`."""
    kind, size, top = cur
    same_ok = overchop or not cur_is_chop or kind == BOMB
    out: list[Block] = []
    if same_ok:
        if kind == RUN:
            out = _all_chains(hand, 1, size, top)
        elif kind == DOUBLE_RUN:
            out = _all_chains(hand, 2, size // 2, top)
        else:
            out = [(tuple(_sets(hand, size, top)),)]
    bombs_listed = kind == BOMB
    if is_two_set(cur):
        if kind == SINGLE:
            out.append((tuple(_sets(hand, 4, -1)),))
            bombs_listed = True
        for run_size, twos in DOUBLE_RUN_CHOPS.items():
            if twos == size:
                out += _all_chains(hand, 2, run_size // 2, -1)
    if not bombs_listed and hand & ALL_TWOS == ALL_TWOS:
        out.append(((ALL_TWOS,),))
    return out


#: how many cards of one rank a set holds, as said aloud ("three 7s")
SET_WORDS = {2: "a pair of", 3: "three", 4: "four"}


def play_words(faces) -> str:
    """A play as said aloud, with what a player needs to know to beat it: 'the 7 of Stars',
    'a pair of 7s (Stars and Coins)', 'four 2s', 'a run of 3 to 6, up to the 6 of Stars',
    'a double run of 3s to 5s, up to the 5 of Blades'. Suits are told because they break
    ties (clause D5); a bomb holds every suit, so it needs none."""
    faces = sorted(faces)
    combo = classify(mask_of(faces))
    kind = combo[0] if combo else None
    if len(faces) == 1:
        return card_words(faces[0])
    if kind in (PAIR, TRIPLE, BOMB):
        said = f"{SET_WORDS[len(faces)]} {rank_words(faces[0], True)}"
        suits = join_words([SUIT_NAMES[suit(f)] for f in faces])
        return said if kind == BOMB else f"{said} ({suits})"
    if kind in (RUN, DOUBLE_RUN):
        double = kind == DOUBLE_RUN
        span = f"{rank_words(faces[0], double)} to {rank_words(faces[-1], double)}"
        return f"a {'double ' if double else ''}run of {span}, up to {card_words(faces[-1])}"
    return join_words([card_words(f) for f in faces])  # not a combination: each card told
