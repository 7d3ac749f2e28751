"""Proof that the other end of a connection holds the key its hello claims.

Each side's hello carries a fresh random nonce. Each side answers the other's
hello with `proof`: its signature over the other side's nonce and both keys.
A connection is known by a key only once that proof checks out; until then
it cannot route, be counted under a name, or speak for anyone. Records need
no such proof (each is signed itself): the handshake guards who a connection
*is* — where frames are sent, whose drops are counted — not what it says.

A relay that sits between two honest peers and forwards both handshakes is
not stopped by this (nothing short of an encrypted channel would); it can
only pass on or withhold what it carries, and withheld frames are fetched
again from the other peers (`want`), so a relay slows a table but cannot
stop or fool it.
"""

from __future__ import annotations

import os

from net.wire.identity import Identity, verify

DOMAIN = b"hoard-hello\x00"
NONCE_SIZE = 16


def nonce() -> bytes:
    return os.urandom(NONCE_SIZE)


def _proven_text(verifier_nonce: bytes, verifier_key: bytes, prover_key: bytes) -> bytes:
    return DOMAIN + verifier_nonce + verifier_key + prover_key


def prove(identity: Identity, their_nonce: bytes, their_key: bytes) -> bytes:
    """This side's answer to the other's hello."""
    return identity.sign(_proven_text(their_nonce, their_key, identity.public))


def proven(claimed_key: bytes, proof: object, my_nonce: bytes, my_key: bytes) -> bool:
    """Does `proof` show that the other side holds `claimed_key`, for this connection?"""
    return isinstance(proof, bytes) and verify(claimed_key, proof,
                                               _proven_text(my_nonce, my_key, claimed_key))
