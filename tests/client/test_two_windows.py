"""Two windows in two processes on one LAN (a namespace the test makes): one creates a table,
the other sees it in its lobby, joins, sits, both agree and the game starts on both; and on a
LAN with no multicast, the other joins by the code the table shows instead."""

import pytest

from net.address_code import decode
from tools.lab.netns import Lan
from tools.lab.processes import lan_namespace
from tools.lab.windows import Window

lan = pytest.fixture(scope="module")(lan_namespace)


@pytest.fixture
def two_windows(lan, tmp_path):
    windows = [Window(lan, tmp_path / "ana", "Ana"), Window(lan, tmp_path / "bo", "Bo")]
    yield windows
    for window in windows:
        window.close()


@pytest.mark.slow
def test_a_table_made_in_one_window_is_joined_from_another_and_starts_on_both(two_windows):
    ana, bo = two_windows
    ana.wait(lambda s: s["scene"] == "lobby", "the lobby")
    ana.click("new")
    ana.click("game:dragon")
    ana.wait(lambda s: s["scene"] == "setup" and s["lobby"], "the new table's setup")
    for target in ("sit:0", "bot:1", "bot:2"):
        ana.click(target)
    listed = ["Ana's table", "lobby", 3, 4, ""]  # the lobby's line follows the seats live
    seen = bo.wait(lambda s: listed in s.get("tables", {}).values(),
                   "Ana's table with 3 of 4 seats taken in the lobby", 15)
    key = next(k for k, t in seen["tables"].items() if t == listed)
    bo.click(f"table:{key}")
    bo.click("join")
    bo.wait(lambda s: "sit:3" in s["targets"], "the free seat to be offered", 15)
    bo.click("sit:3")
    ana.wait(lambda s: "agree" in s["targets"], "Agree to be offered once every seat is filled")
    ana.click("agree")
    bo.click("agree")
    for window in (ana, bo):
        state = window.wait(lambda s: s["started"] and s["scene"] == "table", "the game", 20)
        assert state["seat"] in (0, 3)


@pytest.mark.slow
def test_a_table_that_vanishes_while_selected_gives_a_message(two_windows):
    ana, bo = two_windows
    ana.wait(lambda s: s["scene"] == "lobby", "the lobby")
    ana.click("new")
    ana.click("game:den")
    ana.wait(lambda s: s["scene"] == "setup" and s["lobby"], "the new table's setup")
    seen = bo.wait(lambda s: any(t[0] == "Ana's table" for t in s.get("tables", {}).values()),
                   "Ana's table in the lobby", 15)
    key = next(k for k, t in seen["tables"].items() if t[0] == "Ana's table")
    bo.click(f"table:{key}")
    ana.click("leave")
    state = bo.wait(lambda s: key not in s["tables"], "the table to vanish", 20)
    assert state["dialog"] == ["Table gone", "Ana's table has closed or left the network."]
    assert "join" not in state["targets"]


@pytest.mark.slow
def test_on_a_lan_without_multicast_a_table_is_joined_by_the_code_its_setup_shows(tmp_path):
    """Issue 27: two hosts whose network carries no multicast, so neither lobby finds a
    table; Bo types the code Ana's setup shows, and both end up at the same table, playing."""
    with Lan(2, multicast=False) as lan:
        ana = Window(lan.hosts[0], tmp_path / "ana", "Ana")
        bo = Window(lan.hosts[1], tmp_path / "bo", "Bo")
        try:
            ana.wait(lambda s: s["scene"] == "lobby", "the lobby", 60)
            ana.click("new")
            ana.click("game:den")
            shown = ana.wait(lambda s: s["scene"] == "setup" and s["lobby"] and s["code"],
                             "the new table's setup, with its code")
            assert decode(shown["code"])[0] == lan.hosts[0].address
            ana.click("sit:0")
            assert bo.wait(lambda s: s["scene"] == "lobby", "the lobby", 60)["tables"] == {}
            bo.click("address")
            assert bo.send({"type": shown["code"].lower()})["ok"]
            bo.click("join-address")
            bo.wait(lambda s: "sit:1" in s["targets"], "the free seat to be offered", 15)
            bo.click("sit:1")
            ana.wait(lambda s: "agree" in s["targets"], "Agree, once both seats are filled")
            ana.click("agree")
            bo.click("agree")
            for window in (ana, bo):
                state = window.wait(lambda s: s["started"] and s["scene"] == "table",
                                    "the game", 30)
                assert state["seat"] in (0, 1)
        finally:
            ana.close()
            bo.close()
