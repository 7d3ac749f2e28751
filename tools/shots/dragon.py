"""Dragon: a trick with a selection lit (dragon-play) and the first hand's end (dragon-end)."""

from __future__ import annotations

from tools.shots import solo_table


def shoot(app, driver, save) -> None:
    from tests.client.dragon_clicks import choose, make_by_clicks

    solo_table(app, driver, "dragon")
    shot_play, seen = False, None
    while True:
        table = app.scene.renderer

        def ready(table=table, seen=seen):
            view = app.session.view
            return app.session.ending or table.hand_over or (
                view is not seen and view.legal and view)

        view = driver.wait_for(ready, "this seat's turn or the hand's end", 60)
        if table.hand_over is not None or app.session.ending:
            save("dragon-end")
            return
        seen = view
        action = choose(view.legal)
        if not shot_play and len(view.view.get("trick") or []) >= 2 \
                and getattr(action, "faces", ()):
            driver.click(f"card:{action.faces[0]}")
            save("dragon-play")
            driver.click(f"card:{action.faces[0]}")
            shot_play = True
        make_by_clicks(driver, action)
