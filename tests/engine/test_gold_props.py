"""Dragon's Gold invariants, checked with hypothesis over random and greedy playouts."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot, make_bot
from engine.chance import Dealt, Revealed, RevealedCards, Rolled, Shuffled, TimeUp
from engine.errors import EngineError
from engine.game import top_seats
from engine.games.gold import moves
from engine.games.gold.rules import HANDLERS
from engine.games.gold.scoring import score
from engine.games.gold.splits import Chain
from engine.games.gold.tokens import SUPPLY, TOTAL
from engine.local import play
from tests.engine.gold_helpers import GAME, as_seen_by, conserved, plain_view
from tests.engine.wire_strategies import instances

CHANCE_ACTIONS = (Shuffled, Dealt, Revealed, RevealedCards, Rolled, TimeUp)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MODES = st.sampled_from([{}, {"advanced": True}, {"strategic": True},
                         {"advanced": True, "strategic": True}])
PLAYERS = st.integers(min_value=3, max_value=6)
PRIVATE = {"my_screen", "my_magic", "foreseen", "looking_at"}


def playout(seed, options, players, bot="random"):
    """A whole game; random bots make at most two proposals (or offers) each."""
    options = {"proposals": 2, **options} if bot == "random" else options
    config, seats = GAME.configure(options, players)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, bot, seed + s) if bot != "random" else RandomBot(seed + s)
            for s in range(seats)]
    return state, play(GAME, state, bots, seed)


def tokens_on_table(state) -> int:
    total = state.bag_total + sum(state.counts) + sum(state.box)
    total += sum(sum(lair.hoard) for lair in state.slots if lair)
    total += sum(state.kill.hoard) if state.kill else 0
    if state.market:
        total += sum(sum(offer[2]) for offer in state.market.offers.values())
    return total


@settings(max_examples=60, deadline=None)
@given(SEEDS, MODES, PLAYERS, st.sampled_from(["random", "greedy"]))
def test_G1_2_tokens_are_conserved(seed, options, players, bot):
    """bag + table + screens + box = 126, by colour where this open instance knows all."""
    state, steps = playout(seed, options, players, bot)
    for _ in steps:
        assert tokens_on_table(state) == TOTAL
        assert state.bag_total == sum(state.bag) and all(n >= 0 for n in state.bag)
        assert all(c >= 0 for c in state.counts)
        assert conserved(state) == list(SUPPLY)
        assert all(sum(screen) == n for screen, n in zip(state.screens, state.counts,
                                                         strict=True))
    assert GAME.outcome(state) is not None


@settings(max_examples=50, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_same_actions_give_the_same_hashes(seed, options, players):
    state, steps = playout(seed, options, players)
    actions, hashes = [], []
    for action, _ in steps:
        actions.append(action)
        hashes.append(GAME.public_hash(state))
    replay = GAME.setup(state.config, state.seats)
    for action, expected in zip(actions, hashes, strict=True):
        GAME.apply(replay, action)
        assert GAME.public_hash(replay) == expected


@settings(max_examples=50, deadline=None)
@given(SEEDS, MODES, PLAYERS, st.integers(min_value=0, max_value=5),
       st.sampled_from(["random", "greedy"]))
def test_G16_3_a_peer_that_sees_only_its_own_agrees_on_every_public_hash(seed, options, players,
                                                                   me, bot):
    """What a network peer gets: dealt faces only where it is the receiver or the
    witness (G16.3)."""
    me %= players
    state, steps = playout(seed, options, players, bot)
    mine = GAME.setup(state.config, state.seats)
    for action, _ in steps:
        GAME.apply(mine, as_seen_by(me, mine, action))
        assert GAME.public_hash(mine) == GAME.public_hash(state)
        assert plain_view(mine, me) == plain_view(state, me)
        if GAME.chance_request(state) is None and me in GAME.to_act(state):
            ours, theirs = GAME.legal_actions(mine, me), GAME.legal_actions(state, me)
            assert len(ours) == len(theirs) and list(ours[:20]) == list(theirs[:20])
    assert GAME.outcome(mine) == GAME.outcome(state)
    assert mine.screens == state.screens  # everything revealed at the end (G13.4)


@settings(max_examples=50, deadline=None)
@given(SEEDS, MODES, PLAYERS, st.sampled_from(["random", "greedy"]))
def test_G16_1_G16_2_a_view_never_shows_another_screen_or_hand(seed, options, players, bot):
    state, steps = playout(seed, options, players, bot)
    for _ in steps:
        public = plain_view(state, None)
        assert not PRIVATE & set(public)
        assert public["screens"] == state.counts
        if public["phase"] != "over":
            assert "revealed" not in public
        for seat in range(players):
            view = plain_view(state, seat)
            private = {k: view.pop(k) for k in PRIVATE if k in view}
            assert view == public
            assert private["my_screen"] == state.screens[seat]
            assert [c for c, _ in private.get("my_magic", [])] == state.hands[seat]
            if "looking_at" in private:
                assert state.theft.thief == seat


@settings(max_examples=50, deadline=None)
@given(SEEDS, MODES, PLAYERS, st.sampled_from(["random", "greedy"]))
def test_G13_4_scores_are_the_revealed_screens_scored(seed, options, players, bot):
    state, steps = playout(seed, options, players, bot)
    for _ in steps:
        pass
    outcome = GAME.outcome(state)
    end = GAME.view(state, None).end
    revealed = end.screens
    assert sum(map(sum, revealed)) + state.bag_total + sum(state.box) == TOTAL
    assert outcome.detail == "points"  # legal play never makes a false claim (G13.5)
    assert outcome.scores == score(revealed, state.config["advanced"])
    # the end's score table: the same points by category, nobody forfeits (G14, G15)
    assert all(sum(s.points) == total and s.forfeit is None
               for s, total in zip(end.scores, outcome.scores, strict=True))
    assert outcome.winners == top_seats(outcome.scores)
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


# -- bad input ------------------------------------------------------------------------

ACTIONS = st.one_of(*[
    instances(cls, st.integers(min_value=-2, max_value=12), text_size=4, list_size=10)
    for cls in HANDLERS
])


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"strategic": True}])
@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, stop=st.integers(min_value=0, max_value=400),
       junk=st.lists(ACTIONS, min_size=5, max_size=15))
def test_bad_actions_raise_a_typed_error_and_change_nothing(options, seed, stop, junk):
    state, steps = playout(seed, options, 4)
    for i, _ in enumerate(steps):
        if i == stop:
            break
    for action in junk:
        before = (GAME.public_hash(state), [plain_view(state, s) for s in range(4)])
        trial = copy.deepcopy(state)
        try:
            GAME.apply(trial, action)
        except EngineError:
            assert (GAME.public_hash(trial), [plain_view(trial, s) for s in range(4)]) == before
        else:
            assert _is_legal(action, state)


def _is_legal(action, state) -> bool:
    if isinstance(action, CHANCE_ACTIONS):
        return True  # it answered the pending request (engine.chance.answers checked it)
    if isinstance(action, (moves.Propose, moves.Divide, moves.Offer)):
        return True  # too many to list; the handlers' checks are tested clause by clause
    legal = GAME.legal_actions(state, action.seat)
    # every other action is in the listed head: a Market's lazy offers may number billions
    return action in (legal.head if isinstance(legal, Chain) else legal)
