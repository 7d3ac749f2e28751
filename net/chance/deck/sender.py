"""The messages one seat sends for a deck, and the engine's deal and reveal requests.

Sending changes none of the deck's state: each message comes back through `receive`
like everyone else's. Only `deal` and `reveal` change it, as every peer (spectators
too) registers the engine's request alike and then sends its keys if it owes them.
"""

from __future__ import annotations

from net.chance.deck import audit, curve, keys
from net.chance.deck.board import Board
from net.chance.deck.errors import require
from net.chance.deck.keyring import KeyRing
from net.chance.deck.record import Record
from net.chance.deck.seat import HANDOVER, SeatSecrets


class Sender:
    def __init__(self, own: SeatSecrets, record: Record, board: Board, keyring: KeyRing):
        self._own, self._record, self._board, self._keys = own, record, board, keyring
        self._spec = record.spec

    def commit(self) -> tuple:
        secrets = self._own.for_sending()
        self._own.said_commit = True
        return ("deck.commit", self._own.seat, self._own.seed_digest(), secrets.exchange_public())

    def shuffle(self) -> tuple:
        secrets, seat, passes = self._own.for_sending(), self._own.seat, self._record.passes
        # said in this batch, or received back (a peer restarted after its commitment's frame)
        require(self._own.said_commit or seat in self._record.commits,
                "this seat's commitment must come first")
        require(self._record.turn() == ("deck.shuffle", seat), "it is not this seat's shuffle")
        inputs = passes[-1].points() if passes else self._initial()
        layer = curve.layer(secrets.shuffle)
        encrypted = [curve.apply(layer, point) for point in inputs]
        shuffled = [encrypted[i] for i in secrets.order]
        return ("deck.shuffle", seat, self._own.made_blob(shuffled))

    def lock(self) -> tuple:
        secrets, seat = self._own.for_sending(), self._own.seat
        require(self._record.turn() == ("deck.lock", seat), "it is not this seat's lock")
        layers = zip(self._own.lock_layers(), self._record.passes[-1].points(), strict=True)
        locked = [curve.apply(layer, point) for layer, point in layers]
        digests = keys.key_digests(self._record.context, seat, secrets.locks)
        return ("deck.lock", seat, self._own.made_blob(locked), digests)

    def deal(self, to_seat: int, positions) -> tuple | None:
        positions = self._face_down(positions, dealing=True)
        require(0 <= to_seat < self._spec.seats, f"no seat {to_seat}")
        require(to_seat not in self._record.departed, f"seat {to_seat} has left")
        require(
            not self._board.dealt_before(to_seat, positions),
            f"seat {to_seat} was dealt some of positions {list(positions)} already",
        )
        waiting = self._record.active() - {to_seat}
        self._board.deal(to_seat, positions, waiting)
        seat = self._own.seat
        if seat not in waiting:
            return None
        sealed = self._own.seal(to_seat, positions, self._own.key_bytes(positions))
        return ("deck.share", seat, to_seat, positions, sealed)

    def reveal(self, positions) -> tuple | None:
        positions = self._face_down(positions)
        gone = [j for j in positions if self._board.holder.get(j) in self._record.departed]
        require(not gone, f"positions {gone} left with their holder")
        waiting = self._record.active()
        self._board.reveal(positions, waiting)
        seat = self._own.seat
        if seat not in waiting:
            return None
        return ("deck.reveal", seat, positions, self._own.key_bytes(positions))

    def open(self, positions) -> tuple:
        positions, seat = tuple(positions), self._own.seat
        require(self._board.holds(seat, positions), "this seat does not hold those cards")
        faces = tuple(self._keys.faces[j] for j in positions)
        return ("deck.open", seat, positions, faces, self._keys.layer_bytes(positions))

    def claim(self, positions, faces, holds: bool) -> tuple:
        positions, faces, seat = tuple(positions), tuple(faces), self._own.seat
        require(self._board.holds(seat, positions), "this seat does not hold those cards")
        claim = audit.Claim(seat, positions, faces, holds)
        require(claim.true_of([self._keys.faces[j] for j in positions]), "that claim is false")
        return ("deck.claim", seat, positions, faces, holds)

    def handover(self, to_seat: int) -> tuple | None:
        self._own.for_sending()
        seat = self._own.seat
        require(self._record.locked, "the deck is not locked yet")
        require(to_seat in self._record.active() - {seat}, f"seat {to_seat} cannot take over")
        positions = self._board.handed(seat)
        if not positions:
            return None
        plain = self._keys.layer_bytes(positions)
        sealed = self._own.seal(to_seat, positions, plain, HANDOVER)
        return ("deck.handover", seat, to_seat, positions, sealed)

    def leave(self, handing_over: bool) -> tuple:
        self._own.for_sending()
        seat = self._own.seat
        require(self._record.locked, "leave before the deck is locked: shuffle again without it")
        positions = self._board.leave_positions(seat, handing_over)
        return ("deck.leave", seat, positions, self._own.key_bytes(positions))

    def disclose(self) -> tuple:
        self._own.for_sending()
        return ("deck.seed", self._own.seat, self._own.seed)

    def _initial(self) -> tuple[curve.Point, ...]:
        """The cards as the first shuffler takes them: the deck, or the owner's own."""
        if self._spec.owner < 0:
            return self._record.cards.all()
        return self._record.cards.points(keys.owner_faces(self._own.seed))

    def _face_down(self, positions, dealing: bool = False) -> tuple[int, ...]:
        require(self._record.locked, "the deck is not locked yet")
        return self._board.face_down(positions, dealing)
