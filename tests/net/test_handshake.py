"""A link is known by a key only once its other end proves it holds it, on that link, and
only the two ends can read or write it (net.wire.handshake)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.errors import BadFrame
from net.wire import handshake
from net.wire.identity import Identity
from tools.lab.stranger import hello_of

ALICE, BOB, MALLORY = (Identity.generate(n) for n in ("alice", "bob", "mallory"))
TABLE = b"t" * 16


class End:
    """One side of a link: its identity, its handshake and the hello it sent."""

    def __init__(self, identity: Identity, outbound: bool, claims: Identity | None = None):
        self.identity = identity
        self.shake = handshake.Handshake(outbound)
        self.hello = hello_of(TABLE, "peer", identity.name, (claims or identity).public,
                              self.shake.share)

    def transcript(self, theirs: list) -> bytes:
        return self.shake.transcript(self.hello, theirs)

    def proof(self, theirs: list) -> bytes:
        return handshake.prove(self.identity, self.transcript(theirs))

    def ciphers(self, theirs: list):
        return self.shake.ciphers(theirs[8], self.transcript(theirs))


def test_two_honest_ends_prove_their_keys_and_share_a_channel():
    alice, bob = End(ALICE, outbound=True), End(BOB, outbound=False)
    assert handshake.proven(BOB.public, bob.proof(alice.hello), alice.transcript(bob.hello))
    assert handshake.proven(ALICE.public, alice.proof(bob.hello), bob.transcript(alice.hello))
    alice_seal, alice_open = alice.ciphers(bob.hello)
    bob_seal, bob_open = bob.ciphers(alice.hello)
    for n in range(3):
        assert bob_open.open(alice_seal.seal(b"frame %d" % n)) == b"frame %d" % n
        assert alice_open.open(bob_seal.seal(b"have %d" % n)) == b"have %d" % n


def test_proofs_relayed_between_two_accepting_peers_are_refused():
    """The relay of issue 36: a stranger dials A and B, says hello to each with the other's
    hello (its key and share) and passes each proof across. Each peer accepted, so each saw
    the other's hello first: the transcripts differ and neither proof holds."""
    a, b = End(ALICE, outbound=False), End(BOB, outbound=False)
    assert not handshake.proven(BOB.public, b.proof(a.hello), a.transcript(b.hello))
    assert not handshake.proven(ALICE.public, a.proof(b.hello), b.transcript(a.hello))


def test_a_relay_between_a_dialler_and_an_acceptor_can_neither_read_nor_write():
    """Passed on unchanged between a dialler and an acceptor, the hellos make one transcript:
    the proofs hold, but the link's keys are the two ends' alone."""
    alice, bob = End(ALICE, outbound=True), End(BOB, outbound=False)
    assert handshake.proven(BOB.public, bob.proof(alice.hello), alice.transcript(bob.hello))
    relay = handshake.Handshake(outbound=True)  # the best a relay can do: its own secret
    guessed_seal, _ = relay.ciphers(bob.hello[8], alice.transcript(bob.hello))
    _, bob_open = bob.ciphers(alice.hello)
    with pytest.raises(BadFrame, match="forged"):
        bob_open.open(guessed_seal.seal(b"a frame of the relay's own"))


def test_a_hello_claiming_another_key_is_not_proven_by_the_claimants_own_proof():
    mallory = End(MALLORY, outbound=True, claims=ALICE)
    bob = End(BOB, outbound=False)
    proof = mallory.proof(bob.hello)
    assert not handshake.proven(ALICE.public, proof, bob.transcript(mallory.hello))
    assert not handshake.proven(ALICE.public, "not bytes", bob.transcript(mallory.hello))


@given(st.binary(min_size=1, max_size=64), st.integers(min_value=0, max_value=2))
def test_a_sealed_message_altered_replayed_or_after_a_withheld_one_does_not_open(body, how):
    alice, bob = End(ALICE, outbound=True), End(BOB, outbound=False)
    seal, _ = alice.ciphers(bob.hello)
    _, opener = bob.ciphers(alice.hello)
    first, second = seal.seal(body), seal.seal(body)
    if how == 0:
        forged = bytes([first[0] ^ 1]) + first[1:]  # altered
    elif how == 1:
        assert opener.open(first) == body
        forged = first  # replayed
    else:
        forged = second  # the one before it withheld
    with pytest.raises(BadFrame, match="forged"):
        opener.open(forged)


def test_a_share_that_makes_no_secret_makes_no_channel():
    bob = End(BOB, outbound=False)
    assert bob.shake.ciphers(bytes(32), b"t" * 32) is None  # a low-order point
