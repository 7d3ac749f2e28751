"""Everything a peer keeps secret derives from its 32-byte hand seed (HKDF-SHA512).

So a peer's journal needs only the seed, and the audit recomputes every message
a peer sent from the seed it reveals. Commitments are SHA-256 digests bound to
the deck's context, the seat and (for keys) the position.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import x25519
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from net.chance.deck import curve

SEED_SIZE = 32
DIGEST_SIZE = 32
EXCHANGE_KEY_SIZE = 32  # an X25519 public key
SCALAR_MATERIAL = 40  # bytes per derived key, for a bias below 2**-64
ORDER_MATERIAL = 8  # bytes of sort key per card for the permutation
TAG_SIZE = 16  # AES-GCM tag
_NONCE = bytes(12)  # every AES key seals exactly one message


@dataclass(frozen=True, slots=True)
class PeerSecrets:
    """One seat's secrets for one deck: `order[t]` is the input placed at output t."""

    shuffle: int
    order: tuple[int, ...]
    locks: tuple[int, ...]
    exchange: x25519.X25519PrivateKey

    def exchange_public(self) -> bytes:
        return self.exchange.public_key().public_bytes_raw()


def seed_size(count: int, owner: bool) -> int:
    """A seed is 32 random bytes; an owner's seed also carries its deck's faces."""
    return SEED_SIZE + (curve.FACE_BYTES * count if owner else 0)


def owner_faces(seed: bytes) -> tuple[int, ...]:
    """The faces an owner's seed carries, in the order its first pass took them."""
    return curve.decode_faces(seed[SEED_SIZE:])


def _expand(seed: bytes, context: bytes, seat: int, label: bytes, length: int) -> bytes:
    info = b"hoard/deck/" + label + bytes([seat])
    return HKDF(hashes.SHA512(), length, salt=context, info=info).derive(seed[:SEED_SIZE])


def derive(seed: bytes, context: bytes, seat: int, count: int) -> PeerSecrets:
    sort_keys = _expand(seed, context, seat, b"order", ORDER_MATERIAL * count)
    order = sorted(
        range(count), key=lambda i: sort_keys[i * ORDER_MATERIAL : (i + 1) * ORDER_MATERIAL]
    )
    lock_material = _expand(seed, context, seat, b"lock", SCALAR_MATERIAL * count)
    locks = tuple(
        curve.scalar(lock_material[i * SCALAR_MATERIAL : (i + 1) * SCALAR_MATERIAL])
        for i in range(count)
    )
    return PeerSecrets(
        shuffle=curve.scalar(_expand(seed, context, seat, b"shuffle", SCALAR_MATERIAL)),
        order=tuple(order),
        locks=locks,
        exchange=x25519.X25519PrivateKey.from_private_bytes(
            _expand(seed, context, seat, b"x25519", EXCHANGE_KEY_SIZE)
        ),
    )


def seed_digest(context: bytes, seat: int, seed: bytes) -> bytes:
    return hashlib.sha256(b"hoard/deck/seed" + context + bytes([seat]) + seed).digest()


def key_digest(context: bytes, seat: int, position: int, key: int) -> bytes:
    return hashlib.sha256(
        b"hoard/deck/lock"
        + context
        + bytes([seat])
        + position.to_bytes(2, "big")
        + curve.key_bytes(key)
    ).digest()


def key_digests(context: bytes, seat: int, keys: tuple[int, ...]) -> bytes:
    return b"".join(key_digest(context, seat, j, key) for j, key in enumerate(keys))


def digest_at(digests: bytes, position: int) -> bytes:
    return digests[position * DIGEST_SIZE : (position + 1) * DIGEST_SIZE]


def shared_secret(own: x25519.X25519PrivateKey, other_public: bytes) -> bytes:
    """ValueError when `other_public` is a low-order point (the result would be all zeros)."""
    return own.exchange(x25519.X25519PublicKey.from_public_bytes(other_public))


def _share_box(
    shared: bytes, context: bytes, sender: int, receiver: int, positions: tuple[int, ...],
    label: bytes,
) -> tuple[AESGCM, bytes]:
    header = bytes([sender, receiver]) + b"".join(p.to_bytes(2, "big") for p in positions)
    info = b"hoard/deck/" + label + header
    key = HKDF(hashes.SHA256(), 32, salt=context, info=info).derive(shared)
    return AESGCM(key), context + header


def seal_share(
    shared: bytes,
    context: bytes,
    sender: int,
    receiver: int,
    positions: tuple[int, ...],
    keys: bytes,
    label: bytes = b"share",
) -> bytes:
    """Deterministic, so the audit can recompute the exact ciphertext from the sender's seed.
    `label` keeps a hand-over's key apart from a share's for the same positions."""
    box, aad = _share_box(shared, context, sender, receiver, positions, label)
    return box.encrypt(_NONCE, keys, aad)


def open_share(
    shared: bytes,
    context: bytes,
    sender: int,
    receiver: int,
    positions: tuple[int, ...],
    sealed: bytes,
    label: bytes = b"share",
) -> bytes:
    """The keys in `sealed`; cryptography's InvalidTag if it was not sealed for us."""
    box, aad = _share_box(shared, context, sender, receiver, positions, label)
    return box.decrypt(_NONCE, sealed, aad)
