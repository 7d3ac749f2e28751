"""Bot levels in the window: the settings' level seats Play with bots and Add bot, the setup's
per-seat picker moves a bot on (easy, normal, hard, random), and a seat panel names a bot
by its level. Hint, at every table, shows what the hard bot would do."""

import pytest

from client.settings import DEFAULT_BOTS
from tests.client.test_window import my_turn, name_yourself, play_with_bots

pytestmark = pytest.mark.default_bots  # the settings' default level is under test here


def new_table(window, game="dragon") -> None:
    window.click("new")
    window.click(f"game:{game}")
    window.wait_for(lambda: window.app.scene.name == "setup" and window.app.session.lobby,
                    "the new table's setup", 15)
    window.click("sit:0")


def choose_bot_level(window, level: str) -> None:
    """Settings → Bots → `level` → Done, by clicks."""
    window.click("settings")
    window.click(f"bots:{level}")
    window.click("back")
    window.wait_for(lambda: window.app.scene.name == "lobby", "the lobby again")


def test_add_bot_seats_the_settings_level_and_the_picker_moves_it_on(window):
    name_yourself(window)
    assert window.app.settings.bots == DEFAULT_BOTS == "normal"
    new_table(window)
    window.click("bot:1")
    seats = lambda: window.app.session.lobby.seats  # noqa: E731
    window.wait_for(lambda: seats()[1] is not None and seats()[1].bot == "normal",
                    "a normal bot in seat 1 (the settings' level)", 10)
    for level in ("hard", "random", "easy", "normal"):
        window.click("level:1")
        window.wait_for(lambda level=level: seats()[1] is not None and seats()[1].bot == level,
                        f"the bot in seat 1 to be {level}", 10)


def test_the_settings_level_is_kept_and_seats_add_bot(window):
    name_yourself(window)
    choose_bot_level(window, "easy")
    assert window.app.settings_file.load().bots == "easy"
    new_table(window)
    window.click("bot:2")
    seats = lambda: window.app.session.lobby.seats  # noqa: E731
    window.wait_for(lambda: seats()[2] is not None and seats()[2].bot == "easy",
                    "an easy bot in seat 3", 10)


def test_play_with_bots_seats_the_settings_level_named_by_it_on_the_seats(window):
    name_yourself(window)
    choose_bot_level(window, "hard")
    play_with_bots(window, "den")
    session = window.app.session
    assert [seat.bot for seat in session.start.seats] == ["", "hard", "hard", "hard"]
    assert [session.seat_label(s) for s in (1, 2, 3)] == ["Bot 2 · hard", "Bot 3 · hard",
                                                           "Bot 4 · hard"]


def test_hint_at_the_dragon_table_cycles_plays_while_the_hard_bot_thinks(window):
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
    window.click("hint")  # and on: the legal plays again, and the advice says which
    selected = frozenset(renderer().selected())
    assert selected in renderer().plays
    session = window.app.session
    assert session.advice == session.game.also(renderer().plays[selected], session.view.view,
                                               session.names)


def selected_for(game: str, renderer, action) -> bool:
    """Is the hard bot's `action` shown as the table's selection, where it has one?"""
    faces = getattr(action, "faces", None)
    kind = type(action).__name__
    if game == "den" and kind == "MovePile":
        return renderer.source == action.source
    if game in ("den", "wild") and faces is not None:
        return sorted(renderer.selected()) == sorted(faces)
    if game == "gold" and kind == "Attack":
        return renderer.held is not None and renderer.held.kind == action.kind
    if game == "gold" and kind == "Propose":
        return renderer.editor.split() == action.split
    return True  # an answer with nothing to select (a draw, a buy, an end of turn)


@pytest.mark.parametrize("game", ["den", "wild", "gold"])
def test_hint_says_and_selects_what_the_hard_bot_would_do(window, game):
    """H (every table's key for its Hint button) asks the hard bot in the node's worker; the
    window says the
    bot's choice in the game's words and pre-selects it, and the choice is a legal action at
    the seat's turn (or, at Gold's talks, the bot would wait: it says so)."""
    name_yourself(window)
    window.app.settings.bots = "easy"  # quick opponents (normal ones talk long at Gold's
    play_with_bots(window, game)       # table): the hint is the hard bot's all the same
    session = window.app.session
    view = window.wait_for(lambda: my_turn(window, None), "this seat's turn", 60)
    assert view != "over"
    assert "hint" in window.targets()
    window.key("h")
    window.wait_for(lambda: session.advice.startswith("The hard bot would "),
                    "the hard bot's hint", 30)
    if session.view is not view:  # the table moved on (another seat spoke at the talks)
        return
    hinted = session.hint
    assert hinted is not None and hinted.level == "hard"
    if hinted.action is None:
        assert game == "gold" and session.advice == session.game.hint(
            None, view.view, session.names, "hard")
        return
    assert hinted.action in view.legal
    assert session.advice == session.game.hint(hinted.action, view.view, session.names, "hard")
    assert selected_for(game, window.app.scene.renderer, hinted.action)
    history = session.bridge.node.replica.history  # what the table applied, in order
    before = len(history)
    window.key("return")  # Enter plays what Hint selected, in every game
    window.wait_for(lambda: hinted.action in history[before:], "the hinted action played", 30)
