"""Real `hoard` processes in a private network namespace, for discovery and end-to-end tests."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tools.lab.netns import LoopbackNamespace

ROOT = Path(__file__).resolve().parent.parent.parent


class HostLoopback:
    """Processes on this machine's own loopback (no discovery): a stand-in for a namespace."""

    def popen(self, argv: list[str], **kwargs) -> subprocess.Popen:
        return subprocess.Popen(argv, cwd=str(ROOT), **kwargs)


def lan_namespace():
    """Fixture body: one multicast-capable loopback namespace for a module's processes."""
    with LoopbackNamespace() as namespace:
        yield namespace


class Proc:
    """A process whose output lines are gathered by a thread, so nothing blocks on a pipe."""

    def __init__(self, namespace: LoopbackNamespace | HostLoopback, argv: list[str],
                 hoard: bool = True, env: dict[str, str] | None = None):
        if "peer" in argv and ("--table" in argv or "--spectate" in argv):
            argv = [*argv, "--step-numbers"]  # the lab follows a game by its step numbers
        command = [sys.executable, "-m", "client.cli", *argv] if hoard else argv
        self.argv = argv
        self.popen = namespace.popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL, text=True,
                                     env=None if env is None else {**os.environ, **env})
        self.lines: list[str] = []
        self.times: list[float] = []  # when each output line arrived (time.monotonic)
        self.errors: list[str] = []
        self.changed = threading.Condition()
        self.closed_pipes = 0
        for pipe, sink in ((self.popen.stdout, self.lines), (self.popen.stderr, self.errors)):
            threading.Thread(target=self._gather, args=(pipe, sink), daemon=True).start()

    def _gather(self, pipe, sink) -> None:
        for line in pipe:
            with self.changed:
                if sink is self.lines:
                    self.times.append(time.monotonic())
                sink.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.closed_pipes += 1
            self.changed.notify_all()

    def wait_line(self, predicate, timeout: float) -> str:
        """The first output line that satisfies `predicate`, waiting up to `timeout` s."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                found = next((line for line in self.lines if predicate(line)), None)
                if found is not None:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed_pipes == 2:
                    raise AssertionError(f"no such line from {self.argv[:3]}; got "
                                         f"{self.lines[-5:]} {self.errors[-5:]}")
                self.changed.wait(min(remaining, 0.2))

    def finish(self, timeout: float, codes: tuple[int, ...] = (0,)) -> dict:
        """Wait for the end (an exit code among `codes`); the last line's JSON."""
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.argv[:3]} did not end: {self.lines[-5:]}") from None
        with self.changed:
            self.changed.wait_for(lambda: self.closed_pipes == 2, 5)
            last = self.lines[-1] if self.lines else ""
        assert self.popen.returncode in codes, (self.popen.returncode, self.lines[-5:],
                                            self.errors[-5:])
        return json.loads(last)

    @staticmethod
    def finish_all(procs: list[Proc], timeout: float) -> list[dict]:
        """`finish` each of `procs` (sharing `timeout`); when any fails, the failure names
        how every one of them stands: one peer's last lines do not tell a split table."""
        deadline = time.monotonic() + timeout
        results, failures = [], []
        for proc in procs:
            try:
                results.append(proc.finish(max(0.1, deadline - time.monotonic())))
            except AssertionError as exc:
                failures.append(str(exc))
        if failures:
            raise AssertionError("; ".join(failures) + "\n" +
                                 "\n".join(proc.tail() for proc in procs))
        return results

    def tail(self) -> str:
        """How the process stands, for a failure message: its exit code and last words."""
        return (f"{self.argv[:3]} exit {self.popen.poll()}: {self.lines[-5:]} "
                f"{self.errors[-10:]}")

    def arrival(self, predicate, since: float = 0.0) -> float | None:
        """When the first output line that satisfies `predicate` arrived (at `since` or
        later), if one did."""
        with self.changed:
            return next((at for line, at in zip(self.lines, self.times, strict=False)
                         if at >= since and predicate(line)), None)

    def rss_kib(self) -> int:
        """The process's resident memory now."""
        status = Path(f"/proc/{self.popen.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert found, f"{self.argv[:3]} has no memory to read: it ended ({self.lines[-2:]})"
        return int(found.group(1))

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(10)

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.popen.poll() is None:
            self.popen.send_signal(sig)
        return self.popen.wait(10)

    def interrupt(self) -> int:
        """Ctrl-C."""
        return self.stop(signal.SIGINT)


def step_of(line: str) -> int:
    """The step number of an action line ('step 12: ...'), else -1."""
    head = line.split(":", 1)[0]
    if head.startswith("step ") and head[5:].isdigit():
        return int(head[5:])
    return -1
