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
from net.peer.events import Notice, TableIgnored, TableSeen
from net.table.liveness import Backoff

log = logging.getLogger("hoard.net")
DIAL_WAIT = 2.0  # how long a dialled peer has to say hello
LOOPBACK = "127.0.0.1"  # what a computer with no network address is reached at
ADDRESS_CHECK = 2.0  # how often a peer looks whether its own address changed
FALLBACK = "seed"  # the redial key of "any peer of the table"

Address = tuple[str, int]


class Links:
    def __init__(self, node):
        self.node = node
        self.addresses: dict[bytes, Address] = {}  # where each peer proved its key
        self.seeds: list[Address] = []  # addresses to fall back on when all else fails
        self.backoff = Backoff()
        self._address_due = 0.0

    def bound(self) -> str | None:
        """The address of the one interface asked for, if any."""
        interface = self.node.options.interface
        return interface_address(interface) if interface else None

    async def connect_any(self, addresses: list[Address], timeout: float) -> bool:
        """Dial every one of `addresses` at once and keep the first that proves its key (a
        spectator then asks to watch from its next step); False if none did within
        `timeout`. **Decision:** at once, not in turn: a computer on two networks (a VPN,
        a Docker bridge) advertises both addresses, and a dial in turn waited out the
        silent one before trying the other. A peer keeps the other links it made (it links
        to every member anyway); a spectator watches through one link only, and keeps no
        other: a second, silent one would count as a live link when the watched peer goes,
        and it would never redial."""
        node = self.node
        deadline = time.monotonic() + timeout
        dials = [asyncio.ensure_future(node.mesh.dial(host, port))
                 for host, port in dict.fromkeys(addresses)]
        kept = None
        try:
            while time.monotonic() < deadline and kept is None:
                conns = [d.result() for d in dials if d.done()]
                kept = next((c for c in conns if c is not None and c.key is not None
                             and not c.closed and node.table is not None), None)
                if kept is None and len(conns) == len(dials) and \
                        all(c is None or c.closed for c in conns):
                    return False  # every address refused, failed or hung up
                if kept is None:
                    await asyncio.sleep(0.01)
        finally:
            for dial in dials:
                dial.cancel()  # a dial still connecting is given up
                if node.role == "spectator" and dial.done() and not dial.cancelled() and \
                        (conn := dial.result()) is not None and conn is not kept:
                    conn.close()
        if kept is not None and node.role == "spectator":
            kept.send(["watch", node.replica.applied + 1 if node.replica else 0])
        return kept is not None

    def heard(self, key: bytes, host: str, port: int) -> None:
        """A peer proved its key and said where it listens."""
        self.addresses[key] = (host, port)
        self.backoff.forget(key)

    def forget(self) -> None:
        self.addresses.clear()

    # -- redialling --------------------------------------------------------------------
    def redial(self, now: float) -> None:
        node = self.node
        linked = node.mesh.live("peer")
        if node.role == "spectator":
            if node.finished is None and not linked:
                self._dial(FALLBACK, self.fallback(), now)
            return
        for key, address in self._wanted().items():
            if not node.mesh.linked(key) and not node.mesh.dialling(address):
                self._dial(key, [address], now)  # none, or none delivering: a fresh one
        replica = node.replica
        if replica is not None and not linked and replica.order != (replica.me,):
            self._dial(FALLBACK, self.fallback(), now)

    def _wanted(self) -> dict[bytes, Address]:
        """Every other peer this one should be linked to, where it was last heard of."""
        node = self.node
        if node.replica is not None:
            keys = set(node.replica.humans.values())
        elif node.lobby is not None:
            keys = set(node.lobby.state().members)
        else:
            return {}
        keys.discard(node.identity.public)
        members = node.lobby.state().members if node.lobby else {}
        found = {}
        for key in keys:
            address = self.addresses.get(key) or (
                (members[key].host, members[key].port) if key in members else None)
            if address is not None:
                found[key] = address
        return found

    def fallback(self) -> list[Address]:
        """Every address known for the table: its adverts, the seeds, its members'."""
        node = self.node
        found = list(self.seeds)
        if node.discovery is not None and node.table is not None:
            listing = node.discovery.tables().get(node.table.hex())
            if listing is not None:
                found = list(listing.addresses) + found
        if node.lobby is not None:
            found += [(m.host, m.port) for k, m in node.lobby.state().members.items()
                      if k != node.identity.public]
        return found

    def _dial(self, key, addresses: list[Address], now: float) -> None:
        if addresses and self.backoff.due(key, now):
            self.node.spawn(self.connect_any(addresses, DIAL_WAIT))

    # -- this peer's own address -------------------------------------------------------
    def check_address(self, now: float) -> None:
        """A laptop that got a new address (a Wi-Fi reconnect) advertises it and says so in
        its hellos; it closes its links at once and redials every peer from the new address
        (the others send on the new link once the old one fails to deliver), not waiting
        for the mesh to find them silent."""
        node = self.node
        if node.options.interface or node.role != "peer" or now < self._address_due:
            return
        self._address_due = now + ADDRESS_CHECK
        host = advertised_addresses(None)[0]
        if host != node.host and host != LOOPBACK:  # no address for now: wait for the next
            node.emit(Notice(f"this computer's address changed from {node.host} to {host}; "
                             "telling the table"))
            node.host = host
            self.advertise()
            # its links are bound to the old address: dead, though the others' ends still
            # look open; dial every peer afresh from the new one
            for conn in list(node.mesh.conns):
                conn.close()
            self.backoff = Backoff()

    async def reclaim_port(self, port: int) -> None:
        """Listen again on the port the table knows for this peer, where it is free: two
        peers restarted at once each dial the other's port from before the crash."""
        node = self.node
        if node.options.port or not port or port == node.mesh.port:
            return
        with contextlib.suppress(OSError):
            await node.mesh.relisten(self.bound() or "0.0.0.0", port)
            self.advertise()

    # -- discovery ---------------------------------------------------------------------
    def on_listing(self, kind: str, listing) -> None:
        self.node.emit(TableSeen(kind, listing))

    def on_ignored(self, ignored: Ignored) -> None:
        """An advert this build does not use (another build's table, a stranger's noise)."""
        self.node.emit(TableIgnored(ignored))

    def advertise(self) -> None:
        """Advertise the table as it is now: its lobby, or the game in play."""
        node = self.node
        if node.discovery is None or node.role != "peer" or node.lobby is None:
            return
        if node.replica is not None:
            start = node.replica.start
            name, game, taken, total, state = (start.name, start.game, len(start.seats),
                                               len(start.seats), PLAYING_STATE)
        else:
            lobby = node.lobby.state()
            if node.identity.public not in lobby.members or not lobby.game:
                return
            name, game, taken, total, state = (lobby.name, lobby.game, lobby.taken,
                                               len(lobby.seats), LOBBY_STATE)
        hosts = advertised_addresses(self.bound())
        if node.host in hosts:  # the address its hellos say first
            hosts.insert(0, hosts.pop(hosts.index(node.host)))
        node.discovery.publish(Advert(node.table.hex(), name, game, taken, total, state,
                                      tuple(hosts), node.mesh.port, node.identity.fingerprint,
                                      node.identity.name))

    async def discover(self) -> Discovery | None:
        """Browse and advertise with zeroconf, where the network lets it: on one with no
        multicast (an interface without it), tables are joined by address instead."""
        discovery = Discovery(self.node.options.interface)
        try:
            await discovery.start()
        except DiscoveryUnavailable as exc:
            log.warning("no discovery: %s", exc)
            self.node.emit(Notice(f"no discovery: {exc}; tables are joined by address"))
            return None
        discovery.browse(self.on_listing, self.on_ignored)
        return discovery
