"""Dragon Den's hard bot (engine.games.den.hard.PlannedSearch): it weighs whole turns, each
planned in full, and plays the one it chose to its end."""

from __future__ import annotations

from engine.bots import make_bot
from engine.game import clone
from engine.games.den import hard
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
