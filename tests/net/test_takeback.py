"""Take-back by consent as table records (net.table.takeback): the engine's yes or no to an
ask, every other seated human's answer, the undo at the same step on every peer, spectator
and journal replay, and refusals alike everywhere — by a no, by silence, after a deal."""

from engine.bots import make_bot
from engine.games.den import EndTurn, Play
from net.table.bots import BotSeats
from net.table.lockstep import Replica
from net.table.takeback import ANSWER_STEPS, GONE, LATE, NO, AnswerTakeBack, AskTakeBack
from net.wire.frames import decode
from tests.net.helpers import LocalTable, identities, start_config
from tests.net.timer_game import Press  # (registers the timer game)


def den_table(humans: int = 2, bots: dict | None = None) -> LocalTable:
    """A Den match of `humans` people (and `bots` seats) and a spectator, stepped until a
    human may lay a card (one who cannot ends the turn)."""
    ids = identities(humans)
    table = LocalTable(start_config(ids, game_id="den", bots=bots), ids, bot=None,
                       spectators=1)
    while True:
        seat = to_act(table)
        if seat in table.replicas and a_play(table, seat) is not None:
            return table
        table.step({seat: [EndTurn(seat)]} if seat in table.replicas else None)


def to_act(table: LocalTable) -> int | None:
    first = table.replicas[min(table.replicas)]
    acting = first.game.to_act(first.state)
    return acting[0] if acting and first.game.chance_request(first.state) is None else None


def views(table: LocalTable, seat: int) -> set:
    """What `seat` sees on its own replica, and the public view everywhere else."""
    mine = table.replicas[seat]
    return {mine.game.view(mine.state, seat), *(r.game.view(r.state, None)
                                                for r in table.everyone())}


def a_play(table: LocalTable, seat: int) -> Play | None:
    replica = table.replicas[seat]
    return next((a for a in replica.game.legal_actions(replica.state, seat)
                 if isinstance(a, Play)), None)


def questions(table: LocalTable) -> set:
    return {r.takebacks.question for r in table.everyone()}


def decided(done: list) -> set:
    return {d.takeback for d in done}


def errors(done: list) -> set:
    return {e.error for d in done for e in d.entries if e.error}


def test_every_yes_undoes_the_play_at_the_same_step_on_every_peer():
    table = den_table()
    seat = to_act(table)
    before, length = views(table, seat), len(table.replicas[seat].history)
    table.step({seat: [a_play(table, seat)]})
    assert views(table, seat) != before
    table.step({seat: [AskTakeBack(seat)]})
    (question,) = questions(table)
    assert question.by == seat and isinstance(question.action, Play)
    done = table.step({1 - seat: [AnswerTakeBack(1 - seat, True)]})
    (outcome,) = decided(done)
    assert outcome.taken and outcome.question.by == seat
    assert views(table, seat) == before, "the card is back in the hand, the pile as it was"
    assert {len(r.history) for r in table.everyone()} == {length}
    assert questions(table) == {None} and len(table.hashes()) == 1
    table.step({seat: [a_play(table, seat)]})  # and the card can be played again
    assert not errors(table.step()) and views(table, seat) != before


def test_a_no_refuses_it_and_the_play_stands():
    table = den_table()
    seat = to_act(table)
    table.step({seat: [a_play(table, seat)]})
    played = views(table, seat)
    table.step({seat: [AskTakeBack(seat)]})
    (outcome,) = decided(table.step({1 - seat: [AnswerTakeBack(1 - seat, False)]}))
    assert (outcome.taken, outcome.why, outcome.question.refused_by) == (False, NO, 1 - seat)
    assert views(table, seat) == played and len(table.hashes()) == 1


def test_no_answer_in_time_refuses_it_and_nothing_moves_meanwhile():
    table = den_table()
    seat = to_act(table)
    table.step({seat: [a_play(table, seat)]})
    played = views(table, seat)
    table.step({seat: [AskTakeBack(seat)]})
    done = table.step({seat: [EndTurn(seat)]})
    assert errors(done) == {"a take-back is being asked"}
    for _ in range(ANSWER_STEPS - 2):
        assert decided(table.step()) == {None}
    (outcome,) = decided(table.step())
    assert (outcome.taken, outcome.why) == (False, LATE)
    assert views(table, seat) == played and questions(table) == {None}


def test_after_the_turn_ended_and_a_card_was_dealt_the_engine_refuses_it_everywhere():
    table = den_table()
    seat = to_act(table)
    table.step({seat: [a_play(table, seat)]})
    table.step({seat: [EndTurn(seat)]})
    while to_act(table) != 1 - seat:
        table.step()
    assert str(table.replicas[seat].takeback_refusal(seat)) == "a card was dealt since"
    done = table.step({seat: [AskTakeBack(seat)]})
    assert errors(done) == {"a card was dealt since"} and questions(table) == {None}
    refusal = done[0].entries[0].refusal
    assert refusal.clause == "chance-since"


def test_an_answer_with_no_question_and_an_ask_by_another_are_refused_in_words():
    table = den_table()
    seat = to_act(table)
    assert errors(table.step({seat: [AnswerTakeBack(seat, True)]})) == \
        {"No take-back is being asked."}
    table.step({seat: [a_play(table, seat)]})
    (why,) = errors(table.step({1 - seat: [AskTakeBack(1 - seat)]}))
    assert why in ("that player made no move to take back",  # (its turn ended already,
                   "that player has played since")  # when it had no card to lay)
    table.step({seat: [AskTakeBack(seat)]})
    assert errors(table.step({seat: [AnswerTakeBack(seat, True)]})) == \
        {"The one who asks does not answer."}
    assert errors(table.step({1 - seat: [AskTakeBack(1 - seat)]})) == \
        {"A take-back is being asked already."}


def test_alone_with_bots_it_is_taken_back_at_once_and_bots_play_on():
    table = den_table(humans=1, bots={1: "greedy"})
    before = views(table, 0)
    table.step({0: [a_play(table, 0)]})
    (outcome,) = decided(table.step({0: [AskTakeBack(0)]}))
    assert outcome.taken and views(table, 0) == before


def test_a_journal_replayed_across_an_open_question_agrees_and_so_does_the_undo():
    table = den_table(humans=3)
    seat = to_act(table)
    table.step({seat: [a_play(table, seat)]})
    table.step({seat: [AskTakeBack(seat)]})
    others = [s for s in table.replicas if s != seat]
    table.step({others[0]: [AnswerTakeBack(others[0], True)]})
    resumed = replayed(table, others[1])
    assert resumed.takebacks.question == table.replicas[seat].takebacks.question
    assert resumed.hashes[resumed.applied] == table.replicas[seat].hashes[resumed.applied]
    table.replicas[others[1]] = resumed  # the restarted peer plays on from its journal
    (outcome,) = decided(table.step({others[1]: [AnswerTakeBack(others[1], True)]}))
    assert outcome.taken and len(table.hashes()) == 1
    assert len({r.hashes[r.applied] for r in table.everyone()}) == 1


def test_the_asker_leaving_refuses_it():
    table = den_table(humans=3)
    seat = to_act(table)
    table.step({seat: [a_play(table, seat)]})
    table.step({seat: [AskTakeBack(seat)]})
    table.leaving = seat
    for _ in range(50):
        done = table.step()
        if any(d.takeback for d in done):
            break
    assert {d.takeback.why for d in done} == {GONE}


def replayed(table: LocalTable, seat: int) -> Replica:
    """The replica of `seat` rebuilt from every frame sent so far and its chance secrets,
    as a restarted peer rebuilds it from its journal."""
    replica = Replica(table.start, seat, secrets=table.secrets[seat])
    for frames in table.sent:
        for record in frames.values():
            replica.offer(decode(record.raw))
        replica.apply_next()
    return replica


def test_the_timer_runs_on_from_where_it_stood_when_the_move_was_made():
    ids = identities(2)
    table = LocalTable(start_config(ids, game_id="nettimer", options={"window": 50}), ids,
                       bot=None, spectators=1)
    first = table.replicas[0]
    table.step({0: [Press(0)]})  # the window reopens: 50 steps; the one it closed had 49
    for _ in range(10):
        table.step()
    table.step({0: [AskTakeBack(0)]})
    (outcome,) = decided(table.step({1: [AnswerTakeBack(1, True)]}))
    assert outcome.taken and all(not r.state.pressed for r in table.everyone())
    assert {r.rounds.clock(r.state, r.applied) for r in table.everyone()} == {49}
    steps = 0
    while not first.over:
        table.step()
        steps += 1
    assert steps == 49 and len({r.hashes[r.applied] for r in table.everyone()}) == 1


def test_a_seat_its_bot_plays_agrees_at_once_and_bots_play_nothing_while_asked():
    table = den_table()
    seat = to_act(table)
    other = 1 - seat
    replica = table.replicas[other]
    table.bots[other] = BotSeats(replica, {other: make_bot(replica.game, "greedy", other)})
    table.step({seat: [a_play(table, seat)]})
    table.step({seat: [AskTakeBack(seat)]})  # the bot's answer goes out in the next frame
    (outcome,) = decided(table.step())
    assert outcome.taken and outcome.question.yes == frozenset({other})
    assert len(table.hashes()) == 1
