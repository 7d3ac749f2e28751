"""The merge rule of `hoard peer` (client.peer.Seating.seen, docs/net.md): which same-name
lobby a peer in a young lobby moves to. Told with stand-ins for the node and its lobby, so
each case is exact; the namespaced runs (tests/e2e/test_way_in.py) play it for real."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from client.peer import HEAL_RETRY, LONE_AFTER, MERGE_WINDOW, Seating
from net.finding.discovery import LOBBY_STATE, Listing

MINE = "55" * 16


def node(members: int, seats: int):
    """A node in lobby MINE with `members` members, `seats` of whom sit."""
    member = SimpleNamespace(host="10.0.0.1", port=4000)
    state = SimpleNamespace(members={bytes([i]) * 32: member for i in range(members)},
                            seats=[object()] * seats + [None] * (4 - seats))
    return SimpleNamespace(replica=None, table=bytes.fromhex(MINE), name="night",
                           lobby=SimpleNamespace(state=lambda: state))


def listing(table: str, taken: int) -> Listing:
    return Listing(table, "night", "dragon", taken, 4, LOBBY_STATE, (("10.0.0.9", 4000),))


def moves(seating: Seating, other: Listing) -> bool:
    """Does `seating` start a move to `other`?"""
    chosen = []

    async def go():
        seating._move = lambda target: asyncio.sleep(0, chosen.append(target))
        seating.seen(other)
        await asyncio.sleep(0)
    asyncio.run(go())
    return chosen == [other]


def seating(members: int, seats: int, *, company: bool, deserted: bool = False,
            heard_late: bool = True) -> Seating:
    seat = Seating(node(members, seats), SimpleNamespace(), creator=False)
    seat.since = time.monotonic() - 2.0  # in its lobby 2 s: past RACE_WINDOW, not LONE_AFTER
    seat.company_since = seat.since + 0.5 if company else None
    seat.deserted = deserted
    if heard_late:
        seat.first_seen = {t: time.monotonic() for t in ("11" * 16, "99" * 16)}
    return seat


@pytest.mark.parametrize(("taken", "table", "expected"), [
    (2, "11" * 16, True),    # as full and older: the younger pair moves
    (2, "99" * 16, False),   # as full and younger: it stays (the other pair comes)
    (3, "99" * 16, True),    # fuller, though younger
    (1, "11" * 16, False),   # emptier, though older
])
def test_of_two_lobbies_that_each_found_company_the_emptier_or_younger_moves(taken, table,
                                                                            expected):
    """A 2 + 2 split: each pair heard the other's advert after it had company, so the race
    rule (an advert seen with its own) moved nobody, and both pairs waited out the game's
    timeout with two empty seats (a clean-clone CI run)."""
    assert moves(seating(2, 2, company=True), listing(table, taken)) is expected


def test_a_peer_whose_company_all_left_goes_to_a_lobby_with_company_at_once():
    """Everyone it sat with moved on: its lobby is as good as gone, so a lobby with company
    is better, even a younger one, without waiting LONE_AFTER as a peer alone from the
    start does."""
    assert moves(seating(1, 1, company=False, deserted=True), listing("99" * 16, 2))
    assert not moves(seating(1, 1, company=False), listing("99" * 16, 2))


def test_a_lone_peer_joins_company_only_after_lone_after():
    lone = seating(1, 1, company=False)
    assert not moves(lone, listing("99" * 16, 2))
    lone.since = time.monotonic() - LONE_AFTER - 0.1
    assert moves(lone, listing("99" * 16, 2))


def test_a_lone_peer_joins_company_however_late_it_hears_of_it():
    """A clean-clone CI run on the lossy Wi-Fi: one peer heard the fuller lobby only after
    MERGE_WINDOW and sat alone for the game's whole timeout while the three waited for it.
    Nobody is at its table, so nothing keeps it there."""
    lone = seating(1, 1, company=False)
    lone.since = time.monotonic() - MERGE_WINDOW - 30
    assert moves(lone, listing("99" * 16, 2))
    assert not moves(lone, listing("99" * 16, 1))  # one there is alone too: no swap


def test_a_lone_peer_tries_a_lobby_with_company_that_did_not_answer_again_now_and_then():
    """Its one proof may be lost on a lossy Wi-Fi: "not reachable" does not keep a lone
    peer from the company for good, but it does not dial it at every look either."""
    lone = seating(1, 1, company=False)
    lone.since = time.monotonic() - LONE_AFTER - 0.1
    silent = replace(listing("99" * 16, 3), reachable=False)
    assert moves(lone, silent)
    lone.moving = False  # its proof failed
    assert not moves(lone, silent)
    lone.heal_tries[silent.table] -= HEAL_RETRY
    assert moves(lone, silent)
    assert not moves(seating(2, 2, company=True), replace(listing("11" * 16, 1),
                                                          reachable=False))


def test_a_split_heals_however_late_it_is_heard():
    """A clean-clone rehearsal: a member of p0's pair moved on and its `leave` never
    reached p0, so p0, not alone, sat beside a member who was gone, its lobby past
    MERGE_WINDOW, while the three sat at another: the fuller lobby takes it still."""
    old = seating(2, 2, company=True)
    old.since = time.monotonic() - 60
    assert moves(old, listing("99" * 16, 3))


def test_past_the_merge_window_an_older_lobby_no_fuller_pulls_nobody():
    """What a late advert of a lower id (a stranger's 00…0) may not do: the race rule
    heals a race at creation only."""
    old = seating(2, 2, company=True, heard_late=False)
    old.since = time.monotonic() - 60
    old.first_seen = {"11" * 16: old.since}  # seen with its own lobby, long ago
    assert not moves(old, listing("11" * 16, 1))
    young = seating(2, 2, company=True, heard_late=False)
    young.first_seen = {"11" * 16: young.since}
    assert moves(young, listing("11" * 16, 1))  # the race rule, while young


def test_members_not_seated_yet_count_as_company():
    """Four members, one seat taken so far: a stale advert of an older lobby with one seat
    taken is not fuller (a CI run: each of the four moved off to prove such a lobby while
    their seats were being taken, and nobody sat again)."""
    assert not moves(seating(4, 1, company=True), listing("11" * 16, 1))


def test_a_lobby_that_fails_its_proof_leaves_the_peer_taking_its_seat(monkeypatch):
    """The look at a lobby that does not prove itself ends with the peer acting on its own
    lobby again: what changed there meanwhile (a seat freed to take) is not left unseen."""
    import client.peer as peer

    async def silent(node, listing):
        return False
    monkeypatch.setattr(peer, "proven", silent)
    seat = seating(2, 1, company=True)
    poked = []
    seat.poke = lambda: poked.append(True)
    asyncio.run(seat._move(listing("11" * 16, 3)))
    assert poked and not seat.moving
