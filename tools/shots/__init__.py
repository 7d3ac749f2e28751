"""Per-game screenshot scripts for `python -m tools.screens`: one module per game id.

Each module has `shoot(app, driver, save)`: it opens a table of its game from the lobby,
plays it by clicks (tests/client/<game>_clicks.py) and calls `save(name)` at the moments
worth a picture; `save` waits for the table to settle and writes `<name>-<width>.png`.
"""

from __future__ import annotations


def solo_table(app, driver, game: str) -> None:
    """From wherever the window is: back to the lobby, then Play with bots at a `game` table."""
    from client.scenes.lobby import Lobby

    app.replace(Lobby(app))
    driver.click("solo")
    driver.click(f"game:{game}")
    driver.wait_for(lambda: app.scene.name == "table", f"the {game} table", 20)
