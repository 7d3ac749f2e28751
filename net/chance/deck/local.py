"""A whole table's decks in one process: every seat's DeckPeer plus spectators.

Each message goes through msgpack, as on the wire, and then to everyone in the
order sent, as the lockstep table would apply it. The table keeps the journal
of those inputs a crashed peer replays. For tests, the compute benchmark and
anyone studying the protocol.
"""

from __future__ import annotations

from engine.wire import Action
from net.chance.deck.audit import AuditReport
from net.chance.deck.messages import as_received
from net.chance.deck.peer import DeckPeer, DeckSpec


class LocalTable:
    def __init__(self, spec: DeckSpec, seeds=None, spectators: int = 0):
        seeds = seeds or [None] * spec.seats
        self.spec = spec
        self.peers = [DeckPeer(spec, seat, seeds[seat]) for seat in range(spec.seats)]
        self.spectators = [DeckPeer(spec) for _ in range(spectators)]
        self.gone: set[int] = set(spec.absent)
        self.journal: list[tuple] = []

    def present(self) -> list[DeckPeer]:
        return [p for p in self.peers if p.seat not in self.gone] + self.spectators

    def send(self, message) -> list[tuple[Action, ...]]:
        """Deliver `message` to every peer still present; what each returned."""
        message = as_received(message)
        self.journal.append(("receive", message))
        return [peer.receive(message) for peer in self.present()]

    def send_all(self, messages) -> list[tuple[Action, ...]]:
        """Deliver each message that is not None; what each peer returned for the last."""
        results = []
        for message in messages:
            if message is not None:
                results = self.send(message)
        return results

    def shuffle(self) -> None:
        """Commitments, then the shuffle pass and the lock pass in pass order."""
        self.send_all([self.peers[seat].commit() for seat in self.spec.order])
        for seat in self.spec.order:
            self.send(self.peers[seat].shuffle())
        for seat in self.spec.order:
            self.send(self.peers[seat].lock())

    def deal(self, to_seat: int, positions) -> list[tuple[Action, ...]]:
        positions = tuple(positions)
        self.journal.append(("deal", to_seat, positions))
        return self.send_all([peer.deal(to_seat, positions) for peer in self.present()])

    def reveal(self, positions) -> list[tuple[Action, ...]]:
        positions = tuple(positions)
        self.journal.append(("reveal", positions))
        return self.send_all([peer.reveal(positions) for peer in self.present()])

    def deal_hands(self, hand: int) -> None:
        """`hand` cards to each seat, one at a time round the table (seat s gets s, s+n, ...)."""
        seats = self.spec.seats
        for seat in range(seats):
            self.deal(seat, range(seat, seats * hand, seats))

    def leave(self, seat: int) -> list[tuple[Action, ...]]:
        message = self.peers[seat].leave()
        self.gone.add(seat)
        return self.send(message)

    def audit(self) -> list[AuditReport]:
        """Every present seat reveals its seed; the report of every present peer, in order."""
        seats = range(self.spec.seats)
        self.send_all([self.peers[s].disclose() for s in seats if s not in self.gone])
        return [peer.audit() for peer in self.present()]
