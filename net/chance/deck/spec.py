"""What every peer agrees on before a deck is shuffled: the DeckSpec that domain-separates it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgpack

from engine.cards import DECK_SHIFT
from net.chance.deck.errors import ProtocolError

MAX_CARDS = 1 << DECK_SHIFT
MAX_SEATS = 16


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What every peer agrees on before a deck is shuffled; it domain-separates everything."""

    table: bytes
    hand: int
    deck: int
    seats: int
    faces: tuple[int, ...]  # an owner's deck: one placeholder per card (its faces are secret)
    owner: int = -1  # the seat that alone knows the faces and builds the deck, or -1
    absent: tuple[int, ...] = ()  # seats that left the table before this deck: no part in it

    def __post_init__(self):
        if not isinstance(self.table, bytes) or not 1 <= self.seats <= MAX_SEATS:
            raise ProtocolError(f"a deck needs a table id and 1..{MAX_SEATS} seats")
        if not 1 <= len(self.faces) <= MAX_CARDS:
            raise ProtocolError(f"a deck holds 1..{MAX_CARDS} cards")
        if not -1 <= self.owner < self.seats:
            raise ProtocolError(f"no seat {self.owner} to own the deck")
        if (tuple(sorted(set(self.absent))) != self.absent or self.owner in self.absent
                or not set(self.absent) < set(range(self.seats))):
            raise ProtocolError("the absent seats are some seats of the table, not the owner")

    def context(self) -> bytes:
        record = [self.table, self.hand, self.deck, self.seats, list(self.faces)]
        if self.owner >= 0 or self.absent:
            record.append(self.owner)
        if self.absent:
            record.append(list(self.absent))
        return hashlib.sha256(b"hoard/deck/v1" + msgpack.packb(record)).digest()

    @property
    def order(self) -> tuple[int, ...]:
        """The seats that shuffle and lock, in pass order: from the owner (who alone has
        the cards) or seat 0, round the table, skipping the absent."""
        start, n = max(self.owner, 0), self.seats
        return tuple(s for i in range(n) if (s := (start + i) % n) not in self.absent)

    @property
    def layered(self) -> tuple[int, ...]:
        """The seats whose lock layer is on every card, in seat order."""
        return tuple(sorted(self.order))
