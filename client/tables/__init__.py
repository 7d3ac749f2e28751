"""Table renderers, one per game, registered by game id like the engine's registry.

A renderer draws its game's table from the session's latest view, animates the
events of each step, and turns clicks into intents built only from `legal`.
"""

from __future__ import annotations

import importlib

RENDERERS: dict[str, type] = {}
MODULES = {"dragon": "client.tables.dragon", "den": "client.tables.den",
           "wild": "client.tables.wild", "gold": "client.tables.gold"}


def register(game_id: str):
    def decorate(cls):
        RENDERERS[game_id] = cls
        return cls
    return decorate


def renderer_for(game_id: str) -> type | None:
    """The renderer class for a game, or None when this client has no table for it yet."""
    module = MODULES.get(game_id)
    if module is not None:
        importlib.import_module(module)
    return RENDERERS.get(game_id)
