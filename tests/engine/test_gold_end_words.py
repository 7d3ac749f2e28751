"""The Gold end's headline (the end panel draws the engine's advice) agrees with who won:
the 1280 screenshot once said "You wins"."""

import pytest

from engine.games.gold.words import game_over
from engine.tell import Names

NAMES = ("Ana", "Bot 2", "you-know-who", "Bot 4")


@pytest.mark.parametrize("winners, listener, said", [
    ((1,), None, "Bot 2 wins"),
    ((0,), 0, "you win"),
    ((0, 2), 2, "Ana and you win"),
    ((1, 3), 0, "Bot 2 and Bot 4 win"),
    ((), 0, "nobody wins"),  # G13.5: every seat forfeited
])
def test_G14_6_the_verb_agrees_with_the_winners(winners, listener, said):
    assert game_over(winners, Names(NAMES, listener)) == f"The game is over: {said}"
