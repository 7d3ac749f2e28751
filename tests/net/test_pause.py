"""The table's pauses (net.table.pause): the pause between two hands — the same steps on every peer
and spectator, ended by every seated human's "Next hand" or by its last step; bots and spectators
do not hold it — and a player's pause, which stops every clock until it resumes."""

from net.table.pause import PAUSE_STEPS, NextHand, PauseTable, ResumeTable
from tests.net.helpers import LocalTable, identities, start_config
from tests.net.timer_game import Press  # (registers the timer game)


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


# -- a player's pause ---------------------------------------------------------------------

def timer_table(window: int, humans: int = 3) -> LocalTable:
    """A timer game (tests.net.timer_game) of `humans` people and a spectator."""
    ids = identities(humans)
    return LocalTable(start_config(ids, game_id="nettimer", options={"window": window}),
                      ids, bot=None, spectators=1)


def stopped(table: LocalTable) -> set:
    """The player's pause as every peer and the spectator hold it."""
    return {None if r.paused is None else (r.paused.by, frozenset(r.paused.resuming))
            for r in table.everyone()}


def test_a_pause_stops_the_timer_on_every_peer_and_it_runs_on_from_where_it_stood():
    table = timer_table(window=5)  # runs out at step 4
    table.step({0: [PauseTable(0)]})  # paused from step 0 on: the timer stands at 5 steps
    assert stopped(table) == {(0, frozenset())}
    for _ in range(30):
        assert not any(done.entries for done in table.step())  # no time-up while paused
    assert {r.rounds.clock(r.state, r.applied) for r in table.everyone()} == {5}
    table.step({0: [ResumeTable(0)]})  # the step it resumes on counts: 4 steps left
    assert stopped(table) == {None}
    steps = 0
    while not table.replicas[0].over:
        table.step()
        steps += 1
    assert steps == 4 and len(table.hashes()) == 1


def test_no_move_counts_while_paused_and_every_peer_refuses_it_alike():
    table = timer_table(window=50)
    table.step({1: [PauseTable(1)]})
    done = table.step({2: [Press(2)]})
    refused = {e.error for d in done for e in d.entries}
    assert refused == {"the table is paused"}
    assert all(2 not in r.state.pressed for r in table.everyone())
    assert len(table.hashes()) == 1


def test_the_others_resume_once_every_one_of_them_asked():
    table = timer_table(window=50)
    table.step({0: [PauseTable(0)]})
    table.step({1: [ResumeTable(1)]})
    assert stopped(table) == {(0, frozenset({1}))}  # still waits for seat 2 (or the pauser)
    table.step({2: [ResumeTable(2)]})
    assert stopped(table) == {None}


def test_a_pause_that_does_not_fit_is_refused_in_words_and_changes_nothing():
    table = timer_table(window=50)
    done = table.step({0: [ResumeTable(0)]})
    assert {e.error for d in done for e in d.entries} == {"The table is not paused."}
    table.step({0: [PauseTable(0)]})
    done = table.step({1: [PauseTable(1)]})
    assert {e.error for d in done for e in d.entries} == {"The table is paused already."}
    assert stopped(table) == {(0, frozenset())}


def test_the_pause_between_hands_stands_too_while_a_player_pauses():
    table = two_hands()
    until = to_pause(table)
    table.step({0: [PauseTable(0)]})
    for _ in range(PAUSE_STEPS + 20):
        table.step()
    first = table.replicas[0]
    assert first.rounds.pause is not None and first.rounds.pause.until == until + PAUSE_STEPS + 21
    table.step({0: [ResumeTable(0)]})
    table.step({0: [NextHand(0)], 1: [NextHand(1)]})
    assert pauses(table) == {None}


def test_a_paused_table_plays_on_when_the_pauser_leaves():
    table = two_hands()
    table.step({1: [PauseTable(1)]})
    table.leave(1)
    assert stopped(table) == {None}
    table.play()
    assert {r.chance.report for r in table.everyone()} == {"clean"}
