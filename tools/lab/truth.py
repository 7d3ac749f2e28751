"""How a searching bot's choices compare with what knowing the hands would choose:
`python -m tools.lab.truth --game den [--matches N] [--seed S]`. Prints one JSON object.

The bench (`tools.bench bots`) says how often a level wins, over hundreds of matches; this
says where its search stands, from a few. The searching seat (its seat turning round the
table from match to match) plays with the others' level in the other seats; at each of its
searches, every candidate it weighed is played out again, each the same way the search
plays it, on `--truth` worlds that deal the real hands (only what no seat has seen yet is
shuffled: the stock, later hands) and on `--sampled` worlds sampled as the bot samples
them, none left out of the race. Against the default candidate (the first: the plan's or
the easy bot's choice):
- the oracle's gain: the best candidate in truth — what seeing the hands is worth among
  these candidates;
- the search's gain: the candidate it chose, in truth; `captured` is its share of the oracle's;
- the gain of the best candidate on the sampled worlds, with no race and no bar;
- the correlation, over every (search, candidate), of its difference from the default on the
  sampled worlds with its difference in truth: how well the worlds tell candidates apart.

Gains are a playout's value (`engine.search.value`) averaged per search, given apart for the
searches played for the lead (points) and those played for the match (10^6 times the
chance of winning it, plus the lead: Den's every search, another game's in its last hand).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass, field, replace

from engine.local import play
from engine.registry import get_game
from engine.search import WON, SearchBot, sampled_world
from tools.bench.bots import match_players

GAMES = ("den", "dragon", "wild")  # the games whose searching bots sample hands' worlds


@dataclass
class Search:
    """One search: each candidate's mean value in truth and on the sampled worlds, and
    which candidate the bot chose."""

    chosen: int
    truth: list[float]
    sampled: list[float]


@dataclass
class Recorder:
    """Wraps one searching bot: at each of its choices among candidates, the candidates are
    weighed again in truth and on unraced sampled worlds."""

    bot: SearchBot
    game: object
    truth_worlds: int
    sampled_worlds: int
    rng: random.Random
    real: object  # the match's own state, as the table plays it
    searches: list[Search] = field(default_factory=list)

    def __post_init__(self) -> None:
        weigh, pick = self.bot.weigh, self.bot.pick
        seen = {}

        def weighing(game, obs, candidates, start, used=0.0):
            seen["obs"] = obs
            return weigh(game, obs, candidates, start, used=used)

        def picking(candidates, results):
            chosen = pick(candidates, results)
            if results and results[0]:  # a search that played worlds out
                self.record(seen["obs"], candidates, candidates.index(chosen))
            return chosen

        self.bot.weigh, self.bot.pick = weighing, picking

    def record(self, obs, candidates: list, chosen: int) -> None:
        told = replace(obs, known=self.real)  # the seat told every hand
        self.searches.append(Search(chosen, self.means(told, candidates, self.truth_worlds),
                                    self.means(obs, candidates, self.sampled_worlds)))

    def means(self, obs, candidates: list, worlds: int) -> list[float]:
        """Each candidate's mean value over `worlds` worlds sampled from `obs`, every
        candidate meeting the same worlds."""
        totals = [0.0] * len(candidates)
        for _ in range(worlds):
            seed = self.rng.getrandbits(64)
            world = sampled_world(self.game, obs, seed)
            for i, candidate in enumerate(candidates):
                totals[i] += self.bot.playout(self.game, obs.seat, candidate, world, seed)
        return [t / worlds for t in totals]


def run(args) -> dict:
    game = get_game(args.game)
    config, seats = game.configure({}, 4)
    rng = random.Random(args.seed)
    searches: list[Search] = []
    for n in range(args.matches):
        seed, me, bots = match_players(game, args.level, args.others, args.seed, n, seats)
        if not isinstance(bots[me], SearchBot):
            raise SystemExit(f"{args.game}'s {args.level} bot does not search")
        state = game.setup(config, seats)
        recorder = Recorder(bots[me], game, args.truth, args.sampled, rng, state)
        for _ in play(game, state, bots, seed):
            if len(searches) + len(recorder.searches) >= args.searches:
                break
        searches += recorder.searches
        print(f"match {n + 1} of {args.matches}: {len(searches)} searches weighed",
              file=sys.stderr, flush=True)  # minutes a match: the JSON comes at the end
        if len(searches) >= args.searches:
            break
    return report(args, searches)


def report(args, searches: list[Search]) -> dict:
    overrules = [s for s in searches if s.chosen]
    for_match = [s for s in searches if max(map(abs, s.truth + s.sampled)) >= MATCH_SCALE]
    return {
        "lab": "truth", "game": args.game, "level": args.level, "others": args.others,
        "seed": args.seed, "searches": len(searches),
        "truth_worlds": args.truth, "sampled_worlds": args.sampled,
        "overrules": len(overrules),
        "overrules_better_in_truth": sum(s.truth[s.chosen] > s.truth[0] for s in overrules),
        "overrules_worse_in_truth": sum(s.truth[s.chosen] < s.truth[0] for s in overrules),
        "for_the_lead": gains([s for s in searches if s not in for_match]),
        "for_the_match": gains(for_match),
    }


#: a value this large is a match's chance (engine.search.WON times it), not a lead in points:
#: the two are reported apart, since a mean of both is the match's alone
MATCH_SCALE = WON / 100


def gains(searches: list[Search]) -> dict:
    """The searches' mean gains in truth over their default (the search's choice, the
    oracle's, the best on the unraced sampled worlds), the search's share of the oracle's
    gain, and how well the sampled worlds tell each candidate from the default."""
    n = len(searches)

    def gain(pick) -> float | None:
        return round(sum(s.truth[pick(s)] - s.truth[0] for s in searches) / n, 2) if n else None

    search = gain(lambda s: s.chosen)
    oracle = gain(lambda s: best(s.truth))
    return {
        "searches": n, "search": search, "oracle": oracle,
        "sampled_best": gain(lambda s: best(s.sampled)),
        "captured": round(search / oracle, 3) if oracle else None,
        "correlation": correlation([(s.sampled[i] - s.sampled[0], s.truth[i] - s.truth[0])
                                    for s in searches for i in range(1, len(s.truth))]),
    }


def best(values: list[float]) -> int:
    """The index of the highest value (ties: the first)."""
    return max(range(len(values)), key=values.__getitem__)


def correlation(pairs: list[tuple[float, float]]) -> float | None:
    """Pearson's correlation of the pairs; None where either side does not vary."""
    n = len(pairs)
    if n < 2:
        return None
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx, syy = sum((x - mx) ** 2 for x, _ in pairs), sum((y - my) ** 2 for _, y in pairs)
    return round(sxy / math.sqrt(sxx * syy), 3) if sxx and syy else None


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.truth", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, default="den")
    parser.add_argument("--level", default="hard", help="the searching seat's level")
    parser.add_argument("--others", default="normal",
                        help="the other seats' level, or the bench's baseline")
    parser.add_argument("--matches", type=int, default=10, help="at most this many matches")
    parser.add_argument("--searches", type=int, default=1_000_000,
                        help="stop once this many searches are weighed")
    parser.add_argument("--truth", type=int, default=100, help="truth worlds a search")
    parser.add_argument("--sampled", type=int, default=64, help="sampled worlds a search")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for name in ("matches", "searches", "truth", "sampled"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    print(json.dumps(run(args)))


if __name__ == "__main__":
    main()
