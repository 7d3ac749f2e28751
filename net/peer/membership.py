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
from typing import Any

from net.errors import BadFrame
from net.peer.events import LobbyChanged, Notice
from net.peer.links import DIAL_WAIT, Address
from net.peer.rejoin import Rejoin
from net.table.lobby import Lobby
from net.wire.frames import LOBBY, TABLE_ID_SIZE, Record, sign
from net.wire.mesh import Conn

JOIN_PATIENCE = 20.0  # seconds a join by address keeps dialling an address that is silent
JOIN_RETRY = 0.3  # pause between two tries


class Membership:
    def __init__(self, node):
        self.node = node
        self.table: bytes | None = None
        self.name = ""
        self.lobby: Lobby | None = None
        self.log: list[Record] = []  # every lobby record taken, in the order taken
        self._deferred: list[tuple[str, tuple]] = []  # own ops waiting for own join

    def set_table(self, table: bytes, name: str) -> None:
        self.table, self.name = table, name
        self.lobby = Lobby(table)
        self.node.scribe.table(table, name, self.node.identity.public)

    def forget(self) -> None:
        """Leave no trace of this table: the node moves to another."""
        self.table, self.lobby, self.log, self._deferred = None, None, [], []

    # -- which table -------------------------------------------------------------------
    def create(self, name: str, game: str, seats: int, options: dict[str, Any]) -> None:
        """A new table with this peer as its first member."""
        node = self.node
        self.set_table(os.urandom(TABLE_ID_SIZE), name)
        self.op("join", node.identity.name, node.host, node.mesh.port)
        self.op("config", name, game, seats, tuple(sorted(options.items())))
        node.emit(Notice(f"created table {name} (id {self.table.hex()[:8]}) at "
                         f"{node.host}:{node.mesh.port}"))

    async def join(self, addresses: list[Address], table: bytes | None = None,
                   name: str = "", timeout: float = JOIN_PATIENCE) -> bool:
        """Join (or, as a spectator, watch) the table at one of `addresses`, trying again
        until `timeout` while they do not answer (a lossy Wi-Fi loses SYNs and hellos);
        False at once when every one refuses (nothing listens there).

        Its id is learnt from the first hello when not given.
        """
        node = self.node
        if table is not None and table != self.table:
            self.set_table(table, name)
        node.links.seeds = list(addresses)
        deadline = time.monotonic() + timeout
        while not await node.links.connect_any(addresses, deadline - time.monotonic()):
            if time.monotonic() >= deadline or set(addresses) <= node.mesh.refused:
                return False
            await asyncio.sleep(JOIN_RETRY)
        if node.role == "peer" and not self.is_member():
            self.op("join", node.identity.name, node.host, node.mesh.port)
        verb = "joined" if node.role == "peer" else "watching"
        node.emit(Notice(f"{verb} table {self.name or '?'} (id {self.table.hex()[:8]})"))
        return True

    async def rejoin(self, addresses: list[Address], table: bytes, name: str) -> bool:
        """Take this peer's seat back at a table in play when its journal was lost: the
        lobby and every frame, its own too, come from the others (net.peer.rejoin)."""
        node = self.node
        self.set_table(table, name)
        node.links.seeds = list(addresses)
        node.stepper.rejoining, node.scribe.adopting = Rejoin(), True
        node.stepper.sent_at = time.monotonic()  # a frame of its own from before waits from now
        if not await node.links.connect_any(addresses, DIAL_WAIT):
            return False
        node.emit(Notice(f"rejoining table {name} (id {table.hex()[:8]}), in play: this peer "
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
        node = self.node
        if self.lobby is not None and self.is_member():
            self.op("leave")
            await asyncio.sleep(0.05)
        for conn in list(node.mesh.conns):
            conn.close()
        node.scribe.restart()
        self.forget()  # keeps the name: the table moved to is the same table
        node.links.forget()

    def is_member(self) -> bool:
        return self.node.identity.public in self.lobby.state().members

    def op(self, op: str, *args) -> None:
        """Sign and share one lobby record of this peer's (nothing once the game started)."""
        node = self.node
        if node.replica is not None:
            return
        if self.lobby is None or (op != "join" and not self.is_member()):
            self._deferred.append((op, args))
            return
        me = node.identity.public
        record = sign(node.identity, LOBBY, self.table, -1, self.lobby.next_seq(me), b"",
                      [self.lobby.clock() + 1, op, *args])
        self.accept(record, None)
        if op == "join":
            deferred, self._deferred = self._deferred, []
            for op, args in deferred:
                self.op(op, *args)

    def accept(self, record: Record, source: Conn | None) -> bool:
        """Take a lobby record, this peer's own (`source` None) or one from `source`;
        False if it was already held, or came after the start."""
        node = self.node
        if node.replica is not None and not node.scribe.replaying:
            self._late(record)
            return False
        if not self.lobby.add(record):
            return False
        self.log.append(record)
        node.scribe.lobby(record)
        if source is None:
            node.mesh.broadcast(["rec", record.raw])
        else:
            node.mesh.broadcast(["relay", record.raw], exclude=source)
        state = self.lobby.state()
        self.name = state.name or self.name
        node.spectators.poke()
        node.emit(LobbyChanged(state))
        if node.replica is None and (start := self.lobby.start()) is not None:
            node.begin(start)
        else:
            node.links.advertise()
        return True

    def _late(self, record: Record) -> None:
        """Once the game started the lobby is settled: a lobby record now changes nothing,
        so it is neither kept, journaled nor passed on. A member's (sent before it saw the
        start) is let go quietly; a stranger's is counted."""
        key = (record.signer, record.step)
        if key not in self.lobby.records and record.signer not in self.lobby.state().members:
            raise BadFrame("late-lobby", "a lobby record after the start")
