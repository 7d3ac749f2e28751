"""How long a match lasts: `python -m tools.matchlength GAME [--players N] [--seeds 50]`.

Plays whole matches with greedy bots in every seat, one per seed, and prints one
JSON object: hands and actions per match (min, median, max) and the minutes a
table of people would take. Actions are the seats' own (chance inputs and timers
running out are not counted). Minutes assume PACE seconds per action, plus the whole
length of every timed window opened (Dragon's Gold's negotiations and Market,
Dragons Wild's buying, Dragon's window to show a second Dragon): bots settle at once
where people talk until the sand runs out, so the figure errs long.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from engine.bots import make_bot
from engine.chance import CHANCE
from engine.game import options_from_pairs
from engine.local import play
from engine.registry import game_ids, get_game

PACE = 4.0  # seconds per action at a table of people
STEP = 0.05  # seconds per lockstep step (a timer's length is in steps)


def one_match(game, config: dict, seats: int, seed: int) -> tuple[int, int, int]:
    """(hands, seat actions, timed windows, seconds of timed windows) of one greedy match."""
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", seed * 100 + s) for s in range(seats)]
    actions = windows = steps = 0
    timer = None
    for action, _ in play(game, state, bots, seed):
        actions += action.seat != CHANCE
        if state.timer is not None and state.timer is not timer:
            windows += 1
            steps += state.timer.steps
        timer = state.timer
    return getattr(state, "hand", 1), actions, windows, steps * STEP


def spread(values: list[int]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def measure(game_id: str, players: int | None, seeds: int, options: dict) -> dict:
    game = get_game(game_id)
    config, seats = game.configure(options, players)
    runs = [one_match(game, config, seats, seed) for seed in range(1, seeds + 1)]
    hands, actions, windows, waits = ([run[i] for run in runs] for i in range(4))
    minutes = [(a * PACE + w) / 60 for a, w in zip(actions, waits, strict=True)]
    return {"game": game_id, "players": seats, "options": config, "seeds": seeds,
            "hands": spread(hands), "actions": spread(actions), "windows": spread(windows),
            "minutes": {k: round(v, 1) for k, v in spread(minutes).items()},
            "pace_s": PACE}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.matchlength", description=__doc__)
    parser.add_argument("game", choices=game_ids())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seeds", type=int, default=50, help="matches, seeds 1..N")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    result = measure(args.game, args.players, args.seeds, options_from_pairs(args.option))
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
