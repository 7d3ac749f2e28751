"""The engine's door (engine.fields): every action field has a declared kind, and an action
or seat that does not fit is refused with IllegalAction before any rule runs, changing
nothing — in every game, whoever drives the engine (the network, the local driver, a bot,
the window)."""

import copy
import itertools
import typing

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import fields
from engine.bots import RandomBot
from engine.chance import CHANCE, OpenChance
from engine.errors import IllegalAction
from engine.games.dragon.rules import THREE_OF_STARS, DeclareDragon, Play
from engine.games.gold import moves as gold_moves
from engine.registry import get_game
from engine.wire import Action, SeatAction, Value, replace, wire_types

GAMES = {"dragon": 4, "den": 3, "wild": 3, "gold": 4}


def _actions_of(game_id: str) -> list[type]:
    get_game(game_id)  # imports the game's module, registering its wire types
    return [cls for tag, cls in wire_types().items()
            if issubclass(cls, Action) and (tag.startswith(f"{game_id}.") or "." not in tag)]


def snapshot(game, state):
    return game.public_hash(state), [game.view(state, s) for s in range(state.seats)]


def refused_unchanged(game, state, action) -> IllegalAction:
    before = snapshot(game, state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    assert snapshot(game, state) == before
    return err.value


def started(game_id: str, seats: int, seed: int = 7, moves: int = 0):
    """A match of `game_id` with chance answered up to its first decision, then `moves`
    random moves (each followed by the chance it calls for)."""
    game = get_game(game_id)
    config, seats = game.configure({}, seats)
    state = game.setup(config, seats)
    answer, bots = OpenChance(seed).answer, [RandomBot(seed + s) for s in range(seats)]
    while game.outcome(state) is None:
        request = game.chance_request(state)
        if request is not None:
            game.apply(state, answer(request))
            continue
        chosen = [a for a in (bots[s].act(game, state, s) for s in game.to_act(state)) if a]
        if moves == 0 or not chosen:
            break
        game.apply(state, chosen[0])
        moves -= 1
    return game, state


# -- declarations ------------------------------------------------------------------------

def test_every_action_field_of_every_game_declares_its_kind():
    for game_id in GAMES:
        for cls in _actions_of(game_id):
            check = fields.compile_checks(cls)  # TypeError for a field of no declared kind
            assert set(cls._fields) <= set(check.__code__.co_names)  # each field is read


def test_every_action_is_a_seats_with_its_seat_first_or_chances():
    """A seat's action is a SeatAction: its seat first, a seat of the table; any other is
    chance's, whose seat comes last and is CHANCE unless said."""
    for game_id in GAMES:
        for cls in _actions_of(game_id):
            seat = msgspec.structs.fields(cls)[0 if issubclass(cls, SeatAction) else -1]
            assert seat.name == "seat", cls
            if not issubclass(cls, SeatAction):
                assert seat.default == CHANCE, cls


def test_an_action_with_a_bare_whole_number_cannot_be_checked():
    class Undeclared(Value):
        seat: int

    with pytest.raises(TypeError, match="declared with its range"):
        fields.compile_checks(Undeclared)


# -- the cases found by the scenario tests ------------------------------------------------

@pytest.mark.parametrize("seat", [-1, 4, 99, True, 0.0, None, "0"])
def test_D1_a_play_for_a_seat_not_at_the_table_is_refused_during_the_opening(seat):
    game, state = started("dragon", 4)
    assert state.phase == "opening"
    holder = next(s for s in range(4) if state.masks[s] >> THREE_OF_STARS & 1)
    ref = state.face_ref[THREE_OF_STARS]
    err = refused_unchanged(game, state, Play(seat, (ref,), (THREE_OF_STARS,)))
    assert err.rule == "D1"
    assert game.legal_actions(state, holder)  # the real holder still leads


@pytest.mark.parametrize("seat", [-1, 4, True])
def test_D1_a_dragon_for_a_seat_not_at_the_table_is_refused(seat):
    game, state = started("dragon", 4)
    refused_unchanged(game, state, DeclareDragon(seat, (0,), (0,)))


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("seat", [-1, 8, 99, True, 1.0, "1"])
def test_legal_actions_and_views_for_a_seat_not_at_the_table_are_refused(game_id, seat):
    game, state = started(game_id, GAMES[game_id])
    with pytest.raises(IllegalAction):
        game.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        game.view(state, seat)
    assert game.view(state, None)  # a spectator's view is not a seat


def _a_card_action(game_id: str):
    """A match where the seat to act can discard or play a card, and that action."""
    for moves in range(40):
        game, state = started(game_id, 3, moves=moves)
        for seat in game.to_act(state):
            legal = [a for a in game.legal_actions(state, seat) if getattr(a, "faces", ())]
            if legal:
                return game, state, legal[0]
    raise AssertionError("no card action came up")


@pytest.mark.parametrize("game_id", ["wild", "den"])
def test_W1_DN3_5_a_card_whose_face_is_a_float_is_refused_before_it_leaves_the_hand(game_id):
    game, state, legal = _a_card_action(game_id)
    floated = replace(legal, faces=tuple(float(f) for f in legal.faces))
    assert floated == legal  # 20.0 == 20: only the door's type check tells them apart
    err = refused_unchanged(game, state, floated)
    assert "not a tuple of" in err.detail
    game.apply(state, legal)  # the honest action still goes through


# -- the fuzz ------------------------------------------------------------------------------

JUNK = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
                 st.text(max_size=3), st.sampled_from([2**31, 2**63, 2**70, -2**63]))
WHOLE = st.one_of(st.integers(min_value=-3, max_value=80), st.integers(min_value=-3, max_value=80),
                  JUNK)


def _field(hint):
    """Any value a careless or hostile driver might put in a field declared `hint`."""
    if typing.get_origin(hint) is tuple:
        item = _field(typing.get_args(hint)[0])
        return st.one_of(st.lists(item, max_size=5).map(tuple), st.lists(item, max_size=3),
                         JUNK)
    if hint is bool:
        return st.one_of(st.booleans(), JUNK, st.integers(-1, 2))
    return WHOLE


def _bad_actions(game_id):
    strategies = []
    for cls in _actions_of(game_id):
        hints = typing.get_type_hints(cls)
        strategies.append(st.builds(cls, **{n: _field(hints[n]) for n in cls._fields}))
    return st.one_of(*strategies)


LISTED_ONLY_IN_PART = (gold_moves.Propose, gold_moves.Divide, gold_moves.Offer)


def _was_legal(game, state, action) -> bool:
    if action.seat == CHANCE:
        return True  # it answered the pending chance request, which engine.chance checks
    if isinstance(action, LISTED_ONLY_IN_PART):  # too many to list (the Market's billions)
        return True
    return action in list(itertools.islice(game.legal_actions(state, action.seat), 20000))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16), moves=st.integers(0, 30))
def test_any_action_is_legal_or_refused_with_nothing_changed(game_id, data, seed, moves):
    game, state = started(game_id, GAMES[game_id], seed, moves)
    for action in data.draw(st.lists(_bad_actions(game_id), min_size=1, max_size=8)):
        trial = copy.deepcopy(state)
        before = snapshot(game, trial)
        try:
            game.apply(trial, action)
        except IllegalAction:
            assert snapshot(game, trial) == before
        else:
            assert _was_legal(game, state, action), action

