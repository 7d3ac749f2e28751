"""Invariants of Dragon Den and Dragons Wild, checked with hypothesis over random playouts:
cards conserved, determinism, view secrecy, legal actions accepted and illegal ones
refused with nothing changed."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.chance import Dealt
from engine.errors import IllegalAction
from engine.games.den import rules as den
from engine.games.wild import rules as wild
from engine.local import play
from engine.registry import get_game
from engine.wire import replace

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CASES = [("den", 2), ("den", 4), ("wild", 2), ("wild", 5)]


def playout(game_id, seats, seed, options=None):
    game = get_game(game_id)
    config, seats = game.configure(options or {"hands": 2}, seats)
    state = game.setup(config, seats)
    bots = [RandomBot(seed + s) for s in range(seats)]
    return game, state, play(game, state, bots, seed)


def holders(state):
    """Every card reference somewhere other than the face-down deck, with where it is."""
    if state.game_id == "den":
        return [r for held in state.held for r in held]
    on_table = [r for meld in state.melds for r in meld.refs]
    return [r for held in state.held for r in held] + on_table + state.discard + state.recycled


def conserved(state) -> bool:
    if state.game_id == "den":
        return sum(state.counts) + sum(map(len, state.piles)) + state.stock == 52
    in_melds = sum(len(m.faces()) for m in state.melds)
    return sum(state.counts) + in_melds + len(state.discard) + state.deck_count == 70


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_cards_are_conserved(game_id, seats, seed):
    _, state, steps = playout(game_id, seats, seed)
    for _ in steps:
        if state.requests or state.phase in ("dealing", "over"):
            continue
        assert conserved(state)
        refs = holders(state)
        assert len(refs) == len(set(refs))
        assert [len(h) for h in state.held] == state.counts


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_scores_are_consistent(game_id, seats, seed):
    """Every point is accounted for by an event: lays, wins and penalties."""
    game, state, steps = playout(game_id, seats, seed)
    total = [0] * seats
    for _, events in steps:
        for event in events:
            if isinstance(event, (wild.Melded, wild.Added)):
                total[event.seat] += event.points
            elif isinstance(event, den.HandOver):
                assert sum(p > 0 for p in event.points) == len(event.winners)
                total = [t + p for t, p in zip(total, event.points, strict=True)]
                assert event.scores == tuple(total)
            elif isinstance(event, wild.HandOver):
                if event.went_out >= 0:
                    assert event.penalties[event.went_out] == 0
                total = [t - p for t, p in zip(total, event.penalties, strict=True)]
                assert event.scores == tuple(total)
    outcome = game.outcome(state)
    assert outcome.scores == tuple(state.scores) == tuple(total)
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_same_actions_give_the_same_hashes(game_id, seats, seed):
    game, state, steps = playout(game_id, seats, seed)
    actions, hashes = [], []
    for action, _ in steps:
        actions.append(action)
        hashes.append(game.public_hash(state))
    replay = game.setup(state.config, seats)
    for action, expected in zip(actions, hashes, strict=True):
        game.apply(replay, action)
        assert game.public_hash(replay) == expected


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_a_seat_that_sees_only_its_hand_agrees_on_every_public_hash(game_id, seats, seed, data):
    """What a network peer sees: dealt faces only for its own seat."""
    me = data.draw(st.integers(min_value=0, max_value=seats - 1))
    game, state, steps = playout(game_id, seats, seed)
    mine = game.setup(state.config, seats)
    for action, _ in steps:
        if isinstance(action, Dealt) and action.to_seat != me:
            action = Dealt(action.deck, action.to_seat, action.positions, ())
        game.apply(mine, action)
        assert game.public_hash(mine) == game.public_hash(state)
        assert game.view(mine, me) == game.view(state, me)
        if not mine.requests and me in game.to_act(mine):
            assert list(game.legal_actions(mine, me)) == list(game.legal_actions(state, me))


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_a_seat_view_is_the_public_view_plus_its_own_hand(game_id, seats, seed):
    game, state, steps = playout(game_id, seats, seed)
    for _ in steps:
        public = game.view(state, None)
        assert public.cards is None
        for seat in range(seats):
            view = game.view(state, seat)
            hand = view.cards or ()  # none before the seat is dealt its cards
            assert replace(view, cards=None) == public
            assert sorted(hand) == sorted(state.faces[r] for r in state.held[seat])


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_legal_actions_are_accepted_and_others_refused_with_nothing_changed(
    game_id, seats, seed
):
    game, state, steps = playout(game_id, seats, seed, {"hands": 1})
    rng = random.Random(seed)
    for _ in steps:
        if state.requests or rng.random() > 0.15:
            continue
        everyone = {a for s in range(seats) for a in game.legal_actions(state, s)}
        for seat in range(seats):
            legal = list(game.legal_actions(state, seat))
            for action in rng.sample(legal, min(4, len(legal))):
                game.apply(copy.deepcopy(state), action)
            before = (game.public_hash(state), [game.view(state, s) for s in range(seats)])
            for action in _mutants(state, seat, legal, rng):
                if action in everyone:
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(state, action)
                after = (game.public_hash(state), [game.view(state, s) for s in range(seats)])
                assert after == before


def _mutants(state, seat, legal, rng):
    """Actions near the legal ones: another seat, a wrong face, a foreign card, a bad index."""
    out = []
    others = [r for s, held in enumerate(state.held) if s != seat for r in held]
    for action in rng.sample(legal, min(6, len(legal))):
        out.append(replace(action, seat=(seat + 1) % state.seats))
        if hasattr(action, "faces"):
            faces = list(action.faces)
            faces[0] = (faces[0] + 1) % 52
            out.append(replace(action, faces=tuple(faces)))
            if others:
                out.append(replace(action, refs=(rng.choice(others), *action.refs[1:])))
        for field in ("pile", "source", "target", "meld"):
            if hasattr(action, field):
                out.append(replace(action, **{field: 99}))
        if hasattr(action, "wild_as"):
            out.append(replace(action, wild_as=rng.randint(0, 9)))
    return out

