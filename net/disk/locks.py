"""One live process per table journal and per identity: exclusive OS locks that say who
holds them.

A lock is a small file (`X.journal.lock` beside a journal, `identity.lock` beside
identity.json) held exclusively through `filelock` — flock where there is fcntl, the
Windows file lock (msvcrt) on Windows — and a note beside it (`X.lock.holder`) with the
holder's pid and program, so a refusal can say which process has it. (The note is a
file of its own: on Windows the bytes of a locked file cannot be read by another
process.) The OS drops the lock when its process dies, even by SIGKILL, so a crash never
leaves a table locked; the lock file stays, and only the holder's note is removed.

**Decision:** the lock used to be flock alone, and where fcntl is missing (Windows) every
lock was granted, so a second window there forked a live seat. filelock is a well-kept
library (tox and virtualenv use it) that does the Windows lock properly; where an OS has
neither, it falls back to a lock file whose existence is the lock, still exclusive.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import filelock

from net.errors import NetError

log = logging.getLogger("hoard.net")
LOCK_SUFFIX = ".lock"
NOTE_SUFFIX = ".holder"  # beside a lock file: who holds it
IDENTITY_LOCK = "identity.lock"
WINDOW, PEER = "hoard window", "hoard peer process"  # who holds a lock, in words
TRIES = 6  # a look at a lock (`holder`) holds it for a moment: try again briefly
PAUSE = 0.05


@dataclass(frozen=True)
class Holder:
    """The live process that holds a lock: its pid (None if unreadable) and program."""

    pid: int | None
    program: str

    def words(self) -> str:
        """A player's words: 'another hoard window' (a pid means nothing to a player)."""
        return f"another {self.program}"

    def process(self) -> str:
        """The log's and the command line's: 'another hoard window (pid 6424)'."""
        pid = f" (pid {self.pid})" if self.pid is not None else ""
        return f"{self.words()}{pid}"


class InUse(NetError):
    """A journal or identity that another live process holds; `holder` says which. Its
    message is a player's words; `detail` names the process, for a log or a command line."""

    def __init__(self, what: str, holder: Holder):
        super().__init__(f"{what} is open in {holder.words()}")
        self.what, self.holder = what, holder
        self.detail = f"{what} is open in {holder.process()}"


class Lock:
    """A held lock; `release` (or closing the process) frees it."""

    def __init__(self, path: Path, held: filelock.BaseFileLock | None):
        self.path, self.held = path, held

    @classmethod
    def take(cls, path: str | os.PathLike, what: str, program: str) -> Lock:
        """Hold `path` for this process, or raise InUse naming who holds it."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(TRIES):
            held = _try_lock(path)
            if held is not None:
                _note_path(path).write_text(json.dumps({"pid": os.getpid(),
                                                        "program": program}))
                return cls(path, held)
            time.sleep(PAUSE)
        refused = InUse(what, holder(path) or Holder(None, "hoard process"))
        log.info("%s", refused.detail)
        raise refused

    def release(self) -> None:
        if self.held is None:
            return
        with contextlib.suppress(OSError):
            _note_path(self.path).unlink()  # while still held: nobody reads a stale note
        self.held.release()
        self.held = None

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def holder(path: str | os.PathLike) -> Holder | None:
    """Who holds the lock at `path` now, or None when no live process does."""
    path = Path(path)
    if not path.exists():
        return None  # no lock file: nobody holds it
    held = _try_lock(path)
    if held is not None:
        held.release()  # a look only
        return None
    return _read_holder(path)


def journal_lock_path(journal: str | os.PathLike) -> Path:
    journal = Path(journal)
    return journal.with_name(journal.name + LOCK_SUFFIX)


def lock_journal(journal: str | os.PathLike, what: str, program: str) -> Lock:
    return Lock.take(journal_lock_path(journal), what, program)


def journal_holder(journal: str | os.PathLike) -> Holder | None:
    return holder(journal_lock_path(journal))


def lock_identity(folder: str | os.PathLike, what: str, program: str) -> Lock:
    return Lock.take(Path(folder) / IDENTITY_LOCK, what, program)


def _note_path(path: Path) -> Path:
    return path.with_name(path.name + NOTE_SUFFIX)


def _try_lock(path: Path) -> filelock.BaseFileLock | None:
    """`path` locked for this process now, or None when another holds it."""
    # an OS lock's file stays: one removed while another process waits on it would let two
    # hold; a soft lock (no OS lock here) is its file, which goes on release
    lock = filelock.FileLock(path, timeout=0, thread_local=False,
                             preserve_lock_file=filelock.FileLock is not filelock.SoftFileLock)
    try:
        lock.acquire(timeout=0)
    except filelock.Timeout:
        return None
    except OSError as exc:  # a file system without locks (some network mounts)
        log.warning("cannot lock files here (%s): a second process is not kept out", exc)
    return lock


def _read_holder(path: Path) -> Holder:
    try:
        data = json.loads(_note_path(path).read_text() or "{}")
        pid = data.get("pid")
        return Holder(pid if isinstance(pid, int) else None,
                      str(data.get("program") or "hoard process"))
    except (OSError, ValueError, AttributeError):
        return Holder(None, "hoard process")  # caught between its lock and its note
