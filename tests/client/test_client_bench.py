"""The window benchmark (tools/bench/client.py) times frames however long the window has
run: it keeps only its last 600 frame times, and a bench that counted new ones by that
list's length timed none at a second game's table (Dragon's match ended after 537
frames, Gold then gave none, and the median of nothing raised)."""

from tests.client.test_window import name_yourself
from tools.bench.client import _timed_step
from tools.lab.dragon_clicks import choose, make_by_clicks
from tools.shots import solo_table


def test_frames_are_timed_after_the_window_has_kept_its_last_600(window):
    name_yourself(window)
    app = window.app
    app.frame_ms[:] = [1.0] * 600  # a window that has run a while
    solo_table(app, window, "dragon")
    frames, seen = [], None
    for _ in range(2000):
        seen = _timed_step(app, window, frames, seen, choose, make_by_clicks)
        if len(frames) >= 5:
            break
    assert len(frames) >= 5 and all(0 < f < 1000 for f in frames), frames
