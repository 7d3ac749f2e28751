"""The lobby side of a node: which table it is at, and the signed lobby records.

Lobby records (net.table.lobby) are flooded: each one taken here is journaled, passed on to
every other peer and folded into the lobby, which the node's listener is shown. This
peer's own ops wait until its join is signed, so they are ordered after it (a
non-member's op would be skipped by everyone). When the lobby holds a start the node
begins the game; from then on the lobby is settled and a late record changes nothing.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from net.errors import BadFrame
from net.peer.events import LobbyChanged, Notice
from net.peer.links import DIAL_WAIT, Address
from net.table.lobby import Lobby, Op, op_named
from net.table.lockstep import Replica
from net.wire.frames import LOBBY, TABLE_ID_SIZE, Record, sign
from net.wire.identity import Identity
from net.wire.mesh import Conn
from net.wire.start import StartConfig

JOIN_PATIENCE = 20.0  # seconds a join by address keeps dialling an address that is silent
JOIN_RETRY = 0.3  # pause between two tries


@dataclass(frozen=True)
class MembershipPorts:
    """What the lobby side reaches of its peer, and nothing more."""

    identity: Identity
    watching: bool  # a spectator's node: it watches, never joins
    where: Callable[[], tuple[str, int]]  # where this peer listens (host, port)
    replica: Callable[[], Replica | None]  # the game, once it started
    emit: Callable[[object], None]  # tell the listener
    begin: Callable[[StartConfig], None]  # the lobby holds a start: the game begins
    journal_table: Callable[[bytes, str], None]  # the journal starts with this table
    journal_lobby: Callable[[Record, bool], None]  # a lobby record (own?), journaled
    journal_restart: Callable[[], None]  # the journal starts afresh (another table)
    replaying: Callable[[], bool]  # the journal is being read back
    seeds: Callable[[list[Address]], None]  # addresses to fall back on (net.peer.links)
    connect: Callable[[list[Address], float], Awaitable[bool]]  # dial until one proves
    refused: Callable[[], set[Address]]  # addresses where nothing listens
    end_links: Callable[[], Awaitable[None]]  # end every link after what is queued on it
    unlink: Callable[[], None]  # close every link and forget where peers were
    advertise: Callable[[], None]  # advertise the table as it is now
    broadcast: Callable[..., None]  # a message to every linked peer (exclude= one)
    poke_spectators: Callable[[], None]  # the spectators are sent what is new
    rejoining: Callable[[], None]  # frames, its own too, come back from the others


class Membership:
    def __init__(self, ports: MembershipPorts):
        self.ports = ports
        self.table: bytes | None = None
        self.name = ""
        self.lobby: Lobby | None = None
        self.log: list[Record] = []  # every lobby record taken, in the order taken
        self._deferred: list[tuple[str, tuple]] = []  # own ops waiting for own join
        self._in = False  # this peer means to be a member (it signed a join, no leave since)
        #: the lobbies of tables this peer left, should it come back (table -> lobby, log)
        self._left: dict[bytes, tuple[Lobby, list[Record]]] = {}

    def set_table(self, table: bytes, name: str) -> None:
        """Be at `table`. **Decision:** a table this peer left and comes back to (a race on
        a lossy Wi-Fi sends it away and back) keeps the lobby it had: its records there go on
        where they stopped. A fresh count signed a second record numbered like its first join,
        which the members refuse as an equivocation, and its old leave, arriving after its
        new join, left it a member to nobody."""
        self.table, self.name = table, name
        self.lobby, self.log = self._left.pop(table, (Lobby(table), []))
        self.ports.journal_table(table, name)
        for record in self.log:
            self.ports.journal_lobby(record, True)

    def forget(self) -> None:
        """Leave this table (its lobby is kept, should the node come back): it moves on."""
        if self.table is not None and self.lobby is not None:
            self._left[self.table] = (self.lobby, self.log)
        self.table, self.lobby, self.log, self._deferred = None, None, [], []
        self._in = False

    # -- which table -------------------------------------------------------------------
    def create(self, name: str, game: str, seats: int, options: dict[str, Any],
               table: bytes | None = None) -> None:
        """A new table with this peer as its first member; `table`, its id when every
        member computes it (a match played again, net.wire.start.successor), else random."""
        host, port = self.ports.where()
        self.set_table(table or os.urandom(TABLE_ID_SIZE), name)
        self.op(Op.JOIN, self.ports.identity.name, host, port)
        self.op(Op.CONFIG, name, game, seats, tuple(sorted(options.items())))
        self.ports.emit(Notice(f"created table {name} (id {self.table.hex()[:8]}) at "
                               f"{host}:{port}"))

    async def join(self, addresses: list[Address], table: bytes | None = None,
                   name: str = "", timeout: float = JOIN_PATIENCE) -> bool:
        """Join (or, as a spectator, watch) the table at one of `addresses`, trying again
        until `timeout` while they do not answer (a lossy Wi-Fi loses SYNs and hellos);
        False at once when every one refuses (nothing listens there).

        Its id is learnt from the first hello when not given.
        """
        ports = self.ports
        if table is not None and table != self.table:
            self.set_table(table, name)
        ports.seeds(list(addresses))
        deadline = time.monotonic() + timeout
        while not await ports.connect(addresses, deadline - time.monotonic()):
            if time.monotonic() >= deadline or set(addresses) <= ports.refused():
                return False
            await asyncio.sleep(JOIN_RETRY)
        if not ports.watching and not self.is_member():
            self.op(Op.JOIN, ports.identity.name, *ports.where())
        verb = "watching" if ports.watching else "joined"
        ports.emit(Notice(f"{verb} table {self.name or '?'} (id {self.table.hex()[:8]})"))
        return True

    async def rejoin(self, addresses: list[Address], table: bytes, name: str) -> bool:
        """Take this peer's seat back at a table in play when its journal was lost: the
        lobby and every frame, its own too, come from the others (net.peer.rejoin)."""
        ports = self.ports
        self.set_table(table, name)
        ports.seeds(list(addresses))
        ports.rejoining()
        if not await ports.connect(addresses, DIAL_WAIT):
            return False
        ports.emit(Notice(f"rejoining table {name} (id {table.hex()[:8]}), in play: this peer "
                          "has no journal of it, so it takes its frames back from the others"))
        return True

    async def move(self, table: bytes) -> None:
        """Leave this lobby for another table of the same name (two peers created it at
        once); net.finding.entry.get_in then dials it. **Decision:** the move itself dials nobody:
        a join's own patience (JOIN_PATIENCE, for a silent address) kept a peer 20 s at the
        door of a table whose members had just moved on, while discovery already showed
        where they went."""
        await self.leave_table()
        self.set_table(table, self.name)

    async def leave_table(self) -> None:
        """Leave this lobby (if in it) and forget the table, to join or create another."""
        if self.lobby is not None and self.is_member():
            self.op(Op.LEAVE)
            await self.ports.end_links()  # the leave reaches every member before they part
        self.ports.unlink()
        self.ports.journal_restart()
        self.forget()  # keeps the name: the table moved to is the same table

    def is_member(self) -> bool:
        return self.ports.identity.public in self.lobby.state().members

    def op(self, op: Op | str, *args) -> None:
        """Sign and share one lobby record of this peer's (nothing once the game started);
        UnknownOp for a name no op has."""
        op, identity = op_named(op), self.ports.identity
        if self.ports.replica() is not None:
            return
        if self.lobby is None or (op is not Op.JOIN and not self.is_member()):
            self._deferred.append((op, args))
            return
        record = sign(identity, LOBBY, self.table, -1, self.lobby.next_seq(identity.public),
                      b"", [self.lobby.clock() + 1, op, *args])
        self._in = op is not Op.LEAVE and (self._in or op is Op.JOIN)
        self.accept(record, None)
        if op is Op.JOIN:
            deferred, self._deferred = self._deferred, []
            for op, args in deferred:
                self.op(op, *args)

    def accept(self, record: Record, source: Conn | None) -> bool:
        """Take a lobby record, this peer's own (`source` None) or one from `source`;
        False if it was already held, or came after the start."""
        ports = self.ports
        if ports.replica() is not None and not ports.replaying():
            self._late(record)
            return False
        if not self.lobby.add(record):
            return False
        self.log.append(record)
        ports.journal_lobby(record, source is None)
        if source is None:
            ports.broadcast(["rec", record.raw])
        else:
            ports.broadcast(["relay", record.raw], exclude=source)
        state = self.lobby.state()
        if self._in and not self.is_member() and not ports.replaying():
            # its own leave, signed before it came back, was folded after its join: it
            # joins again (ordered after everything it holds)
            self.op(Op.JOIN, ports.identity.name, *ports.where())
            return True
        self.name = state.name or self.name
        ports.poke_spectators()
        ports.emit(LobbyChanged(state.snapshot()))
        if ports.replica() is None and (start := self.lobby.start()) is not None:
            ports.begin(start)
        else:
            ports.advertise()
        return True

    def _late(self, record: Record) -> None:
        """Once the game started the lobby is settled: a lobby record now changes nothing,
        so it is neither kept, journaled nor passed on. A member's (sent before it saw the
        start) is let go quietly; a stranger's is counted."""
        key = (record.signer, record.step)
        if key not in self.lobby.records and record.signer not in self.lobby.state().members:
            raise BadFrame("late-lobby", "a lobby record after the start")
