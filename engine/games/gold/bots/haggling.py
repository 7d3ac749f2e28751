"""What each other seat at the talks will accept, learned during the match, and the split
that passes: the hard bot's negotiation (engine.games.gold.bots.search.SearchingBot).

Every proposal, accept and refusal at the talks is public. From them the hard bot learns,
seat by seat, a rule of acceptance (`Rule`): a seat accepts a split when its share is worth
at least some fraction of its due — its share as a fair split by attack strength would give
it — the fraction falling as the talks run on. Worth is measured one of two ways, and the
model keeps the one that explains the seat's answers best: by the tokens' plain prices
(a player who counts tokens), or by what the split does to the seat's margin over the best
other player at the end (a player who plays for the score, who also never takes a split
that leaves it worse off). Some seats also yield late in the talks when they alone hold a
split up: then they take any split worth something to them. A seat that accepts a split
on the table answers yes; one that counters or rejects it refuses it. Its own proposal is
no answer: it says what the seat asks for, not the least it takes of another's split.
Until a seat has answered often, the rule assumed of a fair player for the score (`PRIOR`)
weighs as much as a few answers (`PRIOR_WEIGHT`), so a few answers that the screens' unseen
colours made look odd do not outweigh it.

The screens are known but for what thefts the seat was not shown moved, so a split's
effect on a margin is weighed in a few worlds of the screens (engine.games.gold.bots.worlds
samples them), and a rule gives the chance that a seat accepts: the share of those worlds
where it would. With those rules the hard bot looks for the split worth most to it as a
bet — its gain times the chance that every other seat accepts it (`best_split`: a climb
from proportional splits, one token moved at a time) — proposes it, and accepts a split
on the table only when that is about as good.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.gold import moves
from engine.games.gold.scoring import score

#: the fractions of its due a seat may insist on, and how fast that falls with the talks
FRACTIONS = tuple(i / 10 for i in range(16))
SOFTENING = (0.0, 0.5, 1.0)
#: the rule assumed of a seat before it has answered anything: a fair player for the score
#: who yields late to a split worth something when it alone holds it up
PRIOR = ("margin", 1.0, 0.5, True)
PRIOR_WEIGHT = 3.0  # the misses the prior's rule is spared, against every other rule
LATE = 0.6  # how late the talks are when a yielding seat gives in
YIELD = 0.5  # what a yielding seat's worth must pass (worths and margins are whole points)
SLACK = 0.25  # what a seat overlooks below its threshold (the bots' rounding)
LEAD = 0.25  # the weight of a split's points against the others' average beside its margin
#: the most splits the search for the best bet weighs at one decision (each costs a score
#: per seat and world): its climbs stop there, with the best found so far
LOOKS = 60


@dataclass(frozen=True, slots=True)
class Answer:
    """A seat's answer to a split: its worth to the seat both ways, against its due, at
    `late` (0 as the talks open, 1 when the proposals expected are all made)."""

    seat: int
    margins: tuple[float, ...]  # in each world of the screens
    margin_due: float
    share: float
    share_due: float
    late: float
    holdout: bool  # every other involved seat had accepted the split
    accepted: bool


@dataclass(frozen=True, slots=True)
class Rule:
    """Accept when worth (by `kind`) >= `fraction` * due * (1 - `softening` * late); if
    it `yields`, also when the talks are past LATE and the seat alone holds the split up,
    any split worth something to it."""

    kind: str  # "margin" or "share"
    fraction: float
    softening: float
    yields: bool

    def chance(self, answer: Answer) -> float:
        """The share of the worlds of the screens in which the seat accepts."""
        if self.kind == "share":
            return float(answer.share >= self._least(answer)
                         or (answer.share > 0 and self._yielding(answer)))
        if answer.share <= 0:
            return 0.0
        least, margins = self._least(answer), answer.margins
        if self._yielding(answer):
            return sum(m >= least or m > 0 for m in margins) / len(margins)
        return sum(m >= least for m in margins) / len(margins)

    def _yielding(self, answer: Answer) -> bool:
        return self.yields and answer.holdout and answer.late > LATE

    def shortfall(self, answer: Answer) -> float:
        """How far the split falls short of the seat's threshold, on average: where no
        single token moved makes it likelier to pass, the way towards passing."""
        least = self._least(answer)
        if self._yielding(answer):
            least = min(least, YIELD)
        if self.kind == "share":
            return max(0.0, least - answer.share)
        margins = answer.margins
        return sum(max(0.0, least - m) for m in margins) / len(margins) + (answer.share <= 0)

    def _least(self, answer: Answer) -> float:
        scale = self.fraction * (1.0 - self.softening * answer.late)
        if self.kind == "share":
            return scale * answer.share_due - SLACK
        return max(0.0, scale * max(0.0, answer.margin_due) - SLACK)


RULES = tuple(sorted(
    (Rule(kind, f, s, y) for kind in ("margin", "share") for f in FRACTIONS for s in SOFTENING
     for y in (True, False)),
    key=lambda r: (r.kind != PRIOR[0], abs(r.fraction - PRIOR[1]), abs(r.softening - PRIOR[2]),
                   r.yields != PRIOR[3])))
#: each rule's misses before any answer: the prior's none, every other's PRIOR_WEIGHT
HANDICAP = tuple(0.0 if (r.kind, r.fraction, r.softening, r.yields) == PRIOR else PRIOR_WEIGHT
                 for r in RULES)


class Tally:
    """How badly each rule explains each seat's answers so far: per seat, the misses of
    every rule of RULES (1 for an answer it gets wrong, its chance's error in part). An
    answer is weighed against the rules once, when it is added, so a fit costs nothing
    however long the match."""

    def __init__(self):
        self.misses: dict[int, list[float]] = {}

    def add(self, answers: list[Answer]) -> None:
        for answer in answers:
            row = self.misses.setdefault(answer.seat, [0.0] * len(RULES))
            for r, rule in enumerate(RULES):
                row[r] += abs(rule.chance(answer) - answer.accepted)

    def fit(self, seat: int, more: Tally) -> Rule:
        """The rule that explains `seat`'s answers (here and in `more`) best; ties go to the
        one that explains every seat's answers best (one table's players are often alike),
        then to the prior's nearest."""
        own = [a + b + h for a, b, h in zip(self._row(seat), more._row(seat), HANDICAP,
                                            strict=True)]
        every = [0.0] * len(RULES)
        for tally in (self, more):
            for row in tally.misses.values():
                every = [a + b for a, b in zip(every, row, strict=True)]
        best = min(range(len(RULES)), key=lambda r: (round(own[r], 9), round(every[r], 9), r))
        return RULES[best]

    def _row(self, seat: int) -> list[float]:
        return self.misses.get(seat, [0.0] * len(RULES))


def fit(answers: list[Answer], seat: int) -> Rule:
    """The rule that explains `seat`'s `answers` best (`Tally.fit`)."""
    tally = Tally()
    tally.add(answers)
    return tally.fit(seat, Tally())


def weighed(margin: float, worths, mine: int, seats: int, standing_weight: float) -> float:
    """A split's value to the share at `mine`: its `margin` as the screens stand, by the
    standing's weight; the rest, that share's worth by the tokens' prices (`worths`, share
    by share) against what the split gives the other seats of the table on average (those
    outside the talks get nothing)."""
    lead = worths[mine] - (sum(worths) - worths[mine]) / (seats - 1)
    return standing_weight * margin + (1.0 - standing_weight) * lead


class Table:
    """One kill's talks as a seat sees them: the screens as they may be (`worlds`: in each,
    the screens as every seat believes them, by seat — a theft moved a token of a colour
    only the thief and the victim were shown), what a split is worth to each involved seat
    both ways (its margin as it believes the screens, world by world), and their dues.
    Screens do not change during talks."""

    def __init__(self, worlds, advanced: bool, involved, hoard, fair_split, base,
                 standing_weight: float = 1.0):
        self.worlds, self.advanced = worlds, advanced
        self.standing_weight = standing_weight  # how much the standing as it is counts
        self.involved, self.hoard, self.base = tuple(involved), tuple(hoard), base
        self.memo: dict[tuple, tuple] = {}  # split -> margins: climbs revisit
        self.scored: dict[tuple, list] = {}  # split -> per world, each believed screens' points
        self.leads: dict[tuple, float] = {}  # (seat, split) -> its points against the others'
        self.standing: dict[int, tuple] = {}  # a world's screens (by id) -> their points
        self.before = [[self._margin(self._points(views[seat]), seat)
                        for seat in self.involved] for views in worlds]
        self.margin_due = self.margins(fair_split)
        self.share_due = tuple(self.worth(share) for share in fair_split)
        self.steps = len(self.involved) * 4  # the proposals by which talks are late

    def worth(self, counts) -> float:
        return sum(n * self.base[c] for c, n in enumerate(counts))

    def _points(self, screens, split=None) -> tuple[int, ...]:
        """The points of `screens` (with `split` handed out to the involved seats)."""
        if split is not None:
            screens = [list(sc) for sc in screens]
            for seat, share in zip(self.involved, split, strict=True):
                screens[seat] = [a + b for a, b in zip(screens[seat], share, strict=True)]
        return score(screens, self.advanced)

    @staticmethod
    def _margin(points, seat: int) -> float:
        return points[seat] - max(p for s, p in enumerate(points) if s != seat)

    def in_worlds(self, split) -> tuple[tuple[float, ...], ...]:
        """What handing out `split` does to each involved seat's margin (the box: 0), world
        by world: per seat, a margin per world."""
        key = tuple(map(tuple, split))
        known = self.memo.get(key)
        if known is not None:
            return known
        rows, scored = [], []
        for views, before in zip(self.worlds, self.before, strict=True):
            row, points = [], {}  # seats that believe the same screens share one score
            for i, seat in enumerate(self.involved):
                view = views[seat]
                if id(view) not in points:
                    points[id(view)] = self._points(view, split)
                row.append(self._margin(points[id(view)], seat) - before[i])
            rows.append(row)
            scored.append(points)
        self.scored[key] = scored
        out = self.memo[key] = tuple(zip(*rows, strict=True))
        return out

    def margins(self, split) -> tuple[float, ...]:
        """Each involved seat's margin gain from `split`, on average over the worlds."""
        return tuple(sum(m) / len(m) for m in self.in_worlds(split))

    def value(self, split, seat: int) -> float:
        """What `split` is worth to `seat` playing for the win: its margin gain, and by
        LEAD what it does to its points against the others' on average (the best other
        player today need not be the one to beat at the end), over the worlds — by the
        standing's weight; the rest, its share's worth by the tokens' prices against the
        others' (`weighed`): majorities won now may change hands before the end."""
        margin = self.margins(split)[self.involved.index(seat)]  # scores the split too
        key = (seat, tuple(map(tuple, split)))
        known = self.leads.get(key)
        if known is None:
            total = 0.0
            for views, after in zip(self.worlds, self.scored[key[1]], strict=True):
                view = views[seat]
                if id(view) not in self.standing:
                    self.standing[id(view)] = self._points(view)
                gained = [a - b for a, b in zip(after[id(view)], self.standing[id(view)],
                                                strict=True)]
                others = [g for s, g in enumerate(gained) if s != seat]
                total += gained[seat] - sum(others) / len(others)
            known = self.leads[key] = total / len(self.worlds)
        return weighed(margin + LEAD * known, [self.worth(share) for share in split],
                       self.involved.index(seat), len(self.worlds[0]), self.standing_weight)

    def late(self, proposals: int) -> float:
        return min(1.0, proposals / self.steps)

    def _answer(self, split, proposals: int, seat: int, accepted: bool, before=()) -> Answer:
        """`seat`'s answer to `split` after `proposals` were made, the seats in `before`
        having accepted it."""
        i = self.involved.index(seat)
        holdout = all(s in before for s in self.involved if s != seat)
        return Answer(seat, self.in_worlds(split)[i], self.margin_due[i], self.worth(split[i]),
                      self.share_due[i], self.late(proposals), holdout, accepted)

    def heard(self, history) -> list[Answer]:
        """Every answer given at these talks, read from the public `history` (whose last
        NegotiationOpened opened them)."""
        start = max((i for i, e in enumerate(history)
                     if isinstance(e, moves.NegotiationOpened)), default=-1)
        out: list[Answer] = []
        split, accepted, made = None, set(), 0
        for event in history[start + 1:]:
            if isinstance(event, moves.Proposed):
                if split is not None and event.seat not in accepted:
                    out.append(self._answer(split, made, event.seat, False, accepted))  # a counter
                # its own split says what it asks, not what it accepts of another's
                split, accepted, made = event.split, {event.seat}, made + 1
            elif isinstance(event, moves.Accepted) and split is not None:
                out.append(self._answer(split, made, event.seat, True, accepted))
                accepted.add(event.seat)
            elif isinstance(event, moves.Rejected) and split is not None:
                out.append(self._answer(split, made, event.seat, False, accepted))
                split, accepted = None, set()
        return out

    def passes(self, split, rules: dict[int, Rule], proposals: int, me: int,
               accepted=()) -> float:
        """How likely `rules` say every other involved seat accepts `split` (those who
        have `accepted` it already: surely)."""
        return self._odds(split, rules, proposals, me, accepted)[0]

    def _odds(self, split, rules, proposals, me, accepted=()) -> tuple[float, float]:
        """The chance that every other seat (but those who `accepted`) accepts `split`, and
        the sum of their shortfalls. The seats answer in seat order, each after those before
        it accepted: the last holds the split up alone."""
        chance, short = 1.0, 0.0
        yes = {me, *accepted}
        for seat in self.involved:
            if seat not in yes:
                answer = self._answer(split, proposals, seat, True, yes)
                chance *= rules[seat].chance(answer)
                short += rules[seat].shortfall(answer)
                yes.add(seat)
        return chance, short

    def best_split(self, starts, rules: dict[int, Rule], proposals: int, me: int):
        """The split worth most to `me` as a bet — its gain times the chance that every
        other seat accepts it (the box gives nothing) — climbing from each of `starts` one
        token moved at a time; with its gain and that chance."""
        mine = self.involved.index(me)
        best = None
        for start in starts:
            split = [list(share) for share in start]
            key = self._key(split, rules, proposals, me, mine)
            limit = len(self.memo) + LOOKS // len(starts)
            while True:
                moved = self._climb(split, key, rules, proposals, me, mine, limit)
                if moved is None:
                    break
                key = moved
            if best is None or key > best[0]:
                best = (key, tuple(map(tuple, split)))
        (_, _, chance, gain), split = best
        return split, gain, chance

    def _key(self, split, rules, proposals, me, mine) -> tuple[float, float, float, float]:
        """(what the split is worth as a bet, how near it is to passing, the chance it
        passes, its gain)."""
        gain = self.value(split, me)
        chance, short = self._odds(split, rules, proposals, me)
        return round(chance * gain, 9), round(-short, 9), chance, gain

    def _climb(self, split, key, rules, proposals, me, mine, limit: int):
        """Make the first move of one token from a share to another, or swap of two tokens
        between shares, that raises the bet's worth (or brings it nearer to passing); its
        new key, or None (also once `limit` splits are weighed)."""
        for moves_one in (_transfers, _swaps):
            for undo in moves_one(split, mine):
                if len(self.memo) >= limit:
                    undo()
                    return None
                moved = self._key(split, rules, proposals, me, mine)
                if moved > key:
                    return moved
                undo()
        return None


def _transfers(split, mine: int):
    """Each move of one token from one share to another, made in place; yields its undo."""
    for i, giver in enumerate(split):
        for colour in range(9):
            for j, taker in enumerate(split):
                if j != i and giver[colour]:
                    _move(giver, taker, colour)
                    yield lambda g=giver, t=taker, c=colour: _move(t, g, c)


def _swaps(split, mine: int):
    """Each swap of a token of one colour for one of another between the share at `mine`
    and another, made in place; yields its undo."""
    one = split[mine]
    for other in split:
        if other is one:
            continue
        for a in range(9):
            for b in range(9):
                if a != b and one[a] and other[b]:
                    _move(one, other, a)
                    _move(other, one, b)
                    yield lambda x=one, y=other, a=a, b=b: (_move(y, x, a), _move(x, y, b))


def _move(giver: list[int], taker: list[int], colour: int) -> None:
    giver[colour] -= 1
    taker[colour] += 1
