"""Dragon Den's hard bot (engine.games.den.hard.PlannedSearch): it weighs whole turns, each
planned in full, and plays the one it chose to its end."""

from __future__ import annotations

from engine.bots import make_bot
from engine.game import clone
from engine.games.den import hard, plan
from engine.games.den.bot import greedy
from engine.games.den.cards import DECK, parse
from engine.games.den.rules import GAME, PLAYING, EndTurn
from engine.observe import observe
from tests.engine.den_wild_helpers import RiggedTable


def test_hard_searches_at_a_turns_first_move_and_plays_that_turn_to_its_end():
    """Clause DN3.3: a turn is many moves. Hard weighs whole turns at the first (worlds
    played out) and makes the rest of the turn it chose without searching again, ending
    it where that turn ends (DN3.4), so the turn played is the turn weighed."""
    table = RiggedTable(GAME, DECK, parse, {0: "9TG 3SG KSG 6TN 2TG 4SN 1SG"},
                        "8SN XSN KSN KTG 5SN", seats=2)
    bot = make_bot(GAME, "hard", 1)
    searched, actions = [], []
    while table.state.phase == PLAYING and table.state.turn == 0:
        obs = observe(GAME, table.state, 0, known=table.state)
        actions.append(bot.choose(GAME, obs))
        searched.append(bot.worlds > 0)
        table.do(actions[-1])
    assert len(actions) > 2 and searched[0] and not any(searched[1:])
    assert actions[-1] == EndTurn(0)


def test_a_turn_weighed_in_a_world_is_made_in_full_and_then_ended():
    """The candidate turn is laid in the world card by card and the turn ended (DN3.4):
    the next seat's turn begins, with its draw (DN3.2)."""
    table = RiggedTable(GAME, DECK, parse, {0: "6TN 5TG 2TG 3SG 4SN 1SG 9SN"},
                        "7SG KSN KTN KTG XTG", seats=2)
    world = clone(table.state)
    turn = (("play", 0, parse("6TN")), ("play", 0, parse("5TG")))
    make_bot(GAME, "hard", 1).lead_in(GAME, world, 0, turn)
    assert world.turn == 1 and world.counts[0] == 8 - 2
    assert world.piles[0] == [parse(f) for f in ("7SG", "6TN", "5TG")]


def test_a_turn_that_lays_the_last_card_wins_the_hand_without_ending_the_turn():
    """Clauses DN5.1 and DN8: a Dragon heads a run of all eight cards into a corner; the
    hand is won there (+5), with no turn to end."""
    table = RiggedTable(GAME, DECK, parse, {0: "DSN XTG 9SN 8TG 7SN 6TG 5SN"},
                        "KTN KSN KTG KSG 4TG", seats=2)
    turn = tuple(hard.PlannerBot(1).steps(table.state.masks[0], table.state.piles))
    assert len(turn) == 8 and turn[0] == ("play", 4, parse("DSN"))
    world = clone(table.state)
    make_bot(GAME, "hard", 1).lead_in(GAME, world, 0, turn)
    assert world.scores[0] == 5 and world.hand == table.state.hand + 1


def test_hard_weighs_its_plans_turn_first_and_the_easy_bots_whole_turn_among_the_rest():
    """The search chooses among the tables a turn may leave: the plan's turn is the
    default (first), the easy bot's whole turn (the normal seats' default) and ending at
    once are among the rivals, and no two leave the same hand and table."""
    table = RiggedTable(GAME, DECK, parse, {0: "9TG 3SG KSG 6TN 2TG 4SN 1SG"},
                        "8SN XSN KSN KTG 5SN", seats=2)
    obs = observe(GAME, table.state, 0, known=table.state)
    bot = make_bot(GAME, "hard", 1)
    weighed = []
    bot.pick = lambda turns, results: weighed.append(turns) or turns[0]
    bot.choose(GAME, obs)
    turns = weighed[0]
    hand, piles = table.state.masks[0], plan.table_of(table.state.piles)
    assert turns[0] == tuple(hard.PlannerBot(1, nodes=hard.CHOICE_NODES).steps(
        hand, table.state.piles))
    assert () in turns and bot.greedy_turn(GAME, obs) in turns
    ends = [hard._end(hand, piles, turn) for turn in turns]
    assert len(set(ends)) == len(ends) > 3


def test_the_easy_bots_turn_made_in_a_world_leaves_what_the_easy_bot_leaves():
    """Clause DN4.2: the easy bot lays runs whole; made card by card, as hard makes a
    candidate turn, the same turn leaves the same piles and the next seat to play."""
    table = RiggedTable(GAME, DECK, parse, {0: "9TG 3SG KSG 6TN 2TG 4SN 1SG"},
                        "8SN XSN KSN KTG 5SN", seats=2)
    obs = observe(GAME, table.state, 0, known=table.state)
    bot = make_bot(GAME, "hard", 1)
    turn = bot.greedy_turn(GAME, obs)
    world, easy = clone(table.state), clone(table.state)
    bot.lead_in(GAME, world, 0, turn)
    while easy.turn == 0 and easy.phase == PLAYING:
        GAME.apply(easy, greedy(easy, 0))
    assert turn and world.piles == easy.piles and world.turn == easy.turn == 1
    assert world.counts == easy.counts


def test_another_turn_overrules_the_plans_only_on_enough_worlds_and_clearly_ahead():
    """A turn half a standard error ahead of the plan's (`OVERRULE`) over 8 worlds overrules
    it, however many rivals it had; on fewer than 8 worlds none does, however far ahead,
    nor one ahead by less than half a standard error."""
    assert hard.OVERRULE == 0.5
    bot = make_bot(GAME, "hard", 1)
    default = [0.0] * 8
    ahead_a_little = [5.0, -3.0] * 4  # mean 1, standard error 1.51
    assert bot.clearly_better(ahead_a_little, default, 2)
    assert bot.clearly_better(ahead_a_little, default, 10)
    assert not bot.clearly_better([2.0, 0.0] * 2, [0.0] * 4, 2)
    assert not bot.clearly_better([7.0, -5.0] * 4, default, 2)  # mean 1, error 2.27
