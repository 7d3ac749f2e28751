"""Gold's words for a listener that the table draws as they are: the end's headline (the end
panel draws the engine's advice; the 1280 screenshot once said "You wins") and an offer at
the Market (the panel once listed "Ana → you: gives ...; asks ...")."""

import pytest

from engine.games.gold import moves
from engine.games.gold.rules import GAME
from engine.games.gold.words import game_over, offer_words
from engine.tell import Names
from tests.engine.gold_helpers import counts

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


@pytest.mark.parametrize("seat, partner, listener, said", [
    (0, 1, 1, "Ana offers you 2 gold tokens for 1 silver token"),
    (1, 0, 2, "Bot 2 offers 2 gold tokens to Ana for 1 silver token"),
    (2, 3, 2, "You offer 2 gold tokens to Bot 4 for 1 silver token"),
])
def test_G11_2_an_offer_is_said_for_the_listener(seat, partner, listener, said):
    names = Names(NAMES, listener)
    give, get = counts("2g"), counts("1s")
    assert offer_words(seat, partner, give, get, names) == said
    assert GAME.tell(moves.Offered(seat, partner, 1, give, get), names) == said + "."


def test_G11_2_an_offer_of_nothing_for_tokens_says_nothing():
    said = offer_words(0, 1, counts(""), counts("1r"), Names(NAMES, 0))
    assert said == "You offer nothing to Bot 2 for 1 red token"
