"""Issue 15, the game night end to end: real `hoard` windows, one per host of a LAN the test
makes (network namespaces, veth pairs on a bridge), driven through the test hook."""

import pytest

from tools.lab.netns import Lan, LoopbackNamespace
from tools.lab.night import Night
from tools.lab.windows import Window

MOST_CLICKS = 5  # to sit at the table, from the lobby: the bound
WATCH_CLICKS = 2


@pytest.mark.slow
def test_four_friends_play_a_match_one_watches_one_crashes_and_resumes(tmp_path):
    """Four hosts discover one table with no address typed, join, agree and play a whole
    Dragon match (of 2 hands), each window its own seat by clicks; a fifth host watches from the
    middle; one player's window is killed and started again, resumes from its lobby and
    plays on, and every window ends on the same scores with the deal verified fair."""
    with Lan(5) as lan:
        night = Night(lan, tmp_path)
        eve = None
        try:
            night.gather(fewer_hands=2)  # a 2-hand match: the night, in CI's time
            assert all(w.clicks <= MOST_CLICKS for w in night.windows), \
                [(w.name, w.clicks) for w in night.windows]
            night.dealt()
            kinds = night.play_by_clicks(lambda states: states["Ana"]["applied"] >= 30)
            eve = night.watch(4)
            assert eve.clicks == WATCH_CLICKS
            assert eve.state()["cards"] == 0, "a spectator holds no hand"
            kinds |= night.play_by_clicks(lambda states: states["Ana"]["applied"] >= 80)
            night.crash_and_resume(2, autoplay=False)
            kinds |= night.play_by_clicks(lambda states: all(s.get("ending")
                                                             for s in states.values()))
            endings = night.endings([*night.windows, eve])
        finally:
            night.close()
            if eve is not None:
                eve.close()
    assert {"Play", "Pass"} <= kinds, kinds
    assert all(kind == "finished" for kind, _, _ in endings), endings
    assert len({tuple(scores) for _, _, scores in endings}) == 1, endings
    assert all("The deal was verified fair." in text for _, text, _ in endings), endings


@pytest.mark.slow
def test_a_solo_player_with_no_network_plays_a_whole_match_against_bots(tmp_path):
    """A namespace with only a loopback: the lobby finds nothing, Play with bots starts a
    table on this machine alone and the match ends, verified fair."""
    with LoopbackNamespace() as alone:
        window = Window(alone, tmp_path / "solo", "Ana")
        try:
            window.wait(lambda s: s["scene"] == "lobby", "the lobby", 60)
            window.click("solo")
            window.click("game:dragon")
            window.wait(lambda s: s["scene"] == "table" and s["cards"], "the first hand", 60)
            assert window.send({"autoplay": "greedy"})["ok"]
            kind, text, scores = window.wait(lambda s: s.get("ending"), "the match to end",
                                             240)["ending"]
        finally:
            window.close()
    assert kind == "finished" and len(scores) == 4
    assert "The deal was verified fair." in text
