"""A table's title names the hand whose result is up while the table pauses between hands
(net.table.pause), though the engine already counts the next one (its shuffle is what the pause
holds back); once the next hand is dealt, the title names it. Played in the real window, by
clicks, through the real bridge and node."""

import importlib

import pytest

from client.hook import WaitedTooLong
from engine.registry import get_game
from tests.client.rigging import solo_with_bots
from tests.client.test_wild_table import window_closed
from tests.client.test_window import name_yourself
from tools.layout import drawn

SEATS = {"dragon": 4, "den": 2, "wild": 2}
HANDS = 2  # the match's length: the first hand's result is followed by a second hand
HAND = {"dragon": "hand_no", "den": "hand_number", "wild": "hand_number"}  # the view's count


def turn_or_pause(driver, seen):
    """"paused" while a hand's result is up, else the view when it is new since `seen` and
    offers this seat something to do. Unlike a person, it never presses "Next hand"."""
    if driver.app.scene.renderer.result.up():
        return "paused"
    view = driver.app.session.view
    return view if view is not None and view is not seen and view.legal else None


def play_to_the_first_pause(driver, clicks) -> None:
    seen = None
    while True:
        found = driver.wait_for(lambda seen=seen: turn_or_pause(driver, seen),
                                "this seat's turn or the first hand's result", 60)
        if found == "paused":
            return
        seen, action = found, clicks.choose(found.legal)
        try:
            clicks.make_by_clicks(driver, action)
        except WaitedTooLong:
            if not window_closed(action, driver):
                raise


def title(driver, game_id: str) -> str:
    """The table's title as drawn: the first label that starts with the game's name."""
    name = get_game(game_id).name
    return next(d.words for d in drawn(driver.app) if d.words.startswith(f"{name} · hand"))


@pytest.mark.parametrize("game_id", SEATS)
def test_the_title_names_the_hand_whose_result_is_up_until_the_next_is_dealt(window, game_id):
    name_yourself(window)
    solo_with_bots(window, game_id, SEATS[game_id], HANDS)
    play_to_the_first_pause(window, importlib.import_module(f"tools.lab.{game_id}_clicks"))
    view = window.app.session.view
    assert getattr(view.view, HAND[game_id]) == 2, "the engine counts the next hand already"
    assert window.app.scene.renderer.result.hand_over.hand == 1
    assert title(window, game_id).startswith(f"{get_game(game_id).name} · hand 1")
    window.click("next")
    window.wait_for(lambda: not window.app.scene.renderer.result.up(), "the next hand", 30)
    assert title(window, game_id).startswith(f"{get_game(game_id).name} · hand 2")
