"""Real `hoard` windows in other processes, driven through the test hook (HOARD_TEST_HOOK=1)."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from client.settings import Settings, SettingsFile
from engine.registry import game_ids


class Window:
    """One `hoard` process with its own folders and name, in a network namespace."""

    def __init__(self, namespace, folder: Path, name: str):
        config, state = folder / "config", folder / "state"
        SettingsFile(config).save(Settings(name=name, animation="fast", bots="easy",  # quick
                                           taught=tuple(game_ids())))  # bots, no lessons
        env = {**os.environ, "HOARD_TEST_HOOK": "1", "HOARD_CONFIG_DIR": str(config),
               "HOARD_STATE_DIR": str(state), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "HOARD_BOT_THINK": "0"}
        self.name, self.namespace, self.folder = name, namespace, folder
        self.started = time.monotonic()
        self.clicks = 0  # clicks made through this window's hook
        self.log_path = state / "hoard.log"
        self.process = namespace.popen([sys.executable, "-m", "client.cli"], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        self.replies: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.replies.put(line)

    def send(self, command: dict, timeout: float = 30.0) -> dict:
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        try:
            return json.loads(self.replies.get(timeout=timeout))
        except queue.Empty:
            raise AssertionError(f"{self.name}'s window did not answer {command}; stderr: "
                                 f"{self._stderr()}") from None

    def state(self, standings: bool = False) -> dict:
        """What the window shows; with `standings`, tonight's standings too (read from disk)."""
        return self.send({"state": 1, "standings": standings})

    def click(self, target: str, timeout: float = 10.0) -> dict:
        """Click `target`, the window waiting up to `timeout` s for it to be offered."""
        reply = self.try_click(target, timeout)
        assert reply["ok"], f"{self.name}: {reply['error']}"
        return reply

    def try_click(self, target: str, timeout: float = 1.0) -> dict:
        """Click `target` if it is offered within `timeout` s (a button that may go as it
        is reached: Agree, once the game starts); the reply says whether it was."""
        self.clicks += 1
        return self.send({"click": target, "timeout": timeout}, timeout + 30)

    def offered(self, target: str, timeout: float) -> bool:
        """Whether the window offers `target` within `timeout` s: the window itself waits,
        turning its loop (a look from here every 0.1 s lost up to that at every wait)."""
        reply = self.send({"offered": target, "timeout": timeout}, timeout + 30)
        return bool(reply["ok"])

    def wait(self, predicate, what: str, timeout: float = 30.0,
             standings: bool = False) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.state(standings)
            if predicate(state):
                return state
            time.sleep(0.1)
        raise AssertionError(f"{self.name} waited {timeout:g} s for {what}; its window "
                             f"shows {state}")

    def _stderr(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        return self.process.stderr.read()[-2000:]

    def kill(self) -> None:
        """The process dies at once (a crash, a laptop's battery): no leave, no goodbye."""
        self.process.kill()
        self.process.wait(10)

    def restart(self) -> Window:
        """The same player's window started again, with its folders (and journals)."""
        return Window(self.namespace, self.folder, self.name)

    def close(self) -> None:
        if self.process.poll() is None:
            errors = self.state()["errors"]
            assert not errors, f"{self.name}'s window caught unexpected errors: {errors}"
            self.process.terminate()  # at a table, the window asks what becomes of the seat;
            try:  # closed again while it asks, it goes and keeps the seat (client.scenes.table)
                self.process.wait(2)
            except subprocess.TimeoutExpired:
                self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def side_by_side(windows: list[Window], act) -> list:
    """`act(window)` for every window at once, one thread each, as people at their own
    laptops act together (a driver that went round them one after another measured its own
    turns: ~0.5 s a guest); their results in order, or the first failure raised."""
    with ThreadPoolExecutor(len(windows)) as pool:
        return list(pool.map(act, windows))


def agree_until_started(windows: list[Window], timeout: float = 60.0) -> None:
    """Each player agrees, and agrees again whenever the window asks anew, until every
    window is at the table. A vote counts for the table as the voter saw it: one cast
    while another's seat or option was still on its way is cleared when it lands, and the
    setup offers "Agree to start" again, as a person would see and click."""
    deadline = time.monotonic() + timeout

    def agree(window: Window) -> None:
        while True:
            state = window.state()
            if state["started"] and state["scene"] == "table":
                return
            if "agree" in state["targets"]:
                window.try_click("agree")
            if time.monotonic() > deadline:
                raise AssertionError(f"{window.name} not at the table after {timeout:g} s: "
                                     f"{state}")
            time.sleep(0.05)
    side_by_side(windows, agree)
