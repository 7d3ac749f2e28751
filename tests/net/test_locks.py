"""The OS locks that keep one live process per table journal and per identity."""

import signal
import subprocess
import sys

import pytest

from net.disk.locks import PEER, WINDOW, Holder, InUse, Lock, holder, journal_holder, lock_journal
from tools.lab.processes import ROOT

HOLD = """
import sys, time
from net.disk.locks import Lock
lock = Lock.take(sys.argv[1], "table night", "hoard peer process")
print("held", flush=True)
time.sleep(60)
"""


@pytest.fixture
def other(tmp_path):
    """Another live process holding the lock file `held.lock`."""
    path = tmp_path / "held.lock"
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], cwd=str(ROOT),
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    yield path, process
    process.kill()
    process.wait()


def test_a_lock_held_by_another_process_is_refused_naming_its_pid(other):
    path, process = other
    assert holder(path) == Holder(process.pid, PEER)
    with pytest.raises(InUse) as refused:
        Lock.take(path, "table night", WINDOW)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value) == "table night is open in another hoard peer process"
    assert refused.value.detail == f"table night is open in another hoard peer process " \
                                   f"(pid {process.pid})"  # the log's, not a player's
    assert refused.value.holder.pid == process.pid


def test_a_killed_holder_lets_go_of_its_lock(other):
    path, process = other
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert holder(path) is None  # its stale file is left, but nothing holds it
    with Lock.take(path, "table night", WINDOW) as lock:
        assert holder(path) is not None and lock.held is not None
    assert holder(path) is None


def test_one_process_cannot_take_a_journal_twice(tmp_path):
    journal = tmp_path / "night.journal"
    assert journal_holder(journal) is None
    first = lock_journal(journal, "table night", WINDOW)
    with pytest.raises(InUse, match="table night is open in another hoard window"):
        lock_journal(journal, "table night", WINDOW)
    first.release()
    lock_journal(journal, "table night", WINDOW).release()


NO_FCNTL = """
import sys
sys.modules["fcntl"] = None  # as on Windows: no flock
from net.disk.locks import Lock, InUse
try:
    lock = Lock.take(sys.argv[1], "table night", "hoard window")
except InUse as exc:
    print("refused:", exc.detail, flush=True)
else:
    print("held", flush=True)
    import time; time.sleep(60)
"""


def test_where_fcntl_is_missing_a_second_process_is_still_kept_out(tmp_path):
    """The lock used to grant everything without fcntl: a second window forked a seat."""
    path = tmp_path / "held.lock"
    first = subprocess.Popen([sys.executable, "-c", NO_FCNTL, str(path)], cwd=str(ROOT),
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().strip() == "held"
        second = subprocess.run([sys.executable, "-c", NO_FCNTL, str(path)], cwd=str(ROOT),
                                capture_output=True, text=True, timeout=30)
        assert second.stdout.strip() == f"refused: table night is open in another hoard " \
                                         f"window (pid {first.pid})", second.stderr
    finally:
        first.kill()
        first.wait()
