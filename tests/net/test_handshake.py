"""A connection is known by a key only once it proves it holds it (net.wire.handshake)."""

from hypothesis import given
from hypothesis import strategies as st

from net.wire import handshake
from net.wire.identity import Identity

ALICE, BOB, MALLORY = (Identity.generate(n) for n in ("alice", "bob", "mallory"))
NONCES = st.binary(min_size=handshake.NONCE_SIZE, max_size=handshake.NONCE_SIZE)


@given(NONCES)
def test_a_proof_shows_the_key_to_the_side_whose_nonce_it_signs(nonce):
    proof = handshake.prove(BOB, nonce, ALICE.public)
    assert handshake.proven(BOB.public, proof, nonce, ALICE.public)


@given(NONCES, NONCES)
def test_a_proof_is_good_for_one_connection_and_one_verifier_only(nonce, other):
    proof = handshake.prove(BOB, nonce, ALICE.public)
    if other != nonce:  # an old proof, replayed on another connection
        assert not handshake.proven(BOB.public, proof, other, ALICE.public)
    assert not handshake.proven(BOB.public, proof, nonce, MALLORY.public)  # made for alice


@given(NONCES)
def test_claiming_another_key_without_its_private_half_proves_nothing(nonce):
    forged = handshake.prove(MALLORY, nonce, ALICE.public)
    assert not handshake.proven(BOB.public, forged, nonce, ALICE.public)
    assert not handshake.proven(BOB.public, "not bytes", nonce, ALICE.public)
