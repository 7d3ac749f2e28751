"""Commit-then-reveal chance: every peer computes the same deal and sees only its own hand."""

from hypothesis import given
from hypothesis import strategies as st

from engine.chance import ShuffleRequest
from net.chance import SeedChance, SeedStream, commitment
from tests.net.helpers import LocalTable, identities, start_config
from tests.net.test_lockstep import deal, dragon_table


def test_every_peer_computes_the_same_deck():
    table, _ = dragon_table()
    deal(table)
    decks = [r.chance.decks for r in table.replicas.values()]
    assert all(d == decks[0] for d in decks) and sorted(decks[0][1]) == list(range(52))


def test_each_engine_is_shown_only_its_own_hand():
    table, _ = dragon_table()
    deal(table)
    for seat, replica in table.replicas.items():
        assert replica.state.known == 1 << seat
        public = replica.game.view(replica.state, None)
        assert replica.game.view(replica.state, seat) != public
        for other in set(range(4)) - {seat}:
            assert replica.game.view(replica.state, other) == public
        assert all(card in replica.state.held[seat] for card in replica.state.faces)


def test_the_bot_host_is_shown_its_bot_seats_hands():
    ids = identities(2)
    table = LocalTable(start_config(ids, bots={1: "greedy", 3: "greedy"}), ids)
    deal(table)
    assert table.replicas[0].state.known == 0b1011
    assert table.replicas[2].state.known == 0b0100


def test_a_reveal_that_breaks_its_commitment_stops_the_table():
    ids = identities(4)
    table = LocalTable(start_config(ids), ids)
    table.step()  # commitments
    frames = table.frames()
    frames[2] = table.forge(2, chance=["reveal", 0, bytes(32)])
    fault = table.fault(frames)
    assert fault.kind == "cheat" and "seat 2" in fault.report


def test_a_restored_nonce_is_revealed_after_a_restart():
    source = SeedChance((0, 1), 0, frozenset({0}))
    request = ShuffleRequest(1, tuple(range(4)))
    payload, secret = source.outgoing(request)
    restarted = SeedChance((0, 1), 0, frozenset({0}))
    restarted.restore(secret)
    for chance in (source, restarted):
        chance.receive(0, payload, 0)
        chance.receive(1, ["commit", 0, commitment(b"y" * 32)], 0)
    assert restarted.outgoing(request) == source.outgoing(request)
    assert restarted.outgoing(request)[0][2] == secret[2]


def test_stray_payloads_are_ignored_alike():
    source = SeedChance((0, 1), None, frozenset())
    for junk in (None, 5, ["commit"], ["commit", 3, b"x" * 32], ["reveal", 0, b"short"]):
        source.receive(0, junk, 0)
    source.receive(7, ["commit", 0, b"x" * 32], 0)
    assert source.commits == {}


@given(st.binary(min_size=1, max_size=32), st.integers(1, 1000))
def test_seed_streams_are_uniform_in_range_and_repeatable(seed, n):
    a, b = SeedStream(seed), SeedStream(seed)
    draws = [a.below(n) for _ in range(20)]
    assert draws == [b.below(n) for _ in range(20)]
    assert all(0 <= d < n for d in draws)


@given(st.binary(min_size=1, max_size=32))
def test_a_seeded_shuffle_is_a_permutation(seed):
    assert sorted(SeedStream(seed).shuffle(list(range(52)))) == list(range(52))
