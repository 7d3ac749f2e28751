"""Bots that fill empty seats, by level: easy, normal and hard.

A bot sees only what its seat sees, by construction: `choose(game, obs)` gets the
seat's `Observation` (engine.observe) — its view, its legal actions and the public
history — never a table's state. A bot that searches samples whole worlds from the
observation with `game.determinize(obs, rng)`, which deals the cards the seat has
not seen at random. Returning None means "nothing to do yet" (e.g. waiting out a
negotiation).

A `Policy` is the other kind of player: it acts on a whole state, and is only ever
given one that holds nothing it may not see — a world a search bot sampled for
itself, or a benchmark's open playout.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from engine.errors import BadOption
from engine.game import Game, State
from engine.observe import Observation
from engine.wire import Action

#: the levels every game offers, weakest first
LEVELS = ("easy", "normal", "hard")
#: older names of levels, still accepted
ALIASES = {"greedy": "easy"}


class Bot(ABC):
    #: the bot may think for a while (a search): a table runs it off its event loop
    thinks = False
    #: its observations must carry the seat's knowledge, for `Game.determinize`
    wants_worlds = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, game: Game, obs: Observation) -> Action | None:
        """The action this bot takes for `obs.seat` now, or None to wait."""


class Policy(ABC):
    """A player of whole states, for playouts: never handed a table's state."""

    @abstractmethod
    def act(self, game: Game, state: State, seat: int) -> Action | None:
        """The action `seat` takes in `state` now, or None to wait."""


class RandomBot(Bot, Policy):
    """Uniformly random among the legal actions: the benchmark's playouts."""

    def choose(self, game: Game, obs: Observation) -> Action | None:
        legal = obs.legal
        return legal[int(self.rng.random() * len(legal))] if legal else None

    def act(self, game: Game, state: State, seat: int) -> Action | None:
        legal = game.legal_actions(state, seat)
        return legal[int(self.rng.random() * len(legal))] if legal else None


def bot_kinds(game: Game) -> list[str]:
    """The bot kinds `make_bot` takes for `game`: "random", the levels, then the older
    names they still answer to."""
    kinds = getattr(game, "bots", {})
    return ["random", *kinds, *(alias for alias, level in ALIASES.items() if level in kinds)]


def level_word(kind: str) -> str:
    """The one word a player ever sees for a bot of `kind`: its level ("greedy", easy's old
    name, is "easy"), or "random". The setup, the seats, History, the results and the
    command line all name a bot by it."""
    return ALIASES.get(kind, kind)


def describe_levels() -> str:
    """The --bot help's list of kinds."""
    return ("easy (a greedy player), normal (a quick search), hard (a determinized search "
            "within ~160 ms), or random; greedy is easy's old name")


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    """A bot of `kind` (a level, "random", or an alias such as "greedy" for easy)."""
    if kind == "random":
        return RandomBot(seed)
    kinds = getattr(game, "bots", {})
    factory = kinds.get(ALIASES.get(kind, kind))
    if factory is None:
        raise BadOption(f"no bot {kind!r} for {game.name}; bots: {', '.join(bot_kinds(game))}")
    bot = factory(seed)
    bot.recipe = (game.id, kind, seed)  # how another process makes the same bot
    return bot


_MADE: dict[tuple[str, str, int], Bot] = {}


def remote_choice(recipe: tuple[str, str, int], known: bytes, seat: int, history: tuple,
          clock: int | None) -> Action | None:
    """A bot's choice made in another process (a table's thinking worker): the bot of
    `recipe` (made once per process, so it keeps its own memory), the seat's knowledge
    `known` (a pickled witness state) turned back into its observation."""
    import pickle

    from engine.observe import observe
    from engine.registry import get_game

    game = get_game(recipe[0])
    bot = _MADE.get(recipe)
    if bot is None:
        bot = _MADE[recipe] = make_bot(game, recipe[1], recipe[2])
    state = pickle.loads(known)
    return bot.choose(game, observe(game, state, seat, history, state, clock))
