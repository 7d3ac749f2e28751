"""The mental-poker deck as a protocol: dealing, revealing, claims, leaving, resuming, privacy.

Cheating attempts and their attribution are in test_deck_cheats.py.
"""

from __future__ import annotations

import os
from collections import Counter

import msgpack
import pytest
from cryptography.exceptions import InvalidTag
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import Dealt, Revealed, Shuffled
from net.chance.deck import (
    BadMessage,
    CheatDetected,
    DeckPeer,
    DeckSpec,
    ProtocolError,
    curve,
    keys,
)
from net.chance.deck.local import LocalTable


def table(seats: int, cards: int, spectators: int = 1, faces=None, seeds=None) -> LocalTable:
    faces = tuple(range(cards)) if faces is None else faces
    return LocalTable(DeckSpec(b"test-table", 7, 0, seats, faces), seeds, spectators)


def deal_all(t: LocalTable) -> None:
    """Every position, one at a time round the table."""
    seats, cards = t.spec.seats, len(t.spec.faces)
    for seat in range(seats):
        t.deal(seat, range(seat, cards, seats))


def hand(t: LocalTable, seat: int) -> dict[int, int]:
    return {j: t.peers[seat].faces[j] for j in t.peers[seat].hidden(seat)}


def assert_dealt_exactly_once(t: LocalTable) -> None:
    seats = t.spec.seats
    hands = [hand(t, seat) for seat in range(seats)]
    positions = [j for h in hands for j in h]
    assert sorted(positions) == list(range(len(t.spec.faces)))
    assert Counter(f for h in hands for f in h.values()) == Counter(t.spec.faces)
    for seat in range(seats):
        others = set(positions) - set(hands[seat])
        assert not others & set(t.peers[seat].faces), "a seat saw a card it does not hold"
    for spectator in t.spectators:
        assert spectator.faces == {}


# ----- shuffling and dealing


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_52_cards_among_2_to_6_peers_deal_every_card_exactly_once(seats):
    t = table(seats, 52)
    t.shuffle()
    deal_all(t)
    assert_dealt_exactly_once(t)
    reports = t.audit()
    assert len(set(reports)) == 1
    assert list(reports[0].faces) == [
        next(p.faces[j] for p in t.peers if j in p.faces) for j in range(52)
    ]


def test_6_peers_70_cards_deal_7_each_turn_one_up_then_deal_the_rest():
    t = table(6, 70)
    t.shuffle()
    for seat in range(6):
        t.deal(seat, range(seat, 42, 6))
    turned = t.reveal([42])
    assert len(set(turned)) == 1
    assert all(len(p.hidden(p.seat)) == 7 for p in t.peers)
    for seat in range(6):
        t.deal(seat, [j for j in range(43, 70) if (j - 43) % 6 == seat])
    faces = [f for p in t.peers for f in hand(t, p.seat).values()] + [turned[0][0].faces[0]]
    assert sorted(faces) == list(range(70))
    assert len(set(t.audit())) == 1


def test_shuffle_and_lock_answer_shuffled_for_every_observer():
    t = table(3, 9, spectators=2)
    t.send_all([p.commit() for p in t.peers])
    for p in t.peers:
        assert p.turn() == ("deck.shuffle", p.seat)
        assert t.send(p.shuffle()) == [()] * 5
    for p in t.peers[:-1]:
        t.send(p.lock())
    assert t.send(t.peers[-1].lock()) == [(Shuffled(0),)] * 5
    assert all(p.locked and p.turn() is None for p in t.present())


def test_deal_gives_faces_to_the_receiver_only():
    t = table(3, 9, spectators=1)
    t.shuffle()
    results = t.deal(1, [0, 3, 6])
    receiver = results[1][0]
    assert isinstance(receiver, Dealt) and len(receiver.faces) == 3
    for i in (0, 2, 3):
        assert results[i] == (Dealt(0, 1, (0, 3, 6)),)
    assert t.peers[1].hidden(1) == (0, 3, 6)
    assert t.peers[0].stock() == (1, 2, 4, 5, 7, 8)


@settings(max_examples=12, deadline=None)
@given(
    seats=st.integers(2, 4),
    extra=st.integers(0, 6),
    data=st.data(),
)
def test_any_sequence_of_deals_and_reveals_conserves_the_cards(seats, extra, data):
    cards = seats + extra
    # repeated faces (two identical jokers) are distinct cards all the same
    faces = tuple(data.draw(st.lists(st.integers(0, 5), min_size=cards, max_size=cards)))
    t = table(seats, cards, faces=faces)
    t.shuffle()
    seen: dict[int, int] = {}
    revealed: set[int] = set()
    stock = list(range(cards))
    while stock:
        take = data.draw(st.lists(st.sampled_from(stock), min_size=1, max_size=3, unique=True))
        to = data.draw(st.sampled_from([None, *range(seats)]))
        stock = [j for j in stock if j not in take]
        if to is None:
            results = t.reveal(take)
            assert len(set(results)) == 1
            seen.update(zip(take, results[0][0].faces, strict=True))
            revealed.update(take)
        else:
            t.deal(to, take)
            seen.update((j, t.peers[to].faces[j]) for j in take)
    assert Counter(seen.values()) == Counter(faces)
    for peer in t.present():  # a view never holds another seat's hidden card
        own = set(peer.hidden(peer.seat)) if peer.seat is not None else set()
        assert set(peer.faces) == own | revealed
    report = t.audit()[0]
    assert dict(enumerate(report.faces)) == seen


def test_public_reveal_shows_every_observer_the_same_faces():
    t = table(3, 12, spectators=2)
    t.shuffle()
    t.deal(0, [0, 1, 2])
    results = t.reveal([5, 7])
    assert len(set(results)) == 1
    (revealed,) = results[0]
    assert isinstance(revealed, Revealed) and revealed.positions == (5, 7)
    assert all(p.faces[5] == revealed.faces[0] for p in t.present())
    assert t.audit()[0].faces[7] == revealed.faces[1]


def test_a_holder_opens_its_cards_for_everyone():
    t = table(4, 16)
    t.shuffle()
    t.deal(2, [1, 5, 9])
    faces = tuple(t.peers[2].faces[j] for j in (5, 9))
    results = t.send(t.peers[2].open([5, 9]))
    assert set(results) == {(Revealed(0, (5, 9), faces),)}
    assert t.peers[2].hidden(2) == (1,)
    assert all(p.faces[9] == faces[1] for p in t.present())


def test_a_card_dealt_to_one_seat_may_be_shown_to_another_and_turned_up_later():
    t = table(3, 9)
    t.shuffle()
    t.deal(0, [2, 3])
    t.deal(1, [3, 4])  # a look at seat 0's card 3 (and a stock card) for seat 1
    assert t.peers[1].faces[3] == t.peers[0].faces[3] and 3 not in t.peers[2].faces
    assert t.peers[0].hidden(0) == (2, 3) and t.peers[1].hidden(1) == (4,)
    assert t.peers[0].shown(3) == {0, 1}
    with pytest.raises(ProtocolError):
        t.peers[0].deal(1, [3])  # seat 1 saw it already
    (revealed,) = t.reveal([2, 3])[0]  # the rules turn a held card up: every seat's key
    assert revealed.faces == (t.peers[0].faces[2], t.peers[0].faces[3])
    assert t.peers[0].hidden(0) == ()
    assert t.audit()[0].faces[3] == revealed.faces[1]


def test_a_one_seat_deck_deals_with_no_key_share():
    t = table(1, 5, spectators=1)
    t.shuffle()
    for peer in t.present():
        assert peer.deal(0, [0, 1]) is None  # nobody else holds a key to send
    mine, watched = (peer.settled() for peer in t.present())
    assert mine == (Dealt(0, 0, (0, 1), tuple(t.peers[0].faces[j] for j in (0, 1))),)
    assert watched == (Dealt(0, 0, (0, 1)),)
    assert t.audit()[0].faces[:2] == mine[0].faces


def owner_table(faces: tuple[int, ...], owner: int = 1, seats: int = 3) -> LocalTable:
    """A deck whose faces only `owner` knows (a Dragon's Gold screen being robbed)."""
    spec = DeckSpec(b"test-table", 8, 5, seats, (-1,) * len(faces), owner)
    seeds = [None] * seats
    seeds[owner] = os.urandom(keys.SEED_SIZE) + curve.encode_faces(faces)
    return LocalTable(spec, seeds, spectators=1)


def owner_shuffle(t: LocalTable) -> None:
    """Commitments, then the owner's (seat 1's) passes first and the others in seat order."""
    t.send_all([p.commit() for p in t.peers])
    assert [p.turn() for p in t.peers[:1]] == [("deck.shuffle", 1)]  # the owner goes first
    for seat in (1, 2, 0):
        t.send(t.peers[seat].shuffle())
    for seat in (1, 2, 0):
        t.send(t.peers[seat].lock())
    assert t.peers[0].locked


def test_an_owners_deck_is_built_from_faces_only_its_owner_knows():
    secret = (130, 7, 64, 200, 3)
    t = owner_table(secret)
    owner_shuffle(t)
    t.deal(2, [0])  # the thief draws a token it could not choose
    t.deal(1, [0])  # then the victim is told which one went
    stolen = t.peers[2].faces[0]
    assert stolen in secret and t.peers[1].faces[0] == stolen and 0 not in t.peers[0].faces
    assert not any(face in secret for face in t.spectators[0].faces.values())
    report = t.audit()[0]
    assert report.faces[0] == stolen and sorted(report.faces) == sorted(secret)


def test_a_stolen_token_goes_to_the_thief_and_its_victim_in_one_round_of_shares():
    secret = (130, 7, 64, 200, 3)
    t = owner_table(secret)
    owner_shuffle(t)
    to_thief = [p.deal(2, [0]) for p in t.present()]  # both deals registered before any
    to_victim = [p.deal(1, [0]) for p in t.present()]  # share arrives: one round, not two
    with pytest.raises(ProtocolError):
        t.peers[0].reveal([0])  # no reveal while the deals are under way
    shares = [m for pair in zip(to_thief, to_victim, strict=True) for m in pair if m is not None]
    results = [t.send(m) for m in shares]
    done = [a for step in results for peer_actions in step for a in peer_actions]
    stolen = t.peers[2].faces[0]
    assert stolen in secret and t.peers[1].faces[0] == stolen and 0 not in t.peers[0].faces
    assert Dealt(5, 2, (0,), (stolen,)) in done and Dealt(5, 1, (0,), (stolen,)) in done
    assert t.peers[2].hidden(2) == (0,) and t.peers[1].hidden(1) == ()  # the thief holds it
    assert t.audit()[0].faces[0] == stolen


def test_true_claims_pass_the_audit():
    t = table(3, 12)
    t.shuffle()
    t.deal(0, [0, 1, 2, 3])
    held = [t.peers[0].faces[j] for j in (0, 1, 2, 3)]
    absent = [f for f in range(12) if f not in held]
    t.send(t.peers[0].claim([0, 1, 2, 3], [held[2]], True))
    t.send(t.peers[0].claim([0, 1, 2, 3], absent, False))
    report = t.audit()[0]
    assert report.claims_checked == 2 and report.unchecked == ()


def test_a_peer_will_not_make_a_false_claim():
    t = table(2, 6)
    t.shuffle()
    t.deal(0, [0, 1])
    held = t.peers[0].faces[0]
    with pytest.raises(ProtocolError):
        t.peers[0].claim([0, 1], [held], False)


# ----- leaving, crashing, and what a peer owes


def test_a_peer_that_leaves_keeps_the_stock_playable():
    t = table(4, 20)
    t.shuffle()
    for seat in range(4):
        t.deal(seat, range(seat, 12, 4))
    t.send(t.peers[3].claim(t.peers[3].hidden(3), [99], False))
    t.leave(3)
    assert not t.peers[0].owed()
    t.deal(0, [12, 13])
    (turned,) = t.reveal([14])[0]
    assert turned.faces[0] == t.peers[1].faces[14]
    t.send(t.peers[1].open([1]))  # seat 1's card still opens, with seat 3's published key
    report = t.audit()[0]
    assert report.unchecked == (3,)
    assert [report.faces[j] for j in (3, 7, 11)] == [None] * 3  # the leaver's hand stays hidden
    assert report.faces[12] == t.peers[0].faces[12]


def test_a_leaver_hands_its_cards_to_the_seat_that_plays_on_for_it():
    t = table(3, 9)
    t.shuffle()
    t.deal(2, [1, 4])
    t.deal(0, [0])
    hand = {j: t.peers[2].faces[j] for j in (1, 4)}
    results = t.send(t.peers[2].handover(0))
    assert results[0] == (Dealt(0, 0, (1, 4), tuple(hand.values())),)  # seat 0 sees them
    assert results[1] == (Dealt(0, 0, (1, 4)),) and 1 not in t.peers[1].faces
    t.send(t.peers[2].leave(handing_over=True))
    t.gone.add(2)
    assert t.peers[0].hidden(0) == (0, 1, 4)
    (opened,) = t.send(t.peers[0].open([4]))[0]
    assert opened.faces == (hand[4],)
    (shown,) = t.reveal([1])[0]  # the rules may turn its cards up without the leaver
    assert shown.faces == (hand[1],) and t.audit()[0].faces[1] == hand[1]


def test_leaving_completes_a_deal_waiting_for_the_leaver():
    t = table(3, 9)
    t.shuffle()
    shares = [p.deal(0, [4]) for p in t.present()]
    t.send(shares[1])
    results = t.leave(2)
    assert results[0] == (Dealt(0, 0, (4,), (t.peers[0].faces[4],)),)


def test_a_share_crossing_its_receivers_leave_is_moot_not_cheating():
    t = table(3, 9)
    t.shuffle()
    shares = [p.deal(2, [0]) for p in t.present()]
    results = t.send(t.peers[2].leave())  # every peer applies it, the leaver too
    assert set(results) == {(Dealt(0, 2, (0,)),)}  # the leaver's card is dealt unseen
    t.gone.add(2)
    t.send_all(shares)  # sent in the same step as the leave: ignored
    assert not t.spectators[0].owed()


def test_a_crashed_peer_resumes_from_its_seed_and_journal():
    t = table(3, 12, spectators=0)
    t.shuffle()
    t.deal(0, [0, 1, 2])
    t.deal(1, [3, 4, 5])
    crashed = t.peers[1]
    resumed = DeckPeer(t.spec, 1, crashed.seed)
    resumed.replay(t.journal)
    assert resumed.faces == crashed.faces and resumed.transcript == crashed.transcript
    assert resumed.open([4]) == crashed.open([4])
    t.peers[1] = resumed
    t.deal(2, [6, 7])
    t.send(resumed.open([4]))
    assert len(set(t.audit())) == 1


def test_a_peer_that_lost_its_seed_follows_the_deck_as_a_spectator_and_sends_nothing():
    t = table(3, 12, spectators=0)
    t.shuffle()
    t.deal(0, [0, 1, 2])
    t.deal(1, [3, 4, 5])
    rejoined = DeckPeer(t.spec, 1)  # a fresh seed: the journal with the old one was lost
    rejoined.replay(t.journal)  # the others' copies of every message, its own too
    assert rejoined.lost and rejoined.seed is None
    assert rejoined.hidden(1) == (3, 4, 5) and rejoined.faces == {}  # its cards: unreadable
    with pytest.raises(ProtocolError, match="spectator sends no deck messages"):
        rejoined.disclose()
    t.peers[1] = rejoined
    t.deal(2, [6, 7])  # it registers the deal as a spectator does, but owes a share it lost
    assert t.peers[2].hidden(2) == () and 1 in t.peers[2].owed()  # the hand cannot go on


def test_owed_names_who_the_protocol_waits_for():
    t = table(3, 6, spectators=1)
    spectator = t.spectators[0]
    assert set(spectator.owed()) == {0, 1, 2}
    t.send_all([p.commit() for p in t.peers])
    assert spectator.owed() == {0: "its shuffle pass"}
    t.send(t.peers[0].shuffle())
    assert spectator.owed() == {1: "its shuffle pass"}


# ----- what nobody learns


def _byte_fields(message) -> list[bytes]:
    return [f for f in message if isinstance(f, bytes)]


def test_a_non_holder_and_a_spectator_learn_nothing_of_a_hidden_card():
    t = table(3, 12, spectators=1)
    t.shuffle()
    t.deal(0, [0, 3, 6, 9])
    t.deal(1, [1, 4, 7, 10])
    t.reveal([2])
    received = [entry[1] for entry in t.journal if entry[0] == "receive"]
    hidden = t.peers[0].hidden(0)
    non_holder, spectator = t.peers[1], t.spectators[0]

    # nothing either of them was told holds a face of seat 0's cards ...
    for observer in (non_holder, spectator):
        assert not set(hidden) & set(observer.faces)
    assert {m[0] for m in received} <= {
        "deck.commit",
        "deck.shuffle",
        "deck.lock",
        "deck.share",
        "deck.reveal",
    }, "no message that carries faces was sent"
    # ... no byte of the wire is a card's point, nor a key of a layer on seat 0's cards ...
    wire = b"|".join(f for m in received for f in _byte_fields(m))
    for index in range(12):
        data, _ = curve.card_point(t.peers[0].context, index)
        assert data[:32] not in wire and data[32:] not in wire
    for seat in (0, 2):
        for j in hidden:
            assert curve.key_bytes(t.peers[seat]._own.derived.locks[j]) not in wire
    # ... the shares for seat 0 are ciphertexts the others cannot open ...
    for sender, to, positions, sealed in [m[1:] for m in received if m[0] == "deck.share"]:
        if to == 0 and sender == 2:
            shared = keys.shared_secret(non_holder._own.derived.exchange,
                                        t.peers[sender].commit()[3])
            with pytest.raises(InvalidTag):
                keys.open_share(shared, non_holder.context, sender, to, positions, sealed)
    # ... and without seat 0's own layer no key it can gather opens a hidden card.
    final = non_holder._record.passes[-1]
    for j in hidden:
        product = non_holder._own.derived.locks[j] * t.peers[2]._own.derived.locks[j] % curve.ORDER
        guess = curve.apply_x(curve.layer(curve.inverse(product)), final.point(j))
        assert non_holder._record.cards.index_of(guess) is None

    t.send(t.peers[0].open([3]))
    assert non_holder.faces[3] == spectator.faces[3] == t.peers[0].faces[3]


def test_message_shapes_do_not_depend_on_the_cards():
    def shapes(seed_byte: int):
        t = table(3, 9, seeds=[bytes([seed_byte + s]) * 32 for s in range(3)])
        t.shuffle()
        for seat in range(3):
            t.deal(seat, [seat, seat + 3])
        return [
            tuple(len(f) if isinstance(f, bytes) else f for f in entry[1])
            for entry in t.journal
            if entry[0] == "receive"
        ]

    assert shapes(1) == shapes(100)


# ----- bad input


def test_garbage_is_a_bad_message_and_changes_nothing():
    t = table(2, 4)
    peer = t.peers[0]
    for garbage in [None, (), ("deck.commit",), ("nonsense", 0), ("deck.commit", 5, b"", b"")]:
        with pytest.raises(BadMessage):
            peer.receive(garbage)
    with pytest.raises(CheatDetected) as caught:
        peer.receive(("deck.commit", 1, b"x" * 32))
    assert caught.value.seat == 1
    assert peer.transcript == []


def test_local_misuse_is_a_protocol_error():
    t = table(2, 4)
    with pytest.raises(ProtocolError):
        t.peers[0].shuffle()  # not committed, not its turn
    with pytest.raises(ProtocolError):
        t.peers[0].deal(1, [0])  # not locked
    t.shuffle()
    t.deal(1, [0])
    for bad in ([0], [4], [], [1, 1]):
        with pytest.raises(ProtocolError):
            t.peers[0].deal(1, bad)
    with pytest.raises(ProtocolError):
        t.peers[0].open([0])  # seat 1's card
    with pytest.raises(ProtocolError):
        t.spectators[0].commit()
    with pytest.raises(ProtocolError):
        DeckSpec(b"t", 0, 0, 0, (1, 2))


def test_messages_are_plain_msgpack_values():
    t = table(2, 4)
    t.shuffle()
    t.deal(0, [0, 1])
    for entry in t.journal:
        if entry[0] == "receive":
            packed = msgpack.packb(entry[1], use_bin_type=True)
            assert msgpack.unpackb(packed, use_list=False) == entry[1]


# -- a deck shuffled after a seat left the table ------------------------------------------

def test_a_deck_dealt_after_a_seat_left_is_shuffled_dealt_and_audited_without_it():
    spec = DeckSpec(b"test-table", 8, 1, 4, tuple(range(12)), absent=(0, 2))
    assert spec.order == (1, 3) and spec.context() != DeckSpec(b"test-table", 8, 1, 4,
                                                               tuple(range(12))).context()
    t = LocalTable(spec, spectators=1)
    t.shuffle()
    assert all(p.locked for p in t.present())
    t.deal(1, range(0, 6))
    t.deal(3, range(6, 12))
    assert sorted({**hand(t, 1), **hand(t, 3)}.values()) == list(range(12))
    assert t.peers[1].owed() == {} and not any(t.peers[1].owed().get(s) for s in (0, 2))
    t.audit()


def test_a_seat_absent_from_a_deck_sends_it_nothing():
    spec = DeckSpec(b"test-table", 8, 1, 3, tuple(range(6)), absent=(2,))
    t = LocalTable(spec)
    with pytest.raises(CheatDetected, match="after it left"):
        t.peers[0].receive(DeckPeer(spec, 2).commit())


@pytest.mark.parametrize("absent,owner", [((0, 0), -1), ((3,), -1), ((1,), 1), ((2, 1), -1)])
def test_the_absent_seats_are_other_seats_of_the_table(absent, owner):
    with pytest.raises(ProtocolError, match="absent"):
        DeckSpec(b"test-table", 8, 1, 3, tuple(range(6)), owner, absent)


def test_a_peer_restarted_between_its_commitment_and_its_shuffle_pass_shuffles():
    t = table(3, 9)
    t.send_all([peer.commit() for peer in t.peers])
    t.send(t.peers[0].shuffle())
    resumed = DeckPeer(t.spec, 1, t.peers[1].seed)  # the commitment went out before the crash
    resumed.replay(t.journal)
    t.peers[1] = resumed
    t.send(resumed.shuffle())
    t.send(t.peers[2].shuffle())
    for peer in t.peers:
        t.send(peer.lock())
    deal_all(t)
    assert_dealt_exactly_once(t)
