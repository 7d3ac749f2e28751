"""Issue 27 in the window: a game another live process plays is listed, not offered for
resume; a seat handed on is not offered at all; a damaged journal is shown in History;
`hoard --profile NAME` is a second player with folders of its own."""

import os
import subprocess
import sys

import pytest

from client.cli import main
from client.settings import config_folder, state_folder
from net.disk.journal import HEAD
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself
from tools.lab.processes import HostLoopback, Proc, step_of

pytestmark = pytest.mark.alongside  # its waits hold on a busy machine (tests/conftest.py)

OPEN_ELSEWHERE = "Dragon, open in another window"


def peer_in() -> Proc:
    """`hoard peer` playing a table of bots from this window's own folders."""
    journal = state_folder() / "tables" / "solo.journal"
    return Proc(HostLoopback(), [
        "peer", "--table", "solo", "--game", "dragon", "--bot", "greedy", "--add-bots", "3",
        "--option", "hands=2", "--think", "3", "--config-dir", str(config_folder()),
        "--journal", str(journal), "--no-discovery", "--interface", "127.0.0.1",
        "--timeout", "60"])


def playing_peer() -> Proc:
    peer = peer_in()
    peer.wait_line(lambda line: step_of(line) >= 5, 30)
    return peer


def resume_offers(window) -> dict:
    return {ident: button.text for ident, button in window.app.scene.buttons.items()
            if ident.startswith("resume:")}


def test_a_game_open_in_another_process_is_listed_without_resume(folders, window):
    peer = playing_peer()
    try:
        name_yourself(window)
        assert resume_offers(window) == {"resume:0": "Resume solo"}
        assert window.app.scene.offers.caption(0) == OPEN_ELSEWHERE
        assert "resume:0" not in window.targets()
        assert window.app.scene.offers.elsewhere == {0}
        window.click("solo")
        window.click("game:dragon")  # this identity plays in the other process
        assert window.app.shown[0] == "Already at a table", window.app.shown
        assert "hoard --profile NAME" in window.app.shown[1]
        assert "pid" not in window.app.shown[1], "a process id means nothing to a player"
        assert window.app.scene.name == "lobby"
        window.click("dialog:ok")
        window.click("solo")  # the game buttons fold away
    finally:
        peer.kill()
    window.app.scene.layout()
    assert resume_offers(window)["resume:0"] == "Resume solo"
    assert window.app.scene.offers.caption(0).startswith("Dragon, kept at ")
    assert "resume:0" in window.targets()


def test_a_seat_handed_on_is_not_offered(folders, window):
    peer = playing_peer()
    try:
        assert peer.interrupt() == 130
    finally:
        peer.kill()
    name_yourself(window)
    assert resume_offers(window) == {}


def test_a_table_of_bots_handed_to_a_bot_is_not_offered_after_leaving(folders, window):
    """The issue's last case: "Hand my seat to a bot and leave" at a table with no other
    human ends it for this window; the lobby offered Resume for it all the same."""
    name_yourself(window)
    solo_with_bots(window, "dragon", 4, 2)
    window.wait_for(lambda: window.app.session.applied >= 5, "step 5", 60)
    window.click("leave")
    window.click("leave:bot")
    window.wait_for(lambda: window.app.scene.name == "lobby", "the lobby", 20)
    assert resume_offers(window) == {}
    window.click("history")
    rows = [item["text"] for item in window.app.scene.games_list.item_list]
    assert len(rows) == 1 and "you left it before its end" in rows[0], rows


def test_history_shows_a_damaged_journal_with_what_can_be_read(folders, window):
    peer = playing_peer()
    peer.kill()
    tables = state_folder() / "tables"
    path = tables / "solo.journal"
    data = bytearray(path.read_bytes())
    offset = 0
    while offset < len(data) // 2:  # the entry that starts after the middle
        offset += HEAD.size + HEAD.unpack_from(data, offset)[0]
    data[offset + HEAD.size] ^= 0xFF
    path.write_bytes(bytes(data))
    (tables / "garbage.journal").write_bytes(b"\x00\x00\x00\x05\x00\x00\x00\x00hello!")
    name_yourself(window)
    assert resume_offers(window) == {}, "a damaged journal is not resumed"
    window.click("history")
    rows = [item["text"] for item in window.app.scene.games_list.item_list]
    assert len(rows) == 2, rows
    assert any("Dragon" in row and "damaged: only its beginning can be read" in row
               for row in rows), rows
    assert any("garbage · damaged: nothing of it can be read" in row for row in rows), rows
    damaged = next(i for i, row in enumerate(rows) if "Dragon" in row)
    window.click(f"game:{damaged}")
    window.wait_for(lambda: "replay" in window.targets(), "Replay of what can be read")
    assert window.app.scene.chosen().damaged.startswith("journal ")
    window.click("replay")
    scene = window.wait_for(lambda: window.app.scene.name == "replay" and
                            window.app.scene.moments and window.app.scene, "the replay", 30)
    assert not scene.problem and scene.finished is None  # it stops where the damage is


def test_profile_gives_a_second_player_its_own_folders(folders, capsys):
    base_config, base_state = config_folder(), state_folder()
    assert main(["--profile", "bob", "--version"]) == 0
    assert config_folder() == base_config / "profiles" / "bob"
    assert state_folder() == base_state / "profiles" / "bob"
    env = {"HOARD_CONFIG_DIR": str(base_config), "HOARD_STATE_DIR": str(base_state)}
    watch = subprocess.run([sys.executable, "-m", "client.cli", "--profile=bob", "peer",
                            "--spectate", "nothing", "--no-discovery"], capture_output=True,
                           text=True, timeout=60, env={**os.environ, **env})
    assert watch.returncode == 1  # nothing to watch, but bob's identity was made
    assert (base_config / "profiles" / "bob" / "identity.json").exists()
    assert not (base_config / "identity.json").exists()
    bad = subprocess.run([sys.executable, "-m", "client.cli", "--profile", "../x"],
                         capture_output=True, text=True, timeout=60, env={**os.environ, **env})
    assert bad.returncode == 2 and bad.stderr.startswith("hoard: error: --profile takes")
