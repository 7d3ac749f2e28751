"""Rules in the window: each game's docs/rules/<game>.md, from the lobby, the setup and the
table, with its headings and clause numbers; a table's news waits for the rules to close."""

import re
from pathlib import Path

import pytest

from client.scenes.rules import as_markup, rules_text, screen_text
from engine.games import __all__ as GAMES  # the shipped games (a test may register more)
from engine.registry import game_ids
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_window_shows_the_very_rules_text_with_every_clause(game_id):
    text = rules_text(game_id)
    assert text == (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    shown = screen_text(game_id)
    markup = as_markup(shown)
    for clause in re.findall(r"^\s*- ([A-Z]+\d+(?:\.\d+)*) ", shown, re.MULTILINE):
        assert f"• {clause} " in markup, clause
    for heading in re.findall(r"^## (.+)$", shown, re.MULTILINE):
        assert heading.split()[0] in markup
    assert "**" not in markup and "<b>" in markup and "|---" not in markup


@pytest.mark.parametrize("game_id", GAMES)
def test_the_window_opens_with_a_players_guide_and_hides_developer_notes(game_id):
    """Issue 30: a guide (with a picture of the game's cards and the table's keys) comes
    first, then the reference; sources, tests and code names are kept in docs/ only."""
    markup = as_markup(screen_text(game_id))
    guide = markup.index("How to play")
    assert guide < markup.index("The rules in full")
    assert "<img src=" in markup[guide:markup.index("The rules in full")]  # its cards
    assert "The table's keys." in markup and "F1 the rules" in markup
    for developer in ("Source:", "IllegalAction", "tests/engine", "shared/seeds",
                      "Hidden cards", "<!--", "RULES-NOTES", "components.", "=true",
                      "UseMagic"):
        assert developer not in markup, developer
    for code in ("`", "(s)", "_"):  # the engine's names: options read as the setup says them
        assert code not in screen_text(game_id), code
    assert markup.count("<img src=") >= 2  # the picture and at least one table


def test_markdown_lists_tables_and_emphasis_render():
    markup = as_markup("Some *soft* and **bold** `code`.\n\n1. one\n2. two\n   - inner\n\n"
                       "| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<font color=#F3DCA0>soft</font>" in markup and "<b>bold</b>" in markup
    assert "code" in markup
    assert "1. one" in markup and "2. two" in markup and "    • inner" in markup
    image = re.search(r"<img src='([^']+)'>", markup).group(1)
    assert Path(image).is_file()


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


def test_the_rules_read_in_a_centred_measure_with_a_margin(window):
    """Issue 30: the text keeps clear of its box's edges and its lines stay readable (about
    90 characters of body text, not the window's width), the box centred, at any size."""
    from client import assets
    from client.scenes.rules import BODY

    driver = window
    name_yourself(driver)
    driver.click("rules")
    sample = " ".join(re.sub(r"[#*|`<>!-]", " ", screen_text("wild")).split())
    for size in ((1920, 1080), (960, 540)):
        driver.app.resize(size)
        driver.step(2)
        box, view = driver.app.scene.text, driver.app.view
        assert box.padding[0] >= view.px(16) and box.padding[1] >= view.px(8), box.padding
        assert abs(box.rect.centerx - size[0] / 2) <= 2, (box.rect, size)
        font, room = assets.font(view.px(BODY)), box.text_wrap_rect.width
        line = max(_fitting(font, sample[i:], room) for i in range(0, 2000, 97))
        assert 75 <= line <= 105, (size, line)


def _fitting(font, text: str, room: int) -> int:
    """How many characters of `text` a line `room` pixels wide holds."""
    return next((k - 1 for k in range(1, len(text)) if font.size(text[:k])[0] > room),
                len(text))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_a_player_reads_hold_no_engine_terms(game):
    """'160 steps of 50 ms', 'up to 10^12', 'seeds 1-100', '1200' for a minute, 'false':
    the developer's words stay in the file, out of the screen."""
    import re

    from tools.layout import ENGINE_TERMS

    terms = {**ENGINE_TERMS, r"\d+\^\d+": "a power", r"\bsteps of\b|\bin steps\b": "steps",
             r"\b[Ww]ith (false|true)\b|\| (false|true) \|": "a raw bool",
             r"\bseeds? \d": "the bench's seeds"}
    shown = screen_text(game)
    found = [(why, line) for line in shown.splitlines() for pattern, why in terms.items()
             if re.search(pattern, line)]
    assert found == []
