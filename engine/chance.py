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
    """A new face-down deck of `faces` is to be shuffled as deck number `deck`.

    `owner` names the one seat that alone knows the faces (Dragon's Gold: the
    tokens behind a screen about to be robbed), or is -1 when the faces are
    public. An instance that does not know an owner's faces lists -1 for each
    card; the network then builds the deck from the owner's secret.
    """

    deck: int
    faces: tuple[int, ...]
    owner: int = -1


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

    def __init__(self, seed: int, stacked: dict[int, list[int]] | None = None):
        """`stacked` gives decks whose order is fixed (rigged deals for rules tests)."""
        self.rng = random.Random(seed)
        self.decks: dict[int, list[int]] = {}
        self.stacked = stacked or {}

    def answer(self, request: ChanceRequest) -> Action:
        if isinstance(request, ShuffleRequest):
            order = list(self.stacked.get(request.deck, request.faces))
            if request.deck not in self.stacked:
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


def deal_round(deck: int, seats: int, dealer: int, count: int) -> list[DealRequest]:
    """`count` cards each, one at a time round the table from the dealer's left: the
    player i-th from the dealer's left gets positions i, i + seats, ..."""
    return [DealRequest(deck, (dealer + 1 + i) % seats, tuple(range(i, count * seats, seats)))
            for i in range(seats)]


def answers(request: ChanceRequest | None, action: Action, faces: frozenset[int]) -> bool:
    """Does chance `action` answer `request`: the same deck, seat and positions, and,
    where it shows faces, one distinct face of the deck's `faces` per position?"""
    if isinstance(action, Shuffled):
        return isinstance(request, ShuffleRequest) and action.deck == request.deck
    if isinstance(action, Dealt):
        return (
            isinstance(request, DealRequest)
            and (action.deck, action.to_seat, action.positions)
            == (request.deck, request.seat, request.positions)
            and (not action.faces or shows(action.faces, len(action.positions), faces))
        )
    if isinstance(action, Revealed):
        return (
            isinstance(request, RevealRequest)
            and (action.deck, action.positions) == (request.deck, request.positions)
            and shows(action.faces, len(action.positions), faces)
        )
    if isinstance(action, Rolled):
        return (isinstance(request, RollRequest) and type(action.value) is int
                and 0 <= action.value < request.outcomes)
    return False


def shows(shown, count: int, faces: frozenset[int]) -> bool:
    """`shown` is `count` distinct faces of `faces` (False for malformed input)."""
    try:
        return len(shown) == count and faces.issuperset(shown) and len(set(shown)) == count
    except TypeError:  # unhashable items or no length
        return False
