"""A hint is worded by its game: every action a seat is offered in a whole match has its own
phrase (no type name read aloud) and a reason why it is good (Game.why), said to that seat
("you"), and a bot that would wait says why in the game's words."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.local import play
from engine.registry import get_game
from engine.tell import Names

#: each game's short match, and the action types its easy bots meet in it for sure
MATCHES = {
    "dragon": ({"hands": 1}, 4, {"Play", "Pass"}),
    "den": ({"hands": 1}, 3, {"Play", "EndTurn"}),
    "wild": ({"hands": 1}, 4, {"Draw", "Discard", "Meld"}),
    "gold": ({}, 4, {"Attack", "Propose", "Accept"}),
}
OFFERS_ASKED = 12  # of each seat's offer at each step: Gold's splits run to billions


def offered(game, state, seat: int) -> list:
    legal = game.legal_actions(state, seat)
    step = max(1, len(legal) // OFFERS_ASKED)
    return [legal[i] for i in range(0, len(legal), step)][:OFFERS_ASKED]


@pytest.mark.parametrize("game_id", sorted(MATCHES))
def test_every_offered_action_is_hinted_in_the_games_words(game_id):
    game = get_game(game_id)
    config, seats, met = MATCHES[game_id]
    config, seats = game.configure(config, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", 7 + s) for s in range(seats)]
    names = [Names(tuple(f"Seat {s + 1}" for s in range(seats)), s) for s in range(seats)]
    hinted: set[str] = set()
    for _action, _events in play(game, state, bots, 3):
        if game.chance_request(state) is not None:
            continue
        for seat in game.to_act(state):
            view = game.view(state, seat)
            for action in offered(game, state, seat):
                kind = type(action)
                assert kind in game.hinters, f"{game_id}: no words for {kind.__name__}"
                words = game.hint(action, view, names[seat], "hard")
                assert words.startswith("The hard bot would ") and words.endswith(".")
                assert "_" not in words and f"Seat {seat + 1}" not in words, words
                assert game.why(action, view, names[seat]), f"{game_id}: no why in {words!r}"
                hinted.add(kind.__name__)
    assert met <= hinted


def test_a_bot_that_would_wait_says_why_in_the_games_words():
    game = get_game("gold")
    state = game.setup(*game.configure({}, 3))
    said = game.hint(None, game.view(state, 0), Names(("Ana", "Bo", "Cy"), 0), "hard")
    assert said == f"The hard bot would {game.waiting_words}."
    assert "wait" in said
