"""Random legal playouts of one game on one core: games/s and moves/s.

Rates are per CPU-second of this process, so other work on the machine does
not skew them. With `rlcard` (for dragon) or `pyspiel` (for wild) installed,
the same run interleaves slices of the reference engine's random playouts
with hoard's, and reports both and their ratio.
"""

from __future__ import annotations

import time

from engine.bots import RandomBot
from engine.local import play
from engine.registry import get_game
from tools.bench.references import REFERENCES

SLICE = 0.5  # CPU seconds per turn when interleaving with a reference engine


def add_arguments(parser) -> None:
    parser.add_argument("--game", default="dragon")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds for hoard")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)


class Playouts:
    """Whole random games of one hand each, counted."""

    def __init__(self, game_id: str, players: int | None, seed: int):
        self.game = get_game(game_id)
        # one hand (or one round) per playout, so games/s compares with other engines
        single = {o.name: 1 for o in self.game.options if o.name in ("hands", "rounds")}
        self.config, self.seats = self.game.configure(single, players)
        self.seed, self.games, self.moves = seed, 0, 0
        # a game may name the bot its playouts use (gold: proportional splits, no haggling)
        self.bot = getattr(self.game, "playout_bot", RandomBot)
        # one bot a seat for the whole run, as the reference engines' loops keep theirs
        self.bots = [self.bot(seed + s) for s in range(self.seats)]

    def one_game(self) -> None:
        state = self.game.setup(self.config, self.seats)
        moves = 0
        for _ in play(self.game, state, self.bots, self.seed + self.games):
            moves += 1
        self.moves += moves
        self.games += 1


def _spend(one_game, seconds: float) -> tuple[int, float]:
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        one_game()
        games += 1
    return games, time.process_time() - start


def _reference(game_id: str):
    name, make = REFERENCES.get(game_id, (None, None))
    if make is None:
        return None, None, None
    try:
        return name, make(), None
    except ImportError as exc:
        return name, None, f"not installed ({exc.name})"


def run(args) -> dict:
    playouts = Playouts(args.game, args.players, args.seed)
    ref_name, ref_game, ref_missing = _reference(args.game)
    ours = their_games = their_time = 0.0
    while ours < args.seconds:
        ours += _spend(playouts.one_game, SLICE)[1]
        if ref_game is not None:
            games, spent = _spend(ref_game, SLICE)
            their_games, their_time = their_games + games, their_time + spent
    result = {
        "game": args.game,
        "players": playouts.seats,
        "bot": playouts.bot.__name__,
        "games": playouts.games,
        "cpu_seconds": round(ours, 3),
        "games_per_s": round(playouts.games / ours, 1),
        "moves_per_s": round(playouts.moves / ours, 1),
        "moves_per_game": round(playouts.moves / max(playouts.games, 1), 1),
    }
    if ref_game is not None:
        rate = their_games / their_time
        result[f"{ref_name}_games_per_s"] = round(rate, 1)
        result[f"ratio_to_{ref_name}"] = round(result["games_per_s"] / rate, 1)
    elif ref_missing:
        result[ref_name] = ref_missing
    return result
