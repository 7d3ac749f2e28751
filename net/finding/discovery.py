"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD).

Every member of a table advertises it as `_hoard._tcp.local.` under its own
instance name (table name + key fingerprint, unique by construction, so
registration skips mDNS probing and appears at once). The TXT record carries
the protocol version, table id, name, game, seats taken/total and
lobby/playing; the SRV/A records give the advertiser's TCP address. A table
stays visible as long as one of its members advertises it.

The browser merges advertisements by table id, reports tables as they appear,
change and vanish, and lists (with the reason) advertisements it ignores,
such as those of another protocol version.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass, replace

import ifaddr
from zeroconf import DNSQuestionType, InterfaceChoice, IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.errors import BadAddress
from net.wire.frames import PROTOCOL

log = logging.getLogger("hoard.net")
SERVICE = "_hoard._tcp.local."
LOBBY_STATE, PLAYING_STATE = "lobby", "playing"
INFO_TIMEOUT_MS = 3000


@dataclass(frozen=True, slots=True)
class Advert:
    """One member's advertisement of a table."""

    table: str  # hex table id
    name: str
    game: str
    taken: int
    total: int
    state: str
    host: str
    port: int
    member: str  # the advertiser's key fingerprint

    def txt(self) -> dict[str, str]:
        return {"v": str(PROTOCOL), "id": self.table, "name": self.name, "game": self.game,
                "seats": f"{self.taken}/{self.total}", "state": self.state, "fp": self.member}

    @property
    def instance(self) -> str:
        slug = re.sub(r"[^A-Za-z0-9-]+", "-", self.name).strip("-")[:40] or "table"
        return f"{slug}-{self.member}"


@dataclass(frozen=True, slots=True)
class Listing:
    """A table as the browser sees it, merged over everyone advertising it."""

    table: str
    name: str
    game: str
    taken: int
    total: int
    state: str
    addresses: tuple[tuple[str, int], ...]

    def line(self) -> str:
        return (f"{self.name} [{self.game}] {self.taken}/{self.total} {self.state} "
                f"(id {self.table[:8]}) at " + ", ".join(f"{h}:{p}" for h, p in self.addresses))


def parse_advert(properties: dict, host: str, port: int) -> Advert:
    """An Advert from TXT properties; ValueError with the reason it is ignored."""
    txt = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes)
                                                       else v or "")
           for k, v in properties.items()}
    if txt.get("v") != str(PROTOCOL):
        raise ValueError(f"protocol version {txt.get('v') or 'missing'} "
                         f"(this build speaks {PROTOCOL})")
    try:
        taken, total = (int(n) for n in txt["seats"].split("/"))
        table = txt["id"]
        bytes.fromhex(table)
    except (KeyError, ValueError):
        raise ValueError("malformed TXT record") from None
    if txt.get("state") not in (LOBBY_STATE, PLAYING_STATE):
        raise ValueError(f"unknown table state {txt.get('state')!r}")
    return Advert(table, txt.get("name", ""), txt.get("game", ""), taken, total, txt["state"],
                  host, port, txt.get("fp", ""))


def interface_address(interface: str) -> str:
    """The IPv4 address to bind for `interface`: an address already, or an interface name."""
    try:
        socket.inet_aton(interface)
        return interface
    except OSError:
        pass
    for adapter in ifaddr.get_adapters():
        if adapter.nice_name == interface:
            for ip in adapter.ips:
                if isinstance(ip.ip, str):
                    return ip.ip
    raise BadAddress(f"no IPv4 interface or address {interface!r}")


def advertised_addresses(bound: str | None) -> list[str]:
    if bound:
        return [bound]
    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return found or ["127.0.0.1"]


class Discovery:
    """One zeroconf instance, bound to one interface when asked, for one peer."""

    def __init__(self, interface: str | None = None):
        self.address = interface_address(interface) if interface else None
        self.zc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self.browser: AsyncServiceBrowser | None = None
        self.adverts: dict[str, Advert] = {}  # instance name -> advert
        self.ignored: dict[str, str] = {}  # instance name -> reason
        self.on_change: Callable[[str, Listing], None] | None = None
        self.on_ignored: Callable[[str, str], None] | None = None
        self._tasks: set[asyncio.Task] = set()
        self._wanted: Advert | None = None
        self._published: Advert | None = None
        self._publisher: asyncio.Task | None = None

    async def start(self) -> None:
        interfaces = [self.address] if self.address else InterfaceChoice.Default
        self.zc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        await self.zc.zeroconf.async_wait_for_start()

    # -- advertising ---------------------------------------------------------------
    def publish(self, advert: Advert) -> None:
        """Advertise `advert` soon; quick successive changes collapse into the latest."""
        self._wanted = advert
        if self._publisher is None or self._publisher.done():
            self._publisher = asyncio.get_running_loop().create_task(self._publish())

    async def _publish(self) -> None:
        while self._wanted != self._published:
            advert = self._wanted
            await self.advertise(advert)
            self._published = advert

    async def advertise(self, advert: Advert) -> None:
        """Advertise (or update) this peer's listing of its table."""
        assert self.zc is not None
        info = AsyncServiceInfo(
            SERVICE, f"{advert.instance}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in advertised_addresses(self.address)],
            port=advert.port, properties=advert.txt(),
            server=f"hoard-{advert.member}-{advert.port}.local.",
        )
        # each call returns the announcements it goes on sending in the background: wait for
        # them, or an older listing's last announcements ("2 of 4 seats") land after a newer
        # one's and the other lobbies keep the older one (mDNS caches it for 75 minutes)
        if self.info is not None and self.info.name == info.name:
            self.info = info
            await (await self.zc.async_update_service(info))
            return
        await self.withdraw()
        self.info = info
        await (await self.zc.async_register_service(info, cooperating_responders=True))

    async def withdraw(self) -> None:
        if self.zc is not None and self.info is not None:
            info, self.info = self.info, None
            goodbyes = await self.zc.async_unregister_service(info)
            await goodbyes  # let the goodbye packets out before the socket closes

    # -- browsing --------------------------------------------------------------------
    def browse(self, on_change: Callable[[str, Listing], None] | None = None,
               on_ignored: Callable[[str, str], None] | None = None) -> None:
        """Watch for tables; `on_change(kind, listing)` for appeared/changed/vanished,
        `on_ignored(instance, reason)` for advertisements this build cannot use."""
        assert self.zc is not None
        self.on_change, self.on_ignored = on_change, on_ignored
        # multicast answers (QM): with unicast (QU) ones, several peers on one host share
        # port 5353 and the kernel hands each reply to just one of them
        self.browser = AsyncServiceBrowser(self.zc.zeroconf, SERVICE,
                                           handlers=[self._state_change],
                                           question_type=DNSQuestionType.QM)

    def tables(self) -> dict[str, Listing]:
        merged: dict[str, Listing] = {}
        for advert in self.adverts.values():
            here = ((advert.host, advert.port),)
            seen = merged.get(advert.table)
            if seen is None:
                merged[advert.table] = Listing(advert.table, advert.name, advert.game,
                                               advert.taken, advert.total, advert.state, here)
            else:
                state = PLAYING_STATE if PLAYING_STATE in (seen.state, advert.state) else seen.state
                merged[advert.table] = replace(seen, taken=max(seen.taken, advert.taken),
                                               state=state, addresses=seen.addresses + here)
        return merged

    def _state_change(self, zeroconf, service_type: str, name: str,
                      state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self._drop(name)
            return
        task = asyncio.get_running_loop().create_task(self._resolve(service_type, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        info = AsyncServiceInfo(service_type, name)
        if self.zc is None or not await info.async_request(self.zc.zeroconf, INFO_TIMEOUT_MS,
                                                           DNSQuestionType.QM):
            return
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses or info.port is None:
            return
        try:
            advert = parse_advert(info.properties or {}, addresses[0], info.port)
        except ValueError as exc:
            instance = name.removesuffix("." + SERVICE)
            if self.ignored.get(instance) != str(exc):
                log.info("ignoring table %s: %s", instance, exc)
                if self.on_ignored is not None:
                    self.on_ignored(instance, str(exc))
            self.ignored[instance] = str(exc)
            self._drop(name)
            return
        self.ignored.pop(name.removesuffix("." + SERVICE), None)
        before = self.tables().get(advert.table)
        self.adverts[name] = advert
        self._notify("appeared" if before is None else "changed", advert.table)

    def _drop(self, name: str) -> None:
        advert = self.adverts.pop(name, None)
        if advert is not None:
            kind = "vanished" if advert.table not in self.tables() else "changed"
            self._notify(kind, advert.table, fallback=advert)

    def _notify(self, kind: str, table: str, fallback: Advert | None = None) -> None:
        if self.on_change is None:
            return
        listing = self.tables().get(table)
        if listing is None and fallback is not None:
            listing = Listing(table, fallback.name, fallback.game, fallback.taken,
                              fallback.total, fallback.state, ())
        if listing is not None:
            self.on_change(kind, listing)

    async def close(self) -> None:
        for task in [*self._tasks, self._publisher]:
            if task is not None:
                task.cancel()
        if self.browser is not None:
            await self.browser.async_cancel()
        if self.zc is not None:
            await self.withdraw()
            await self.zc.async_close()
            self.zc = None
