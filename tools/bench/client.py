"""The window, headless: frame time mid-animation, idle CPU, start to lobby, memory in a game.

frame_p50_ms / frame_p99_ms: the loop's own time per frame (events, news, tweens,
drawing) at 1280×720 while a deal and plays are being animated, over a solo
table of each game played by clicks against three bots of `--bots`' level (hard by
default: their search runs in the node's worker process, and this is the measure that
it never stalls the window), animations at normal speed; `frames` holds each game's
figures, the top-level ones are the worst game's. idle_cpu_pct: CPU
time of the whole process (the window and its network thread) over `--idle`
seconds in the lobby, then at a table setup waiting for another player to sit
down, as a share of one core. start_to_lobby_ms: from starting `hoard` (a new
process) to the lobby drawn, reported by its test hook. rss_mb: the process's
peak resident memory after a game.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.bots import LEVELS

ROOT = Path(__file__).resolve().parents[2]
# the games with a table and a tools/lab/<game>_clicks.py
GAMES = ("dragon", "den", "wild", "gold")
MATCHES = 3  # solo matches of one game at most to time --frames frames


def add_arguments(parser) -> None:
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of each idle measure")
    parser.add_argument("--frames", type=int, default=600, help="animated frames to time")
    parser.add_argument("--starts", type=int, default=5, help="process starts to time")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="time this game's table (repeatable; default: every game)")
    parser.add_argument("--bots", choices=LEVELS, default="hard",
                        help="the level of the solo tables' bots (the settings' bot level)")


def _folders() -> str:
    scratch = tempfile.mkdtemp(prefix="hoard-bench-")
    os.environ["HOARD_CONFIG_DIR"] = f"{scratch}/config"
    os.environ["HOARD_STATE_DIR"] = f"{scratch}/state"
    return scratch


def run(args) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["HOARD_BOT_THINK"] = "12"
    _folders()
    from client.settings import Settings, SettingsFile, config_folder
    from engine.registry import game_ids

    SettingsFile(config_folder()).save(Settings(name="Bench", animation="normal",
                                                taught=tuple(game_ids()),
                                                bots=args.bots))
    starts = [_start_to_lobby() for _ in range(args.starts)]
    from client.app import App
    from client.hook import Driver
    from client.scenes.lobby import Lobby

    app = App(discovery=False, size=(1280, 720))
    app.push(Lobby(app))
    driver = Driver(app)
    idle_lobby = _idle_cpu(app, args.idle)
    driver.click("new")
    driver.click("game:dragon")
    driver.wait_for(lambda: app.session.lobby is not None and app.session.lobby.game,
                    "the table's lobby")
    driver.click("sit:0")
    driver.click("bot:1")
    driver.click("bot:2")
    driver.wait_for(lambda: "sit:3" in driver.targets(), "seat 4 to stay empty")
    idle_table = _idle_cpu(app, args.idle)
    frames = {game: _frame_figures(_animated_frames(app, driver, args.frames, game))
              for game in args.game or GAMES}
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    app.close()
    return {
        "frame_p50_ms": max(f["p50_ms"] for f in frames.values()),
        "frame_p99_ms": max(f["p99_ms"] for f in frames.values()),
        "frames": frames,
        "bots": args.bots,
        "idle_cpu_pct_lobby": idle_lobby,
        "idle_cpu_pct_table": idle_table,
        "idle_cpu_pct": max(idle_lobby, idle_table),
        "start_to_lobby_ms": round(statistics.median(starts)),
        "start_to_lobby_ms_max": round(max(starts)),
        "rss_mb": round(rss_mb, 1),
    }


def _idle_cpu(app, seconds: float) -> float:
    """CPU of the whole process while the window sits there, as % of one core."""
    for _ in range(20):
        app.step()  # let what is moving settle first
    usage = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.monotonic()
    while time.monotonic() - wall < seconds:
        app.step()
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - usage.ru_utime) + (after.ru_stime - usage.ru_stime)
    return round(100 * cpu / (time.monotonic() - wall), 2)


def _frame_figures(frames: list[float]) -> dict:
    return {"p50_ms": round(statistics.median(frames), 2),
            "p99_ms": round(statistics.quantiles(frames, n=100)[98], 2), "timed": len(frames)}


def _animated_frames(app, driver, wanted: int, game: str) -> list[float]:
    """Frame times while the table animates, playing a solo table of `game` by clicks."""
    import importlib

    from tools.shots import solo_table

    clicks = importlib.import_module(f"tools.lab.{game}_clicks")
    choose, make_by_clicks = clicks.choose, clicks.make_by_clicks
    frames, seen = [], None
    for _ in range(MATCHES):  # a match may end before `wanted` frames: another, then
        solo_table(app, driver, game)
        while len(frames) < wanted and app.session.ending is None:
            seen = _timed_step(app, driver, frames, seen, choose, make_by_clicks)
        if len(frames) >= wanted:
            return frames
    if not frames:
        raise SystemExit(f"client: {MATCHES} {game} matches drew no animated frame")
    return frames


def _timed_step(app, driver, frames: list[float], seen, choose, make_by_clicks):
    """One step of the loop, its time kept in `frames` if the table was animating; this
    seat's move made by clicks when a new view offers one. The view seen last is returned."""
    animating = app.scene.animating
    app.frame_ms.clear()  # the window keeps its last 600 only: a new one is told so
    app.step()
    if animating and app.frame_ms:
        frames.append(app.frame_ms[-1])
    view = app.session.view
    if view is not None and view is not seen and view.legal:
        seen = view
        action = choose(view.legal)
        if action is not None:  # None: the seat waits (its proposal is on the table)
            make_by_clicks(driver, action)
    return seen


def _start_to_lobby() -> float:
    """A new `hoard` process until its hook says the lobby has been drawn."""
    env = {**os.environ, "HOARD_TEST_HOOK": "1"}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "client.cli"], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        while True:
            process.stdin.write('{"state": 1}\n')
            process.stdin.flush()
            reply = json.loads(process.stdout.readline())
            if reply.get("scene") == "lobby" and reply.get("frames", 0) >= 1:
                return (time.perf_counter() - started) * 1000
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(10)
