"""Bot levels against each other: win rates with 95 % intervals, and decision times.

Per game at its usual seat count, one bot of the level under test sits with bots of
the other level in every other seat; the seat it takes turns round the table from
match to match. Pairings: hard vs easy, normal vs easy, hard vs normal (--pairings
picks some). A tied win counts as a share. Matches are whole, as players play them
(--one-hand: one hand each, quicker but a level's edge shows less), in --jobs worker
processes side by side. Decision times are wall-clock per choice of the level's bot,
the trivial ones (a single legal action) included. Worlds are those a searching level
played out per search: its budget is CPU time cut off at a wall-clock limit, so on a
busy machine they show whether the wall clock cut the search short (and its figures
with it).

Besides the levels, "baseline" is a yardstick no player is offered: the plain determinized
Monte Carlo search a newcomer writes (`FlatSearch`), for pairings such as hard-baseline;
and "plan", the plan a hard bot checks with its search, alone (Dragon Den's turn planner,
Dragon's and Dragons Wild's PlanBot; in one process thousands of matches an hour), for
plan-easy: what a change to the plan is worth.
"""

from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import signal
import sys
import time
from argparse import Namespace
from typing import NamedTuple

from engine.bots import make_bot
from engine.games.den.hard import PlannerBot
from engine.games.dragon.plan import PlanBot as DragonPlan
from engine.games.wild.bots.plan import PlanBot as WildPlan
from engine.local import play
from engine.registry import get_game
from engine.search import SearchBot, sampled_world

SEATS = {"dragon": 4, "den": 4, "wild": 4, "gold": 4}
PAIRINGS = (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))
#: the levels, the baseline search they are measured against, and a hard bot's plan alone
LEVELS = ("easy", "normal", "hard", "baseline", "plan")
#: the games whose hard bot plays a plan that may be measured alone
PLANNERS = {"den": PlannerBot, "dragon": DragonPlan, "wild": WildPlan}
#: a long run says how it stands this often on stderr (the JSON comes at the end)
PROGRESS_SECONDS = 60.0


def add_arguments(parser) -> None:
    parser.add_argument("--games", default="dragon,den,wild,gold",
                        help="comma-separated game ids")
    parser.add_argument("--matches", type=int, default=200,
                        help="matches per game and pairing (fewer if --seconds runs out)")
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="wall-clock seconds per game and pairing at most")
    parser.add_argument("--budget", type=float, default=None,
                        help="the hard bot's thinking budget in seconds (default its own)")
    parser.add_argument("--stretch", type=float, default=None,
                        help="the searching levels' wall-clock cap, in times their CPU "
                             "budget (default their own: 1.6 hard, 2 normal); a large one "
                             "measures their strength as a quiet machine gives it")
    parser.add_argument("--one-hand", action="store_true",
                        help="matches of one hand each (quicker, but a level's edge shows "
                             "less than over a whole match)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="worker processes playing matches side by side (default 2: "
                             "this machine's cores; 1 plays them in this process)")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="comma-separated SUBJECT-OTHER level pairs, e.g. hard-normal; "
                             "\"baseline\" is a plain determinized search (FlatSearch)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-match", metavar="PATH", default=None,
                        help="append each match's result to PATH as a JSON line (game, "
                             "pairing, seed, match, share): two runs of two versions at one "
                             "seed play the same deals, and `python -m tools.lab.paired` "
                             "weighs them match by match")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1)


class Timed:
    """A bot whose every choice is timed into `times`, and each of its searches noted in
    `searches`: (worlds played out, whether the wall clock cut it short)."""

    def __init__(self, bot, times: list[float], searches: list[tuple[int, bool]]):
        self.bot, self.times, self.searches = bot, times, searches
        self.wants_worlds = bot.wants_worlds
        self.search = searcher(bot)

    def choose(self, game, obs):
        search = self.search
        if search is not None:  # Gold's bot searches at some choices only
            search.worlds, search.cut_short = 0, False
        start = time.perf_counter()
        action = self.bot.choose(game, obs)
        self.times.append(time.perf_counter() - start)
        if search is not None and search.worlds:
            self.searches.append((search.worlds, search.cut_short))
        return action


class FlatSearch(SearchBot):
    """The plain determinized Monte Carlo search a newcomer writes in an afternoon: every
    legal action (at most `WIDTH`, drawn at random when there are more) played out with
    the game's easy bot in every seat, in worlds that deal the unseen cards uniformly at
    random (no inference from what the seats did), the same worlds for every action, for
    100 ms of CPU; the best mean lead wins. No default choice, no race, no candidates by
    a heuristic's ranking."""

    WIDTH = 16

    def choose(self, game, obs):
        legal, start = obs.legal, time.perf_counter()
        self.worlds, self.cut_short = 0, False
        if len(legal) < 2 or obs.known is None:
            return legal[0] if legal else None
        picks = range(len(legal)) if len(legal) <= self.WIDTH else \
            sorted(self.rng.sample(range(len(legal)), self.WIDTH))
        candidates = [legal[i] for i in picks]
        blind = dataclasses.replace(obs, history=())  # no history: no clues, no inference
        totals = [0.0] * len(candidates)
        spent, cutoff = time.thread_time() + self.budget, start + self.stretch * self.budget
        while time.thread_time() < spent and time.perf_counter() < cutoff:
            seed = self.rng.getrandbits(64)
            world = sampled_world(game, blind, seed)
            for i, action in enumerate(candidates):
                totals[i] += self.playout(game, obs.seat, action, world, seed)
            self.worlds += 1
        self.cut_short = time.thread_time() < spent  # the wall clock ended it, not its CPU
        return candidates[max(range(len(candidates)), key=totals.__getitem__)]


def make_player(game, level: str, seed: int):
    """A bot of `level`, the baseline search (its playouts by the game's easy bot), or
    the plan of the game's hard bot alone."""
    if level == "baseline":
        return FlatSearch(seed, easy=game.bots["easy"], budget=0.1)
    if level == "plan":
        return PLANNERS[game.id](seed)
    return make_bot(game, level, seed)


def match_players(game, subject: str, other: str, seed: int, n: int, seats: int):
    """The n-th match at `seed` as every run at that seed plays it: its deal's seed, the
    subject's seat (turning round the table from match to match) and each seat's player
    (`make_player`, seeded by the deal and the seat)."""
    deal, me = seed * 100_003 + n, n % seats
    return deal, me, [make_player(game, subject if s == me else other, deal * 10 + s)
                      for s in range(seats)]


def searcher(bot) -> SearchBot | None:
    """The search a level thinks with: itself, or one it holds (Gold's hard bot searches
    at the talks), or none (easy)."""
    return bot if isinstance(bot, SearchBot) else getattr(bot, "search", None)


def pairings(text: str) -> list[tuple[str, str]]:
    """"hard-easy,hard-normal" -> [("hard", "easy"), ("hard", "normal")]."""
    out = []
    for pair in filter(None, text.split(",")):
        subject, _, other = pair.partition("-")
        if subject not in LEVELS or other not in LEVELS:
            raise SystemExit(f"--pairings: {pair!r} is not LEVEL-LEVEL ({', '.join(LEVELS)})")
        out.append((subject, other))
    return out


def check_plans(game_ids: list[str], pairs: list[tuple[str, str]]) -> None:
    """The plan alone is a yardstick of the games whose hard bot plans (Den, Dragon, Wild):
    refused for the others before any match is played."""
    if any("plan" in pair for pair in pairs):
        others = [g for g in game_ids if g not in PLANNERS]
        if others:
            raise SystemExit(f"--pairings: only {', '.join(PLANNERS)} has a plan to measure "
                             f"alone, not {', '.join(others)}")


def run(args) -> dict:
    check_plans(args.games.split(","), pairings(args.pairings))
    before = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _run(args)
    finally:
        signal.signal(signal.SIGTERM, before)


def _run(args) -> dict:
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    searches: dict[str, list[tuple[int, bool]]] = {level: [] for level in LEVELS}
    games = {}
    stopped = False  # Ctrl-C or SIGTERM: what was played is reported, not lost
    for game_id in args.games.split(","):
        game = get_game(game_id)
        options = match_options(game, args.one_hand)
        seats = game.configure(options, SEATS[game_id])[1]
        rates = {}
        for subject, other in pairings(args.pairings):
            name = f"{subject}_vs_{other}"
            table = Table(game_id, options, seats, subject, other, args)
            wins, n, started = 0.0, 0, time.monotonic()
            told = started
            try:
                for match, share, match_times, match_searches in results(table):
                    wins, n = wins + share, n + 1
                    keep_match(args, game_id, name, match, share)
                    for level in LEVELS:
                        times[level] += match_times[level]
                        searches[level] += match_searches[level]
                    if time.monotonic() - told >= PROGRESS_SECONDS:
                        told = time.monotonic()
                        print(f"{game_id} {name}: {n} matches, {wins / n:.1%} won so far, "
                              f"{told - started:.0f} s", file=sys.stderr, flush=True)
            except KeyboardInterrupt:
                stopped = True
            rates[name] = {
                "matches": n, "win_rate": round(wins / n, 3) if n else None,
                "interval95": wilson(wins, n), "chance": round(1 / seats, 3),
                "seconds": round(time.monotonic() - started, 1)}
            print(game_id, name, rates[name], file=sys.stderr, flush=True)
            if stopped:
                break
        games[game_id] = {"seats": seats, "options": options, **rates}
        if stopped:
            break
    return {
        "bench": "bots",
        "stopped_early": stopped,
        "games": games,
        "decision_ms": {level: {"p50": percentile(t, 0.5), "p99": percentile(t, 0.99),
                                "max": percentile(t, 1.0), "decisions": len(t)}
                        for level, t in times.items()},
        "searches": {level: _searches(s) for level, s in searches.items() if s},
        "budget_s": args.budget,
        "stretch": args.stretch,
        "jobs": args.jobs,
        "load_avg": [round(x, 2) for x in _loadavg()],
    }


def _interrupt(signum, frame) -> None:
    """SIGTERM stops the run as Ctrl-C does: the matches played are reported."""
    raise KeyboardInterrupt


def match_options(game, one_hand: bool) -> dict:
    """Whole matches as the game's defaults play them, or (`one_hand`) a single hand."""
    if not one_hand:
        return {}
    options = {o.name: 1 for o in game.options if o.name == "hands"}
    if game.id == "wild":
        options["match"] = "points"
    return options


class Table(NamedTuple):
    """One pairing's matches: what a worker needs to play the n-th of them."""

    game_id: str
    options: dict
    seats: int
    subject: str
    other: str
    args: Namespace


def play_match(table: Table, n: int) -> tuple[float, dict, dict]:
    """The n-th match of `table`: the subject's share of the win (a tie shares it), and
    each level's decision times and searches in it. The subject's seat turns round the
    table from match to match."""
    args, game = table.args, get_game(table.game_id)
    config, seats = game.configure(table.options, table.seats)
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    searches: dict[str, list[tuple[int, bool]]] = {level: [] for level in LEVELS}
    seed, me, players = match_players(game, table.subject, table.other, args.seed, n, seats)
    bots = []
    for s, bot in enumerate(players):
        level = table.subject if s == me else table.other
        if args.budget is not None and level == "hard" and hasattr(bot, "budget"):
            bot.budget = args.budget
        if args.stretch is not None and searcher(bot) is not None:
            searcher(bot).stretch = args.stretch
        bots.append(Timed(bot, times[level], searches[level]))
    state = game.setup(config, seats)
    for _ in play(game, state, bots, seed):
        pass
    winners = game.outcome(state).winners
    return (me in winners) / len(winners), times, searches


def results(table: Table):
    """The results of `table`'s matches as they finish: played in --jobs worker processes
    (one: in this one), no more than its count and no longer than its seconds (the
    matches still being played then are dropped, their workers stopped)."""
    args, started = table.args, time.monotonic()
    jobs = ((table, n) for n in range(args.matches))
    workers = multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    finished = workers.imap_unordered(_play_job, jobs) if workers else map(_play_job, jobs)
    try:
        for result in finished:
            yield result
            if time.monotonic() - started >= args.seconds:
                return
    finally:
        if workers is not None:
            workers.terminate()


def _play_job(job: tuple[Table, int]) -> tuple[int, float, dict, dict]:
    """The match's number with its result: the workers finish them out of order."""
    return job[1], *play_match(*job)


def keep_match(args, game_id: str, pairing: str, match: int, share: float) -> None:
    """Append a match's result to --per-match's file, at once: a run stopped keeps its
    matches (the same game, pairing, seed and match number deal the same cards)."""
    if args.per_match is None:
        return
    row = {"game": game_id, "pairing": pairing, "seed": args.seed, "match": match,
           "share": share}
    with open(args.per_match, "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


def _searches(searches: list[tuple[int, bool]]) -> dict:
    """A level's searches: how many, their worlds' p10 and p50 (a race that settles
    early plays few), and the share the wall clock cut short."""
    worlds = sorted(w for w, _ in searches)
    n = len(worlds)
    return {"searches": n, "worlds_p10": worlds[int(0.1 * n)], "worlds_p50": worlds[n // 2],
            "cut_by_wall_clock": round(sum(cut for _, cut in searches) / n, 3)}


def _loadavg() -> tuple[float, ...]:
    try:
        import os
        return os.getloadavg()
    except (AttributeError, OSError):
        return ()
