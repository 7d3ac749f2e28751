"""Issue 15, Keyboard: every table played through a whole match without the mouse — the
arrows and Space pick cards, Tab and Enter choose a place, letters press the game's
buttons — and the keys are listed in the rules the window shows."""

import pytest

from engine.games.den.rules import EndTurn, MovePile
from engine.games.dragon.rules import DeclareDragon, Pass
from engine.games.wild.rules import (
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    DeclineToBuy,
    Discard,
    Draw,
)
from tests.client.rigging import solo_with_bots
from tests.client.test_window import my_turn, name_yourself, play_out
from tools.lab import den_clicks, dragon_clicks, wild_clicks


def pick_cards(driver, faces) -> None:
    """Walk the focus along the hand with the arrows to each card and pick it up."""
    renderer = driver.app.scene.renderer
    for face in faces:
        for _ in range(len(renderer.ordered())):
            order = renderer.ordered()
            if order[min(renderer.focus, len(order) - 1)] == face:
                break
            driver.key("right")
        driver.key("space")


def choose_place(driver, place) -> None:
    """Tab round the table's places to `place`, then Enter."""
    renderer = driver.app.scene.renderer
    for _ in range(len(renderer.places()) + 1):
        if renderer.place_focus == place:
            break
        driver.key("tab")
    assert renderer.place_focus == place, (place, list(renderer.places()))
    driver.key("return")


def dragon_by_keys(driver, action) -> None:
    if isinstance(action, DeclareDragon):
        driver.key("d")
    elif isinstance(action, Pass):
        driver.key("p")
    else:
        pick_cards(driver, action.faces)
        driver.key("return")


def passing_once(choose):
    """`choose`, but the first pass open to this seat is taken, so that the keys make both
    kinds of action: in a one-hand match this seat could always play, and it made only
    Plays (a CI run)."""
    passed = []

    def choosing(legal):
        a_pass = next((a for a in legal if isinstance(a, Pass)), None)
        if a_pass is None or passed:
            return choose(legal)
        passed.append(a_pass)
        return a_pass
    return choosing


def den_by_keys(driver, action) -> None:
    if isinstance(action, EndTurn):
        driver.key("e")
    elif isinstance(action, MovePile):
        choose_place(driver, action.source)
        choose_place(driver, action.target)
    else:
        pick_cards(driver, action.faces)
        choose_place(driver, action.pile)


WILD_KEYS = {AskToBuy: "b", DeclineToBuy: "n"}


def wild_by_keys(driver, action) -> None:
    if isinstance(action, AskToBuy | DeclineToBuy):
        driver.key(WILD_KEYS[type(action)])
    elif isinstance(action, AnswerBuyer):
        driver.key("y" if action.allow else "r")
    elif isinstance(action, Draw):
        choose_place(driver, "pile:discard" if action.from_discard else "pile:deck")
    elif isinstance(action, Discard):
        pick_cards(driver, action.faces)
        choose_place(driver, "pile:discard")
    else:
        pick_cards(driver, action.faces)
        choose_place(driver, f"meld:{action.meld}" if isinstance(action, AddToMeld)
                     else "meld:new")
        choosing = driver.app.scene.renderer.choosing
        if choosing:
            driver.key(str(choosing.index(action) + 1))


GAMES = {"dragon": (dragon_clicks, dragon_by_keys, 4),
         "den": (den_clicks, den_by_keys, 2),
         "wild": (wild_clicks, wild_by_keys, 2)}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_match_is_played_by_keys_alone(window, game):
    clicks, by_keys, seats = GAMES[game]
    name_yourself(window)
    solo_with_bots(window, game, seats, 1)
    choose = passing_once(clicks.choose) if game == "dragon" else clicks.choose
    kinds = play_out(window, choose, by_keys, lambda action, view: type(action).__name__,
                     getattr(clicks, "missed", lambda action, driver: False))
    session = window.app.session
    assert session.ending.kind == "finished", session.ending
    assert session.bridge.node.finished.audit == "clean"
    assert len(kinds) >= 2, kinds
    assert not session.advice.startswith("Refused"), session.advice


def test_a_key_for_a_button_not_offered_does_nothing(window):
    """Wild's B (buy) when no buy window is open, or X (discard) while one is (its button
    hidden): no intent, no refusal, nothing changes."""
    name_yourself(window)
    solo_with_bots(window, "wild", 2, 1)
    view = window.wait_for(lambda: my_turn(window, None), "this seat's first turn", 60)
    sent = []
    window.app.session.submit = sent.append
    buying = isinstance(view.legal[0], AskToBuy | DeclineToBuy)
    key, button = ("x", "discard") if buying else ("b", "buy")
    assert button not in window.targets()
    window.key(key)
    assert sent == [] and not any(line.startswith("Refused") for line in window.app.session.log)


def test_the_rules_list_the_tables_keys(window):
    from client.scenes.rules import as_markup, keys_text, screen_text

    for game in GAMES:
        markup = as_markup(screen_text(game))
        assert "The table's keys." in markup and "PgUp/PgDn" in markup
    assert "Tab a place" in keys_text("den") and "B buy" in keys_text("wild")
    assert "Tab a place" in keys_text("wild")
    assert "P pass" in keys_text("dragon")


@pytest.mark.parametrize("game", GAMES)
def test_every_key_a_table_answers_to_is_in_its_rules_and_nothing_else(window, game):
    """The rules' key list is made from the keys the table answers to: a key added to a
    table and not worded fails here, and the list cannot name a key the table lacks."""
    from client.scenes.rules import keys_text
    from client.tables import renderer_for
    from client.tables.input import TABLE_KEYS, key_label

    table = renderer_for(game)
    listed = keys_text(game)
    for code, ident in {**table.keys, **TABLE_KEYS}.items():
        assert ident in table.key_words or ident in ("hint", "next"), ident
        assert key_label(code) in listed, (game, key_label(code))
