"""A node restarted from its journal (the writes are net.peer.scribe's).

Secrets first: the replayed frames remake each deck from its journaled seed, so the
node sends byte-identical messages to those it sent before the crash. Then every
record is re-verified and re-applied, silently (the scribe is `reading_back`, so
nothing is written again or told: the steps are told again with the game's start, for
the story so far), and the node dials where the table was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from net.errors import BadFrame, CorruptJournal, TableFault
from net.peer.events import Finished, GameStarted, Notice
from net.peer.links import Address
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire.frames import LOBBY, Record, decode


@dataclass(frozen=True)
class ResumePorts:
    """What reading a journal back reaches of its peer, and nothing more."""

    me: bytes  # this peer's key: a journal of another identity is refused
    watching: bool  # this peer is a spectator (it listens on no port)
    keep_secrets: Callable[[list[Any]], None]  # chance secrets, for the replica to be made
    reading_back: Callable[[], AbstractContextManager]  # nothing read is written or told
    set_table: Callable[[bytes, str], None]  # the table this peer is at
    accept: Callable[[Record, None], None]  # a lobby record (net.peer.membership)
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    apply_ready: Callable[[], None]  # apply every step whose frames are in
    lobby: Callable[[], Lobby | None]  # the lobby, once joined
    table: Callable[[], bytes]  # the table's id
    name: Callable[[], str]  # the table's name
    finished: Callable[[], Finished | None]  # the end, if the game finished
    seed: Callable[[list[Address]], None]  # where to dial when no peer is reachable
    reclaim_port: Callable[[int], object]  # listen again on the port the table knows (a task)
    waits_from: Callable[[float], None]  # this peer's frame is waited on from then
    tell_untold: Callable[[], None]  # say that this peer is away, if it is
    choose: Callable[[], None]  # its bots choose their next actions
    emit: Callable[[object], None]  # tell the listener
    read_back: Callable[[], tuple]  # the steps applied while reading back (once)


def resume(ports: ResumePorts, entries: list[list]) -> bool:
    """Rebuild a peer from a journal's entries; False if the journal holds no table."""
    if not entries:
        return False
    head = entries[0]
    if len(head) != 4 or head[0] != "table" or not isinstance(head[1], bytes):
        raise CorruptJournal("the journal does not start with its table")
    if head[3] != ports.me:
        raise CorruptJournal("the journal belongs to another identity (--config-dir?)")
    ports.keep_secrets([entry[1] for entry in entries
                        if entry[0] == "secret" and len(entry) == 2])
    with ports.reading_back():
        ports.set_table(head[1], head[2])
        for entry in entries[1:]:
            if entry[0] == "record" and len(entry) == 2:
                _replay(ports, entry[1])
    _resumed(ports)
    return True


def _replay(ports: ResumePorts, raw: bytes) -> None:
    try:
        record = decode(raw)
        if record.kind == LOBBY:
            ports.accept(record, None)
        elif (replica := ports.replica()) is not None:
            replica.offer_any(record)
            ports.apply_ready()
    except (BadFrame, TableFault) as exc:
        raise CorruptJournal(f"the journal holds a record that fails its checks: {exc}"
                             ) from None


def _resumed(ports: ResumePorts) -> None:
    """After the journal was read back: dial where the table was, and say where it is."""
    members = ports.lobby().state().members
    ports.seed([(m.host, m.port) for m in members.values()])
    own = members.get(ports.me)
    if own is not None and not ports.watching:
        ports.reclaim_port(own.port)
    ports.waits_from(time.monotonic())  # a frame sent before the crash waits from now
    replica = ports.replica()
    applied = replica.applied if replica else -1
    ports.emit(Notice(f"resumed table {ports.name()} (id {ports.table().hex()[:8]}) from the "
                      f"journal at step {applied}"))
    if replica is not None:
        ports.emit(GameStarted(replica.start, replica.me, applied, ports.read_back()))
        ports.tell_untold()
        finished = ports.finished()
        if finished is not None:
            ports.emit(finished)
        else:
            ports.choose()
