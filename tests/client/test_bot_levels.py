"""The table setup's per-seat level picker: a bot seat shows its level, and a click moves
it to the next (easy, normal, hard, random)."""

from tests.client.test_window import name_yourself


def test_a_bot_seats_level_is_picked_at_the_setup(window):
    name_yourself(window)
    window.click("new")
    window.click("game:dragon")
    window.wait_for(lambda: window.app.scene.name == "setup" and window.app.session.lobby,
                    "the new table's setup", 15)
    window.click("sit:0")
    window.click("bot:1")
    seats = lambda: window.app.session.lobby.seats  # noqa: E731
    window.wait_for(lambda: seats()[1] is not None and seats()[1].bot == "easy",
                    "an easy bot in seat 1", 10)
    for level in ("normal", "hard", "random", "easy"):
        window.click("level:1")
        window.wait_for(lambda level=level: seats()[1] is not None and seats()[1].bot == level,
                        f"the bot in seat 1 to be {level}", 10)
