"""Rules in the window: each game's docs/rules/<game>.md, from the lobby, the setup and the
table, with its headings and clause numbers; a table's news waits for the rules to close."""

import re
from pathlib import Path

import pytest

from client.scenes.rules import as_markup, rules_text
from engine.registry import game_ids
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_window_shows_the_very_rules_text_with_every_clause(game_id):
    text = rules_text(game_id)
    assert text == (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    markup = as_markup(text)
    for clause in re.findall(r"^- ([A-Z]+\d+(?:\.\d+)*) ", text, re.MULTILINE):
        assert f"• {clause} " in markup, clause
    for heading in re.findall(r"^## (.+)$", text, re.MULTILINE):
        assert heading.split()[0] in markup
    assert "**" not in markup and "<b>" in markup


def test_rules_open_from_the_lobby_and_switch_games(window):
    driver = window
    name_yourself(driver)
    driver.click("rules")
    assert driver.app.scene.name == "rules" and driver.app.scene.game_id == game_ids()[0]
    driver.click("game:gold")
    assert driver.app.scene.game_id == "gold" and "G1" in driver.app.scene.text.html_text
    driver.click("back")
    assert driver.app.scene.name == "lobby"


def test_rules_at_the_table_hold_its_news_and_hand_it_back(window):
    driver = window
    name_yourself(driver)
    solo_with_bots(driver, "den", 2, 1)
    table = driver.app.scene
    driver.click("rules")
    assert driver.app.scene.name == "rules" and driver.app.scene.game_id == "den"
    driver.wait_for(lambda: driver.app.scene.held, "the game to go on meanwhile", 20)
    logged = len(table.session.log)
    driver.click("back")
    assert driver.app.scene is table and table.logged == len(table.session.log) >= logged
