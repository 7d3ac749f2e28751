"""A game night on a LAN of network namespaces: real `hoard` windows, one per host.

Four windows are started at once on four hosts; the players click through the test hook
as fast as it answers: `launch_to_first_card_s` runs from the launch to every window
holding its first hand, and `clicks_per_player` counts the most any player made to get
there. A fifth host watches from its lobby (`watch_clicks`). A player's window is killed
mid-game and started again: `resume_s` runs from the restart to a step played after
resuming from the lobby. Each figure is the median and the worst of --runs nights; each
night must end with one set of final scores on every window, the deal verified fair.

`--ghosts N`: N ghost lobbies called "Ana's table" (a stranger's stale adverts at an address
nobody answers) are up on the LAN before the windows start. `--second-interface`: the first
player's computer is also on a second network nobody else reaches (a VPN).

`--rematch`: four windows play one-hand matches instead, each player's bot playing its seat;
at each match's end every player clicks Play again as fast as the hook answers.
`again_s` runs from the first click to every window holding the next match's first hand,
`again_clicks` counts the most clicks any player made to get there; --again matches a night.
"""

from __future__ import annotations

import compileall
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from net.finding.claims import APP_VERSION
from net.wire.frames import PROTOCOL
from tools.lab.adverts import advert
from tools.lab.netns import Lan
from tools.lab.night import Night
from tools.lab.processes import Proc

ROOT = Path(__file__).resolve().parents[2]


def add_arguments(parser) -> None:
    parser.add_argument("--runs", type=int, default=3, help="nights to measure")
    parser.add_argument("--rematch", action="store_true",
                        help="measure Play again: a match's end to the next one's first card")
    parser.add_argument("--again", type=int, default=2, help="with --rematch: rematches a night")
    parser.add_argument("--ghosts", type=int, default=0,
                        help="ghost lobbies of the table's name up before the start")
    parser.add_argument("--second-interface", action="store_true",
                        help="the first player's computer is also on a network nobody reaches")


def _rematches(folder: Path, count: int) -> dict:
    with Lan(4) as lan:
        night = Night(lan, folder)
        seconds, clicks, endings = [], [], []
        try:
            night.gather(fewer_hands=3)  # one hand a match
            night.dealt()
            for window in night.windows:
                night.autoplay(window)  # the bridge keeps it for the next matches
            for _ in range(count):
                endings.append(night.endings(night.windows))
                before = [w.clicks for w in night.windows]
                marks: dict[str, float] = {}
                seconds.append(night.again(marks))
                print(f"  phases: { {k: round(v, 2) for k, v in marks.items()} }",
                      file=sys.stderr, flush=True)
                clicks.append(max(w.clicks - b for w, b in zip(night.windows, before,
                                                                strict=True)))
            endings.append(night.endings(night.windows))
        finally:
            night.close()
    agreed = all(len({tuple(e[2]) for e in match}) == 1 and
                 all(e[0] == "finished" for e in match) for match in endings)
    return {"again_s": seconds, "again_clicks": clicks, "agreed": agreed}


def _run_rematches(args) -> dict:
    seconds, clicks, agreed = [], [], True
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            night = _rematches(Path(tmp) / f"night{i}", args.again)
            print(f"night {i + 1}: {night}", file=sys.stderr, flush=True)
            seconds += night["again_s"]
            clicks += night["again_clicks"]
            agreed = agreed and night["agreed"]
    return {"runs": args.runs, "rematches": len(seconds), "every_match_agreed": agreed,
            "again_s": {"median": round(statistics.median(seconds), 2),
                        "worst": round(max(seconds), 2)},
            "again_clicks": {"median": statistics.median(clicks), "worst": max(clicks)}}


def _ghosts(lan, folder: Path, count: int) -> Proc | None:
    """`count` ghost lobbies called "Ana's table", published from the fifth host at an
    address of the LAN where nobody answers, with ids lower than any real table's."""
    if not count:
        return None
    ghosts = [advert(f"Ana-s-table-{i:08x}", {
        "v": str(PROTOCOL), "app": APP_VERSION, "id": f"{i:032x}", "name": "Ana's table",
        "game": "dragon", "seats": "1/4", "state": "lobby", "fp": f"{i:08x}", "who": "Ana"},
        [f"{lan.SUBNET}.200"], 9) for i in range(count)]
    path = folder / "ghosts.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(ghosts))
    host = lan.hosts[4]
    stranger = Proc(host, [sys.executable, "-m", "tools.lab.adverts", str(path), "600",
                           host.address], hoard=False)
    stranger.wait_line(lambda line: line.startswith("advertising"), 20)
    return stranger


def _night(folder: Path, ghosts: int = 0, second: bool = False) -> dict:
    with Lan(5) as lan:
        stranger = _ghosts(lan, folder, ghosts)
        if second:
            lan.second_network(0)
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
            night.windows[0].wait(lambda s: s["applied"] >= 60, "the match to be under way")
            resume = night.crash_and_resume(2)  # (before the watcher: the match is young)
            eve = night.watch(4)
            endings = night.endings([*night.windows, eve])
        finally:
            night.close()
            if eve is not None:
                eve.close()
            if stranger is not None:
                stranger.kill()
    agreed = len({tuple(e[2]) for e in endings}) == 1 and all(
        e[0] == "finished" and "verified fair" in e[1] for e in endings)
    phases = {name: round(at - launched, 2) for name, at in marks.items()}
    return {"launch_to_first_card_s": first_card, "phases_s": phases, "clicks_per_player": clicks,
            "watch_clicks": eve.clicks, "resume_s": resume, "agreed": agreed}


def _compiled() -> None:
    """Every module's bytecode written first, as on a laptop after hoard's first start.
    With PYTHONDONTWRITEBYTECODE set (as on this machine) nothing is written at import, and
    every window compiled again at each start whatever changed since it was last written."""
    for package in ("client", "net", "engine"):
        compileall.compile_dir(ROOT / package, quiet=1)


def run(args) -> dict:
    _compiled()
    if args.rematch:
        return _run_rematches(args)
    nights = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            nights.append(_night(Path(tmp) / f"night{i}", args.ghosts, args.second_interface))
            print(f"night {i + 1}: {nights[-1]}", file=sys.stderr, flush=True)
    out = {"runs": args.runs, "ghosts": args.ghosts, "second_interface": args.second_interface,
           "every_night_agreed": all(n["agreed"] for n in nights)}
    for key in ("launch_to_first_card_s", "clicks_per_player", "watch_clicks", "resume_s"):
        values = [n[key] for n in nights]
        out[key] = {"median": round(statistics.median(values), 2), "worst": round(max(values), 2)}
    return out
