"""The pause between two hands (net.table.pause): the same steps on every peer and spectator, ended
by every seated human's "Next hand" or by its last step; bots and spectators do not hold it."""

from net.table.pause import PAUSE_STEPS, NextHand
from tests.net.helpers import LocalTable, identities, start_config


def two_hands() -> LocalTable:
    """A 2-hand Dragon match: two humans (their seats played by bots), two bot seats, and a
    spectator."""
    ids = identities(2)
    return LocalTable(start_config(ids, bots={2: "greedy", 3: "greedy"}, options={"hands": 2}),
                      ids, spectators=1)


def to_pause(table: LocalTable, humans_read: bool = True) -> int:
    """Steps until the first hand is over and the pause opens; its last step. With
    `humans_read`, the humans' own bots stop saying "Next hand" for them."""
    first = table.replicas[0]
    while first.rounds.pause is None:
        assert first.state.hand == 1, "the second hand began with no pause"
        table.step()
    if humans_read:
        for seat, bots in table.bots.items():
            bots.bots.pop(seat, None)  # a person at the window now, not a bot
    return first.rounds.pause.until


def pauses(table: LocalTable) -> set:
    pauses = (r.rounds.pause for r in table.everyone())
    return {None if p is None else (p.until, frozenset(p.ready)) for p in pauses}


def test_the_pause_lasts_its_steps_on_every_peer_and_the_spectator():
    table = two_hands()
    until = to_pause(table)
    first = table.replicas[0]
    assert until == first.applied + PAUSE_STEPS
    while first.applied < until - 1:
        assert len(pauses(table)) == 1 and first.rounds.pause is not None
        # the deck was shuffled ahead, but the engine's shuffle is held back
        assert first.state.hand == 2 and 2 not in first.chance.decks_in_play()
        table.step()
    table.step()
    assert pauses(table) == {None} and 2 in first.chance.decks_in_play()  # the engine's now
    assert len(table.hashes()) == 1


def test_next_hand_from_every_seated_human_ends_it_at_once():
    table = two_hands()
    to_pause(table)
    first = table.replicas[0]
    table.step({0: [NextHand(0)]})
    assert pauses(table) == {(first.rounds.pause.until, frozenset({0}))}  # still waits for seat 1
    table.step({1: [NextHand(1)]})
    assert pauses(table) == {None} and 2 in first.chance.decks_in_play()


def test_a_seat_played_by_its_bot_says_next_hand_itself():
    table = two_hands()
    to_pause(table, humans_read=False)
    pause = table.replicas[0].rounds.pause
    table.step()  # the bots' NextHand goes out in the frames of this step
    assert pause.ready == {0, 1} and pauses(table) == {None}
    table.play()
    assert {r.chance.report for r in table.everyone()} == {"clean"}
