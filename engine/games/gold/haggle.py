"""What the other seats at the talks will accept, learned during the match, and the split
worth most to the hard bot among those they would accept.

A seat is taken to judge a split by what it does to its own margin over the best other
player (its points, from the screens everyone saw built), against its due: what the fair
split (shares by attack strength at base prices, the split every value bot starts from)
would do to that margin. It wants a share `ask` of that due: at first all of it, less
each time it accepts a split of the hard bot's, more each time it refuses one (rejects
it, puts its own on the table instead, or lets the sand run out on it). A seat that
settles for less is asked to settle for less next time; one that holds out is met.

>>> asks = Asks()
>>> asks.of(2)
1.0
"""

from __future__ import annotations

from engine.games.gold import moves
from engine.games.gold.scoring import score

#: a seat is first taken to want its full due
FIRST_ASK = 1.0
#: the least share of its due a seat is ever taken to settle for
LEAST_ASK = 0.4
#: the most a seat is ever taken to ask, in times its due
MOST_ASK = 1.6
#: how the ask moves: down after an accepted split, up after a refused one
EASE, RAISE = 0.9, 1.2


class Asks:
    """Each other seat's ask (a share of its due), learned from the public history."""

    def __init__(self):
        self.ask: dict[int, float] = {}
        self.heard: set[tuple[int, int]] = set()  # (serial, seat): each answer counted once

    def of(self, seat: int) -> float:
        return self.ask.get(seat, FIRST_ASK)

    def learn(self, history, me: int) -> None:
        """Read the answers to `me`'s proposals in `history` (the observation's public
        events, oldest first; a window, so read whole at every decision and counted once)."""
        mine, waiting = 0, set()  # my proposal on the table, and who has not accepted it
        for event in history:
            kind = type(event)
            if kind is moves.Proposed:
                if mine:  # a counter-proposal: the proposer refused mine
                    self._answer(mine, event.seat, RAISE)
                mine, waiting = (event.serial, set(event.involved) - {me}) \
                    if event.seat == me else (0, set())
            elif kind is moves.Accepted and event.serial == mine:
                waiting.discard(event.seat)
                self._answer(mine, event.seat, EASE)
            elif kind is moves.Rejected and event.serial == mine:
                self._answer(mine, event.seat, RAISE)
                mine = 0
            elif kind is moves.HoardLost and mine:  # the sand ran out on it
                for seat in waiting:
                    self._answer(mine, seat, RAISE)
                mine = 0
            elif kind in (moves.Agreed, moves.Rejected, moves.HoardLost):
                mine = 0

    def _answer(self, serial: int, seat: int, factor: float) -> None:
        if (serial, seat) in self.heard:
            return
        self.heard.add((serial, seat))
        self.ask[seat] = min(MOST_ASK, max(LEAST_ASK, self.of(seat) * factor))


def margins(screens, advanced: bool) -> list[int]:
    """Each seat's lead over the best other seat (negative: behind)."""
    points = score(screens, advanced)
    best, second = _top_two(points)
    return [p - (second if p == best else best) for p in points]


def _top_two(points) -> tuple[int, int]:
    ordered = sorted(points, reverse=True)
    return ordered[0], ordered[1]


class Splits:
    """The splits of one hoard among `involved` (a share per seat, in their order), judged
    by what they do to each seat's margin: `screens` are every seat's screen as `me`
    knows them."""

    def __init__(self, screens, advanced: bool, involved, me: int):
        self.screens, self.advanced, self.involved = screens, advanced, involved
        self.me = involved.index(me)
        self.before = margins(screens, advanced)

    def gains(self, split) -> list[int]:
        """What `split` does to each involved seat's margin."""
        after = [list(s) for s in self.screens]
        for seat, share in zip(self.involved, split, strict=True):
            after[seat] = [a + b for a, b in zip(after[seat], share, strict=True)]
        now = margins(after, self.advanced)
        return [now[s] - self.before[s] for s in self.involved]

    def best(self, fair, wants: list[float], rounds: int) -> tuple[tuple, float]:
        """`wants` is the least gain in its own margin each involved seat accepts (`me`'s
        is not read). From `fair`, move one token at a time (from any share to another, or one of
        `me`'s for one of another's) towards a split every other seat accepts (each
        share meets its want and holds a token) and, among those, the one worth most to
        `me`; at most `rounds` moves. The split and `me`'s gain."""
        split = [list(share) for share in fair]
        rank = self._rank(split, wants)
        for _ in range(rounds):
            better = self._better(split, wants, rank)
            if better is None:
                break
            split, rank = better
        return tuple(map(tuple, split)), rank[1]

    def _rank(self, split, wants) -> tuple[float, int]:
        """How far short of passing `split` falls (negated), then `me`'s gain."""
        gains = self.gains(split)
        short = sum(max(0.0, want - gain) + (0 if any(share) else 1.0 + want)
                    for k, (want, gain, share) in enumerate(zip(wants, gains, split, strict=True))
                    if k != self.me)
        return -short, gains[self.me]

    def _better(self, split, wants, rank):
        for trial in self._moves(split):
            trial_rank = self._rank(trial, wants)
            if trial_rank > rank:
                return trial, trial_rank
        return None

    def _moves(self, split):
        """Every split one move from `split`: a token from one share to another, or a
        token of `me`'s for one of another share's."""
        me, shares = self.me, range(len(split))
        for j in shares:
            for a in range(9):
                if not split[j][a]:
                    continue
                for k in shares:
                    if k != j:
                        yield _moved(split, ((j, k, a),))
                if j == me:
                    continue
                for b in range(9):
                    if b != a and split[me][b]:
                        yield _moved(split, ((j, me, a), (me, j, b)))


def _moved(split, moves_) -> list[list[int]]:
    """`split` with one token of colour c moved from share j to share k, per (j, k, c)."""
    out = [list(share) for share in split]
    for j, k, colour in moves_:
        out[j][colour] -= 1
        out[k][colour] += 1
    return out
