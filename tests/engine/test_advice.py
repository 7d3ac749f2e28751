"""What a seat may do now, in the rules' words (Game.advice): Wild's buying window, draw and
lay; Gold's turn, talks, thefts and Market; Dragon Den's turn. Asked of every view along
whole matches, for every seat and a spectator, the answer reads as words (no seat number,
code or list) and each phase that has a panel has its words."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.games.gold.flow import MARKET, NEGOTIATE, OVER, STEAL, TAKE, TURN
from engine.games.wild.views import ANSWERING, BUYING, DRAWING, LAYING
from engine.local import play
from engine.registry import get_game
from engine.tell import Names
from tests.engine.story_check import problems

NAMES = ("ana", "McKay", "Bo Li", "Cy#1a2b")
PANELS = {"wild": {BUYING, ANSWERING, DRAWING, LAYING},
          "gold": {TURN, NEGOTIATE, STEAL, TAKE, MARKET, OVER}, "den": {"playing"}}
CASES = [("wild", 3, {"match": "deals"}), ("gold", 4, {}), ("gold", 3, {"advanced": True}),
         ("den", 3, {"hands": 1})]


def advised(game_id: str, seats: int, options: dict, seed: int = 3) -> dict[str, list[str]]:
    """Every answer along a seeded match, by the phase it was asked in."""
    game = get_game(game_id)
    config, seats = game.configure(options, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", seed * 10 + s) for s in range(seats)]
    said: dict[str, list[str]] = {}
    for _ in play(game, state, bots, seed):
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            advice = game.advice(view, seat, Names(NAMES[:seats], seat))
            if advice is not None:
                said.setdefault(view.phase, []).extend((advice.title, *advice.lines))
    return said


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES,
                         ids=[f"{g}-{s}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, s, o in CASES])
def test_the_rules_words_for_each_phase_read_as_words(game_id, seats, options):
    said = advised(game_id, seats, options)
    assert set(said) <= PANELS[game_id]
    assert set(said) >= PANELS[game_id] - {TAKE}  # a wizard helping a thief is rare
    lines = [line for phase in said.values() for line in phase if line]
    bad = {line: problems(line) for line in lines if problems(line)}
    assert not bad, bad
    assert not [line for line in lines if "{" in line or "seat" in line.lower()]


def test_the_buying_window_tells_the_offer_and_who_answers():
    said = advised("wild", 3, {"match": "deals"})
    assert any(line.endswith("is on offer (a penalty card comes with it).")
               for line in said[BUYING])
    assert "Buy the discard?" in said[BUYING] and "Others may buy the discard" in said[BUYING]
    assert any("If not, you take it as your draw." in line for line in said.get(ANSWERING, ()))
