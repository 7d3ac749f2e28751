"""Dragon Den's easy bot as a search's playouts run it: its quick choice on the state
(`greedy`) is the very choice it makes from the legal actions (`pick`), ties included."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.games.den.bot import greedy, pick
from engine.games.den.rules import GAME
from engine.local import play


@pytest.mark.parametrize("level", ["random", "easy"])
@pytest.mark.parametrize("seed", range(6))
def test_the_playouts_quick_choice_is_the_easy_bots_choice_from_the_legal_actions(level, seed):
    """At every turn of whole matches (played by random bots, whose tables reach piles and
    runs the easy bot's do not, and by easy ones), for every seat, whether it may act
    or not."""
    config, seats = GAME.configure({}, 2 + seed % 3)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, level, seed * 10 + s) for s in range(seats)]
    checked = 0
    for _ in play(GAME, state, bots, seed):
        for seat in range(seats):
            expected = pick(GAME.legal_actions(state, seat), state.piles)
            assert greedy(state, seat) == expected
            checked += expected is not None
    assert checked > 50
