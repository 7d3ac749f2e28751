"""Random legal playouts of one game on one core: games/s and moves/s.

With `rlcard` or `pyspiel` importable, the same run also measures their
reference playouts (RLCard Dou Dizhu, OpenSpiel gin_rummy) for the ratio the
performance goals are stated in.
"""

from __future__ import annotations

import time

from engine.bots import RandomBot
from engine.local import play
from engine.registry import get_game


def add_arguments(parser) -> None:
    parser.add_argument("--game", default="dragon")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)


def playouts(game_id: str, seconds: float, players: int | None, seed: int) -> dict:
    game = get_game(game_id)
    # one hand (or one game) per playout, so games/s compares with other engines
    single = {o.name: 1 for o in game.options if o.name in ("hands", "rounds")}
    config, seats = game.configure(single, players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.setup(config, seats)
        bots = [RandomBot(seed + games * seats + s) for s in range(seats)]
        for _ in play(game, state, bots, seed + games):
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "players": seats,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "moves_per_game": round(moves / max(games, 1), 1),
    }


def reference(game_id: str, seconds: float) -> dict:
    """Reference engines' random playouts, measured in this same run when installed."""
    try:
        if game_id == "dragon":
            from tools.bench.references import rlcard_doudizhu

            return {"rlcard_doudizhu_games_per_s": rlcard_doudizhu(seconds)}
        if game_id == "wild":
            from tools.bench.references import openspiel_gin_rummy

            return {"openspiel_gin_rummy_games_per_s": openspiel_gin_rummy(seconds)}
    except ImportError as exc:
        return {"reference": f"not installed ({exc.name})"}
    return {}


def run(args) -> dict:
    result = playouts(args.game, args.seconds, args.players, args.seed)
    result.update(reference(args.game, min(args.seconds, 10.0)))
    return result
