"""The registry of games by id."""

from __future__ import annotations

import importlib

from engine.errors import UnknownGame
from engine.game import Game

_GAMES: dict[str, Game] = {}


#: what a game's package may wire in at registration
PARTS = ("bots", "playout_bot", "tellers", "hinters", "reasons", "waiting_words")


def register(game: Game, **parts) -> Game:
    """Add `game` to the registry, with the parts its package wires in from modules its
    rules cannot import (its bots, tellers, hinters, reasons: they import the rules)."""
    for name, part in parts.items():
        if name not in PARTS:
            raise TypeError(f"a game has no part {name!r} (its parts: {', '.join(PARTS)})")
        setattr(game, name, part)
    if game.id in _GAMES:
        raise RuntimeError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def _load() -> None:
    importlib.import_module("engine.games")


def get_game(game_id: str) -> Game:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"no game {game_id!r}; games: {', '.join(sorted(_GAMES))}") from None


def game_ids() -> list[str]:
    _load()
    return sorted(_GAMES)
