"""Chance as an input: requests the engine exposes and the actions that answer them.

The engine never shuffles or rolls. When a rule needs a shuffle, a deal, a
reveal or a public random number it exposes one of the requests below; the
driver answers with the matching chance action. Locally the seeded, open
`OpenChance` answers; on the network the mental-poker deck and the
commit-then-reveal seed do. Chance actions carry seat CHANCE.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.wire import Action, wire

CHANCE = -1


@dataclass(frozen=True, slots=True)
class ShuffleRequest:
    """A new face-down deck of `faces` is to be shuffled as deck number `deck`."""

    deck: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealRequest:
    """Positions of `deck` go face down to `seat`; only that seat may learn them."""

    deck: int
    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RevealRequest:
    """Positions of `deck` are turned face up for everyone."""

    deck: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RollRequest:
    """A public random integer in range(outcomes), e.g. a token from an open bag."""

    outcomes: int


ChanceRequest = ShuffleRequest | DealRequest | RevealRequest | RollRequest


@wire("shuffled")
class Shuffled(Action):
    deck: int
    seat: int = CHANCE


@wire("dealt")
class Dealt(Action):
    """`faces` is empty for every observer but the receiving seat (and open play)."""

    deck: int
    to_seat: int
    positions: tuple[int, ...]
    faces: tuple[int, ...] = ()
    seat: int = CHANCE


@wire("revealed")
class Revealed(Action):
    deck: int
    positions: tuple[int, ...]
    faces: tuple[int, ...]
    seat: int = CHANCE


@wire("rolled")
class Rolled(Action):
    value: int
    seat: int = CHANCE


@wire("timeup")
class TimeUp(Action):
    """The table's word that the open timer `key` ran out at its deadline step."""

    key: int
    seat: int = CHANCE


class OpenChance:
    """A seeded provider that sees everything: for tests, bots, benchmarks, selfplay."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.decks: dict[int, list[int]] = {}

    def answer(self, request: ChanceRequest) -> Action:
        if isinstance(request, ShuffleRequest):
            order = list(request.faces)
            self.rng.shuffle(order)
            self.decks[request.deck] = order
            return Shuffled(request.deck)
        if isinstance(request, DealRequest):
            faces = tuple(self.decks[request.deck][p] for p in request.positions)
            return Dealt(request.deck, request.seat, request.positions, faces)
        if isinstance(request, RevealRequest):
            faces = tuple(self.decks[request.deck][p] for p in request.positions)
            return Revealed(request.deck, request.positions, faces)
        if isinstance(request, RollRequest):
            return Rolled(self.rng.randrange(request.outcomes))
        raise TypeError(f"no answer for {request!r}")
