"""One live process per table journal and per identity: exclusive OS locks that say who
holds them.

A lock is a small file (`X.journal.lock` beside a journal, `identity.lock` beside
identity.json) held with flock(LOCK_EX | LOCK_NB) and holding the holder's pid and
program, so a refusal can say which process has it. The OS drops the lock when its
process dies, even by SIGKILL, so a crash never leaves a table locked. The holder
removes the file on release (while still holding it; a taker checks it locked the
file that is still there). Where fcntl is missing (Windows) nothing is locked.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from net.errors import NetError

try:
    import fcntl
except ImportError:  # no flock on this platform: every lock is granted
    fcntl = None

log = logging.getLogger("hoard.net")
LOCK_SUFFIX = ".lock"
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
        pid = f" (pid {self.pid})" if self.pid is not None else ""
        return f"another {self.program}{pid}"


class InUse(NetError):
    """A journal or identity that another live process holds; `holder` says which."""

    def __init__(self, what: str, holder: Holder):
        super().__init__(f"{what} is open in {holder.words()}")
        self.what, self.holder = what, holder


class Lock:
    """A held lock; `release` (or closing the process) frees it."""

    def __init__(self, path: Path, fd: int | None):
        self.path, self.fd = path, fd

    @classmethod
    def take(cls, path: str | os.PathLike, what: str, program: str) -> Lock:
        """Hold `path` for this process, or raise InUse naming who holds it."""
        path = Path(path)
        if fcntl is None:
            return cls(path, None)
        path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(TRIES):
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if not _try_flock(fd, fcntl.LOCK_EX):
                os.close(fd)
                time.sleep(PAUSE)
                continue
            if _still_there(fd, path):
                _write_holder(fd, program)
                return cls(path, fd)
            os.close(fd)  # its holder released and removed it meanwhile: take the new one
        raise InUse(what, holder(path) or Holder(None, "hoard process"))

    def release(self) -> None:
        if self.fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()  # while still held: nobody can take a removed file
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def holder(path: str | os.PathLike) -> Holder | None:
    """Who holds the lock at `path` now, or None when no live process does."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None  # no lock file: nobody holds it
    try:
        if _try_flock(fd, fcntl.LOCK_SH):
            return None  # closing the file lets go of the look
        return _read_holder(fd)
    finally:
        os.close(fd)


def journal_lock_path(journal: str | os.PathLike) -> Path:
    journal = Path(journal)
    return journal.with_name(journal.name + LOCK_SUFFIX)


def lock_journal(journal: str | os.PathLike, what: str, program: str) -> Lock:
    return Lock.take(journal_lock_path(journal), what, program)


def journal_holder(journal: str | os.PathLike) -> Holder | None:
    return holder(journal_lock_path(journal))


def lock_identity(folder: str | os.PathLike, what: str, program: str) -> Lock:
    return Lock.take(Path(folder) / IDENTITY_LOCK, what, program)


def _try_flock(fd: int, kind: int) -> bool:
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:  # a file system without locks (some network mounts)
        log.warning("cannot lock files here (%s): a second process is not kept out", exc)
    return True


def _still_there(fd: int, path: Path) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _write_holder(fd: int, program: str) -> None:
    os.ftruncate(fd, 0)
    os.pwrite(fd, json.dumps({"pid": os.getpid(), "program": program}).encode(), 0)


def _read_holder(fd: int) -> Holder:
    try:
        data = json.loads(os.pread(fd, 4096, 0) or b"{}")
        pid = data.get("pid")
        return Holder(pid if isinstance(pid, int) else None,
                      str(data.get("program") or "hoard process"))
    except (OSError, ValueError, AttributeError):
        return Holder(None, "hoard process")  # caught between its creation and its pid
