"""Chance as an input: requests the engine exposes and the actions that answer them.

The engine never shuffles or rolls. When a rule needs a shuffle, a deal, a
reveal or a public random number it exposes one of the requests below; the
driver answers with the matching chance action. Locally the seeded, open
`OpenChance` answers; on the network the mental-poker deck and the
commit-then-reveal seed do. Chance actions carry seat CHANCE.
"""

from __future__ import annotations

import random

from engine.cards import ref_deck, ref_position, shows
from engine.fields import ChanceSeat, Deck, Face, Index, Ref, Roll, Seat, Serial
from engine.wire import Action, Value, wire

CHANCE = -1


class ShuffleRequest(Value):
    """A new face-down deck of `faces` is to be shuffled as deck number `deck`.

    `owner` names the one seat that alone knows the faces (Dragon's Gold: the
    tokens behind a screen about to be robbed), or is -1 when the faces are
    public. An instance that does not know an owner's faces lists -1 for each
    card; the network then builds the deck from the owner's secret.
    """

    deck: int
    faces: tuple[int, ...]
    owner: int = -1


class DealRequest(Value):
    """Positions of `deck` go face down to `seat`; only that seat may learn them, and
    `witness`, a second seat that sees them too when it is not -1 (Dragon's Gold: a
    robbed player sees which of its tokens went, in the same deal as the thief)."""

    deck: int
    seat: int
    positions: tuple[int, ...]
    witness: int = -1


class RevealRequest(Value):
    """Positions of `deck` are turned face up for everyone."""

    deck: int
    positions: tuple[int, ...]


class RevealCardsRequest(Value):
    """Cards of several decks (`engine.cards.ref`s, in any order) turned face up for
    everyone at once: one round of keys where a reveal per deck would take a round
    each (Dragon's Gold: every stolen token at the end)."""

    cards: tuple[int, ...]


class RollRequest(Value):
    """A public random integer in range(outcomes), e.g. a token from an open bag."""

    outcomes: int


ChanceRequest = ShuffleRequest | DealRequest | RevealRequest | RevealCardsRequest | RollRequest


@wire("shuffled")
class Shuffled(Action):
    deck: Deck
    seat: ChanceSeat = CHANCE


@wire("dealt")
class Dealt(Action):
    """`faces` is empty for every observer but the receiving seat (and open play)."""

    deck: Deck
    to_seat: Seat
    positions: tuple[Index, ...]
    faces: tuple[Face, ...] = ()
    seat: ChanceSeat = CHANCE


@wire("revealed")
class Revealed(Action):
    deck: Deck
    positions: tuple[Index, ...]
    faces: tuple[Face, ...]
    seat: ChanceSeat = CHANCE


@wire("revealed_cards")
class RevealedCards(Action):
    cards: tuple[Ref, ...]
    faces: tuple[Face, ...]
    seat: ChanceSeat = CHANCE


@wire("rolled")
class Rolled(Action):
    value: Roll
    seat: ChanceSeat = CHANCE


@wire("timeup")
class TimeUp(Action):
    """The table's word that the open timer `key` ran out at its deadline step."""

    key: Serial
    seat: ChanceSeat = CHANCE


class OpenChance:
    """A seeded provider that sees everything: for tests, bots, benchmarks, selfplay.

    Its decks are shuffled lazily: a position is fixed the first time it is dealt or
    revealed, to a card drawn uniformly from those not placed yet. Whatever order
    positions are asked in, that is the distribution of a deck shuffled up front, and
    it costs only the cards seen (a robbed screen's deck of dozens shows one token).
    """

    def __init__(self, seed: int, stacked: dict[int, list[int]] | None = None):
        """`stacked` gives decks whose order is fixed (rigged deals for rules tests)."""
        self.rng = random.Random(seed)
        self.decks: dict[int, tuple[dict[int, int], list[int]]] = {}  # (placed, unplaced)
        self.stacked = stacked or {}

    def answer(self, request: ChanceRequest) -> Action:
        kind = type(request)
        if kind is RollRequest:  # the commonest request: bags, dice and first players
            return Rolled(self._below(request.outcomes))
        if kind is DealRequest:
            faces = self._faces(request.deck, request.positions)
            return Dealt(request.deck, request.seat, request.positions, faces)
        if kind is ShuffleRequest:
            stacked = self.stacked.get(request.deck)
            self.decks[request.deck] = (
                ({}, list(request.faces)) if stacked is None else (dict(enumerate(stacked)), [])
            )
            return Shuffled(request.deck)
        if kind is RevealRequest:
            faces = self._faces(request.deck, request.positions)
            return Revealed(request.deck, request.positions, faces)
        if kind is RevealCardsRequest:
            return RevealedCards(request.cards, self._cards_faces(request.cards))
        raise TypeError(f"no answer for {request!r}")

    def _cards_faces(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """Not inline in `answer`: a comprehension there would cost every answer a
        closure cell for `self`."""
        return tuple(self._faces(ref_deck(card), (ref_position(card),))[0] for card in cards)

    def _faces(self, deck: int, positions: tuple[int, ...]) -> tuple[int, ...]:
        placed, unplaced = self.decks[deck]
        size = len(placed) + len(unplaced)
        for p in positions:
            if p not in placed:
                if not 0 <= p < size:
                    raise IndexError(f"deck {deck} has no position {p}")
                j = self._below(len(unplaced))
                placed[p] = unplaced[j]
                unplaced[j] = unplaced[-1]
                unplaced.pop()
        return tuple(map(placed.__getitem__, positions))

    def _below(self, n: int) -> int:
        """A uniform integer in range(n), drawn as random.randrange draws it, minus its
        two method calls: this is the open table's every roll and card."""
        size = n.bit_length()
        j = self.rng.getrandbits(size)
        while j >= n:
            j = self.rng.getrandbits(size)
        return j


def deal_round(deck: int, seats: int, dealer: int, count: int) -> list[DealRequest]:
    """`count` cards each, one at a time round the table from the dealer's left: the
    player i-th from the dealer's left gets positions i, i + seats, ..."""
    return [DealRequest(deck, (dealer + 1 + i) % seats, tuple(range(i, count * seats, seats)))
            for i in range(seats)]


def answers(request: ChanceRequest | None, action: Action, faces: frozenset[int]) -> bool:
    """Does chance `action` answer `request`: the same deck, seat and positions, and,
    where it shows faces, one distinct face of the deck's `faces` per position?"""
    kind = type(action)
    if kind is Rolled:
        return (type(request) is RollRequest and type(action.value) is int
                and 0 <= action.value < request.outcomes)
    if kind is Dealt:
        return (
            type(request) is DealRequest
            and action.deck == request.deck
            and action.to_seat == request.seat
            and action.positions == request.positions
            and (not action.faces or shows(action.faces, len(action.positions), faces))
        )
    if kind is Shuffled:
        return type(request) is ShuffleRequest and action.deck == request.deck
    if kind is Revealed:
        return (
            type(request) is RevealRequest
            and action.deck == request.deck
            and action.positions == request.positions
            and shows(action.faces, len(action.positions), faces)
        )
    if kind is RevealedCards:
        return (type(request) is RevealCardsRequest and action.cards == request.cards
                and _shows_by_deck(request.cards, action.faces, faces))
    return False


def by_deck(cards, values=None) -> dict[int, list]:
    """Deck -> the positions of `cards` in it (or, given `values` one per card, the values
    of its cards), in the cards' order."""
    out: dict[int, list] = {}
    for i, card in enumerate(cards):
        out.setdefault(ref_deck(card), []).append(
            ref_position(card) if values is None else values[i])
    return out


def _shows_by_deck(cards: tuple[int, ...], shown, faces: frozenset[int]) -> bool:
    """One face of `faces` per card, distinct within each deck (a face may recur in
    another deck: two robbed screens may each have held the first silver token)."""
    if type(shown) is not tuple or len(shown) != len(cards):
        return False
    return all(shows(per_deck, len(per_deck), faces)
               for per_deck in by_deck(cards, shown).values())

