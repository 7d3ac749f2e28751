"""Dragon's Gold: the board with an adventurer picked up (gold-board), the negotiation panel
with a split in the editor (gold-negotiation), the Market with an offer being made
(gold-market) and the end's score table (gold-end)."""

from __future__ import annotations

TIMERS = (("negotiation_steps", 600), ("market_steps", 400))  # 30 s and 20 s


def shoot(app, driver, save) -> None:
    from client.scenes.lobby import Lobby
    from client.scenes.setup import Setup
    from engine.games.gold import moves
    from engine.registry import get_game
    from tools.lab.gold_clicks import Chooser, make_by_clicks
    from tools.shots import make

    app.replace(Lobby(app))
    driver.click("solo")
    app.scene._solo(get_game("gold"), 4, TIMERS)
    app.replace(Setup(app))
    driver.wait_for(lambda: app.scene.name == "table", "the gold table", 20)
    choose, shot, seen = Chooser(magic=False), set(), None
    while True:
        def ready(seen=seen):
            view = app.session.view
            return app.session.ending or (view is not seen and view.legal and view)

        view = driver.wait_for(ready, "this seat's turn or the end", 120)
        if app.session.ending:
            save("gold-end")
            return
        seen, action = view, choose(view.legal)
        if action is None:
            continue
        kind = type(action)
        if kind is moves.Attack and "gold-board" not in shot and view.view.dragons[0]:
            driver.click(f"adv:{action.kind}")
            save("gold-board")
            driver.click(f"adv:{action.kind}")  # put it down again
            shot.add("gold-board")
        elif kind in (moves.Propose, moves.Accept) and "gold-negotiation" not in shot and \
                app.scene.renderer.editor is not None:
            driver.click("even")  # a split in the editor, whichever the seat goes on to do
            save("gold-negotiation")
            shot.add("gold-negotiation")
        elif kind is moves.Offer and "gold-market" not in shot:
            driver.click(f"partner:{action.partner}")
            for side, counts in (("give", action.give), ("get", action.get)):
                for colour, n in enumerate(counts):
                    for _ in range(n):
                        driver.click(f"trade:{side}:{colour}:+")
            save("gold-market")
            driver.click("offer")
            shot.add("gold-market")
            continue
        make(app, driver, make_by_clicks, action, seen)
