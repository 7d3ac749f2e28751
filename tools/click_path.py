"""The path one Dragon "Play" click takes through the code: `python -m tools.click_path`.

A real window (headless) sits at a solo Dragon table with bots; at this seat's turn it
selects a single card by a click, and from the click on Play until the window has drawn
the play applied, every Python call on every thread is recorded. Prints one JSON object:
the project's files the click crossed (by layer), the threads that ran them, and how many
times the client and net called into the engine. Issue 37's measure of how far a change to
one play reaches.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("client", "net", "engine")


class Recorder:
    """A profile hook on every thread: while `on`, each call into the project is noted."""

    def __init__(self):
        self.on = False
        self.files: Counter[str] = Counter()
        self.threads: set[str] = set()
        self.into_engine = 0  # calls from client or net code into engine code

    def __call__(self, frame, event, arg) -> None:
        if not self.on or event != "call":
            return
        path = frame.f_code.co_filename
        layer = _layer(path)
        if layer is None:
            return
        self.files[str(Path(path).relative_to(ROOT))] += 1
        self.threads.add(threading.current_thread().name)
        caller = frame.f_back
        if layer == "engine" and caller is not None and \
                _layer(caller.f_code.co_filename) in ("client", "net"):
            self.into_engine += 1


def _layer(path: str) -> str | None:
    try:
        parts = Path(path).resolve().relative_to(ROOT).parts
    except ValueError:
        return None
    return parts[0] if parts and parts[0] in LAYERS else None


def main(argv=None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["HOARD_BOT_THINK"] = "60"  # 3 s: no bot moves while the click is traced
    scratch = tempfile.mkdtemp(prefix="hoard-click-")
    os.environ["HOARD_CONFIG_DIR"] = f"{scratch}/config"
    os.environ["HOARD_STATE_DIR"] = f"{scratch}/state"
    recorder = Recorder()
    threading.setprofile(recorder)
    sys.setprofile(recorder)
    try:
        print(json.dumps(trace_one_play(recorder)))
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return 0


def trace_one_play(recorder: Recorder) -> dict:
    from client.app import App
    from client.hook import Driver
    from client.scenes.lobby import Lobby
    from client.settings import Settings, SettingsFile, config_folder
    from engine.games.dragon.rules import Play
    from tools.screens import _solo

    SettingsFile(config_folder()).save(Settings(name="Ana", window=(1280, 720)))
    app = App(discovery=False, size=(1280, 720))
    app.push(Lobby(app))
    driver = Driver(app)
    _solo(app, driver, 1)
    session = app.session
    play = None
    while play is None:  # pass until a single card is this seat's play
        seen = session.view
        driver.wait_for(lambda seen=seen: session.view is not seen and session.view.legal,
                        "this seat's turn", 60)
        play = next((a for a in session.view.legal
                     if isinstance(a, Play) and len(a.faces) == 1), None)
        if play is None:
            driver.click("pass")
    driver.wait_for(app.scene.renderer.settled, "the hand to settle", 10)
    driver.click(f"card:{play.faces[0]}")
    told = len(session.log)
    recorder.on = True
    driver.click("play")
    driver.wait_for(lambda: any(line.startswith("You play") for line in session.log[told:]),
                    "the play to be told in the log", 20)
    driver.step()
    recorder.on = False
    app.close()
    by_layer = Counter(path.split("/", 1)[0] for path in recorder.files)
    return {"files": len(recorder.files), "by_layer": dict(by_layer),
            "threads": sorted(recorder.threads), "calls_into_engine": recorder.into_engine,
            "paths": sorted(recorder.files)}


if __name__ == "__main__":
    sys.exit(main())
