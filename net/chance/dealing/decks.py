"""The decks of a match: made from the engine's shuffles, in play until audited, or set aside.

Every peer makes the same deck for a ShuffleRequest at the same step: its DeckSpec's
hand is the shuffle's ordinal in the match, so every deck has its own context, and
only the participants present take part in it. A deck answers to its engine number
until a later shuffle takes the number (its seed is still owed to the audit), and
stays in play until the match's audit; a seat that went quiet took with it the seeds
its unaudited decks need, so those are set aside. The seeds this peer journaled are
restored here, so that a restarted peer remakes each deck from the same seed.

The next hand's deck may be made ahead, as the `spare`, when the rules know its shuffle
already (`Game.next_shuffle`): it is committed, shuffled and locked while this hand is
played, and when the engine asks for that very shuffle it is the deck (its commitments,
passes and seeds are a deck's like any other, so it is dealt from and audited alike). A
spare unlike the shuffle the engine asks for (a seat left or came back meanwhile) is
dropped unused, at the same step on every peer: no card of it was ever dealt or shown, so
it has nothing to audit (and its number is the new deck's). One the engine never asks for
(the match ended first) is audited with the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.chance import Dealt, ShuffleRequest
from net.chance.dealing.seats import Seats
from net.chance.deck import DeckPeer, DeckSpec
from net.errors import FaultKind


@dataclass(eq=False)
class Deck:
    """One shuffled deck of the match and what the table has settled of it."""

    number: int  # the engine's deck number
    ordinal: int  # its place among the match's shuffles (the DeckSpec's hand)
    peer: DeckPeer
    asked: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = field(default_factory=dict)
    dealt: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = field(default_factory=dict)
    audited: int | None = None  # the step whose frames completed its clean audit

    @property
    def shuffled(self) -> bool:
        return self.peer.locked

    def take(self, actions) -> None:
        """Note the deals completed (the deck itself keeps what is shuffled or face up)."""
        for action in actions:
            if isinstance(action, Dealt):
                self.dealt[(action.to_seat, action.positions)] = action.faces


class Decks:
    def __init__(self, table: str, seats: Seats):
        self.table = table
        self.seats = seats
        self.by_number: dict[int, Deck] = {}  # the latest deck of each engine number
        self.played: list[Deck] = []  # every deck of the match in play, in order
        self.set_aside: list[Deck] = []  # decks a quiet seat's keys went with: no audit
        self.gone: set[int] = set()  # participants that left the table: no part in new decks
        self.seeds: dict[int, bytes] = {}  # by ordinal, restored from the journal
        self.shuffles = 0  # decks made so far: the next one's ordinal
        self.spare: Deck | None = None  # the next hand's deck, made ahead of its shuffle
        self.dropped: list[Deck] = []  # spares unlike the shuffle asked for: never dealt from

    def find(self, number: Any) -> Deck | None:
        """The deck a peer's entry names, if that is a deck in play."""
        return self.by_number.get(number) if type(number) is int else None

    def current(self, deck: Deck) -> bool:
        """No later deck took `deck`'s number."""
        return self.by_number[deck.number] is deck

    def make(self, request: ShuffleRequest) -> Deck:
        """The deck for the engine's request: the spare made ahead for it if there is one."""
        spare, self.spare = self.spare, None
        if spare is not None and self._fits(spare, request):
            return spare
        return self._make(request)

    def _fits(self, spare: Deck, request: ShuffleRequest) -> bool:
        """Is the spare the deck `request` would make now: the same spec, and nobody of it
        left since it was shuffled (one who left and came back has no keys in it)?"""
        return (spare.peer.spec == self._spec(request, spare.ordinal)
                and spare.peer.departed() == frozenset(self.gone))

    def drop_spare_unless(self, request: ShuffleRequest) -> Deck | None:
        """Drop the spare, if it is not the deck of `request` (the shuffle asked for now);
        the spare dropped, if any."""
        spare = self.spare
        if spare is None or self._fits(spare, request):
            return None
        self.spare = None
        self.played.remove(spare)
        if self.by_number.get(spare.number) is spare:
            del self.by_number[spare.number]
        self.dropped.append(spare)
        return spare

    def make_spare(self, request: ShuffleRequest) -> None:
        """Make the deck of `request`, a shuffle the engine will ask for later, now."""
        self.spare = self._make(request)

    def _spec(self, request: ShuffleRequest, ordinal: int) -> DeckSpec:
        seats = self.seats
        owner = seats.holder(request.owner) if request.owner >= 0 else -1
        faces = request.faces if owner < 0 else (-1,) * len(request.faces)
        return DeckSpec(self.table, ordinal, request.deck, len(seats.humans), faces, owner,
                        tuple(sorted(self.gone)))

    def _make(self, request: ShuffleRequest) -> Deck:
        """A DeckPeer for the request; an owner's deck is built from its owner's faces, which
        only the owner's engine knows (the others list -1 for each card)."""
        ordinal, self.shuffles = self.shuffles, self.shuffles + 1
        seats = self.seats
        spec = self._spec(request, ordinal)
        owner = spec.owner
        secret = request.faces if 0 <= owner == seats.me else None
        if secret is not None and -1 in secret:
            raise seats.fault(FaultKind.VOID, f"the owner of deck {request.deck} does not know its "
                              "faces")
        seed = self.seeds.get(ordinal) if seats.me is not None else None
        deck = Deck(request.deck, ordinal, DeckPeer(spec, seats.me, seed, secret))
        self.by_number[request.deck] = deck
        self.played.append(deck)
        return deck

    def set_aside_unaudited(self) -> None:
        """Take every deck not audited yet out of play (a quiet seat took its seed)."""
        kept = [deck for deck in self.played if deck.audited is not None]
        self.set_aside += [deck for deck in self.played if deck.audited is None]
        self.played = kept
        self.by_number = {n: d for n, d in self.by_number.items() if d in kept}
        self.spare = None

    def in_play(self) -> frozenset[int]:
        """The engine's decks in play (a spare is not the engine's until it asks for it)."""
        return frozenset(deck.number for deck in self.played if deck is not self.spare)

    def faces_of(self, number: int, positions) -> tuple[int, ...]:
        """The faces this peer knows at `positions` of deck `number`, or () unless all."""
        if number not in self.by_number:
            return ()  # a deck set aside when a seat went quiet
        known = self.by_number[number].peer.faces
        faces = tuple(known.get(j) for j in positions)
        return () if None in faces else faces

    def secrets(self) -> list:
        """This peer's seed of every deck of the match, for the journal."""
        seeds = {**self.seeds, **{d.ordinal: d.peer.seed for d in self.played + self.set_aside}}
        return [["deck", ordinal, seed] for ordinal, seed in sorted(seeds.items())]
