"""Bots that fill empty seats.

A bot sees only what its seat may see: it calls `legal_actions(state, seat)`
and `view(state, seat)` and nothing else, so it plays the same whether its
engine instance is open (local play) or knows only its own hand (network).
Returning None means "nothing to do yet" (e.g. waiting out a negotiation).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from engine.errors import BadOption
from engine.game import Game, State
from engine.wire import Action


class Bot(ABC):
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, game: Game, state: State, seat: int) -> Action | None:
        """The action this bot takes for `seat` now, or None to wait."""


class RandomBot(Bot):
    """Uniformly random among the legal actions: the benchmark's playouts."""

    def choose(self, game: Game, state: State, seat: int) -> Action | None:
        legal = game.legal_actions(state, seat)
        return legal[int(self.rng.random() * len(legal))] if legal else None


def bot_kinds(game: Game) -> list[str]:
    return ["random", *getattr(game, "bots", {})]


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    kinds = getattr(game, "bots", {})
    if kind not in kinds:
        raise BadOption(f"no bot {kind!r} for {game.name}; bots: {', '.join(bot_kinds(game))}")
    return kinds[kind](seed)
