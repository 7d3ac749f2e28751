"""What this seat owes each deck of the match, queued for its next frame.

The commitment, shuffle and lock passes follow in seat order, each in the first
frame its author can sign; once a deck is due for its audit the seat discloses its
seed for it. A seat whose secrets for a deck are gone (its journal was lost) says so
once, and every peer voids the hand at the same step. A seat that leaves hands its
cards to its heir and gives up its keys of every card it does not hold, so that the
stock stays playable.

A pass of the deck shuffled ahead (the spare: nobody waits for it yet) is computed on a
thread, off the step's path — tens of milliseconds of curve arithmetic that would hold up
the plays of the step it went out in — and goes out in the first frame after it is made.
A pass the table waits for is made at once: the hand waits on nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from net.chance.dealing.audit import Audit
from net.chance.dealing.decks import Deck, Decks
from net.chance.dealing.outbox import Outbox
from net.chance.dealing.seats import Seats

#: where this process makes the passes of decks shuffled ahead
PASSES = ThreadPoolExecutor(1, thread_name_prefix="deck-pass")


class Duties:
    def __init__(self, seats: Seats, decks: Decks, outbox: Outbox, audit: Audit):
        self.seats = seats
        self.decks = decks
        self.outbox = outbox
        self.audit = audit
        self.making: dict[Deck, Future] = {}  # passes of decks shuffled ahead, being made

    def produce(self, finished: frozenset[int]) -> None:
        """Queue what this seat owes every deck in play now, `finished` the game's
        finished decks."""
        for deck in self.decks.played:
            self._produce_for(deck, finished)
            self._say_lost(deck)

    def leave(self, to: int) -> None:
        """Queue this seat's last deck messages: its hands to participant `to`, which plays
        on for it, then its keys of every card it does not hold."""
        for deck in self.decks.played:
            self.audit.quiesce(deck)  # (its audit reads what the leave changes)
            gone = deck.peer.departed()
            if self.seats.me in gone:
                continue  # left before, and came back after this deck was shuffled
            # an heir that was away when this deck was shuffled has no part in it: the
            # deck's hand is over (the heir came back at a fresh deal), nothing to hand over
            handover = deck.peer.handover(to) if to not in gone else None
            self.outbox.queue(deck, handover)
            self.outbox.queue(deck, deck.peer.leave(handover is not None))

    def _produce_for(self, deck: Deck, finished: frozenset[int]) -> None:
        """Queue what this seat owes the deck now and has not queued yet."""
        peer, me, outbox = deck.peer, self.seats.me, self.outbox
        if peer.lost or me in peer.departed() or (
                not self.decks.current(deck) and not self.audit.closing):
            return  # lost its keys, left it, or a later deck took its number (owes its seed)
        if not peer.committed(me) and not outbox.queued(deck, "deck.commit"):
            outbox.queue(deck, peer.commit())
        turn = peer.turn()
        if turn == ("deck.shuffle", me) and not outbox.queued(deck, "deck.shuffle"):
            self._pass(deck, peer.shuffle)
        elif turn == ("deck.lock", me) and not outbox.queued(deck, "deck.lock"):
            self._pass(deck, peer.lock)
        if (self.audit.due(deck, finished) and not peer.disclosed(me)
                and not outbox.queued(deck, "deck.seed")):
            outbox.queue(deck, peer.disclose())

    def _pass(self, deck: Deck, make: Callable[[], tuple]) -> None:
        """Queue this seat's pass of `deck`: now if the table waits for it, else once made
        on the passes' thread (a spare's)."""
        making = self.making.get(deck)
        if making is None and deck is self.decks.spare:
            self.making[deck] = PASSES.submit(make)
        elif making is None:
            self.outbox.queue(deck, make())
        elif making.done() or deck is not self.decks.spare:  # (asked for meanwhile: wait)
            del self.making[deck]
            self.outbox.queue(deck, making.result())

    def _say_lost(self, deck: Deck) -> None:
        """Tell the table once that this seat's secrets for `deck` are gone: every peer
        voids the hand at the same step, naming it, at once."""
        if deck.peer.lost and not deck.peer.disclosed(self.seats.me):
            self.outbox.lost(deck)
