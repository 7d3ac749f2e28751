"""Dragons Wild: cards selected with the melds that take them lit (wild-play), the buying
window with its countdown (wild-buy) and the first hand's end (wild-end)."""

from __future__ import annotations

from tools.shots import first_hand


def shoot(app, driver, save) -> None:
    from engine.games.wild.rules import AddToMeld, AskToBuy, DeclineToBuy, Meld

    shot = set()

    def before_move(view, action) -> None:
        if "wild-buy" not in shot and isinstance(action, AskToBuy | DeclineToBuy):
            save("wild-buy")
            shot.add("wild-buy")
        if "wild-play" not in shot and view.view.melds and isinstance(action, Meld | AddToMeld):
            for face in action.faces:
                driver.click(f"card:{face}")
            save("wild-play")
            driver.key("escape")
            shot.add("wild-play")

    first_hand(app, driver, "wild", save, before_move)
