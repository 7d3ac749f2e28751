"""Dragon Den: a card held with the piles that take it lit (den-play) and the first hand's
end (den-end)."""

from __future__ import annotations

from tools.shots import first_hand


def shoot(app, driver, save) -> None:
    from engine.games.den.rules import Play

    shot = []

    def before_move(view, action) -> None:
        busy = any(len(pile) >= 2 for pile in view.view.piles)
        if not shot and busy and isinstance(action, Play):
            driver.click(f"card:{action.faces[0]}")
            save("den-play")
            driver.key("escape")
            shot.append("den-play")

    first_hand(app, driver, "den", save, before_move)
