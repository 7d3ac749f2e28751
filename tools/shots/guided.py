"""Issue 39's pictures: the offer of a guided game, a guided turn of each game (the hard
bot's play and why, unasked), and the settings and a guided turn in high contrast."""

from __future__ import annotations


def shoot(app, driver, save, games) -> None:
    from client.scenes.lobby import Lobby

    app.replace(Lobby(app))
    taught, app.settings.taught = app.settings.taught, ()
    driver.click("solo")
    driver.click("game:dragon")
    save("lobby-guided-offer")
    app.settings.taught = taught
    for game in games:
        guided_turn(app, driver, game)
        save(f"{game}-guided")
    app.replace(Lobby(app))
    driver.click("settings")
    driver.click("contrast")
    save("settings-contrast")
    driver.click("back")
    guided_turn(app, driver, "dragon")
    save("dragon-guided-contrast")
    app.save_settings(contrast=False)


def guided_turn(app, driver, game: str) -> None:
    """From the lobby's Rules, a guided `game` played by its bots' clicks until this seat's
    turn shows the hard bot's play with its why."""
    from client.scenes.lobby import Lobby

    app.replace(Lobby(app))
    driver.click("rules")
    driver.click(f"game:{game}")
    driver.click("learn")
    driver.wait_for(lambda: app.scene.name == "table", f"the guided {game} table", 20)
    session = app.session
    driver.wait_for(lambda: session.view is not None and session.view.legal and
                    session.hint is not None and session.hint.action is not None,
                    "a guided turn with the hard bot's play", 90)
