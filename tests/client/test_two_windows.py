"""Two windows in two processes on one LAN (a namespace the test makes): one creates a table,
the other sees it in its lobby, joins, sits, both agree and the game starts on both; and on a
LAN with no multicast, the other joins by the code the table shows instead."""

import pytest

from net.finding.address_code import decode
from tools.lab.netns import Lan
from tools.lab.processes import lan_namespace
from tools.lab.windows import Window, agree_until_started

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
    agree_until_started([ana, bo])
    assert {ana.state()["seat"], bo.state()["seat"]} == {0, 3}


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
            agree_until_started([ana, bo])
            assert {ana.state()["seat"], bo.state()["seat"]} == {0, 1}
        finally:
            ana.close()
            bo.close()


@pytest.mark.slow
def test_a_player_who_handed_the_seat_to_a_bot_comes_back_from_the_lobby(two_windows):
    """Issue 27: "Hand my seat to a bot and leave", then the lobby offers the way back to the
    table while it plays on; the seat is the player's again when the next hand is dealt."""
    ana, bo = two_windows
    ana.wait(lambda s: s["scene"] == "lobby", "the lobby")
    ana.click("new")
    ana.click("game:dragon")
    ana.wait(lambda s: s["scene"] == "setup" and s["lobby"], "the new table's setup")
    for target in ("sit:0", "opt:hands:-", "opt:hands:-", "bot:1", "bot:2"):
        ana.click(target)  # two hands: leave in the first, back for the second
    seen = bo.wait(lambda s: any(t[:3] == ["Ana's table", "lobby", 3]
                                 for t in s.get("tables", {}).values()), "Ana's table", 15)
    key = next(k for k, t in seen["tables"].items() if t[0] == "Ana's table")
    bo.click(f"table:{key}")
    bo.click("join")
    bo.wait(lambda s: "sit:3" in s["targets"], "the free seat to be offered", 15)
    bo.click("sit:3")
    agree_until_started([ana, bo])
    for window in (ana, bo):
        window.send({"autoplay": "greedy", "think": 4})  # a hand lasts long enough to return
    bo.wait(lambda s: s["applied"] >= 10, "a few steps of the first hand")
    bo.click("leave")
    bo.click("leave:bot")
    bo.wait(lambda s: "resume:0" in s["targets"], "the way back to the table", 20)
    bo.click("resume:0")
    told = bo.wait(lambda s: s["scene"] == "table" and any(
        line.startswith("You left the table") for line in s["log"]), "the way back told", 20)
    assert "bot plays your seat until the next hand is dealt" in " ".join(told["log"])
    bo.send({"autoplay": "greedy", "think": 4})  # for the hand that is Bo's again
    back = "You are back at the table: your seat is yours again from this hand."
    bo.wait(lambda s: back in s["log"], "the seat back at the next hand", 60)
    ends = [w.wait(lambda s: s["ending"] is not None, "the end of the match", 90)["ending"]
            for w in (ana, bo)]
    assert ends[0][0] == ends[1][0] == "finished" and ends[0][2] == ends[1][2]
