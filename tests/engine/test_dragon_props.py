"""Dragon invariants, checked with hypothesis over random playouts."""

import copy
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engine.bots import RandomBot
from engine.cards import faces_of, mask_of
from engine.chance import Dealt
from engine.errors import IllegalAction
from engine.games.dragon import combos, rules
from engine.local import play
from tests.engine.dragon_helpers import GAME

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def playout(seed, options=None):
    config, seats = GAME.configure(options or {"hands": 2}, 4)
    state = GAME.setup(config, seats)
    bots = [RandomBot(seed + s) for s in range(4)]
    return state, play(GAME, state, bots, seed)


def cards_in_play(state):
    on_table = sum(len(f) for _, f in state.trick_plays)
    return sum(state.counts) + on_table + state.pile


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_cards_are_conserved(seed):
    state, steps = playout(seed)
    for _ in steps:
        if not state.requests:
            assert cards_in_play(state) == 52
            held = [r for s in range(4) for r in state.held[s]]
            assert len(held) == len(set(held)) == sum(state.counts)


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_chips_are_conserved_and_scores_consistent(seed):
    state, steps = playout(seed)
    for _, events in steps:
        for event in events:
            if isinstance(event, rules.HandOver):
                assert sum(event.payouts) == state.config["stake"] * 4
                assert sum(event.chips) == 4000
    outcome = GAME.outcome(state)
    assert outcome.scores == tuple(state.chips)
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_same_actions_give_the_same_hashes(seed):
    state, steps = playout(seed)
    actions, hashes = [], []
    for action, _ in steps:
        actions.append(action)
        hashes.append(GAME.public_hash(state))
    replay = GAME.setup(state.config, 4)
    for action, expected in zip(actions, hashes, strict=True):
        GAME.apply(replay, action)
        assert GAME.public_hash(replay) == expected


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=3))
def test_a_seat_that_sees_only_its_hand_agrees_on_every_public_hash(seed, me):
    """What a network peer sees: dealt faces only for its own seat."""
    state, steps = playout(seed)
    mine = GAME.setup(state.config, 4)
    for action, _ in steps:
        if isinstance(action, Dealt) and action.to_seat != me:
            action = Dealt(action.deck, action.to_seat, action.positions, ())
        GAME.apply(mine, action)
        assert GAME.public_hash(mine) == GAME.public_hash(state)
        if not mine.requests and me in GAME.to_act(mine):
            assert _plays(GAME.legal_actions(mine, me)) == _plays(GAME.legal_actions(state, me))


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_a_seat_view_is_the_public_view_plus_its_own_hand_and_what_it_may_do(seed):
    state, steps = playout(seed)
    for _ in steps:
        public = GAME.view(state, None)
        assert public.cards is None
        for seat in range(4):
            view = GAME.view(state, seat)
            hand = view.cards
            assert replace(view, cards=None, offered=None) == public
            if state.known >> seat & 1:
                assert sorted(hand) == sorted(state.faces[r] for r in state.held[seat])


def _plays(legal):
    return sorted(tuple(sorted(a.faces)) for a in legal if isinstance(a, rules.Play))


def _brute_force(state, seat):
    """Every subset of the hand that the rules (D3-D7) accept, by the definitions."""
    hand = faces_of(state.masks[seat])
    out = set()
    for size in range(1, len(hand) + 1):
        for faces in itertools.combinations(hand, size):
            combo = combos.classify(mask_of(faces))
            if combo is None:
                continue
            if state.phase == rules.OPENING:
                ok = 0 in faces
            elif state.trick is None:
                ok = True
            elif state.passed >> seat & 1:
                ok = combos.chop_beats(combo, state.trick)
            else:
                ok = combos.beats(combo, state.trick, state.trick_chop, state.config["overchop"])
            if ok:
                out.add(tuple(sorted(faces)))
    return sorted(out)


@pytest.mark.parametrize("options", [{}, {"overchop": False, "chop_in": True}])
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_legal_plays_are_exactly_the_rules(options, seed):
    state, steps = playout(seed, {"hands": 1, **options})
    rng = random.Random(seed)
    checked = 0
    for _ in steps:
        if state.requests or state.phase not in (rules.OPENING, rules.PLAYING):
            continue
        seat = next(s for s in GAME.to_act(state) if state.counts[s])
        if rng.random() < 0.2 and checked < 4:
            checked += 1
            assert _plays(GAME.legal_actions(state, seat)) == _brute_force(state, seat)
            _legal_accepted_illegal_refused(state, seat, rng)


def _legal_accepted_illegal_refused(state, seat, rng):
    legal = GAME.legal_actions(state, seat)
    for action in rng.sample(list(legal), min(5, len(legal))):
        GAME.apply(copy.deepcopy(state), action)
    legal_sets = set(_plays(legal))
    hand = faces_of(state.masks[seat])
    before = GAME.public_hash(state)
    for _ in range(10):
        faces = tuple(sorted(rng.sample(hand, rng.randint(1, min(6, len(hand))))))
        if faces in legal_sets:
            continue
        with pytest.raises(IllegalAction):
            GAME.apply(state, rules.Play(seat, tuple(state.face_ref[f] for f in faces), faces))
        assert GAME.public_hash(state) == before
