"""A game read back from a peer's journal: a summary for the history list, and its steps
again, for the replay viewer and for the offer to resume.

Nothing here touches the network. A summary reads only the lobby records (verified) and
the step numbers of the frames, so listing a folder of journals stays quick; a replay
verifies every frame and runs the engine and the deck again, as a restart does, and keeps
what a window would have been told after each step that changed something.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

import msgpack

from net.disk.journal import read_readable
from net.disk.locks import Holder, journal_holder
from net.errors import BadFrame, CorruptJournal, TableFault
from net.face.bridge import ViewUpdate, view_update
from net.peer.events import Finished, StepApplied, finished_of
from net.table.framestore import marks_leaving
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire.frames import LOBBY, QUIET, STEP, decode
from net.wire.start import StartConfig

JOURNAL_SUFFIX = ".journal"


@dataclass(frozen=True)
class Summary:
    """One journal as the history list shows it."""

    path: Path
    name: str
    played: float  # when the journal was last written (seconds since the epoch)
    start: StartConfig | None  # None: the table never started a game
    seat: int | None  # this peer's seat
    steps: int  # the last step it holds
    finished: bool
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    left: bool = False  # this peer handed its seat on, or ended its table: nothing to resume
    damaged: str = ""  # why the journal fails its check past what was read ("": it does not)
    in_use: Holder | None = None  # the live process playing it now, if any

    @property
    def kept(self) -> bool:
        """An unfinished game whose seat this peer kept, to come back to."""
        return self.start is not None and not self.finished and not self.left \
            and self.seat is not None and not self.damaged

    @property
    def returnable(self) -> bool:
        """An unfinished game whose seat this peer handed on when it left: it may come
        back to it while the table plays on (net.peer.returns), at the next hand."""
        return self.start is not None and not self.finished and self.left \
            and self.seat is not None and not self.damaged

    @property
    def resumable(self) -> bool:
        return self.kept and self.in_use is None

    def when(self) -> str:
        return time.strftime("%a %d %b %H:%M", time.localtime(self.played))


def summarize(path: Path) -> Summary:
    """What a journal holds, quickly: CorruptJournal when it is not one of ours. A journal
    that fails its check further on is summed up as far as it reads, marked `damaged`."""
    entries, problem = read_readable(path)
    if problem and not entries:
        raise CorruptJournal(problem)
    summary = _summary(path, entries)
    return replace(summary, damaged=problem, in_use=journal_holder(path))


def unreadable(path: Path, problem: str) -> Summary:
    """A journal of which nothing can be read: still listed, as damaged."""
    return Summary(path, path.stem, path.stat().st_mtime, None, None, -1, False,
                   damaged=problem)


def _summary(path: Path, entries: list[list]) -> Summary:
    if not entries or entries[0][0] != "table" or len(entries[0]) != 4:
        raise CorruptJournal(f"journal {path.name} does not start with its table")
    _, table, name, me = entries[0]
    lobby = Lobby(table)
    steps, left, done = -1, False, None
    for entry in entries[1:]:
        if entry[0] == "done":
            done = entry
        left = left or entry[0] == "left"  # a frame of its own after it: it came back
        if entry[0] != "record" or len(entry) != 2:
            continue
        fields = _fields(entry[1])
        if fields[0] == LOBBY:
            _fold(lobby, entry[1])
        elif fields[0] == STEP:
            steps = max(steps, fields[3])
            left = _leaving(fields[5]) if fields[6] == me else left
    start = lobby.start()
    seat = None if start is None else start.seat_of(me)
    scores, winners = (tuple(done[2]), tuple(done[3])) if done and len(done) >= 4 else ((), ())
    return Summary(path, name, path.stat().st_mtime, start, seat, steps, done is not None,
                   scores, winners, left)


def journals(folder: Path) -> list[Summary]:
    """Every journal in `folder` that holds a table, the newest first; one that fails its
    check is listed as damaged (with what could be read), never left out."""
    found = []
    for path in folder.glob(f"*{JOURNAL_SUFFIX}") if folder.is_dir() else ():
        try:
            found.append(summarize(path))
        except (CorruptJournal, OSError, BadFrame, ValueError, TypeError, IndexError) as exc:
            if _size(path):  # an empty one is a window's lobby that never began
                found.append(unreadable(path, str(exc)))
    return sorted(found, key=lambda s: s.played, reverse=True)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # deleted while listed


@dataclass(frozen=True)
class Moment:
    """What a window is told at one step: the step's news, then the view after it."""

    applied: StepApplied
    view: ViewUpdate


@dataclass(frozen=True)
class Replay:
    moments: tuple[Moment, ...]
    finished: Finished | None  # None: the journal ends before the match did


def replay(path: Path, own_view: bool) -> Replay:
    """Every step of a journal's game again, verified, from the public view or (own_view)
    this peer's seat's, as far as the journal reads (a damaged one stops at its damage).
    CorruptJournal when a record fails its checks."""
    entries, _ = read_readable(path)
    summary = _summary(path, entries)
    if summary.start is None:
        raise CorruptJournal(f"journal {path.name} holds no game, only a lobby")
    seat = summary.seat if own_view else None
    secrets = [e[1] for e in entries if e[0] == "secret" and len(e) == 2] if own_view else []
    replica = Replica(summary.start, seat, secrets=secrets)
    try:
        records = [decode(e[1]) for e in entries if e[0] == "record" and len(e) == 2]
    except BadFrame as exc:
        raise CorruptJournal(f"journal {path.name}: a record fails its checks: {exc}") from None
    frames = sorted((r for r in records if r.kind in (STEP, QUIET)),
                    key=lambda r: (r.step, r.kind, r.seat))
    moments: list[Moment] = []
    try:
        for record in frames:
            if record.step > replica.applied + 1:
                _apply_ready(replica, moments)
            replica.offer_any(record)
        _apply_ready(replica, moments)
    except (BadFrame, TableFault) as exc:
        raise CorruptJournal(f"journal {path.name}: a record fails its checks: {exc}") from None
    return Replay(tuple(moments), finished_of(replica) if replica.finished else None)


def _apply_ready(replica: Replica, moments: list[Moment]) -> None:
    while replica.ready():
        done = replica.apply_next()
        if done.entries or done.takeback or not moments:
            moments.append(Moment(StepApplied(done), view_update(replica, replica.me)))


def _fields(raw: bytes) -> list:
    fields = msgpack.unpackb(raw, raw=False, use_list=True, max_ext_len=0)
    if not isinstance(fields, list) or len(fields) != 8:
        raise CorruptJournal("a journal record is not a record")
    return fields


def _fold(lobby: Lobby, raw: bytes) -> None:
    try:
        lobby.add(decode(raw))
    except BadFrame as exc:
        raise CorruptJournal(f"a journaled lobby record fails its checks: {exc}") from None


def _leaving(body: bytes) -> bool:
    payload = msgpack.unpackb(body, raw=False, use_list=False)
    return isinstance(payload, tuple) and marks_leaving(payload)
