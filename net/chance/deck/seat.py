"""One seat's secrets for one deck: its seed, the keys derived from it, the secret it
shares with each other seat, and the passes it made.

Kept apart from what the table has said so that a spectator is simply a peer whose
secrets hold nothing, and a seat that lost its seed (`forget`) becomes one.
"""

from __future__ import annotations

import hashlib
import os

from cryptography.hazmat.primitives.asymmetric import x25519

from net.chance.deck import curve, keys
from net.chance.deck.errors import CheatDetected, ProtocolError, require
from net.chance.deck.spec import DeckSpec

HANDOVER = b"handover"  # the label that seals a hand-over (a key share's is "share")

# Spectators check commitments' x25519 keys with this fixed key: a low-order
# key fails the same way for every observer, whatever its own key.
_PROBE = x25519.X25519PrivateKey.from_private_bytes(hashlib.sha256(b"hoard/deck/probe").digest())


class SeatSecrets:
    """`derived` is None for a spectator and once the seed is lost; `seat` too."""

    def __init__(self, spec: DeckSpec, context: bytes, seat: int | None, seed: bytes | None,
                 faces: tuple[int, ...] | None):
        self.seat = seat
        self.context = context
        if seat is None:
            require(seed is None, "a spectator has no seed")
            self.seed = self.derived = None
        else:
            count = len(spec.faces)
            require(0 <= seat < spec.seats, f"no seat {seat} at a table of {spec.seats}")
            self.seed = _new_seed(spec, seat, faces) if seed is None else seed
            size = keys.seed_size(count, seat == spec.owner)
            require(len(self.seed) == size, f"seat {seat}'s seed is {size} bytes")
            self.derived = keys.derive(self.seed, context, seat, count)
        self.shared: dict[int, bytes] = {}  # seat -> the secret this seat's keys are sealed with
        self.said_commit = False  # in the batch being sent, before it comes back
        self.lost = False
        self._made: dict[bytes, tuple[curve.Point, ...]] = {}  # own passes, already loaded
        self._lock_layers: list[curve.Layer] | None = None

    def for_sending(self) -> keys.PeerSecrets:
        """The keys this seat sends with; none for a spectator or a seat that lost its seed."""
        require(self.derived is not None, "a spectator sends no deck messages")
        return self.derived

    def seed_digest(self) -> bytes:
        return keys.seed_digest(self.context, self.seat, self.seed)

    def exchange(self, seat: int, exchange_key: bytes) -> None:
        """Check `seat`'s x25519 key (a spectator too) and keep the secret shared with it."""
        own = self.derived.exchange if self.derived is not None else _PROBE
        try:
            shared = keys.shared_secret(own, exchange_key)
        except ValueError as exc:
            raise CheatDetected(seat, "x25519 key of low order") from exc
        if self.derived is not None:
            self.shared[seat] = shared

    def seal(self, to_seat: int, positions, plain: bytes, *purpose: bytes) -> bytes:
        return keys.seal_share(self.shared[to_seat], self.context, self.seat, to_seat,
                               positions, plain, *purpose)

    def unseal(self, seat: int, positions, sealed: bytes, *purpose: bytes) -> bytes:
        """What `seat` sealed to this seat; InvalidTag if it does not decrypt."""
        return keys.open_share(self.shared[seat], self.context, seat, self.seat,
                               positions, sealed, *purpose)

    def key_bytes(self, positions) -> bytes:
        """This seat's lock key for each of `positions`, as sent."""
        return b"".join(curve.key_bytes(self.derived.locks[j]) for j in positions)

    def lock_layers(self) -> list[curve.Layer]:
        """Per position, the layer that swaps the shuffle key for the lock key (loaded once:
        it is the costly part of the lock pass, so it can be done ahead)."""
        if self._lock_layers is None:
            unshuffle = curve.inverse(self.derived.shuffle)
            self._lock_layers = [
                curve.layer(unshuffle * lock % curve.ORDER) for lock in self.derived.locks
            ]
        return self._lock_layers

    def made_blob(self, made: list[tuple[bytes, curve.Point]]) -> bytes:
        """A pass this seat made, as sent; its points are kept so that when it comes back
        they need neither checking nor loading again."""
        blob = b"".join(data for data, _ in made)
        self._made[blob] = tuple(point for _, point in made)
        return blob

    def made_pass(self, seat: int, blob: bytes) -> tuple[curve.Point, ...] | None:
        """The points of `blob` if this seat made it, once; None for any other pass."""
        return self._made.pop(blob, None) if seat == self.seat else None

    def forget(self) -> None:
        """This seat committed with a seed it no longer has (its journal was lost): from now
        on it follows the deck as a spectator does, and it can send nothing for it."""
        self.lost = True
        self.seat = self.seed = self.derived = self._lock_layers = None
        self.shared.clear()
        self._made.clear()


def _new_seed(spec: DeckSpec, seat: int, faces) -> bytes:
    """A fresh seed; an owner's carries its deck's faces after the random part."""
    seed = os.urandom(keys.SEED_SIZE)
    if seat != spec.owner:
        return seed
    count = len(spec.faces)
    require(faces is not None and len(faces) == count,
            f"the owner builds its deck from its {count} faces")
    try:
        return seed + curve.encode_faces(faces)
    except ValueError as exc:
        raise ProtocolError(str(exc)) from None
