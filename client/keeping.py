"""What a window keeps on disk for its table: the journal its node writes (one file a game,
under the state folder's `tables`) and the locks it holds while it plays (its identity, that
journal), so a second window never signs for the same seat nor writes the same file."""

from __future__ import annotations

import contextlib
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from client.settings import config_folder
from net.disk.journal import Journal
from net.disk.locks import WINDOW, Lock, lock_identity, lock_journal
from net.disk.private import private_folder

TABLES = "tables"  # the journals' folder, under the state folder


@dataclass
class Keeping:
    """One session's journal and locks, under the state `folder`."""

    folder: Path
    journal_path: Path | None = None
    resuming: bool = False  # opened on a journal: never deleted on closing, even if unread
    locks: dict[str, Lock] = field(default_factory=dict)  # "identity", "journal": held

    def resume(self, path: Path) -> Journal:
        """The journal of an unfinished game, whose seat this window takes back (InUse if
        another live process holds it or this identity; CorruptJournal if unreadable)."""
        self.resuming = True
        self.sit_down()
        self.journal_path = path
        return self._open_journal("this game")

    def new_journal(self) -> Journal:
        """A journal of its own for this table's game (History lists each game apart)."""
        tables = self.folder / TABLES
        private_folder(tables)
        # two sessions may open within one second: a random part keeps them apart
        self.journal_path = tables / (f"{time.strftime('%Y%m%d-%H%M%S')}-"
                                      f"{secrets.token_hex(4)}.journal")
        return self._open_journal("this table")

    def _open_journal(self, what: str) -> Journal:
        """The journal, held by this window while it plays (another window sees it open)."""
        self.locks["journal"] = lock_journal(self.journal_path, what, WINDOW)
        return Journal.open(self.journal_path)

    def sit_down(self) -> None:
        """Hold this identity before it takes a seat: InUse when another live process plays
        with it (the same seat signed from two processes is taken for cheating)."""
        if "identity" not in self.locks:
            self.locks["identity"] = lock_identity(config_folder(), "your player identity",
                                                   WINDOW)

    def following(self) -> Keeping:
        """The keeping of the table after this match (Play again): it holds the identity
        on, and this one lets it go."""
        return Keeping(self.folder, locks={"identity": self.locks.pop("identity")})

    def close(self, began: bool) -> None:
        """Let every lock go; the journal stays if a game `began` (or it was resumed)."""
        if self.journal_path is not None and not began and not self.resuming:
            with contextlib.suppress(OSError):  # no game began: nothing worth keeping
                self.journal_path.unlink()
        for lock in self.locks.values():
            lock.release()
        self.locks = {}
