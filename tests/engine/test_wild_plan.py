"""Dragons Wild's plan policy (engine.games.wild.bots.plan), hard's default: it buys, it
keeps what goes out, and it only ever plays legal actions."""

from __future__ import annotations

from time import perf_counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import Bot, RandomBot
from engine.cards import faces_of, mask_of
from engine.games.wild import melds
from engine.games.wild.bots.bot import GreedyBot
from engine.games.wild.bots.hard import PlannedSearch
from engine.games.wild.bots.plan import (
    BUY_ANY_ROUNDS,
    PlanBot,
    Table,
    _seen,
    best_discard,
    pick,
)
from engine.games.wild.cards import parse
from engine.games.wild.moves import AnswerBuyer, AskToBuy, DeclineToBuy, Discard, Meld
from engine.local import play
from engine.observe import Witness, observe
from engine.registry import get_game
from engine.search import WON

GAME = get_game("wild")


def table(hand: str, discard: str = "", laid: tuple[str, ...] = (), round_: int = 1,
          may_add: bool = False) -> Table:
    """What seat 0 reads: `hand` and `discard` (top last) as faces, space-separated, and the
    melds `laid` (each its faces, laid by seat 1)."""
    on_table = [melds.new_meld(1, [parse(f) for f in m.split()], 0) for m in laid]
    return Table(mask_of(parse(f) for f in hand.split()),
                 [parse(f) for f in discard.split()], on_table, round_, may_add)


def discards(hand: str) -> list[Discard]:
    return [Discard(0, (i,), (parse(f),)) for i, f in enumerate(hand.split())]


def test_W10_any_discard_is_bought_in_the_first_rounds():
    """A lone 2 of Kelpies makes no meld with this hand, but in round 1 its buy brings two
    cards while a card laid scores 8 (W8.1): the plan asks for it; the easy bot does not."""
    seen = table("5Un 6Ph 8Gr 3Hy", "2Ke")
    assert pick([AskToBuy(0), DeclineToBuy(0)], 0, seen) == AskToBuy(0)
    late = seen._replace(round=BUY_ANY_ROUNDS + 1)
    assert pick([AskToBuy(0), DeclineToBuy(0)], 0, late) == DeclineToBuy(0)


def test_W10_a_discard_that_makes_a_meld_is_bought_in_any_round():
    seen = table("2Un 2Ph 8Gr 3Hy", "2Ke", round_=7)
    assert pick([AskToBuy(0), DeclineToBuy(0)], 0, seen) == AskToBuy(0)


def test_W12_1_the_discard_keeps_a_run_that_goes_out_next_turn():
    """4-5-6 of Phoenixes is one meld: throwing a 1 away leaves a hand that lays whole
    next turn, whatever is drawn. The easy bot, counting only the numbers below a card as
    its run partners, throws the 4 away and breaks the run."""
    hand = "4Ph 5Ph 6Ph 1Ke 1Gr"
    chosen = pick(discards(hand), 0, table(hand))
    assert chosen.faces[0] in (parse("1Ke"), parse("1Gr"))


def test_W5_3_a_lay_as_long_without_the_dragon_keeps_it():
    """Three 7s or two 7s and a Dragon lay three cards alike: the plan keeps the Dragon
    for a later meld (W5.3: one a meld, and held at the end it costs three, W12.2)."""
    hand = "7Un 7Ke 7Ph D1 2Gr"
    seen = table(hand)
    chosen = pick([*discards(hand), *_lays(seen.hand)], 0, seen)
    assert len(chosen.faces) == 3 and parse("D1") not in chosen.faces


def _lays(hand: int):
    for mask, wild_as in melds.meld_options(hand):
        faces = faces_of(mask)
        if len(faces) == 3:
            yield Meld(0, tuple(range(len(faces))), faces, wild_as)


class Chooser(Bot):
    """PlanBot through its observations (a table's path), not the state (a playout's)."""

    wants_worlds = False

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.plan = PlanBot(seed)

    def choose(self, game, obs):
        action = self.plan.choose(game, obs)
        assert action is None or action in obs.legal
        return action


class Checked(PlanBot):
    def act(self, game, state, seat):
        action = super().act(game, state, seat)
        assert action is None or action in game.legal_actions(state, seat)
        return action


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6),
       kinds=st.lists(st.sampled_from(["state", "obs", "random", "easy"]), min_size=6,
                      max_size=6),
       taken=st.booleans())
def test_the_plan_plays_only_legal_actions(seed, seats, kinds, taken):
    """Whatever the table (seats, the W9.3 option, random and easy neighbours), the plan
    returns one of the legal actions, by the state and by the seat's observation alike
    (`play` also vets each action against the rules)."""
    config, seats = GAME.configure({"hands": 1, "match": "points", "discard_taken": taken},
                                   seats)
    makers = {"state": Checked, "obs": Chooser, "random": RandomBot, "easy": GreedyBot}
    bots = [makers[kinds[s]](seed + s) for s in range(seats)]
    state = GAME.setup(config, seats)
    for n, _ in enumerate(play(GAME, state, bots, seed)):
        assert n < 100_000
    assert GAME.outcome(state) is not None


def test_hard_plays_legal_actions_through_a_hand():
    """Hard is the plan checked by a search: every choice it makes in a hand is legal
    (`play` vets each)."""
    config, seats = GAME.configure({"hands": 1, "match": "points"}, 3)
    bots = [PlannedSearch(1, budget=0.01, stretch=3.0), GreedyBot(2), GreedyBot(3)]
    state = GAME.setup(config, seats)
    for n, _ in enumerate(play(GAME, state, bots, 7)):
        assert n < 100_000
    assert GAME.outcome(state) is not None


def test_the_plans_ranking_leads_with_its_choice_then_lays_and_discards_by_turns():
    """The search's candidates are the plan's order: its choice first, then in the laying
    part of a turn the best discard (a turn that lays nothing yet, W6.1 leaves it free),
    the next-best lay, the next discard... — every legal action once. Its choice by the
    observation (hard's default) is the one it makes by the state (its own seat in a
    playout)."""
    config, seats = GAME.configure({"hands": 1, "match": "points"}, 4)
    state = GAME.setup(config, seats)
    plan, checked = PlanBot(1), 0
    for _ in play(GAME, state, [GreedyBot(s) for s in range(seats)], 3):
        for seat in GAME.to_act(state):
            obs = observe(GAME, state, seat)
            ranked = plan.ranked(GAME, obs)
            assert ranked[0] == plan.choose(GAME, obs) == plan.act(GAME, state, seat)
            assert sorted(map(repr, ranked)) == sorted(map(repr, obs.legal))
            lays = [a for a in ranked if not isinstance(a, Discard)]
            if lays and len(ranked) > len(lays) + 1:
                drops = [a for a in obs.legal if isinstance(a, Discard)]
                assert ranked[1] == best_discard(drops, seat, _seen(obs))
                assert not isinstance(ranked[2], Discard) or len(lays) == 1
                checked += 1
    assert checked


def test_the_more_rivals_the_plan_meets_the_clearer_an_overrule_must_be():
    """A rival 1.3 standard errors ahead of the plan's choice overrules it alone, not as the
    best of eight (where luck alone puts one that far ahead); and never on four worlds."""
    bot = PlannedSearch(1)
    plan, ahead, behind = [0.0] * 16, [4.0, -2.0] * 8, [-1.0] * 16
    assert bot.pick(["plan", "rival"], [plan, ahead]) == "rival"
    many = ["plan", "rival", *"abcdef"]
    assert bot.pick(many, [plan, ahead, *[behind] * 6]) == "plan"
    assert bot.pick(["plan", "rival"], [[0.0] * 4, [5.0] * 4]) == "plan"


def test_W13_2_hard_plays_the_matchs_last_hand_for_the_match():
    """A match of a hand per player (W13.2) is won at the last hand's end (W13.4): there hard's
    playouts are judged by who won the match (a win outweighs any lead), in the hands
    before by the lead alone."""
    config, seats = GAME.configure({}, 4)
    state = GAME.setup(config, seats)
    witness = Witness(GAME, state, 0)
    hard = PlannedSearch(1, budget=0.02, stretch=5.0)
    judged = {}  # hand number -> whether a playout's value counted a won match
    for action, _ in play(GAME, state, [GreedyBot(s) for s in range(seats)], 11):
        witness.feed(action)
        if state.hand in judged or 0 not in GAME.to_act(state) or GAME.chance_request(state):
            continue
        obs = witness.observe(True)
        if len(obs.legal) > 1:
            candidates = hard.candidates(GAME, obs, hard.easy.choose(GAME, obs))
            results = hard.weigh(GAME, obs, candidates, perf_counter())
            judged[state.hand] = any(v >= WON / 2 for r in results for v in r)
    assert judged[seats] and not any(judged[h] for h in range(1, seats))


def test_W10_hard_searches_its_buying_questions_and_plays_the_plan_elsewhere():
    """Hard's search weighs only the buying questions (W10: ask or decline, and the answer
    to a buyer), where its overrules of the plan measured better; at a draw, a lay or a
    discard it plays the plan's choice without playing out a single world."""
    config, seats = GAME.configure({"hands": 1, "match": "points"}, 4)
    state = GAME.setup(config, seats)
    witness = Witness(GAME, state, 0)
    hard, plan = PlannedSearch(1, budget=0.01, stretch=5.0), PlanBot(1)
    searched = unsearched = 0
    for action, _ in play(GAME, state, [GreedyBot(s) for s in range(seats)], 5):
        witness.feed(action)
        if 0 not in GAME.to_act(state) or GAME.chance_request(state):
            continue
        obs = witness.observe(True)
        if len(obs.legal) < 2:
            continue
        chosen = hard.choose(GAME, obs)
        if isinstance(obs.legal[0], (AskToBuy, DeclineToBuy, AnswerBuyer)):
            assert hard.worlds > 0
            searched += 1
        else:
            assert hard.worlds == 0 and chosen == plan.choose(GAME, obs)
            unsearched += 1
    assert searched and unsearched
