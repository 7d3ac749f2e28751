"""Every way to split a hoard, as lazy sequences: a hoard of twenty tokens
among four players has billions of splits, so legal actions index them
instead of listing them (as Dragon's legal plays do).

A split assigns each of k shares a nine-count tuple whose column sums are the
hoard. Unranking works colour by colour: the tokens of one colour form a
(weak) composition into the k shares, and compositions are unranked as
combinations (stars and bars).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from engine.game import LazyActions
from engine.games.gold.tokens import is_counts


def _unrank_combination(n: int, r: int, index: int) -> list[int]:
    """The index-th r-subset of range(n) in lexicographic order."""
    out, start = [], 0
    for left in range(r, 0, -1):
        while True:
            ways = comb(n - start - 1, left - 1)
            if index < ways:
                break
            index -= ways
            start += 1
        out.append(start)
        start += 1
    return out


def weak_composition(total: int, parts: int, index: int) -> list[int]:
    """The index-th way to put `total` tokens into `parts` shares, empty shares allowed."""
    bars = _unrank_combination(total + parts - 1, parts - 1, index)
    out, last = [], -1
    for bar in bars:
        out.append(bar - last - 1)
        last = bar
    out.append(total + parts - 1 - last - 1)
    return out


def positive_composition(total: int, parts: int, index: int) -> list[int]:
    """The index-th way to put `total` tokens into `parts` shares, each getting one or more."""
    return [n + 1 for n in weak_composition(total - parts, parts, index)]


@lru_cache(maxsize=8)
def _subsets(k: int) -> tuple[tuple[int, ...], ...]:
    """Subsets of range(k) as tuples of members, by bitmask."""
    return tuple(tuple(i for i in range(k) if m >> i & 1) for m in range(1 << k))


class Splits(LazyActions):
    """Every split of `hoard` into `shares` ordered shares with at least `filled`
    non-empty shares, as tuples of nine-count tuples. `wrap` turns one into an action.
    Membership is checked by counting, not by a walk through the billions."""

    detached = True

    def __init__(self, hoard, shares: int, filled: int, wrap):
        self.hoard, self.k, self.filled, self.wrap = tuple(hoard), shares, filled, wrap
        self.colours = [c for c in range(9) if hoard[c]]
        self._ways: dict[tuple[int, int], int] = {}
        self.size = self._count(0, 0)

    def _count(self, i: int, mask: int) -> int:
        """Ways to place colours i.. given that the shares in `mask` are already filled."""
        if i == len(self.colours):
            return 1 if mask.bit_count() >= self.filled else 0
        key = (i, mask)
        if key not in self._ways:
            if self.filled == 0:  # no constraint: one weak composition per colour
                total = self.hoard[self.colours[i]]
                self._ways[key] = comb(total + self.k - 1, self.k - 1) * self._count(i + 1, 0)
            else:
                self._ways[key] = sum(w for _, _, w in self._options(i, mask))
        return self._ways[key]

    def _options(self, i: int, mask: int):
        """(support, composition count, ways) for colour i landing on each set of shares."""
        total = self.hoard[self.colours[i]]
        for support in range(1, 1 << self.k):
            parts = support.bit_count()
            if parts > total:
                continue
            rest = self._count(i + 1, mask | support)
            if rest:
                compositions = comb(total - 1, parts - 1)
                yield support, compositions, compositions * rest

    def build(self, i: int):
        return self.wrap(self.split(i))

    def allows(self, split) -> bool:
        """Is `split` one of these: one nine-count share per part, the hoard in all, and
        at least `filled` shares holding something?"""
        if not isinstance(split, tuple) or len(split) != self.k or not all(
                is_counts(share) for share in split):
            return False
        sums = tuple(map(sum, zip(*split, strict=True)))
        return sums == self.hoard and sum(1 for share in split if any(share)) >= self.filled

    def __contains__(self, action) -> bool:
        split = getattr(action, "split", getattr(action, "shares", None))
        return self.allows(split) and self.wrap(split) == action

    def split(self, index: int) -> tuple[tuple[int, ...], ...]:
        shares = [[0] * 9 for _ in range(self.k)]
        mask = 0
        for i, colour in enumerate(self.colours):
            total = self.hoard[colour]
            if self.filled == 0:
                rest = self._count(i + 1, 0)
                index, rest_index = divmod(index, rest)
                amounts = weak_composition(total, self.k, index)
                index = rest_index
                for s in range(self.k):
                    shares[s][colour] = amounts[s]
                continue
            for support, compositions, ways in self._options(i, mask):
                if index >= ways:
                    index -= ways
                    continue
                rest = ways // compositions
                which, index = divmod(index, rest)
                members = _subsets(self.k)[support]
                amounts = positive_composition(total, len(members), which)
                for s, n in zip(members, amounts, strict=True):
                    shares[s][colour] = n
                mask |= support
                break
        return tuple(tuple(share) for share in shares)


class Offers(LazyActions):
    """Every market offer `seat` may make: for each partner, any tokens of its own
    to give and any tokens to ask for (at most the partner's count of each colour
    there is), not both empty. `wrap(partner, give, get)` makes the action."""

    detached = True

    def __init__(self, own, partners: list[tuple[int, int]], supply, wrap):
        self.own, self.wrap = tuple(own), wrap
        self.asks = {partner: tuple(min(count, s) for s in supply)
                     for partner, count in partners}
        self.give_radix = [n + 1 for n in own]
        give_space = 1
        for r in self.give_radix:
            give_space *= r
        self.blocks = []  # (partner, get radix, first index, size)
        start = 0
        for partner, count in partners:
            radix = [min(count, s) + 1 for s in supply]
            space = give_space
            for r in radix:
                space *= r
            self.blocks.append((partner, radix, start, space - 1))
            start += space - 1
        self.size = start

    def build(self, i: int):
        partner, radix, start, _ = next(b for b in self.blocks if i < b[2] + b[3])
        index = i - start + 1  # index 0 would be the empty offer
        give = _digits(index, self.give_radix)
        for r in self.give_radix:
            index //= r
        return self.wrap(partner, give, _digits(index, radix))


    def allows(self, partner: int, give, get) -> bool:
        """May this seat offer `partner` these tokens for those?"""
        most = self.asks.get(partner)
        return (most is not None and is_counts(give) and is_counts(get)
                and (any(give) or any(get))
                and all(g <= n for g, n in zip(give, self.own, strict=True))
                and all(g <= n for g, n in zip(get, most, strict=True)))

    def __contains__(self, action) -> bool:
        fields = getattr(action, "partner", None), getattr(action, "give", None), \
            getattr(action, "get", None)
        return self.allows(*fields) and self.wrap(*fields) == action


def _digits(value: int, radix) -> tuple[int, ...]:
    out = []
    for r in radix:
        value, digit = divmod(value, r)
        out.append(digit)
    return tuple(out)


class Chain(LazyActions):
    """A short list of actions followed by a lazy sequence, as one sequence."""

    def __init__(self, head: list, tail: Sequence):
        self.head, self.tail = head, tail
        self.size = len(head) + len(tail)
        self.detached = getattr(tail, "detached", False)

    def __contains__(self, action) -> bool:
        return action in self.head or action in self.tail

    def build(self, i: int):
        return self.head[i] if i < len(self.head) else self.tail[i - len(self.head)]
