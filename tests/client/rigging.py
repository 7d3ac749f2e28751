"""Showing a real table's renderer rigged views (built by the engine from a rigged deal) and
recording what its clicks submit instead of sending it."""

from engine.registry import get_game
from net.face.bridge import ViewUpdate, handed_out
from tests.client.test_window import my_turn, name_yourself


def solo_with_bots(driver, game: str, seats: int, hands: int) -> None:
    """This window in seat 0 of a real `game` table, bots in the rest, `hands` hands long
    (0: the game's own length)."""
    from client.scenes.setup import Setup

    driver.click("solo")
    driver.app.scene._solo(get_game(game), seats, (("hands", hands),))
    driver.app.replace(Setup(driver.app))
    driver.wait_for(lambda: driver.app.scene.name == "table", "the table to open", 20)


def rigged_window(driver, game: str) -> tuple:
    """A real 2-seat `game` table at this seat's first turn, its renderer made ready to be
    shown rigged views: (driver, renderer, the list its submissions go to)."""
    name_yourself(driver)
    solo_with_bots(driver, game, 2, 1)
    driver.wait_for(lambda: my_turn(driver, None), "this seat's first turn", 60)
    renderer, sent = record_submissions(driver)
    return driver, renderer, sent


def record_submissions(driver) -> tuple:
    """The window's renderer, made seat 0's, and the list its submissions go to from now."""
    sent = []
    driver.app.session.submit = sent.append
    renderer = driver.app.scene.renderer
    renderer.me = driver.app.session.seat = 0
    return renderer, sent


def show(driver, renderer, game, state, seat: int = 0) -> tuple:
    """The renderer is shown `seat`'s view of `state`; the seat's legal actions."""
    legal = handed_out(game.legal_actions(state, seat))
    driver.app.session.view = ViewUpdate(99, seat, game.view(state, seat), legal, None)
    renderer.sync(animate=False)
    driver.step(2)
    return legal
