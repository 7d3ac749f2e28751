"""Per-game screenshot scripts for `python -m tools.screens`: one module per game id.

Each module has `shoot(app, driver, save)`: it opens a table of its game from the lobby,
plays it by clicks (<game>_clicks.py of tools/lab or tests/client) and calls
`save(name)` at the moments worth a picture; `save` waits for the table to settle and
writes `<name>-<width>.png`.
"""

from __future__ import annotations


def solo_table(app, driver, game: str) -> None:
    """From wherever the window is: back to the lobby, then Play with bots at a `game` table."""
    from client.scenes.lobby import Lobby

    app.replace(Lobby(app))
    driver.click("solo")
    driver.click(f"game:{game}")
    driver.wait_for(lambda: app.scene.name == "table", f"the {game} table", 20)


def first_hand(app, driver, game: str, save, before_move) -> None:
    """Play a solo `game` table by clicks (its <game>_clicks.py) until the first hand
    ends, saved as `<game>-end`; `before_move(view, action)` is called at each of this
    seat's turns before its move is made, to take the game's other pictures."""
    import importlib

    clicks = importlib.import_module(f"tools.lab.{game}_clicks")
    solo_table(app, driver, game)
    seen = None
    while True:
        table = app.scene.renderer

        def ready(table=table, seen=seen):
            view = app.session.view
            return app.session.ending or table.result.hand_over or (
                view is not seen and view.legal and view)

        view = driver.wait_for(ready, "this seat's turn or the hand's end", 60)
        if table.result.hand_over is not None or app.session.ending:
            save(f"{game}-end")
            return
        seen = view
        action = clicks.choose(view.legal)
        before_move(view, action)
        make(app, driver, clicks.make_by_clicks, action, seen)


def make(app, driver, make_by_clicks, action, seen) -> None:
    """Make `action`, chosen from the view `seen`, by clicks; if the table moved on before
    its button was clicked (bots answer at once: a buying window closed, a Market opened),
    the question is gone and the caller chooses again from the new view."""
    from client.hook import WaitedTooLong

    try:
        make_by_clicks(driver, action)
    except WaitedTooLong:
        if app.session.view is seen:
            raise
