"""How a node finds the table and stays in touch with it.

Discovery adverts (net.finding.discovery) say where a table is; dialling connects to it; a peer
missing from the mesh is redialled (net.table.liveness.Backoff) at the address it last proved
in a hello, else the one in its lobby join, else — when no peer is reachable at all —
at every address known for the table. A laptop whose address changes (a Wi-Fi reconnect)
advertises the new one and says it in its hellos; a restarted peer listens again on the
port the table knows for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass

from net.finding.discovery import (
    LOBBY_STATE,
    PLAYING_STATE,
    Advert,
    Discovery,
    DiscoveryUnavailable,
    Ignored,
    advertised_addresses,
    interface_address,
)
from net.peer.events import Finished, NodeOptions, Notice, TableIgnored, TableSeen
from net.table.liveness import Backoff
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire.identity import Identity
from net.wire.mesh import Conn

log = logging.getLogger("hoard.net")
DIAL_WAIT = 2.0  # how long a dialled peer has to say hello
LOOPBACK = "127.0.0.1"  # what a computer with no network address is reached at
ADDRESS_CHECK = 2.0  # how often a peer looks whether its own address changed
FALLBACK = "seed"  # the redial key of "any peer of the table"

Address = tuple[str, int]


@dataclass(frozen=True)
class LinksPorts:
    """What the links reach of their peer and its mesh, and nothing more."""

    identity: Identity  # this peer, as its adverts name it
    options: NodeOptions  # the interface and the port asked for
    watching: bool  # this peer is a spectator: it links to one peer, and never listens
    table: Callable[[], bytes | None]  # the table's id, once known
    lobby: Callable[[], Lobby | None]  # the lobby, once joined
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    finished: Callable[[], Finished | None]  # the end, once the game finished
    discovery: Callable[[], Discovery | None]  # zeroconf, where the network lets it
    emit: Callable[[object], None]  # tell the listener
    spawn: Callable[[Coroutine], asyncio.Task]  # run a task of this peer's
    dial: Callable[[str, int], Awaitable[Conn | None]]  # a link to a peer, once proven
    listen: Callable[[str, int], Awaitable[int]]  # listen on an address and a port
    relisten: Callable[[str, int], Awaitable[int]]  # listen on another port instead
    port: Callable[[], int]  # the port this peer listens on (0: none)
    peers_linked: Callable[[], bool]  # a live link to some peer of the table
    linked: Callable[[bytes], bool]  # a live link to this peer
    dialling: Callable[[Address], bool]  # a dial to this address is under way
    close_links: Callable[[], None]  # close every link (the others redial)


class Links:
    def __init__(self, ports: LinksPorts):
        self.ports = ports
        self.host = LOOPBACK  # the address this peer's hellos and adverts say first
        self.addresses: dict[bytes, Address] = {}  # where each peer proved its key
        self.seeds: list[Address] = []  # addresses to fall back on when all else fails
        self.backoff = Backoff()
        self._address_due = 0.0

    def bound(self) -> str | None:
        """The address of the one interface asked for, if any."""
        interface = self.ports.options.interface
        return interface_address(interface) if interface else None

    async def open(self) -> None:
        """Listen (a peer: a spectator never serves frames) and settle this peer's address."""
        bound = self.bound()
        if not self.ports.watching:
            await self.ports.listen(bound or "0.0.0.0", self.ports.options.port)
        self.host = advertised_addresses(bound)[0]

    async def connect_any(self, addresses: list[Address], timeout: float) -> bool:
        """Dial every one of `addresses` at once and keep the first that proves its key (a
        spectator then asks to watch from its next step); False if none did within
        `timeout`. **Decision:** at once, not in turn: a computer on two networks (a VPN,
        a Docker bridge) advertises both addresses, and a dial in turn waited out the
        silent one before trying the other. A peer keeps the other links it made (it links
        to every member anyway); a spectator watches through one link only, and keeps no
        other: a second, silent one would count as a live link when the watched peer goes,
        and it would never redial."""
        ports = self.ports
        deadline = time.monotonic() + timeout
        dials = [asyncio.ensure_future(ports.dial(host, port))
                 for host, port in dict.fromkeys(addresses)]
        kept = None
        try:
            while time.monotonic() < deadline and kept is None:
                conns = [d.result() for d in dials if d.done()]
                kept = next((c for c in conns if c is not None and c.key is not None
                             and not c.closed and ports.table() is not None), None)
                if kept is None and len(conns) == len(dials) and \
                        all(c is None or c.closed for c in conns):
                    return False  # every address refused, failed or hung up
                if kept is None:
                    await asyncio.sleep(0.01)
        finally:
            for dial in dials:
                dial.cancel()  # a dial still connecting is given up
                if ports.watching and dial.done() and not dial.cancelled() and \
                        (conn := dial.result()) is not None and conn is not kept:
                    conn.close()
        if kept is not None and ports.watching:
            replica = ports.replica()
            kept.send(["watch", replica.applied + 1 if replica else 0])
        return kept is not None

    def heard(self, key: bytes, host: str, port: int) -> None:
        """A peer proved its key and said where it listens."""
        self.addresses[key] = (host, port)
        self.backoff.forget(key)

    def unlink(self) -> None:
        """Close every link and forget where the peers were: this peer leaves the table."""
        self.ports.close_links()
        self.addresses.clear()

    def seed(self, addresses: list[Address]) -> None:
        """Where to fall back on when no peer is reachable: the table's known addresses."""
        self.seeds = list(addresses)

    # -- redialling --------------------------------------------------------------------
    def redial(self, now: float) -> None:
        ports = self.ports
        linked = ports.peers_linked()
        if ports.watching:
            if ports.finished() is None and not linked:
                self._dial(FALLBACK, self.fallback(), now)
            return
        for key, address in self._wanted().items():
            if not ports.linked(key) and not ports.dialling(address):
                self._dial(key, [address], now)  # none, or none delivering: a fresh one
        replica = ports.replica()
        if replica is not None and not linked and replica.order != (replica.me,):
            self._dial(FALLBACK, self.fallback(), now)

    def _wanted(self) -> dict[bytes, Address]:
        """Every other peer this one should be linked to, where it was last heard of."""
        replica, lobby = self.ports.replica(), self.ports.lobby()
        if replica is not None:
            keys = set(replica.humans.values())
        elif lobby is not None:
            keys = set(lobby.state().members)
        else:
            return {}
        keys.discard(self.ports.identity.public)
        members = lobby.state().members if lobby else {}
        found = {}
        for key in keys:
            address = self.addresses.get(key) or (
                (members[key].host, members[key].port) if key in members else None)
            if address is not None:
                found[key] = address
        return found

    def fallback(self) -> list[Address]:
        """Every address known for the table: its adverts, the seeds, its members'."""
        ports = self.ports
        discovery, table, lobby = ports.discovery(), ports.table(), ports.lobby()
        found = list(self.seeds)
        if discovery is not None and table is not None:
            listing = discovery.tables().get(table.hex())
            if listing is not None:
                found = list(listing.addresses) + found
        if lobby is not None:
            found += [(m.host, m.port) for k, m in lobby.state().members.items()
                      if k != ports.identity.public]
        return found

    def _dial(self, key, addresses: list[Address], now: float) -> None:
        if addresses and self.backoff.due(key, now):
            self.ports.spawn(self.connect_any(addresses, DIAL_WAIT))

    # -- this peer's own address -------------------------------------------------------
    def check_address(self, now: float) -> None:
        """A laptop that got a new address (a Wi-Fi reconnect) advertises it and says so in
        its hellos; it closes its links at once and redials every peer from the new address
        (the others send on the new link once the old one fails to deliver), not waiting
        for the mesh to find them silent."""
        ports = self.ports
        if ports.options.interface or ports.watching or now < self._address_due:
            return
        self._address_due = now + ADDRESS_CHECK
        host = advertised_addresses(None)[0]
        if host != self.host and host != LOOPBACK:  # no address for now: wait for the next
            ports.emit(Notice(f"this computer's address changed from {self.host} to {host}; "
                              "telling the table"))
            self.host = host
            self.advertise()
            # its links are bound to the old address: dead, though the others' ends still
            # look open; dial every peer afresh from the new one
            ports.close_links()
            self.backoff = Backoff()

    async def reclaim_port(self, port: int) -> None:
        """Listen again on the port the table knows for this peer, where it is free: two
        peers restarted at once each dial the other's port from before the crash."""
        ports = self.ports
        if ports.options.port or not port or port == ports.port():
            return
        with contextlib.suppress(OSError):
            await ports.relisten(self.bound() or "0.0.0.0", port)
            self.advertise()

    # -- discovery ---------------------------------------------------------------------
    def on_listing(self, kind: str, listing) -> None:
        self.ports.emit(TableSeen(kind, listing))

    def on_ignored(self, ignored: Ignored) -> None:
        """An advert this build does not use (another build's table, a stranger's noise)."""
        self.ports.emit(TableIgnored(ignored))

    def advertise(self) -> None:
        """Advertise the table as it is now: its lobby, or the game in play."""
        ports = self.ports
        discovery, lobby, replica = ports.discovery(), ports.lobby(), ports.replica()
        if discovery is None or ports.watching or lobby is None:
            return
        if replica is not None:
            start = replica.start
            name, game, taken, total, state = (start.name, start.game, len(start.seats),
                                               len(start.seats), PLAYING_STATE)
        else:
            held = lobby.state()
            if ports.identity.public not in held.members or not held.game:
                return
            name, game, taken, total, state = (held.name, held.game, held.taken,
                                               len(held.seats), LOBBY_STATE)
        hosts = advertised_addresses(self.bound())
        if self.host in hosts:  # the address its hellos say first
            hosts.insert(0, hosts.pop(hosts.index(self.host)))
        identity = ports.identity
        discovery.publish(Advert(ports.table().hex(), name, game, taken, total, state,
                                 tuple(hosts), ports.port(), identity.fingerprint,
                                 identity.name))

    async def discover(self) -> Discovery | None:
        """Browse and advertise with zeroconf, where the network lets it: on one with no
        multicast (an interface without it), tables are joined by address instead."""
        discovery = Discovery(self.ports.options.interface)
        try:
            await discovery.start()
        except DiscoveryUnavailable as exc:
            log.warning("no discovery: %s", exc)
            self.ports.emit(Notice(f"no discovery: {exc}; tables are joined by address"))
            return None
        discovery.browse(self.on_listing, self.on_ignored)
        return discovery
