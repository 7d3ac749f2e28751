"""Every journal write of a node, in one place (the format is net.disk.journal's).

What to write, and when to make it durable, follows one rule: nothing this peer signed
may be lost or signed again differently after a crash. So its lobby records and its own
frames, with the secrets they depend on, are fsynced before they leave; others' records
and frames are only flushed, since they can be fetched again. Two states change what is written:

- `replaying`: the journal is being read back (resume); nothing read is written again.
- `adopting`: a peer that lost its journal takes its own frames back from the others
  (net.peer.rejoin); until it signs a frame itself, its own frames are written like anyone's.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from net.disk.journal import Journal
from net.table.lockstep import Replica
from net.wire.frames import Record


class Scribe:
    def __init__(self, journal: Journal | None):
        self.journal = journal
        self.replaying = False
        self.adopting = False

    @contextlib.contextmanager
    def reading_back(self) -> Iterator[None]:
        """While the journal's own entries are replayed into the node."""
        self.replaying = True
        try:
            yield
        finally:
            self.replaying = False

    @property
    def _writing(self) -> bool:
        return self.journal is not None and not self.replaying

    def table(self, table: bytes, name: str, key: bytes) -> None:
        if self._writing:
            self.journal.append("table", table, name, key)
            self.journal.sync()

    def lobby(self, record: Record, own: bool = True) -> None:
        """A lobby record: this peer's own fsynced before it leaves; another's only flushed
        (it can be fetched again, and the fsync before this peer's next record covers it).
        Four peers gathering each fsynced every other's join, sit and vote: ~10 waits on
        the disk a peer, each holding its loop before it relayed the record on."""
        if self._writing:
            self.journal.append("record", record.raw)
            if own:
                self.journal.sync()
            else:
                self.journal.flush()

    def step(self, replica: Replica) -> None:
        """The frames of the step just applied; this peer's own is written when signed,
        unless it was adopted from the others."""
        if self._writing:
            for record in replica.records_at(replica.applied):
                if record.seat != replica.me or self.adopting:
                    self.journal.append("record", record.raw)

    def steps_done(self) -> None:
        """After a batch of applied steps: written through to the OS, not fsynced —
        others' frames can be fetched again, and the fsync before our next frame covers
        them anyway."""
        if self._writing:
            self.journal.flush()

    def adopt(self) -> None:
        """This peer's own frames come back from the others (it lost its journal, or it
        rebuilt): write them like anyone's, until it signs a frame itself."""
        self.adopting = True

    def own_frame(self, record: Record, secret: Any) -> None:
        """A frame this peer signed, with the secret it depends on, durable before it is
        sent: never sign two different frames for one step, even after a crash."""
        self.adopting = False  # from now on this process signs its own frames
        if self.journal is not None:
            if secret is not None:
                self.journal.append("secret", secret)
            self.journal.append("record", record.raw)
            self.journal.sync()

    def secret(self, secret: Any) -> None:
        """Secrets kept when the journal starts afresh (net.peer.returns)."""
        if self._writing:
            self.journal.append("secret", secret)
            self.journal.sync()

    def own_vote(self, record: Record) -> None:
        """A vote to play on without a quiet seat, durable before it is sent: a restarted
        peer must keep refusing that seat's frame for that step."""
        if self._writing:
            self.journal.append("record", record.raw)
            self.journal.sync()

    def done(self, final_hash: str, scores: list[int], winners: list[int]) -> None:
        if self._writing:
            self.journal.append("done", final_hash, scores, winners)
            self.journal.sync()

    def left(self, step: int) -> None:
        """This seat left: it is not kept, so there is nothing to resume."""
        if self.journal is not None:
            self.journal.append("left", step)
            self.journal.sync()

    def restart(self) -> None:
        """The peer moved to another table: the journal starts afresh."""
        if self.journal is not None:
            self.journal.restart()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
