"""Combinations, what beats what, and fast generation of plays from a hand.

A set of faces is a 52-bit mask; rank r occupies the nibble at bit 4r. A
combination is summed up as (kind, size, top) where top is its highest face:
same kind and size with a higher top beats it (clause D5), and the chops of
clause D6 beat sets of 2s.
"""

from __future__ import annotations

from engine.games.dragon.cards import ACE, TWO

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
#: a double run of this many cards chops a set of 2s of this size (clause D6)
DOUBLE_RUN_CHOPS = {6: 1, 8: 2, 10: 3}


def mask_of(faces) -> int:
    mask = 0
    for face in faces:
        mask |= 1 << face
    return mask


def faces_of(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


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

def _nibbles(mask: int) -> list[int]:
    return [(mask >> (4 * r)) & 15 for r in range(13)]


def _sets(hand: int, k: int, above: int) -> list[int]:
    """Sets of k cards of one rank whose top face is above `above`."""
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


def _chains(nibbles, per_rank: int, start: int, length: int, above: int) -> list[int]:
    """Every run (per_rank 1) or double run (2) over ranks start..start+length-1."""
    combos = [0]
    last = start + length - 1
    for r in range(start, last + 1):
        shift = 4 * r
        subs = SUBSETS[nibbles[r]][per_rank]
        if r == last:
            subs = [s for s in subs if ((s << shift).bit_length() - 1) > above]
        combos = [c | (s << shift) for c in combos for s in subs]
    return combos


def _all_chains(nibbles, per_rank: int, length: int | None, above: int) -> list[int]:
    """Chains of one length (or every length >= 3 when None), tops above `above`."""
    out = []
    r = 0
    while r <= ACE:
        if nibbles[r].bit_count() < per_rank:
            r += 1
            continue
        end = r
        while end + 1 <= ACE and nibbles[end + 1].bit_count() >= per_rank:
            end += 1
        seg = end - r + 1
        lengths = range(3, seg + 1) if length is None else (length,) if length <= seg else ()
        for n in lengths:
            for s in range(r, end - n + 2):
                out.extend(_chains(nibbles, per_rank, s, n, above))
        r = end + 1
    return out


def all_plays(hand: int) -> list[int]:
    """Every combination in `hand`, for leading a trick."""
    nib = _nibbles(hand)
    out = _sets(hand, 1, -1) + _sets(hand, 2, -1) + _sets(hand, 3, -1) + _sets(hand, 4, -1)
    return out + _all_chains(nib, 1, None, -1) + _all_chains(nib, 2, None, -1)


def beating_plays(hand: int, cur, cur_is_chop: bool, overchop: bool) -> list[int]:
    """Every combination in `hand` that beats `cur`."""
    kind, size, top = cur
    same_ok = overchop or not cur_is_chop or kind == BOMB
    out: list[int] = []
    if same_ok:
        if kind == RUN:
            out = _all_chains(_nibbles(hand), 1, size, top)
        elif kind == DOUBLE_RUN:
            out = _all_chains(_nibbles(hand), 2, size // 2, top)
        else:
            out = _sets(hand, size, top)
    bombs_listed = kind == BOMB
    if is_two_set(cur):
        if kind == SINGLE:
            out += _sets(hand, 4, -1)
            bombs_listed = True
        for run_size, twos in DOUBLE_RUN_CHOPS.items():
            if twos == size:
                out += _all_chains(_nibbles(hand), 2, run_size // 2, -1)
    if not bombs_listed and hand & ALL_TWOS == ALL_TWOS:
        out.append(ALL_TWOS)
    return out
