"""A player's pause (net.table.pause) in the real window, through the real bridge and node:
F2 or Pause stops the table, nothing is played and every clock stands while the steps go on,
Resume plays on, and the log says who did what."""

from dataclasses import replace

from net.face.bridge import PlayWith
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself

PACE = 0.05


def paused_table(window):
    """Ana's Dragon table with three bots, paused with F2; then a bot plays her seat too, so
    the table would play on by itself."""
    name_yourself(window)
    solo_with_bots(window, "dragon", 4, 1)
    session = window.app.session
    window.wait_for(lambda: session.view is not None, "the first view")
    window.key("f2")
    window.wait_for(lambda: session.view.paused_by == 0, "the table to stand paused")
    session.send(PlayWith("random"))  # it would play on at once, were the table not paused
    at = session.applied  # a bot's move already on its way is refused meanwhile
    window.wait_for(lambda: session.applied > at + 10, "ten steps applied while paused")
    return session


def test_a_pause_stops_play_and_every_clock_until_the_pauser_resumes(window):
    session = paused_table(window)
    assert "resume" in window.targets() and "pause" not in window.targets()
    stood, at = session.view.step, session.applied
    session.view = replace(session.view, deadline=stood + 40, pause=stood + 100)  # clocks
    left, pause_left = session.seconds_left(PACE), session.pause_left(PACE)
    window.wait_for(lambda: session.applied > at + 40, "forty steps applied while paused")
    assert session.view.step == stood, "nothing was played while the table stood paused"
    assert (session.seconds_left(PACE), session.pause_left(PACE)) == (left, pause_left) \
        == (40 * PACE, 100 * PACE), "every clock stands where it was"
    assert window.state()["paused_by"] == 0
    window.click("resume")
    window.wait_for(lambda: session.view.paused_by is None, "the table to play on")
    window.wait_for(lambda: session.view.step > stood, "the bots to play on")
    assert any(line.startswith("You pause the table: every clock stands") for line in
               session.log), session.log[-5:]
    assert "You resume the table: play goes on." in session.log


def test_nothing_on_a_paused_table_can_be_played(window):
    paused_table(window)
    offered = window.targets()
    assert set(offered) == {"leave", "rules", "resume"}, sorted(offered)  # no card, no Pass
