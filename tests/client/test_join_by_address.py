"""Issue 27, a way in without multicast: the lobby joins a table by the code (or address) its
setup shows, says what is wrong with a bad one, and says so when discovery finds nothing."""

import time

import pytest

from client.scenes import lobby as lobby_scene
from net.face.bridge import Create, LobbyOp, NetBridge, PlayWith, Vote
from net.finding.address_code import encode
from net.peer.events import GameStarted, LobbyChanged
from tests.client.test_window import name_yourself
from tests.net.helpers import LOOPBACK, fast_options, identities


@pytest.fixture
def table():
    """A table of Dragon Den made by another peer on this machine, with no discovery: only
    its address leads to it."""
    bridge = NetBridge(identities(1)[0], fast_options())
    bridge.start()
    bridge.send(Create("Bo's table", "den", 2, ()))
    bridge.send(LobbyOp("sit", (0,)))
    yield bridge
    bridge.stop()


def type_address(driver, text: str) -> None:
    driver.click("address")
    driver.clear_text()
    driver.type(text)


def joined(driver) -> bool:
    lobby = driver.app.session.lobby
    return driver.app.scene.name == "setup" and lobby is not None and \
        driver.app.identity.public in lobby.members


def test_the_lobby_joins_a_table_by_its_code_and_sits_there(window, table):
    name_yourself(window)
    type_address(window, encode(LOOPBACK, table.port).lower())
    window.click("join-address")
    window.wait_for(lambda: joined(window), "the table's setup, with this window a member", 15)
    window.click("sit:1")
    seen = time.monotonic() + 10
    while time.monotonic() < seen:  # the table's own peer sees this window sit down
        update = table.updates.get(timeout=seen - time.monotonic())
        if isinstance(update, LobbyChanged) and update.state.taken == 2:
            break
    else:
        raise AssertionError("the table never saw the second seat taken")


def test_the_lobby_joins_by_address_with_the_return_key(window, table):
    name_yourself(window)
    type_address(window, f"{LOOPBACK}:{table.port}")
    window.key("return")
    window.wait_for(lambda: joined(window), "the table's setup, with this window a member", 15)


@pytest.mark.parametrize("text, words", [
    ("", "Type the code shown at the table"),
    ("R2M02-5512", "A table's code has 10 letters and digits; this has 9."),
    ("10.0.0.7", "The address needs its port too"),
])
def test_a_bad_address_is_said_in_words_and_the_lobby_stays(window, text, words):
    name_yourself(window)
    type_address(window, text)
    window.click("join-address")
    assert window.app.scene.name == "lobby"
    assert window.app.scene.problem.startswith(words)
    window.type("x")  # correcting it clears the message
    assert window.app.scene.problem == ""


def test_an_address_where_nothing_answers_says_so_and_the_right_one_then_joins(window, table):
    name_yourself(window)
    type_address(window, f"{LOOPBACK}:1")  # nothing listens on port 1
    window.click("join-address")
    window.wait_for(lambda: window.app.scene.name == "lobby", "the way back to the lobby", 15)
    title, text = window.app.shown
    assert title == "Table not reached"
    assert text.startswith(f"The table at {LOOPBACK}:1 did not answer")
    window.click("dialog:ok")
    type_address(window, f"{LOOPBACK}:{table.port}")
    window.click("join-address")
    window.wait_for(lambda: joined(window), "the table's setup, with this window a member", 15)


def test_a_table_already_playing_says_so(window, table):
    table.send(LobbyOp("bot", (1, "greedy")))
    table.send(PlayWith("greedy", 20))
    table.send(Vote())  # the lobby may not have the bot yet: vote again until it starts
    deadline = time.monotonic() + 10
    while not isinstance(table.updates.get(timeout=deadline - time.monotonic()), GameStarted):
        table.send(Vote())
    name_yourself(window)
    type_address(window, f"{LOOPBACK}:{table.port}")
    window.click("join-address")
    window.wait_for(lambda: window.app.scene.name == "lobby" and window.app.shown,
                    "the way back to the lobby", 15)
    assert window.app.shown[0] == "Could not join"
    assert "started without" in window.app.shown[1]


def test_the_lobby_says_multicast_may_be_blocked_when_it_finds_nothing(window, monkeypatch):
    monkeypatch.setattr(lobby_scene, "NONE_FOUND_AFTER", 0.3)
    name_yourself(window)
    window.wait_for(lambda: window.app.scene.none_found, "the note that nothing was found", 5)
    assert "join-address" in window.targets() and "address" in window.targets()
    scene = window.app.scene
    inside = [e for e in scene.elements if getattr(e, "text", None) == lobby_scene.EMPTY_LIST]
    assert inside, "the empty list says so inside it"
    assert scene.table_list.rect.contains(inside[0].rect) and inside[0].visible
    assert inside[0].layer > scene.table_list.get_top_layer(), "drawn over the list"
    assert inside[0].font.size(lobby_scene.EMPTY_LIST)[0] <= inside[0].rect.width, "whole"
    assert lobby_scene.NOTHING_FOUND in drawn_texts(window, monkeypatch)
    view = window.app.view
    assert view.font(15).size(lobby_scene.NOTHING_FOUND)[0] <= view.px(760), "the note whole"


def drawn_texts(driver, monkeypatch) -> list[str]:
    """Every line of text the scene draws in its next frame."""
    texts, view = [], driver.app.view
    text = view.text
    monkeypatch.setattr(view, "text", lambda surface, line, *a, **k: texts.append(line)
                        or text(surface, line, *a, **k))
    driver.app.dirty = True
    driver.step()
    return texts


def test_the_setup_shows_the_tables_address_and_its_code(window, monkeypatch):
    name_yourself(window)
    window.click("new")
    window.click("game:den")
    window.wait_for(lambda: window.app.session.lobby is not None, "the new table's setup")
    host, port = window.app.session.address
    assert port == window.app.session.bridge.port
    texts = drawn_texts(window, monkeypatch)
    assert encode(host, port) in texts
    assert any(line.startswith(f"or {host}:{port} ") for line in texts)


def test_what_is_typed_survives_the_list_changing(window):
    name_yourself(window)
    type_address(window, "R2M02")
    window.app.scene.layout()  # as when a table appears, changes or vanishes
    window.type("-5512B")
    assert window.app.scene.entry.get_text() == "R2M02-5512B"
