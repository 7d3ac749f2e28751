"""Commit-then-reveal chance for public rolls: a fair number nobody could steer."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.chance import Rolled, RollRequest
from net.chance.seeds import SeedChance, SeedStream, commitment
from net.errors import TableFault


def committed(me=0, nonces=(b"x" * 32, b"y" * 32)):
    """A two-seat round in which both seats committed."""
    source = SeedChance((0, 1), me)
    for seat, nonce in enumerate(nonces):
        source.receive(seat, ["commit", 0, commitment(nonce)], 0)
    return source


def test_a_roll_settles_once_every_seat_revealed_and_is_the_same_everywhere():
    request = RollRequest(6)
    rolls = []
    for me in (0, 1, None):
        source = committed(me)
        assert source.answer(request) is None
        source.receive(0, ["reveal", 0, b"x" * 32], 1)
        assert source.answer(request) is None
        source.receive(1, ["reveal", 0, b"y" * 32], 1)
        rolls.append(source.answer(request))
    assert len(set(rolls)) == 1 and isinstance(rolls[0], Rolled) and 0 <= rolls[0].value < 6


def test_a_reveal_that_breaks_its_commitment_stops_the_table():
    source = committed()
    with pytest.raises(TableFault) as caught:
        source.receive(1, ["reveal", 0, bytes(32)], 3)
    assert caught.value.kind == "cheat" and "seat 1" in caught.value.report


def test_a_restored_nonce_is_revealed_after_a_restart():
    source = SeedChance((0, 1), 0)
    request = RollRequest(4)
    payload, secret = source.outgoing(request)
    restarted = SeedChance((0, 1), 0)
    restarted.restore(secret)
    for chance in (source, restarted):
        chance.receive(0, payload, 0)
        chance.receive(1, ["commit", 0, commitment(b"y" * 32)], 0)
    assert restarted.outgoing(request) == source.outgoing(request)
    assert restarted.outgoing(request)[0][2] == secret[2]


def test_stray_payloads_are_ignored_alike():
    source = SeedChance((0, 1), None)
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
