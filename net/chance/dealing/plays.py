"""Plays that show cards: this seat's `open` for them, and every play's faces checked.

A play that shows its own face-down cards carries `open` for them in the same frame
(the node adds it for its own and its bots' actions), so the cards are face up by
the time the play is applied. Before the engine sees any action, every peer checks
the faces it shows: a card not face up by then is cheating, and a face other than
the card's is a rejected action.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import ref_deck, ref_position
from engine.wire import Action
from net.chance.dealing.decks import Decks
from net.chance.dealing.seats import Seats
from net.chance.deck.messages import as_received


class Plays:
    def __init__(self, seats: Seats, decks: Decks,
                 reveals: Callable[[Action], tuple[tuple, tuple]]):
        """`reveals(action)`: the game's card references an action shows, and their faces."""
        self.seats = seats
        self.decks = decks
        self.reveals = reveals

    def opens(self, actions) -> list[tuple]:
        """`open` for this seat's face-down cards that its `actions` show."""
        wanted: dict[int, list[int]] = {}
        held: dict[int, tuple[int, ...]] = {}
        for action in actions:
            refs = self.reveals(action)[0]
            if not isinstance(refs, tuple) or not all(type(card) is int for card in refs):
                continue  # malformed: every peer will refuse the action anyway
            for card in refs:
                deck = self.decks.find(ref_deck(card))
                if deck is None or deck.peer.lost:
                    continue
                if deck.number not in held:
                    held[deck.number] = deck.peer.hidden(self.seats.me)
                j = ref_position(card)
                if j in held[deck.number] and j not in wanted.get(deck.number, ()):
                    wanted.setdefault(deck.number, []).append(j)
        return [as_received(["deck", n, self.decks.by_number[n].peer.open(p)])
                for n, p in wanted.items()]

    def check(self, action: Action, seat: int) -> str | None:
        """Why the faces `action` of engine seat `seat` shows are wrong, if they are."""
        refs, faces = self.reveals(action)
        if len(refs) != len(faces):
            return "the action names a different number of cards and faces"
        for card, face in zip(refs, faces, strict=True):
            deck = self.decks.find(ref_deck(card))
            j = ref_position(card)
            if deck is None or not 0 <= j < len(deck.peer.spec.faces):
                continue  # no card of the deck: the engine refuses it
            shown = deck.peer.public_face(j)
            if shown is None:
                player = self.seats.holder(seat)
                what = ("its face-down card" if j in deck.peer.hidden(player)
                        else "a card it does not hold")
                raise self.seats.cheat(player, f"played {what} (deck {deck.number}, "
                                       f"position {j}) without showing its keys")
            if shown != face:
                return f"the card at deck {deck.number} position {j} is not face {face}"
        return None
