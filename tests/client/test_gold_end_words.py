"""The Gold end panel's headline agrees with who won: the 1280 screenshot said "You wins"."""

import pytest

from client.tables.gold.end import who_won


@pytest.mark.parametrize("names, you_alone, said", [
    (["Bot 2"], False, "Bot 2 wins"),
    (["You"], True, "You win"),
    (["Ana", "you"], False, "Ana and you win"),
    (["Bot 2", "Bot 4"], False, "Bot 2 and Bot 4 win"),
    ([], False, "Nobody wins"),
])
def test_the_verb_agrees_with_the_winners(names, you_alone, said):
    assert who_won(names, you_alone) == said
