"""Golden playthroughs pin behaviour: a seeded selfplay must replay byte for byte."""

import json

import pytest

from engine.registry import get_game
from engine.wire import from_record
from tools.golden import GOLDEN, golden

GAMES = sorted(p.stem for p in GOLDEN.glob("*.json"))


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_transcript_is_reproduced(game_id):
    expected = json.loads((GOLDEN / f"{game_id}.json").read_text())
    assert json.loads(json.dumps(golden(game_id))) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_actions_replay_to_the_same_hash(game_id):
    """Replaying the recorded actions alone (no bots) reaches the recorded final hash."""
    expected = json.loads((GOLDEN / f"{game_id}.json").read_text())
    game = get_game(game_id)
    config, seats = game.configure(expected["options"], expected["players"])
    state = game.setup(config, seats)
    for record in expected["actions"]:
        game.apply(state, from_record(_tuples(record)))
    assert game.outcome(state) is not None
    assert game.public_hash(state) == expected["final_hash"]


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
