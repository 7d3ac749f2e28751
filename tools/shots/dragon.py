"""Dragon: a trick with a selection lit (dragon-play) and the first hand's end (dragon-end)."""

from __future__ import annotations

from tools.shots import first_hand


def shoot(app, driver, save) -> None:
    shot = []

    def before_move(view, action) -> None:
        if not shot and len(view.view.trick) >= 2 \
                and getattr(action, "faces", ()):
            driver.click(f"card:{action.faces[0]}")
            save("dragon-play")
            driver.click(f"card:{action.faces[0]}")
            shot.append("dragon-play")

    first_hand(app, driver, "dragon", save, before_move)
