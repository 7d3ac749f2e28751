"""Who plays each seat is one rule (net.table.seating): any number of leaves in any order, a leave
by an heir or by the bot host, all through one code path, and the table plays on to the end."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net.errors import TableFault
from net.table.seating import Seating
from tests.net.helpers import LocalTable, deal, identities, start_config

#: each game at four human seats, one short match
GAMES = {
    "dragon": {"hands": 1},
    "den": {"hands": 1},
    "wild": {"hands": 1},
    "gold": {},
}


def seating(humans=(0, 1, 2, 3), seats=4, host=0) -> Seating:
    return Seating(tuple(s if s in humans else host for s in range(seats)), tuple(humans))


def test_at_the_start_each_human_plays_its_seat_and_the_lowest_hosts_the_bots():
    ids = identities(2)
    start = start_config(ids, bots={0: "greedy", 2: "greedy"})
    table = Seating.at_start(start)
    assert table.present == (1, 3)
    assert [table.player_of(s) for s in range(4)] == [1, 1, 1, 3]
    assert table.controls(1) == (1, 0, 2) and table.controls(3) == (3,)


def test_a_leaver_hands_every_seat_it_plays_to_the_lowest_other_human():
    table = seating().depart(3, step=10)
    assert table.controls(0) == (0, 3) and table.present == (0, 1, 2)
    table = table.depart(2, step=20)  # the second leaver: its heir is the first one's
    assert table.controls(0) == (0, 2, 3) and table.controls(2) == ()


def test_a_leaving_heir_passes_on_what_it_inherited():
    table = seating().depart(3, step=10).depart(0, step=20)
    assert table.controls(1) == (1, 0, 3) and table.heir(1) == 2


def test_a_human_back_plays_its_own_seat_and_its_heir_keeps_the_rest():
    table = seating(humans=(0, 1, 2), host=0).depart(0, step=10)
    assert table.controls(1) == (1, 0, 3)
    table = table.back(0)
    assert table.present == (0, 1, 2)
    assert table.controls(0) == (0,) and table.controls(1) == (1, 3)


def test_the_last_human_leaving_voids_the_table_with_a_report():
    table = seating(humans=(1,))
    assert table.heir(1) is None
    with pytest.raises(TableFault, match="every player has left") as fault:
        table.depart(1, step=7)
    assert fault.value.kind == "void" and fault.value.step == 7


def play_with_leaves(game: str, schedule: list[tuple[int, int]]) -> LocalTable:
    """A four-human match of `game` where, after each pause of `wait` steps, the human at
    position `pick` among those still seated leaves; then it plays to the end."""
    ids = identities(4)
    table = LocalTable(start_config(ids, game, options=GAMES[game]), ids, spectators=1)
    deal(table)
    first = table.replicas[0]
    for wait, pick in schedule:
        for _ in range(wait):
            if first.over:
                return table
            table.step()
        seated = sorted(table.replicas)
        if first.over or len(seated) == 1:
            return table
        leaver = seated[pick % len(seated)]
        heir = table.leave(leaver)
        if heir is None:
            return table
        first = table.replicas[min(table.replicas)]
        assert leaver in first.seating.controls(heir)
    table.play(max_steps=20000)
    return table


leave_schedules = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 3)),
                           min_size=1, max_size=3)


def check_schedule(game: str, schedule: list[tuple[int, int]]) -> None:
    table = play_with_leaves(game, schedule)
    table.play(max_steps=20000)
    everyone = table.everyone()
    assert all(r.finished for r in everyone)
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in everyone} == {"clean"}
    plays = {r.seating for r in everyone}  # every peer and the spectator: one seating
    assert len(plays) == 1


@pytest.mark.parametrize("game", ["dragon", "den", "wild"])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schedule=leave_schedules)
def test_any_schedule_of_leaves_ends_the_match_on_one_hash_with_a_clean_audit(game, schedule):
    check_schedule(game, schedule)


@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schedule=leave_schedules)
def test_any_schedule_of_leaves_ends_a_gold_match_on_one_hash(schedule):
    """Dragon's Gold matches are long: one schedule a run (and the ones above)."""
    check_schedule("gold", schedule)


def play_with_returns(game: str, schedule: list[tuple[int, int, int]]) -> LocalTable:
    """A four-human match of `game` (two hands) where, after each pause of `wait` steps,
    the human at position `pick` among those seated leaves and follows the table, asking
    after `away` steps to be let back; then it plays to the end."""
    ids = identities(4)
    options = {**GAMES[game], "hands": 2} if "hands" in GAMES[game] else GAMES[game]
    table = LocalTable(start_config(ids, game, options=options), ids, spectators=1)
    deal(table)
    asks: dict[int, int] = {}  # seat -> steps left before it asks to come back
    for wait, pick, away in schedule:
        for _ in range(wait):
            if table.replicas[min(table.replicas)].over:
                return table
            table.step()
            for seat in [s for s, left in asks.items() if left <= 1 and s in table.away]:
                table.welcome.add(seat)
                del asks[seat]
            asks = {s: left - 1 for s, left in asks.items()}
        seated = sorted(table.replicas)
        if len(seated) == 1:
            return table
        leaver = seated[pick % len(seated)]
        if table.leave(leaver, follow=True) is None:
            return table
        asks[leaver] = away
    table.welcome |= set(table.away)
    return table


@pytest.mark.parametrize("game", ["dragon", "den", "wild"])
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schedule=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 3), st.integers(0, 40)),
                         min_size=1, max_size=3))
def test_any_schedule_of_leaves_and_returns_ends_on_one_hash_and_one_seating(game, schedule):
    """The seat rule with returns: a player back takes its seat at the next fresh deal, on
    every peer alike. (Dragon's Gold deals once, so a player back there follows the match
    to its end: a leave as above.)"""
    table = play_with_returns(game, schedule)
    table.play(max_steps=20000)
    everyone = table.everyone()
    assert all(r.finished for r in everyone)
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in everyone} == {"clean"}
    assert len({r.seating for r in everyone}) == 1


def test_a_player_back_takes_its_seat_at_the_next_hand_and_plays_it():
    table = play_with_returns("dragon", [(10, 2, 5)])
    first = table.replicas[0]
    hand = first.state.hand
    while 2 not in table.replicas:
        table.step()
    assert first.state.hand == hand + 1 and first.seating.controls(2) == (2,)
    assert table.replicas[0].seating.controls(0) == (0,)
    table.play(max_steps=20000)
    assert len(table.hashes()) == 1


@pytest.mark.parametrize("game", ["dragon", "wild"])
def test_two_leaves_in_turn_to_one_heir_play_on_to_the_end(game):
    """The case that stalled: seat 3 leaves (heir 0), then seat 2 (heir 0 again), and seat 3
    is the next to act — the heir must still know the first leaver's hand."""
    table = play_with_leaves(game, [(5, 3), (5, 2)])
    heir = table.replicas[0]
    assert heir.seating.controls(0) == (0, 2, 3)
    assert heir.finished and len(table.hashes()) == 1
