"""Play again at a match's end: one click, and the next match deals with the same seats."""

from client.hook import Driver
from net.face.bridge import PlayWith
from net.wire.start import successor
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself


def _finish(driver: Driver) -> None:
    """A bot plays this window's seat until the match ends."""
    driver.app.session.send(PlayWith("random"))
    driver.wait_for(lambda: driver.app.session.ending is not None, "the match's end", 120)
    assert driver.app.session.ending.kind == "finished", driver.app.session.ending.text


def test_play_again_starts_the_next_match_with_the_same_seats_in_one_click(window):
    name_yourself(window)
    solo_with_bots(window, "den", 3, 1)
    first = window.app.session.start
    _finish(window)
    standings = window.state(standings=True)["standings"]
    assert len(standings) == 1 and standings[0]["game"] == "den"
    assert standings[0]["players"][0] == "Ana"
    window.click("again")
    # (the next match's table, not "a match not over": with a bot in every seat and no
    # thinking, a one-hand match can start and end within one frame's news)
    window.wait_for(lambda: window.app.scene.name == "table" and window.app.session.start
                    and window.app.session.start.table == successor(first.table),
                    "the next match at the table", 30)
    second = window.app.session.start
    assert (second.game, second.options, second.seats) == \
        (first.game, first.options, first.seats)
    # the night keeps the first match (its bot may have finished the second meanwhile)
    assert window.state(standings=True)["standings"][0] == standings[0]


def test_another_game_opens_the_setup_with_the_same_people_to_choose(window):
    name_yourself(window)
    solo_with_bots(window, "den", 2, 1)
    _finish(window)
    window.click("another-game")
    window.wait_for(lambda: window.app.scene.name == "setup" and window.app.session.lobby
                    and window.app.session.lobby.seats[1:2] not in ([], [None]),
                    "the next table's setup")  # (its seats come after its join)
    lobby = window.app.session.lobby
    assert lobby.game == "den" and lobby.seats[1].is_bot
    assert window.app.session.start is None  # nobody agreed yet: the game may change
