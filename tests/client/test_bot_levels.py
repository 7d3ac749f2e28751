"""The table setup's per-seat level picker: a bot seat shows its level, and a click moves
it to the next (easy, normal, hard, random)."""

from tests.client.test_window import my_turn, name_yourself, play_with_bots


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


def test_hint_shows_what_the_hard_bot_would_play(window):
    """At this seat's turn, Hint cycles the legal plays while the hard bot thinks (in the
    worker, not the window), then selects the bot's play and says it is the bot's."""
    name_yourself(window)
    play_with_bots(window)
    renderer = lambda: window.app.scene.renderer  # noqa: E731
    seen = None
    while True:  # pass until a turn offers plays (the deal is the table's own)
        seen = window.wait_for(lambda seen=seen: my_turn(window, seen), "this seat's turn", 60)
        assert seen != "over"
        if renderer().plays:
            break
        window.click("pass")
    window.click("hint")
    assert frozenset(renderer().selected()) in renderer().plays  # the fallback, at once
    said = lambda: window.app.session.advice.startswith("The hard bot would ")  # noqa: E731
    window.wait_for(said, "the hard bot's hint", 30)
    action = window.app.session.hint.action
    assert action in window.app.session.view.legal
    chosen = frozenset(getattr(action, "faces", ()))
    assert frozenset(renderer().selected()) == chosen
    window.click("hint")  # and on: the legal plays again
    assert frozenset(renderer().selected()) in renderer().plays
