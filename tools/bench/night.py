"""A game night on a LAN of network namespaces: real `hoard` windows, one per host.

Four windows are started at once on four hosts; the players click through the test hook
as fast as it answers: `launch_to_first_card_s` runs from the launch to every window
holding its first hand, and `clicks_per_player` counts the most any player made to get
there. A fifth host watches from its lobby (`watch_clicks`). A player's window is killed
mid-game and started again: `resume_s` runs from the restart to a step played after
resuming from the lobby. Each figure is the median and the worst of --runs nights; each
night must end with one set of final scores on every window, the deal verified fair.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools.lab.netns import Lan
from tools.lab.night import Night


def add_arguments(parser) -> None:
    parser.add_argument("--runs", type=int, default=3, help="nights to measure")


def _night(folder: Path) -> dict:
    with Lan(5) as lan:
        launched = time.monotonic()
        night = Night(lan, folder)
        eve = None
        marks: dict[str, float] = {}
        try:
            night.gather(marks=marks)
            night.dealt()
            first_card = time.monotonic() - launched
            marks["dealt"] = time.monotonic()
            clicks = max(w.clicks for w in night.windows)
            for window in night.windows:
                night.autoplay(window)
            eve = night.watch(4)
            night.windows[0].wait(lambda s: s["applied"] >= 60, "the match to be under way")
            resume = night.crash_and_resume(2)
            endings = night.endings([*night.windows, eve])
        finally:
            night.close()
            if eve is not None:
                eve.close()
    agreed = len({tuple(e[2]) for e in endings}) == 1 and all(
        e[0] == "finished" and "verified fair" in e[1] for e in endings)
    phases = {name: round(at - launched, 2) for name, at in marks.items()}
    return {"launch_to_first_card_s": first_card, "phases_s": phases, "clicks_per_player": clicks,
            "watch_clicks": eve.clicks, "resume_s": resume, "agreed": agreed}


def run(args) -> dict:
    nights = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            nights.append(_night(Path(tmp) / f"night{i}"))
            print(f"night {i + 1}: {nights[-1]}", file=sys.stderr, flush=True)
    out = {"runs": args.runs, "every_night_agreed": all(n["agreed"] for n in nights)}
    for key in ("launch_to_first_card_s", "clicks_per_player", "watch_clicks", "resume_s"):
        values = [n[key] for n in nights]
        out[key] = {"median": round(statistics.median(values), 2), "worst": round(max(values), 2)}
    return out
