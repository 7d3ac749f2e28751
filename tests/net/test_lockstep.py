"""The lockstep replica: same frames, same state; every fault is named with its step."""

import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import CHANCE, TimeUp
from engine.games.dragon.rules import Pass, Play
from net.errors import BadFrame, TableFault
from net.table.framestore import WINDOW, Equivocation
from net.table.lockstep import well_typed
from net.table.thinking import THINKER
from net.wire.frames import STEP, decode, sign
from net.wire.identity import Identity
from tests.net import timer_game
from tests.net.helpers import LocalTable, deal, dragon_table, identities, start_config


def test_four_replicas_play_a_whole_game_to_one_hash():
    table, _ = dragon_table()
    table.play()
    assert len(table.hashes()) == 1
    outcomes = {r.game.outcome(r.state) for r in table.replicas.values()}
    assert len(outcomes) == 1 and None not in outcomes


@settings(max_examples=5, deadline=None)
@given(st.sampled_from([{1: "greedy", 3: "random"}, {0: "random"}, {2: "greedy", 3: "greedy"}]))
def test_bot_seats_are_played_by_the_lowest_human_only(bots):
    table, _ = dragon_table(bots=bots, humans=4 - len(bots))
    host = min(table.replicas)
    for seat, replica in table.replicas.items():
        expected = (seat, *sorted(bots)) if seat == host else (seat,)
        assert replica.controls[seat] == expected
    table.play()
    assert len(table.hashes()) == 1


def test_a_state_that_drifts_is_reported_as_a_desync_naming_the_step():
    table, _ = dragon_table()
    deal(table)
    drifting = table.replicas[2]
    drifting.state.chips[0] += 1  # a bug or a cheat: this peer's public state differs
    step = drifting.applied
    drifting.hashes[step] = drifting._hash()
    frames = table.frames()
    honest = table.replicas[0]
    for record in frames.values():
        honest.offer(decode(record.raw))
    with pytest.raises(TableFault) as caught:
        honest.apply_next()
    assert caught.value.kind == "desync" and caught.value.step == step
    assert "player2's game and this computer's no longer agree" in caught.value.report
    assert "player2 has state" in caught.value.detail  # the hashes: for the log, not a player
    assert str(step) not in caught.value.report


def test_two_frames_for_one_step_are_equivocation_with_evidence(tmp_path):
    table, ids = dragon_table()
    deal(table)
    one = table.replicas[1]
    first = one.own_frame(ids[1], [], None)
    second = one.own_frame(ids[1], [Pass(1)], None)
    honest = table.replicas[0]
    honest.offer(decode(first.raw))
    with pytest.raises(Equivocation) as caught:
        honest.offer(decode(second.raw))
    assert caught.value.evidence == (first, second)
    assert caught.value.report == "player1 signed two different moves for one turn"
    assert caught.value.step == first.step  # the step: for the log, not for a player


def test_a_frame_that_skips_its_own_history_is_reported():
    table, _ = dragon_table()
    table.step()
    frames = table.frames()
    frames[3] = table.forge(3, prev=bytes(16))
    fault = table.fault(frames)
    assert fault.kind == "equivocation" and "does not follow" in fault.detail
    assert "two different moves for one turn" in fault.report


def test_copies_strangers_and_far_steps_are_dropped_with_a_reason():
    table, ids = dragon_table()
    frames = table.frames()
    replica = table.replicas[0]
    replica.offer(decode(frames[1].raw))
    cases = {
        "replayed": frames[1],
        "not-seated": sign(Identity.generate(), STEP, table.start.table, 1, 0, b"", []),
        "out-of-window": sign(ids[1], STEP, table.start.table, 1, WINDOW + 1, b"", []),
        "other-table": sign(ids[1], STEP, os.urandom(16), 1, 0, b"", []),
        "malformed": sign(ids[2], STEP, table.start.table, 2, 0, b"", ["not", "a", "body"]),
    }
    for reason, record in cases.items():
        with pytest.raises(BadFrame) as caught:
            replica.offer(decode(record.raw))
        assert caught.value.reason == reason


def applied_entries(table, extra):
    results = table.step(extra)
    assert len(table.hashes()) == 1
    return results[0].entries


def test_an_illegal_action_is_rejected_alike_everywhere():
    table, _ = dragon_table()
    deal(table)  # the opening: nobody may pass before the 3 of Stars is played
    table.bots = {seat: type(bots)(bots.replica, {}) for seat, bots in table.bots.items()}
    before = table.hashes()
    entries = applied_entries(table, {1: [Pass(1)]})
    assert [(e.seat, e.action) for e in entries] == [(1, Pass(1))]
    assert "D7" in entries[0].error
    assert table.hashes() == before


def test_a_peer_cannot_act_for_another_seat():
    table, _ = dragon_table()
    deal(table)
    entries = applied_entries(table, {1: [Pass(2)]})
    assert any("may act only for their own seat" in e.error for e in entries)


def test_actions_with_fields_of_the_wrong_type_are_rejected():
    assert not well_typed(Play(0, 5, (1,)))
    assert not well_typed(Play(0, (1, "x"), (1,)))
    assert well_typed(Play(0, (1,), (2,)))
    table, _ = dragon_table()
    deal(table)
    seat = table.replicas[0].game.to_act(table.replicas[0].state)[0]
    entries = applied_entries(table, {seat: [Play(seat, 5, 6)]})
    assert any(e.error == "fields of the wrong type" for e in entries)


def test_an_undecodable_action_record_is_rejected():
    table, _ = dragon_table()
    deal(table)
    frames = table.frames()
    frames[1] = table.forge(1, actions=[["no.such.tag", 1]])
    entries = table.deliver(frames)[0].entries
    assert any("undecodable" in e.error for e in entries)
    assert len(table.hashes()) == 1


def test_a_play_that_shows_faces_it_was_not_dealt_is_rejected():
    table, _ = dragon_table()
    deal(table)
    replica = table.replicas[0]
    seat = replica.game.to_act(replica.state)[0]
    mine = table.replicas[seat]
    card = sorted(mine.state.held[seat])[0]
    lie = (mine.state.faces[card] + 1) % 52
    entries = applied_entries(table, {seat: [Play(seat, (card,), (lie,))]})
    assert any(f"is not face {lie}" in e.error for e in entries)


# -- deadlines --------------------------------------------------------------------

def timer_table(window=5):
    ids = identities(2)
    start = start_config(ids, game_id="nettimer", options={"window": window})
    return LocalTable(start, ids, bot=None)


def test_the_table_answers_time_up_at_the_deadline_step():
    table = timer_table(window=5)  # opened at setup (step -1): runs out at step 4
    for step in range(4):
        results = table.step()
        assert all(not done.entries for done in results), step
    results = table.step()
    for done in results:
        assert done.step == 4 and done.finished
        assert [(e.seat, type(e.action)) for e in done.entries] == [(CHANCE, TimeUp)]
    assert len(table.hashes()) == 1


def test_an_action_that_reopens_the_window_moves_the_deadline():
    table = timer_table(window=5)
    table.step()
    table.step({1: [timer_game.Press(1)]})  # step 1: the new window runs out at step 6
    finished_at = None
    for _ in range(10):
        done = table.step()[0]
        if done.finished:
            finished_at = done.step
            break
    assert finished_at == 6
    assert {r.game.outcome(r.state).scores for r in table.replicas.values()} == {(0, 1)}


def test_thinking_bots_think_off_the_caller_and_finish_the_match():
    """Hard and normal bots search in BotSeats' worker process: a call to choose returns
    at once (the node's loop never waits on a search, the window's thread never waits on
    the interpreter lock), and the table plays to the end."""
    table, _ = dragon_table(bots={1: "hard", 2: "normal", 3: "easy"}, humans=1)
    for seats in table.bots.values():
        for bot in seats.bots.values():
            if getattr(bot, "thinks", False):
                bot.budget = 0.2  # (the worker's copy keeps its level's own)
    returned_thinking = []  # a call returned while its seat's thought was still running
    reasons = set()  # why each bot played what it played

    def watched(seats):
        choose = seats.choose

        def wrapped(changed):
            out = choose(changed)
            returned_thinking.append(any(not thought.future.done()
                                         for thought in seats.thoughts.values()))
            reasons.update(seats.last.values())
            return out
        return wrapped

    for seats in table.bots.values():
        seats.choose = watched(seats)
    table.play(max_steps=100_000, each=lambda _: time.sleep(0.0005))
    assert len(table.hashes()) == 1
    assert any(returned_thinking)  # it never waited on a search
    assert "its search chose" in reasons
    assert THINKER.processes is not None and not THINKER.broken
