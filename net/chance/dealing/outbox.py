"""This seat's chance entries for its next frame, in the order it queued them.

An entry stays queued until the lockstep applies the frame that carries it, and the
next frame may be asked for many times before then: what a seat owes is queued once
(`queued` says whether it is). Entries are kept as they read once received
(`as_received`), so that the one applied is found and removed. A spectator (no seat)
queues nothing.
"""

from __future__ import annotations

from net.chance.dealing.decks import Deck
from net.chance.dealing.seats import Seats
from net.chance.deck.messages import as_received


class Outbox:
    def __init__(self, seats: Seats):
        self.seats = seats
        self.entries: list[tuple] = []  # own entries not yet applied

    def queue(self, deck: Deck, message) -> None:
        """`["deck", deck number, message]`, for a DeckPeer message (None: nothing to say)."""
        if message is not None and self.seats.me is not None:
            self.entries.append(as_received(["deck", deck.number, message]))

    def queued(self, deck: Deck, kind: str) -> bool:
        return any(e[0] == "deck" and e[1] == deck.number and e[2][0] == kind
                   for e in self.entries)

    def accuse(self, deck: Deck, seat: int) -> None:
        """`["accuse", deck number, seat]`: a key share `seat` sent this seat is false (seat
        -1: a card dealt to it is no card)."""
        if self.seats.me is not None:
            self.entries.append(as_received(["accuse", deck.number, seat]))

    def lost(self, deck: Deck) -> None:
        """`["lost", deck number]`: this seat's secrets for the deck are gone."""
        entry = as_received(["lost", deck.number])
        if entry not in self.entries:
            self.entries.append(entry)

    def applied(self, entry) -> None:
        """A frame of this seat's carried `entry`: it is said."""
        if entry in self.entries:
            self.entries.remove(entry)

    def forget(self, deck: Deck) -> None:
        """Drop what this seat queued for `deck` (a spare dropped unused)."""
        self.entries = [e for e in self.entries if e[0] != "deck" or e[1] != deck.number]

    def clear(self) -> None:
        self.entries = []
