"""Issue 39, a first game that teaches: each game's first table offers, once, a guided game
against easy bots; a guided table says at each of this seat's turns, unasked, what it may do
and why the hard bot's play is good, in a panel over the log's column; Rules starts one too.
And the high-contrast option: kept in the settings file, applied to the window at once."""

import pytest

from client.ui import HIGH_CONTRAST, INK, PANEL
from tests.client.test_window import my_turn, name_yourself
from tools.layout import drawn

pytestmark = pytest.mark.first_play


def shown(window) -> str:
    """Every label the scene draws now, in drawing order, as one text (wrapped rows joined)."""
    return " ".join(d.words for d in drawn(window.app) if d.kind == "label")


def guided_turn(window):
    """At this seat's first turn of a guided table: the hard bot's answer, once the guide
    shows it, and the why it must show (the engine's words)."""
    session = window.app.session
    window.wait_for(lambda: window.app.scene.name == "table", "the guided table", 20)
    window.wait_for(lambda: my_turn(window, None) not in (None, "over"), "this seat's turn", 60)
    hinted = window.wait_for(lambda: session.hint, "the guide's unasked hint", 30)
    view = session.view.view
    return hinted, session.game.why(hinted.action, view, session.names)


def test_the_offer_comes_once_and_yes_starts_a_guided_table_that_says_why(window):
    name_yourself(window)
    window.click("solo")
    window.click("game:dragon")
    assert window.app.scene.name == "lobby" and "learn:no" in window.targets()
    assert "Learn Dragon: a guided game?" in [getattr(e, "text", "")
                                               for e in window.app.scene.elements]
    assert "Against easy bots: at each of your turns the table says" in shown(window)
    window.click("learn:yes")
    hinted, why = guided_turn(window)
    session = window.app.session
    assert session.guided and [s.bot for s in session.start.seats] == ["", "easy", "easy",
                                                                       "easy"]
    assert window.app.settings_file.load().taught == ("dragon",)
    assert hinted.level == "hard" and hinted.action in session.view.legal and why
    window.wait_for(lambda: why in shown(window), "the why in the guide panel", 10)
    assert "Guided game · your turn" in shown(window)
    assert session.advice == "", "nothing was pressed: the advice line is the keys' still"


def test_no_is_remembered_and_the_table_is_an_ordinary_one(window):
    from client.scenes.lobby import Lobby

    name_yourself(window)
    window.click("solo")
    window.click("game:den")
    window.click("learn:no")
    window.wait_for(lambda: window.app.scene.name == "table", "the table", 20)
    assert not window.app.session.guided
    assert [s.bot for s in window.app.session.start.seats][1:] == ["easy"] * 3
    assert window.app.settings_file.load().taught == ("den",)
    window.app.replace(Lobby(window.app))
    window.click("new")
    window.click("game:den")  # asked once per game: straight to the new table now
    window.wait_for(lambda: window.app.scene.name == "setup", "the new table's setup", 15)


def test_rules_start_a_guided_game_from_the_lobby_only(window):
    name_yourself(window)
    window.click("rules")
    window.wait_for(lambda: window.app.scene.name == "rules", "the rules")
    window.app.scene.on_button("game:wild")  # (its tab, as a click on it would)
    window.step(2)
    window.click("learn")
    _, why = guided_turn(window)
    assert window.app.session.guided and window.app.session.start.game == "wild"
    assert window.app.settings_file.load().taught == ("wild",)
    window.wait_for(lambda: why in shown(window), "the why in the guide panel", 10)
    window.click("rules")  # over a table: its seat is taken, so no guided game from here
    assert "learn" not in window.targets() and "back" in window.targets()


def test_high_contrast_is_kept_and_applied_at_once(window):
    name_yourself(window)
    app = window.app
    window.click("settings")
    assert app.view.colour(INK) == INK
    window.click("contrast")
    assert app.settings_file.load().contrast and app.view.contrast
    assert app.view.colour(INK) == HIGH_CONTRAST[INK] and app.view.colour(PANEL) == (0, 0, 0)
    assert app.scene.buttons["contrast"].text == "on"  # rebuilt in the new theme at once
    assert app.gui.get_theme().get_colour("normal_bg").hex.lower().startswith("#000000")
    window.click("back")
    window.click("settings")
    window.click("contrast")
    assert not app.settings_file.load().contrast and app.view.colour(INK) == INK
