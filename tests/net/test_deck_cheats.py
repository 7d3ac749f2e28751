"""Every way to cheat the deck is caught, and the cheater is named: at once where the
message itself proves it, else at the end-of-hand audit from the revealed seeds."""

from __future__ import annotations

import os

import pytest
from cryptography.hazmat.primitives.asymmetric import x25519
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import Dealt
from net.chance.deck import (
    AuditInconclusive,
    CheatDetected,
    DeckCorrupt,
    DeckPeer,
    DeckSpec,
    PrivateCheat,
    curve,
    keys,
)
from net.chance.deck.local import LocalTable


def table(seats: int = 3, cards: int = 9) -> LocalTable:
    return LocalTable(DeckSpec(b"cheat-table", 3, 0, seats, tuple(range(cards))), spectators=1)


def committed(seats: int = 3, cards: int = 9) -> LocalTable:
    t = table(seats, cards)
    t.send_all([p.commit() for p in t.peers])
    return t


def locked(seats: int = 3, cards: int = 9) -> LocalTable:
    t = table(seats, cards)
    t.shuffle()
    return t


def named(t: LocalTable, message) -> set[int]:
    """The seats named by every present peer but the author on receiving `message`;
    each must refuse it and stay as it was."""
    seats = set()
    for peer in t.present():
        if peer.seat == message[1]:
            continue
        before = len(peer.transcript)
        with pytest.raises(CheatDetected) as caught:
            peer.receive(message)
        assert len(peer.transcript) == before, "a refused message must change nothing"
        seats.add(caught.value.seat)
    return seats


def audit_names(t: LocalTable) -> set[int]:
    """Every peer still present reveals its seed; the seats every present peer's audit names."""
    seats = range(t.spec.seats)
    t.send_all([t.peers[s].disclose() for s in seats if s not in t.gone])
    found = set()
    for peer in t.present():
        with pytest.raises(CheatDetected) as caught:
            peer.audit()
        found.add(caught.value.seat)
    return found


def points(blob: bytes) -> list[bytes]:
    return [blob[i : i + curve.POINT_SIZE] for i in range(0, len(blob), curve.POINT_SIZE)]


def other_point() -> bytes:
    return curve.card_point(os.urandom(32), 0)[0]


def with_blob(message, blob: bytes) -> tuple:
    return (*message[:2], blob, *message[3:])


def locked_with_substitute(seats: int, cards: int, cheater: int, position: int) -> LocalTable:
    """A deck whose `cheater` swapped one point of its shuffle pass for a valid stranger:
    nothing a receiver can see at once."""
    t = committed(seats, cards)
    for peer in t.peers:
        message = peer.shuffle()
        if peer.seat == cheater:
            pts = points(message[2])
            pts[position] = other_point()
            message = with_blob(message, b"".join(pts))
        t.send(message)
    for peer in t.peers:
        t.send(peer.lock())
    return t


# ----- a pass: substituted, duplicated or invalid points


def test_a_duplicated_card_in_the_shuffle_pass_names_the_shuffler():
    t = committed()
    message = t.peers[0].shuffle()
    pts = points(message[2])
    assert named(t, with_blob(message, b"".join([pts[0], *pts[:-1]]))) == {0}


def test_a_duplicated_card_in_the_lock_pass_names_the_locker():
    t = committed()
    for p in t.peers:
        t.send(p.shuffle())
    t.send(t.peers[0].lock())
    message = t.peers[1].lock()
    pts = points(message[2])
    assert named(t, with_blob(message, b"".join([*pts[:-1], pts[1]]))) == {1}


@pytest.mark.parametrize(
    "spoil",
    [
        lambda p: p[:32] + bytes(32),  # y that is not on the curve
        lambda p: p[:63] + bytes([p[63] ^ 1]),  # the odd y: not canonical
        lambda p: (2**256 - 1).to_bytes(32, "big") + p[32:],  # x beyond the field
        lambda p: p[:40],  # short
    ],
    ids=["off-curve", "odd-y", "x-too-big", "short"],
)
def test_an_invalid_point_in_a_pass_names_its_author(spoil):
    t = committed()
    t.send(t.peers[0].shuffle())
    message = t.peers[1].shuffle()
    pts = points(message[2])
    assert named(t, with_blob(message, b"".join([*pts[:4], spoil(pts[4]), *pts[5:]]))) == {1}


@settings(max_examples=25, deadline=None)
@given(pass_index=st.integers(0, 5), offset=st.integers(0, 9 * 64 - 1), flip=st.integers(1, 255))
def test_any_altered_byte_of_any_pass_names_its_author_at_once(pass_index, offset, flip):
    t = committed()
    passes = [(p, "shuffle") for p in t.peers] + [(p, "lock") for p in t.peers]
    for peer, kind in passes[:pass_index]:
        t.send(getattr(peer, kind)())
    peer, kind = passes[pass_index]
    message = getattr(peer, kind)()
    blob = bytearray(message[2])
    blob[offset] ^= flip
    assert named(t, with_blob(message, bytes(blob))) == {peer.seat}


def test_a_card_substituted_in_the_shuffle_pass_is_named_by_the_audit():
    t = locked_with_substitute(3, 9, cheater=1, position=3)
    with pytest.raises(DeckCorrupt):
        for seat in range(3):
            t.deal(seat, [seat, seat + 3, seat + 6])
    assert audit_names(t) == {1}


def test_a_lock_with_keys_other_than_committed_is_named_by_the_audit():
    t = committed()
    for p in t.peers:
        t.send(p.shuffle())
    t.send(t.peers[0].lock())
    message = t.peers[1].lock()
    wrong = curve.apply(curve.layer(12345), t.peers[1]._record.passes[-1].point(2))[0]
    pts = points(message[2])
    t.send(with_blob(message, b"".join([*pts[:2], wrong, *pts[3:]])))
    t.send(t.peers[2].lock())
    with pytest.raises(DeckCorrupt) as caught:
        t.deal(0, [2])
    assert caught.value.positions == (2,)
    assert audit_names(t) == {1}


def test_an_out_of_turn_pass_names_its_author():
    t = committed()
    first = t.peers[0].shuffle()
    t.send(first)
    assert named(t, ("deck.shuffle", 2, first[2])) == {2}  # seat 1's turn
    assert named(t, first) == {0}  # the same pass twice
    assert named(t, ("deck.lock", 1, first[2], bytes(9 * 32))) == {1}


# ----- key shares: wrong, garbled, withheld, unasked


def sealed_share(t: LocalTable, sender: int, to: int, positions, keys_of) -> tuple:
    peer = t.peers[sender]
    plain = b"".join(curve.key_bytes(keys_of(j)) for j in positions)
    shared = keys.shared_secret(peer._own.derived.exchange, t.peers[to].commit()[3])
    sealed = keys.seal_share(shared, peer.context, sender, to, tuple(positions), plain)
    return ("deck.share", sender, to, tuple(positions), sealed)


def test_a_wrong_key_share_is_named_by_its_receiver_and_by_the_audit():
    t = locked()
    for peer in t.present():
        peer.deal(0, [1, 2])
    wrong = sealed_share(t, 2, 0, [1, 2], lambda j: t.peers[2]._own.derived.locks[j] + 1)
    with pytest.raises(PrivateCheat) as caught:
        t.peers[0].receive(wrong)
    assert caught.value.seat == 2
    # the others cannot read it: they take it, and every audit, the receiver's too,
    # names the sender
    observers = [t.peers[1], *t.spectators]
    for message in [wrong, *(t.peers[s].disclose() for s in range(3))]:
        for peer in observers:
            peer.receive(message)
    for message in (t.peers[s].disclose() for s in range(3)):
        t.peers[0].receive(message)
    for peer in [t.peers[0], *observers]:
        with pytest.raises(CheatDetected) as caught:
            peer.audit()
        assert caught.value.seat == 2


def test_a_garbled_key_share_names_its_sender():
    t = locked()
    shares = [peer.deal(1, [4]) for peer in t.present()]  # every peer registers the deal
    with pytest.raises(CheatDetected) as caught:
        t.peers[1].receive((*shares[0][:4], bytes(len(shares[0][4]))))
    assert caught.value.seat == 0


def test_a_withheld_key_share_is_named_at_the_deadline():
    t = locked()
    shares = [peer.deal(1, [0, 1]) for peer in t.present()]
    t.send(shares[0])
    assert t.spectators[0].owed() == {2: "its key share to seat 1 for positions [0, 1]"}
    for peer in t.present():
        peer.overdue(0)  # seat 0 owes nothing
        with pytest.raises(CheatDetected) as caught:
            peer.overdue(2)
        assert caught.value.seat == 2


def test_a_key_share_for_fewer_positions_than_asked_names_its_sender():
    t = locked()
    for peer in t.present():
        peer.deal(1, [0, 1])
    partial = sealed_share(t, 2, 1, [0], lambda j: t.peers[2]._own.derived.locks[j])
    assert named(t, partial) == {2}


def test_a_key_share_before_the_deck_is_locked_names_its_sender():
    t = committed()
    assert named(t, ("deck.share", 0, 1, (0,), bytes(48))) == {0}


# ----- reveals and plays


def test_a_false_reveal_key_names_the_revealer():
    t = locked()
    messages = [peer.reveal([5]) for peer in t.present()]
    t.send(messages[0])
    false = ("deck.reveal", 1, (5,), curve.key_bytes(t.peers[1]._own.derived.locks[5] ^ 1))
    assert named(t, false) == {1}


def test_a_play_naming_a_card_the_player_does_not_hold_is_rejected_by_every_peer():
    t = locked()
    t.deal(0, [0, 1, 2])
    honest = t.peers[0].open([1])
    not_held = next(f for f in range(9) if f not in t.peers[0].faces.values())
    assert named(t, (*honest[:3], (not_held,), honest[4])) == {0}
    assert named(t, (*honest[:2], (4,), honest[3], honest[4])) == {0}  # seat 1's position


def test_a_play_with_a_false_key_names_the_player():
    t = locked()
    t.deal(0, [0, 1, 2])
    honest = t.peers[0].open([2])
    keys_blob = bytearray(honest[4])
    keys_blob[40] ^= 1  # seat 1's key for the card, misquoted
    assert named(t, (*honest[:4], bytes(keys_blob))) == {0}


def test_a_leave_that_withholds_or_falsifies_keys_names_the_leaver():
    t = locked()
    t.deal(0, [0, 1])
    honest = t.peers[2].leave()
    assert named(t, (honest[0], 2, honest[2][:-1], honest[3][:-32])) == {2}
    spoilt = bytearray(honest[3])
    spoilt[0] ^= 1
    assert named(t, (*honest[:3], bytes(spoilt))) == {2}


# ----- seeds, commitments, claims


def test_a_seed_that_does_not_match_its_commitment_names_the_peer():
    t = locked()
    assert named(t, ("deck.seed", 1, os.urandom(32))) == {1}


def test_an_x25519_key_not_from_the_seed_is_named_by_the_audit():
    t = table()
    commit = t.peers[1].commit()
    stranger = x25519.X25519PrivateKey.generate().public_key().public_bytes_raw()
    t.send_all([t.peers[0].commit(), (*commit[:3], stranger), t.peers[2].commit()])
    assert audit_names(t) == {1}


def test_a_low_order_x25519_key_names_the_committer():
    t = table()
    commit = t.peers[2].commit()
    assert named(t, (*commit[:3], bytes(32))) == {2}


@pytest.mark.parametrize("holds", [True, False])
def test_a_false_claim_names_the_liar_at_the_audit(holds):
    t = locked()
    t.deal(1, [0, 1, 2])
    t.deal(2, [3, 4, 5])
    held = set(t.peers[1].faces.values())
    lie = [f for f in range(9) if f not in held] if holds else [min(held)]
    t.send(("deck.claim", 1, (0, 1, 2), tuple(lie), holds))
    assert audit_names(t) == {1}


def test_a_claim_about_cards_not_held_names_the_claimer():
    t = locked()
    t.deal(1, [0, 1])
    assert named(t, ("deck.claim", 2, (0, 1), (3,), False)) == {2}


# ----- cheaters that leave


def test_a_departed_seat_that_cheated_is_named_by_the_audit():
    t = locked_with_substitute(4, 12, cheater=1, position=0)
    t.leave(1)
    with pytest.raises(DeckCorrupt):
        t.reveal(range(12))
    assert audit_names(t) == {1}


def test_a_fault_two_departed_seats_could_have_made_is_inconclusive():
    t = locked_with_substitute(4, 8, cheater=0, position=0)
    t.leave(0)
    t.leave(1)
    with pytest.raises(DeckCorrupt):
        t.reveal(range(8))
    t.send_all([t.peers[s].disclose() for s in (2, 3)])
    with pytest.raises(AuditInconclusive) as caught:
        t.peers[2].audit()
    assert caught.value.seats == (0, 1)


def test_a_resumed_peer_checks_its_own_journal():
    t = locked(2, 4)
    forged = list(t.journal)
    index = next(i for i, entry in enumerate(forged) if entry[1][0] == "deck.lock")
    message = forged[index][1]
    forged[index] = ("receive", with_blob(message, message[2][:-64] + message[2][:64]))
    with pytest.raises(CheatDetected) as caught:
        DeckPeer(t.spec, 1, t.peers[1].seed).replay(forged)
    assert caught.value.seat == 0


def test_an_owner_whose_deck_is_not_the_faces_it_committed_to_is_named_by_the_audit():
    seed = os.urandom(keys.SEED_SIZE)
    spec = DeckSpec(b"cheat-table", 4, 9, 3, (-1,) * 4, 0)
    t = LocalTable(spec, [seed + curve.encode_faces((1, 2, 3, 4)), None, None], spectators=1)
    t.send_all([p.commit() for p in t.peers])
    forged = DeckPeer(spec, 0, seed + curve.encode_faces((1, 2, 3, 99)))  # a jewel it lacks
    forged._own.said_commit = True
    t.send(forged.shuffle())
    for seat in (1, 2):
        t.send(t.peers[seat].shuffle())
    for peer in t.peers:
        t.send(peer.lock())
    assert audit_names(t) == {0}


def test_an_owner_that_lists_one_face_twice_is_named_at_once():
    t = LocalTable(DeckSpec(b"cheat-table", 4, 9, 2, (-1,) * 3, 1),
                   [None, os.urandom(keys.SEED_SIZE) + curve.encode_faces((5, 5, 6))])
    t.send_all([p.commit() for p in t.peers])
    assert named(t, t.peers[1].shuffle()) == {1}


def test_a_hand_over_of_part_of_a_hand_names_the_leaver():
    t = locked()
    t.deal(2, [1, 4])
    honest = t.peers[2].handover(0)
    partial = (*honest[:3], (1,), honest[4][: curve.KEY_SIZE * 3 + keys.TAG_SIZE])
    assert named(t, partial) == {2}


def test_a_false_hand_over_is_seen_by_its_receiver_alone():
    t = locked()
    t.deal(2, [1, 4])
    kind, seat, to, positions, sealed = t.peers[2].handover(0)
    garbled = (kind, seat, to, positions, bytes(len(sealed)))
    with pytest.raises(PrivateCheat) as caught:
        t.peers[0].receive(garbled)
    assert caught.value.seat == 2 and caught.value.actions == (Dealt(0, 0, (1, 4)),)
    assert t.peers[1].receive(garbled) == (Dealt(0, 0, (1, 4)),)
