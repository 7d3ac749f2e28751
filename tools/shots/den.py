"""Dragon Den: a card held with the piles that take it lit (den-play) and the first hand's
end (den-end)."""

from __future__ import annotations

from tools.shots import solo_table


def shoot(app, driver, save) -> None:
    from engine.games.den.rules import Play
    from tests.client.den_clicks import choose, make_by_clicks

    solo_table(app, driver, "den")
    shot_play, seen = False, None
    while True:
        table = app.scene.renderer

        def ready(table=table, seen=seen):
            view = app.session.view
            return app.session.ending or table.hand_over or (
                view is not seen and view.legal and view)

        view = driver.wait_for(ready, "this seat's turn or the hand's end", 60)
        if table.hand_over is not None or app.session.ending:
            save("den-end")
            return
        seen = view
        action = choose(view.legal)
        busy = any(len(pile) >= 2 for pile in view.view["piles"])
        if not shot_play and busy and isinstance(action, Play):
            driver.click(f"card:{action.faces[0]}")
            save("den-play")
            driver.key("escape")
            shot_play = True
        make_by_clicks(driver, action)
