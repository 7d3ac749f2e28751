"""Dragon's words for the table and its refusals, as the window draws them (docs/rules/dragon.md):
the middle of the table, a seat's wait at the opening, a hand's result, and the refusal of a
seat the rules do not await, which must be true for every viewer."""

from __future__ import annotations

import re

from engine.bots import make_bot
from engine.games.dragon import rules
from engine.games.dragon.advice import WAITING_FOR_THREE, table_words, waiting_words
from engine.games.dragon.words import gains, how_won
from engine.local import play as play_out
from engine.tell import Names
from tests.engine.dragon_helpers import GAME, cards, declare, play, rig
from tests.engine.story_check import problems
from tests.engine.test_dragon_rules import DRAGON_HAND

NAMES = ("ana", "McKay", "Bo Li", "Cy#1a2b")
TURN = re.compile(r"It is (.+?) turn")


def _listeners():
    return [Names(NAMES, listener) for listener in (None, 0, 1, 2, 3)]


def refusal_is_true(view, seat: int, names: Names) -> None:
    """A seat the rules do not await is never told it is its turn, and a turn the refusal
    names is an awaited seat's."""
    refusal = GAME.why_not(view, seat, tuple(cards("3S")), names)
    assert refusal is not None
    said = TURN.search(refusal.text)
    if said:
        assert said.group(1) in {names.whose(s) for s in view.to_act if s != seat}, refusal
    assert not problems(refusal.text), refusal
    if seat == names.listener:
        assert "yours" in refusal.text or "your turn" not in refusal.text.replace(
            "not your turn", ""), refusal


def test_D7_a_seat_out_of_turn_is_told_whose_turn_it_is_for_every_viewer():
    config, seats = GAME.configure({"hands": 1}, 4)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "easy", 40 + s) for s in range(seats)]
    asked = 0
    for _ in play_out(GAME, state, bots, 4):
        for names in _listeners():
            view = GAME.view(state, names.listener)
            for seat in range(seats):
                if seat not in view.to_act and view.phase == rules.PLAYING:
                    refusal_is_true(view, seat, names)
                    asked += 1
    assert asked > 100


def test_D7_the_refusal_says_whose_turn_and_not_whose():
    state = rig({0: "3S 4S"})
    play(state, 0, "3S")  # seat 1 is awaited now
    view = GAME.view(state, 2)
    said = {listener: GAME.why_not(view, 2, tuple(cards("5S")), Names(NAMES, listener)).text
            for listener in (2, 1, None)}
    assert said == {2: "It is McKay's turn, not yours.", 1: "It is your turn, not Bo Li's.",
                    None: "It is McKay's turn, not Bo Li's."}


def test_D9_4_the_seat_that_showed_a_dragon_is_not_told_it_is_its_turn():
    """The turn stays with the seat that showed its Dragon while the others may show theirs:
    the refusal once read "It is your turn." to that very seat."""
    state = rig({0: "3S", 1: DRAGON_HAND.replace("3S", "3C").replace("5C", "4C")})
    play(state, 0, "3S")
    declare(state, 1)
    assert state.phase == rules.DRAGON_STAGE and state.turn == 1
    for names in _listeners():
        view = GAME.view(state, names.listener)
        refusal = GAME.why_not(view, 1, tuple(cards("5S")), names)
        assert refusal.rule == "D9.4" and "your turn" not in refusal.text.lower()
        refusal_is_true(view, 1, names)
    mine = GAME.why_not(GAME.view(state, 1), 1, (), Names(NAMES, 1))
    assert mine.text == "A Dragon is shown, so the hand waits: Bo Li and Cy#1a2b may still " \
                        "show a Dragon."


def test_D3_the_table_says_who_leads_and_who_played_what():
    state = rig({0: "3S 3D", 1: "4S 4D"})
    names = Names(NAMES, 1)
    assert table_words(GAME.view(state, 1), names) == "Whoever holds the 3 of Stars leads"
    assert waiting_words(GAME.view(state, 1)) == WAITING_FOR_THREE  # D3.2: no 3 of Stars
    assert waiting_words(GAME.view(state, 0)) == ""  # it holds it: its turn
    play(state, 0, "3S 3D")
    assert table_words(GAME.view(state, 1), names) == "ana played a pair"
    play(state, 1, "4S 4D")
    assert table_words(GAME.view(state, 1), names) == "You played a pair"
    assert waiting_words(GAME.view(state, 1)) == ""


def test_D11_a_hands_result_says_how_it_ended_and_the_stake():
    places = rules.HandOver(1, (2, 0, 3, 1), (60, 30, 0, 10), (1035, 1005, 975, 985))
    dragon = rules.HandOver(1, (1,), (0, 100, 0, 0), (975, 1075, 975, 975))
    assert how_won(places, Names(NAMES, 2), start=True) == \
        "You go out first; each put 25 in a pot of 100"
    assert how_won(dragon, Names(NAMES, 2), start=True) == \
        "McKay wins the whole pot with a Dragon; each put 25 in a pot of 100"
    assert gains(places) == (35, 5, -25, -15) and gains(dragon) == (-25, 75, -25, -25)
