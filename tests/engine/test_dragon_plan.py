"""Dragon's planner (engine.games.dragon.plan), the hard bot's default play: it only ever
plays what the rules allow, and plays for the shape of the hand it leaves."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import Bot, RandomBot
from engine.cards import mask_of
from engine.games.dragon import plan
from engine.games.dragon.plan import PlanBot
from engine.local import play
from engine.observe import observe
from tests.engine.dragon_helpers import GAME, cards, rig
from tests.engine.dragon_helpers import play as lay

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


class Seen(Bot):
    """The planner as a table's bot: it chooses from its seat's observation."""

    def choose(self, game, obs):
        action = PlanBot().choose(game, obs)
        assert action is None or action in list(obs.legal)
        return action


@pytest.mark.parametrize("options", [{}, {"overchop": False, "chop_in": True}])
@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, planners=st.sets(st.integers(0, 3), min_size=1))
def test_the_plan_only_ever_plays_a_legal_action(options, seed, planners):
    """D3-D9: across whole matches among random players, each of the planner's actions,
    from the whole state (a playout's) or from its seat's observation, is a legal one
    (`play` refuses any other) and it never waits while it is awaited."""
    config, seats = GAME.configure({"hands": 2, **options}, 4)
    state = GAME.setup(config, seats)
    bots = [(PlanBot() if s % 2 else Seen()) if s in planners else RandomBot(seed + s)
            for s in range(4)]
    for _ in play(GAME, state, bots, seed):
        for s in planners:
            legal = GAME.legal_actions(state, s)
            if legal and not state.requests:
                action = PlanBot().act(GAME, state, s)
                assert action in list(legal)
                assert PlanBot().choose(GAME, observe(GAME, state, s)) == action
    assert GAME.outcome(state) is not None


def test_it_beats_a_single_with_a_spare_card_not_half_a_pair():
    """D5.1: over the 3 of Stars it plays its lone 7, where the easy bot breaks its 5s."""
    state = rig({0: "3S 4S 4D 6S 6D 8S 8D 10S 10D QS QD AS AD",
                 1: "5S 5D 7C 9S 9D JS JD KS KD AC AB 2S 2D"})
    lay(state, 0, "3S")
    action = PlanBot().act(GAME, state, 1)
    assert action.faces == tuple(cards("7C"))
    assert GAME.bots["easy"](0).act(GAME, state, 1).faces == tuple(cards("5S"))


def test_it_lets_a_low_single_go_rather_than_break_its_run_bombs_or_2s():
    """D7.1: nobody is near out (D10.1), and every card that beats the 3 of Stars breaks a
    combination (the runs 4-5-6 and 9-10-J, the bomb) or spends a 2 (D6.1): it passes."""
    state = rig({0: "3S 3D 3C 7S 7D 7C 9D 9C JS JD QS KS AS",
                 1: "4S 5D 6C 8S 8D 8C 8B 9S 10D JC 2S 2D 2C"})
    lay(state, 0, "3S")
    assert type(PlanBot().act(GAME, state, 1)).__name__ == "Pass"


def test_it_leads_the_run_that_leaves_another_run_not_the_longest():
    """D4.2: 3 4 5 6 6 7 7 8 is two runs, 3-7 and 6-8; the easy bot leads 3-8 and is left
    with a lone 6 and 7. The lowest of the two goes first."""
    hand = mask_of(cards("3S 4D 5C 6S 6D 7C 7S 8D"))
    assert plan.lead(hand, [13, 13, 13]) == mask_of(cards("3S 4D 5C 6S 7S"))
    assert plan.cost(plan.counts(hand)) == 2.0


def test_with_one_weak_combination_left_it_leads_its_2_first():
    """D8.1: the 2 wins its trick and the lead comes back for the last card."""
    assert plan.lead(mask_of(cards("7S 2B")), [5, 6, 9]) == mask_of(cards("2B"))


def test_it_leads_no_single_to_a_seat_about_to_go_out_on_one():
    """D10.1: a seat with one card goes out on any single it can beat; the pair goes."""
    hand = mask_of(cards("4S 9S 9D"))
    assert plan.lead(hand, [1, 8, 9]) == mask_of(cards("9S 9D"))
    assert plan.lead(hand, [7, 8, 9]) == mask_of(cards("4S"))
