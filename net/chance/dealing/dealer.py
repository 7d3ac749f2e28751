"""The engine's requests for hidden cards, as deck messages, and their answers.

A ShuffleRequest makes a deck; a deal or reveal request is registered with its deck by
every peer (spectators too) at the step it appears, as the same DeckPeer calls, and
the keys this peer owes for it are queued for its next frame. The engine asks for one
deal at a time, so the deals the rules ask for right after a deal are registered with
it when they take fresh stock cards: a whole round of deals takes one step. A request
is answered once its deck has settled it: shuffled, dealt to every participant it
shows its cards to, or turned face up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import ref_deck, ref_position
from engine.chance import (
    DealRequest,
    Dealt,
    RevealCardsRequest,
    Revealed,
    RevealedCards,
    RevealRequest,
    Shuffled,
    ShuffleRequest,
    by_deck,
)
from net.chance.dealing.audit import Audit
from net.chance.dealing.decks import Deck, Decks
from net.chance.dealing.outbox import Outbox
from net.chance.dealing.seats import Seats
from net.chance.deck import ProtocolError
from net.errors import FaultKind


class Dealer:
    def __init__(self, seats: Seats, decks: Decks, outbox: Outbox, audit: Audit,
                 upcoming: Callable[[DealRequest], list[DealRequest]]):
        """`upcoming(deal)`: the deals the rules ask for right after `deal`."""
        self.seats = seats
        self.decks = decks
        self.outbox = outbox
        self.audit = audit
        self.upcoming = upcoming
        self.ahead: list[DealRequest] = []  # deals registered before the rules asked for them
        self.registered: Any = None  # the last request registered (the engine's current)

    def answer(self, request) -> Any:
        """The chance action for a shuffle, deal or reveal request once its deck settled it."""
        if isinstance(request, RevealCardsRequest):
            return self._revealed_cards(request)
        deck = self._register(request)
        if isinstance(request, ShuffleRequest):
            return Shuffled(request.deck) if deck.shuffled else None
        if isinstance(request, DealRequest):
            return self._dealt(deck, request)
        faces = tuple(map(deck.peer.public_face, request.positions))
        return None if None in faces else Revealed(request.deck, request.positions, faces)

    def forget(self) -> None:
        """Drop the requests registered so far: their decks were set aside."""
        self.ahead, self.registered = [], None

    def _revealed_cards(self, request: RevealCardsRequest) -> RevealedCards | None:
        """Cards of several decks turned up in one round: each deck's part is registered
        as its own reveal, all in the same step."""
        if request != self.registered:
            self.registered = request
            for number, positions in by_deck(request.cards).items():
                self._requested(RevealRequest(number, tuple(positions)))
        faces = tuple(self.decks.by_number[ref_deck(card)].peer.public_face(ref_position(card))
                      for card in request.cards)
        return None if None in faces else RevealedCards(request.cards, faces)

    def _dealt(self, deck: Deck, request: DealRequest) -> Dealt | None:
        """The deal once the cards its receivers had not seen yet have come to them."""
        sees = False
        for part in self._receivers(request):
            new = deck.asked[(part, request.positions)]
            if new and (part, new) not in deck.dealt:
                return None
            # a receiver sees them, unless a false key share kept a key from it
            sees |= part == self.seats.me and (not new or bool(deck.dealt[(part, new)]))
        faces = tuple(deck.peer.faces[j] for j in request.positions) if sees else ()
        return Dealt(request.deck, request.seat, request.positions, faces)

    def _receivers(self, request: DealRequest) -> tuple[int, ...]:
        """The participants a deal shows its cards to: its seat's, and its witness's
        (once, when one participant plays both)."""
        seats = (request.seat,) if request.witness < 0 else (request.seat, request.witness)
        return tuple(dict.fromkeys(self.seats.holder(s) for s in seats))

    def _register(self, request) -> Deck:
        """Make or find the request's deck; register a deal or reveal once, as every peer
        does, and with a deal the deals that follow it."""
        if request == self.registered:
            return self.decks.by_number[request.deck]
        self.registered = request
        if isinstance(request, ShuffleRequest):
            unused = self.decks.drop_spare_unless(request)
            if unused is not None:
                self.outbox.forget(unused)  # its passes not sent yet: never to be
            return self.decks.make(request)
        if request in self.ahead:
            self.ahead.remove(request)
            return self.decks.by_number[request.deck]
        deck = self._requested(request)
        if isinstance(request, DealRequest):
            for later in self.upcoming(request):
                coming = self.decks.by_number.get(later.deck)
                if coming is None or not set(later.positions) <= set(coming.peer.stock()):
                    break  # only fresh cards from the stock: a round of opening deals
                self._requested(later)
                self.ahead.append(later)
        return deck

    def _requested(self, request) -> Deck:
        """Register a deal or a reveal with its deck and queue the keys this peer owes."""
        deck = self.decks.by_number.get(request.deck)
        if deck is None or not deck.shuffled:
            raise self.seats.fault(FaultKind.VOID, f"the rules asked for cards of deck "
                                   f"{request.deck}, which is not shuffled")
        try:
            if isinstance(request, DealRequest):
                messages = [self._deal(deck, part, request.positions)
                            for part in self._receivers(request)]
            else:
                hidden = tuple(j for j in request.positions
                               if deck.peer.public_face(j) is None)
                messages = [deck.peer.reveal(hidden) if hidden else None]
        except ProtocolError as exc:
            raise self.seats.fault(FaultKind.VOID, f"the hand is void: {exc}") from None
        for message in messages:
            self.outbox.queue(deck, message)
        deck.take(self.audit.checked(deck, deck.peer.settled))
        return deck

    def _deal(self, deck: Deck, part: int, positions: tuple[int, ...]) -> tuple | None:
        """Deal participant `part` what it has not been dealt yet: a seat that plays
        several (its bots) may be dealt again what it already saw for another."""
        new = tuple(j for j in positions if part not in deck.peer.shown(j))
        deck.asked[(part, positions)] = new
        return deck.peer.deal(part, new) if new else None
