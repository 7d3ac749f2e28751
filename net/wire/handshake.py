"""Who is at the other end of a link, and a channel only the two ends can use.

Each side's hello carries a fresh X25519 public key beside the Ed25519 identity key
it claims. Each side answers the other's hello with `proof`: its identity signature
over the transcript — the hash of both hellos in the order dialler first, acceptor
second. The link's keys come from the X25519 exchange of the two fresh keys,
salted with that transcript (HKDF-SHA256), one key each way; every message after a
side's proof is sealed under its key (net.wire.stream.Cipher).

This is signed Diffie-Hellman over the whole transcript (the shape of TLS 1.3's
CertificateVerify, of SIGMA): a proof is valid only on a link whose two ends saw the
same two hellos in the same roles, and the keys only the holders of the two fresh
X25519 secrets can derive. So a stranger who relays hellos and proofs between two
peers either hands each a proof made for another transcript (refused: each end saw
itself accept, or the hellos differed) or, passing the hellos on unchanged between a
dialler and an acceptor, holds a link it can neither read nor write — it can only pass
on or drop the sealed bytes, and a link that drops them is found out by its missing
acknowledgements (net.wire.mesh) and not used.

Records are still signed each by its author (net.wire.frames): they are evidence to
anyone. The channel adds who is at the other end of a link — where frames are sent
and whose drops are counted.
"""

from __future__ import annotations

import hashlib

import msgpack
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from net.wire.frames import PROTOCOL
from net.wire.identity import Identity, verify
from net.wire.stream import Cipher

DOMAIN = b"hoard-link\x00"
PROOF_DOMAIN = b"hoard-proof\x00"
KEYS_INFO = b"hoard-link-keys\x00"
SHARE_SIZE = 32  # an X25519 public key
KEY_SIZE = 32


class Handshake:
    """This side's part in one link's handshake: a fresh X25519 key pair, used once."""

    def __init__(self, outbound: bool):
        self.outbound = outbound  # this side dialled
        self._secret = X25519PrivateKey.generate()
        self.share = self._secret.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    def transcript(self, mine: list, theirs: list) -> bytes:
        """The hash both ends sign: both hellos, the dialler's first."""
        first, second = (mine, theirs) if self.outbound else (theirs, mine)
        packed = msgpack.packb([PROTOCOL, first, second], use_bin_type=True)
        return hashlib.blake2b(DOMAIN + packed, digest_size=32).digest()

    def ciphers(self, their_share: bytes, transcript: bytes) -> tuple[Cipher, Cipher] | None:
        """(this side's sealing cipher, its opening cipher); None for a share that yields
        no secret (a low-order point)."""
        try:
            shared = self._secret.exchange(X25519PublicKey.from_public_bytes(their_share))
        except ValueError:
            return None
        keys = HKDF(SHA256(), 2 * KEY_SIZE, transcript, KEYS_INFO).derive(shared)
        dialler, acceptor = keys[:KEY_SIZE], keys[KEY_SIZE:]
        mine, theirs = (dialler, acceptor) if self.outbound else (acceptor, dialler)
        return Cipher(mine), Cipher(theirs)


def prove(identity: Identity, transcript: bytes) -> bytes:
    """This side's answer to the other's hello: it holds its key, on this link."""
    return identity.sign(PROOF_DOMAIN + transcript)


def proven(claimed_key: bytes, proof: object, transcript: bytes) -> bool:
    """Does `proof` show that the other side holds `claimed_key`, on this link?"""
    return isinstance(proof, bytes) and verify(claimed_key, proof, PROOF_DOMAIN + transcript)
