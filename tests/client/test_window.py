"""The window driven as a person would: posted clicks and keys through the real bridge and node."""

import pygame
import pytest

from client.hook import WaitedTooLong
from tests.engine.story_check import check_story
from tools.lab.dragon_clicks import choose, make_by_clicks


def name_yourself(driver, name="Ana") -> None:
    driver.clear_text()
    driver.type(name)
    driver.click("continue")
    driver.wait_for(lambda: driver.app.scene.name == "lobby", "the lobby")


def play_with_bots(driver, game="dragon") -> None:
    driver.click("solo")
    driver.click(f"game:{game}")
    driver.wait_for(lambda: driver.app.scene.name == "table", "the table to open", 20)


def my_turn(driver, seen):
    """The view when it is new since `seen` and offers this seat something to do. A hand's
    result is passed with "Next hand", as a person would once it is read."""
    driver.click_if_offered("next")  # the pause may end on its own meanwhile
    session = driver.app.session
    view = session.view
    if session.ending is not None:
        return "over"
    if view is not None and view is not seen and view.legal:
        return view
    return None


def own_moves(driver) -> int:
    """How many of this seat's actions the table has applied (its replica's history)."""
    session = driver.app.session
    replica = session.bridge.node.replica
    return sum(1 for action in list(replica.history) if getattr(action, "seat", -1) ==
               session.seat)


def moved_on(driver, found, played: int) -> bool:
    """The action clicked was applied, the match ended, or the table moved on to a view
    with other choices (a question the click answered closed first). A view that offers
    the same choices again is no sign: a late "Next hand" sends one, and the test played
    the card it had just played."""
    session = driver.app.session
    view = session.view
    return session.ending is not None or own_moves(driver) > played or (
        view is not found and view.legal != found.legal)


def play_out(driver, choose, make_by_clicks, kind, missed=lambda action, driver: False):
    """Play this seat by clicks until the match ends: `choose(legal)` picks, and
    `make_by_clicks(driver, action)` makes, each action; the set of `kind(action, view)`.
    `missed(action, driver)`: the question the action answers went away before its button
    could be clicked (a buying window that a nearer ask or the time closed), so the click
    is not due."""
    seen, kinds = None, set()
    while True:
        found = driver.wait_for(lambda seen=seen: my_turn(driver, seen),
                                "this seat's turn or the end", 60)
        if found == "over":
            return kinds
        seen = found
        action = choose(found.legal)
        if action is None:  # nothing worth doing until the table moves (the talks' others)
            continue
        played = own_moves(driver)
        try:
            make_by_clicks(driver, action)
        except WaitedTooLong:
            if not missed(action, driver):
                raise
            continue
        kinds.add(kind(action, found.view))
        driver.wait_for(lambda found=found, played=played: moved_on(driver, found, played),
                        "the action to be applied", 30)


@pytest.mark.slow
def test_a_whole_dragon_match_against_three_bots_is_played_by_clicks(window):
    name_yourself(window)
    assert window.app.settings.name == "Ana"
    play_with_bots(window)
    kinds = play_out(window, choose, make_by_clicks, lambda action, view: type(action).__name__)
    session = window.app.session
    finished = session.bridge.node.finished
    assert session.ending.kind == "finished"
    assert session.ending.scores == finished.scores
    assert finished.audit == "clean"
    assert "The deal was verified fair." in session.ending.text
    assert {"Play", "Pass"} <= kinds
    assert window.app.scene.name == "table" and "lobby" in window.targets()
    check_story(session.log, session.names.seats, session.seat)  # the window's story, in words


def test_first_run_asks_a_name_and_refuses_a_blank_one(window):
    assert window.app.scene.name == "first-run"
    window.clear_text()
    window.type("   ")
    window.click("continue")
    assert window.app.scene.name == "first-run"
    assert "visible character" in window.app.scene.problem.text
    name_yourself(window, "Bea")
    assert window.app.settings_file.load().name == "Bea"


def test_an_illegal_selection_cannot_be_played_and_says_why(window):
    """Clause D4: two cards of different ranks are no combination; Play stays disabled."""
    name_yourself(window)
    play_with_bots(window)
    window.wait_for(lambda: my_turn(window, None), "this seat's first turn", 60)
    table = window.app.scene.renderer
    hand = table.ordered()
    for face in (hand[0], hand[-1]):
        window.click(f"card:{face}")
    assert table.selected() == sorted((hand[0], hand[-1]))
    assert "play" not in window.targets()
    assert "is not a combination" in table.why_not(table.selected())
    window.key("return")  # Enter tries to play: refused in words, nothing sent
    assert "is not a combination" in window.app.session.advice


def open_window(size=(1280, 720)):
    from client.app import App
    from client.hook import Driver
    from client.scenes.lobby import first_scene

    app = App(discovery=False, size=size)
    app.push(first_scene(app))
    app.say_notes()
    return Driver(app)


def test_a_corrupt_settings_file_is_replaced_by_defaults_with_a_note(folders):
    config = folders / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"name": "Ana", "volume": [oops')
    driver = open_window()
    try:
        assert driver.app.settings.name == ""
        assert driver.app.scene.name == "first-run"
        assert "could not be read (it is not JSON:" in driver.app.shown[1]
        assert "Error" not in driver.app.shown[1]  # the code's class names are not a player's
        assert (config / "settings.json.corrupt").exists()
    finally:
        driver.app.close()


def test_an_unreadable_identity_file_is_told_in_a_note_with_the_settings_one(folders):
    config = folders / "config"
    config.mkdir()
    (config / "identity.json").write_text("not json at all")
    (config / "settings.json").write_text("[")
    driver = open_window()
    try:
        title, text = driver.app.shown
        assert title == "Note" and "new identity" in text and "settings file" in text, \
            "both said, in one dialog"
        assert (config / "identity.json.corrupt").exists()
    finally:
        driver.app.close()


@pytest.mark.parametrize("data, why", [
    (b'{"window": ["wide", 600]}', "a value in it is not a setting's"),
    (b'[1, 2', "it is not JSON: expecting ',' delimiter at line 1"),
    (b'\xff\xfe\x00garbage', "it is not text"),
])
def test_a_settings_file_unread_says_why_in_a_players_words(tmp_path, data, why):
    from client.settings import Settings, SettingsFile

    (tmp_path / "settings.json").write_bytes(data)
    store = SettingsFile(tmp_path)
    assert store.load() == Settings()
    assert f"could not be read ({why});" in store.note


def test_no_audio_device_means_silence_and_a_quiet_note_not_a_crash(folders, monkeypatch):
    """Issue 30: no sound is said by a small icon whose words show on hover and in the
    settings, never by a dialog over the name prompt."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    driver = open_window()
    app = driver.app
    try:
        problem = app.sounds.problem
        assert problem.startswith("No sound: the audio device could not be opened")
        assert app.dialog is None and app.shown == [] and "dialog:ok" not in driver.targets()
        app.sounds.play("deal")  # silent, no error
        icon = app.quiet.icon()
        assert icon is not None and app.screen.get_rect().contains(icon)
        driver.step(2)
        assert app.quiet.tip() == ""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=icon.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        driver.step(2)
        assert app.quiet.tip() == problem  # hovering shows its words
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        driver.step(2)
        assert app.quiet.tip() == ""
        name_yourself(driver)
        driver.click("settings")
        assert problem in app.scene.sound_note.html_text
    finally:
        app.close()


def test_with_sound_there_is_no_quiet_note(window):
    assert window.app.quiet.notes == [] and window.app.quiet.icon() is None


def test_settings_and_window_size_are_remembered(folders):
    driver = open_window()
    name_yourself(driver, "Cy")
    driver.click("settings")
    driver.click("sound")
    driver.click("anim:slow")
    driver.click("back")
    driver.app.resize((1000, 600))
    driver.app.close()
    from client.settings import SettingsFile, config_folder

    saved = SettingsFile(config_folder()).load()
    assert (saved.name, saved.sound, saved.animation, saved.window) == ("Cy", False, "slow",
                                                                        (1000, 600))


def test_version_prints_and_exits():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "client.cli", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("hoard 0.")


def test_the_version_a_window_tells_is_the_installed_packages():
    """pyproject.toml reads the version from net.wire.greeting (no importlib.metadata at a
    window's start): what the package says it is and what adverts and hellos carry agree."""
    from importlib.metadata import version

    from net.wire.greeting import APP_VERSION, THIS

    assert version("hoard") == APP_VERSION == THIS.app
