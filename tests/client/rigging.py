"""Showing a real table's renderer rigged views (built by the engine from a rigged deal) and
recording what its clicks submit instead of sending it."""

from net.bridge import ViewUpdate


def record_submissions(driver) -> tuple:
    """The window's renderer, made seat 0's, and the list its submissions go to from now."""
    sent = []
    driver.app.session.submit = sent.append
    renderer = driver.app.scene.renderer
    renderer.me = driver.app.session.seat = 0
    return renderer, sent


def show(driver, renderer, game, state, seat: int = 0) -> tuple:
    """The renderer is shown `seat`'s view of `state`; the seat's legal actions."""
    legal = tuple(game.legal_actions(state, seat))
    driver.app.session.view = ViewUpdate(99, seat, game.view(state, seat), legal, None)
    renderer.sync(animate=False)
    driver.step(2)
    return legal
