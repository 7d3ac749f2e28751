"""Bot levels against each other: win rates with 95 % intervals, and decision times.

Per game at its usual seat count, one bot of the level under test sits with bots of
the other level in every other seat; the seat it takes turns round the table from
match to match. Pairings: hard vs easy, normal vs easy, hard vs normal. A tied win
counts as a share. Matches are one hand each (the games' `hands` option) unless
--full. Decision times are wall-clock per choice of the level's bot, the
trivial ones (a single legal action) included.
"""

from __future__ import annotations

import math
import sys
import time

from engine.bots import make_bot
from engine.local import play
from engine.registry import get_game

SEATS = {"dragon": 4, "den": 4, "wild": 4, "gold": 4}
PAIRINGS = (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))


def add_arguments(parser) -> None:
    parser.add_argument("--games", default="dragon,den,wild,gold",
                        help="comma-separated game ids")
    parser.add_argument("--matches", type=int, default=200,
                        help="matches per game and pairing (fewer if --seconds runs out)")
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="wall-clock seconds per game and pairing at most")
    parser.add_argument("--budget", type=float, default=None,
                        help="the hard bot's thinking budget in seconds (default its own)")
    parser.add_argument("--full", action="store_true", help="whole matches, not one hand")
    parser.add_argument("--seed", type=int, default=0)


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
    """A bot whose every choice is timed into `times`."""

    def __init__(self, bot, times: list[float]):
        self.bot, self.times = bot, times
        self.wants_worlds = bot.wants_worlds

    def choose(self, game, obs):
        start = time.perf_counter()
        action = self.bot.choose(game, obs)
        self.times.append(time.perf_counter() - start)
        return action


def run(args) -> dict:
    times: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}
    games = {}
    for game_id in args.games.split(","):
        game = get_game(game_id)
        single = {} if args.full else {o.name: 1 for o in game.options if o.name == "hands"}
        if game_id == "wild" and not args.full:
            single["match"] = "points"
        config, seats = game.configure(single, SEATS[game_id])
        results = {}
        for subject, other in PAIRINGS:
            wins, n, started = 0.0, 0, time.monotonic()
            while n < args.matches and time.monotonic() - started < args.seconds:
                seed = args.seed * 100_003 + n
                me = n % seats
                bots = []
                for s in range(seats):
                    level = subject if s == me else other
                    bot = make_bot(game, level, seed * 10 + s)
                    if args.budget is not None and level == "hard" and hasattr(bot, "budget"):
                        bot.budget = args.budget
                    bots.append(Timed(bot, times[level]))
                state = game.setup(config, seats)
                for _ in play(game, state, bots, seed):
                    pass
                winners = game.outcome(state).winners
                wins += (me in winners) / len(winners)
                n += 1
            results[f"{subject}_vs_{other}"] = {
                "matches": n, "win_rate": round(wins / n, 3) if n else None,
                "interval95": wilson(wins, n), "chance": round(1 / seats, 3),
                "seconds": round(time.monotonic() - started, 1)}
            print(game_id, f"{subject}_vs_{other}", results[f"{subject}_vs_{other}"],
                  file=sys.stderr, flush=True)  # progress: the JSON comes at the end
        games[game_id] = {"seats": seats, "options": single, **results}
    return {
        "bench": "bots",
        "games": games,
        "decision_ms": {level: {"p50": percentile(t, 0.5), "p99": percentile(t, 0.99),
                                "max": percentile(t, 1.0), "decisions": len(t)}
                        for level, t in times.items()},
        "budget_s": args.budget,
        "load_avg": [round(x, 2) for x in _loadavg()],
    }


def _loadavg() -> tuple[float, ...]:
    try:
        import os
        return os.getloadavg()
    except (AttributeError, OSError):
        return ()
