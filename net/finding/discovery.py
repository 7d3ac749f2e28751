"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD).

Every member of a table advertises it as `_hoard._tcp.local.` under its own
instance name (table name + key fingerprint, unique by construction, so
registration skips mDNS probing and appears at once). The TXT record carries
the protocol and app versions, table id, name, game, seats taken/total,
lobby/playing and the advertiser (net.finding.claims, docs/net.md); the SRV/A
records give the advertiser's TCP port and every usable address of its computer.
A table stays visible as long as one of its members advertises it.

The browser merges advertisements by table id, reports tables as they appear,
change and vanish, and reports (with where from and why) advertisements it ignores:
each is read as a claim (net.finding.claims) and one that does not hold is counted,
logged once and told, never raised.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import replace

import ifaddr
from zeroconf import DNSQuestionType, InterfaceChoice, IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.errors import BadAddress, NetError
from net.finding.claims import (
    LOBBY_STATE,
    PLAYING_STATE,
    Advert,
    BadAdvert,
    Ignored,
    Listing,
    ignored_of,
    read_advert,
)
from net.finding.records import claims
from net.wire import greeting, stream
from net.wire.identity import fingerprint
from net.wire.shown import shown

log = logging.getLogger("hoard.net")
SERVICE = "_hoard._tcp.local."
MDNS_PORT = 5353
IFF_MULTICAST, SIOCGIFFLAGS = 0x1000, 0x8913  # linux/if.h, linux/sockios.h
INFO_TIMEOUT_MS = 3000
PROBE = 1.5  # how long an address of a table has to say its hello (one lost SYN resent)
MAX_ADVERTS = 256  # adverts a browser holds: a flood beyond is ignored, counted
MAX_IGNORED = 64  # ignored adverts remembered (to say each once)
MAX_VERDICTS = 256  # claims whose dialling is remembered
REPROBE = 5.0  # seconds a claim whose key did not answer is disbelieved before a new try
__all__ = ["LOBBY_STATE", "PLAYING_STATE", "Advert", "Discovery", "DiscoveryUnavailable",
           "Ignored", "Listing", "advertised_addresses", "answers", "interface_address",
           "table_at"]


class DiscoveryUnavailable(NetError):
    """Zeroconf cannot start on this computer; the message says why, in words."""


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
    """The addresses this peer is advertised at: the one bound, else every usable IPv4
    address of this computer (a second network that others cannot reach is among them:
    they dial all and keep the one that answers), else loopback."""
    if bound:
        return [bound]
    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return found or ["127.0.0.1"]


async def answers(host: str, port: int, table: str, keys: tuple[str, ...]) -> bool:
    """Does a member of `table` listen at host:port (`table_at` names that table)?"""
    return await table_at(host, port, keys) == table


async def table_at(host: str, port: int, keys: tuple[str, ...]) -> str | None:
    """The table (id, hex) that the peer at host:port names in its hello, when its first
    words are this build's greeting (net.wire.greeting) and the hello is signed by one of
    `keys`; None when nothing such answers. (Read, then hung up: the peer counts nothing
    against a connection that closes before its hello.) Only a hello is read, never
    answered: the peer's own handshake proves the key once a join dials it."""
    try:
        async with asyncio.timeout(PROBE):
            reader, writer = await asyncio.open_connection(host, port)
    except (OSError, TimeoutError):
        return None
    try:
        async with asyncio.timeout(PROBE):
            greeted = greeting.read(stream.decode(await stream.read_body(reader)))
        async with asyncio.timeout(PROBE):
            hello = stream.decode(await stream.read_body(reader))
    except (OSError, TimeoutError, stream.Closed, NetError):
        return None
    finally:
        writer.close()
    if (greeted.protocol == greeting.THIS.protocol and len(hello) > 5 and hello[0] == "hello"
            and isinstance(hello[1], bytes) and isinstance(hello[5], bytes)
            and fingerprint(hello[5]) in keys):
        return hello[1].hex()
    return None


def _tried(listing: Listing) -> tuple:
    return frozenset(listing.addresses), listing.taken


def multicast_addresses() -> list[str]:
    """The usable addresses whose interface carries multicast, for zeroconf: on an interface
    flagged without it, adverts sent there on purpose would go out regardless."""
    return [ip.ip for adapter in ifaddr.get_adapters() if _carries_multicast(adapter.name)
            for ip in adapter.ips if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]


def _carries_multicast(interface: str) -> bool:
    """The interface's MULTICAST flag, asked of the kernel (SIOCGIFFLAGS: this network
    namespace's, where /sys may show another's); True where it cannot be asked."""
    try:
        import fcntl  # POSIX only
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            answer = fcntl.ioctl(sock, SIOCGIFFLAGS, struct.pack("256s", interface.encode()))
    except (ImportError, OSError, ValueError):
        return True  # not told: try it
    return bool(struct.unpack_from("H", answer, 16)[0] & IFF_MULTICAST)


class Verdicts:
    """What dialling found of adverts' claims: a claim whose key answered is believed from
    then on; one whose key did not is disbelieved for REPROBE seconds, then tried again (a
    member may have been busy). At most MAX_VERDICTS are kept, the oldest forgotten."""

    def __init__(self) -> None:
        self._found: dict[tuple, tuple[bool, float]] = {}

    def of(self, advert: Advert, now: float) -> bool | None:
        found = self._found.get(self.claim(advert))
        if found is None or (not found[0] and now - found[1] > REPROBE):
            return None
        return found[0]

    def note(self, advert: Advert, answered: bool, now: float) -> None:
        claim = self.claim(advert)
        self._found.pop(claim, None)
        self._found[claim] = (answered, now)
        while len(self._found) > MAX_VERDICTS:
            del self._found[next(iter(self._found))]

    @staticmethod
    def claim(advert: Advert) -> tuple:
        """What dialling can prove of an advert: its key answers for its table there (not
        its seats: of two adverts that claim the same, zeroconf's own reading is believed)."""
        return advert.member, advert.table, advert.addresses


class Discovery:
    """One zeroconf instance for one peer: on the one interface asked for, else on every
    interface with a usable address."""

    def __init__(self, interface: str | None = None):
        self.address = interface_address(interface) if interface else None
        # a browser that is itself on loopback only (a test's namespace) takes loopback
        # adverts; anywhere else 127.0.0.1 in an advert is a stranger's lie
        self.on_loopback = all(ipaddress.IPv4Address(a).is_loopback
                               for a in advertised_addresses(self.address))
        self.zc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self.browser: AsyncServiceBrowser | None = None
        self.adverts: dict[str, Advert] = {}  # instance name -> advert
        self.ignored: dict[str, Ignored] = {}  # instance name -> why (the latest MAX_IGNORED)
        self.refused = 0  # adverts ignored, counted
        # table id -> (addresses, seats taken) it was tried at and did not answer: it stays
        # "not reachable" until its adverts change (a member more, a new address)
        self.unreachable: dict[str, tuple] = {}
        self.verdicts = Verdicts()  # what dialling adverts' keys found of their claims
        self.on_change: Callable[[str, Listing], None] | None = None
        self.on_ignored: Callable[[Ignored], None] | None = None
        self._tasks: set[asyncio.Task] = set()
        self._wanted: Advert | None = None
        self._published: Advert | None = None
        self._publisher: asyncio.Task | None = None

    async def start(self) -> None:
        """Start zeroconf; DiscoveryUnavailable saying why it cannot."""
        # none that carries multicast (a loopback-only test namespace, a LAN without it):
        # the OS's default interface, as zeroconf chooses it, and it fails there if it must
        interfaces = [self.address] if self.address else \
            multicast_addresses() or InterfaceChoice.Default
        zeroconf_log = logging.getLogger("zeroconf")
        level = zeroconf_log.level
        zeroconf_log.setLevel(logging.CRITICAL)  # a failure is said once, below, in words
        try:
            self.zc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
            await self.zc.zeroconf.async_wait_for_start()
        except OSError as exc:
            await self.close()
            if exc.errno == errno.EADDRINUSE:
                raise DiscoveryUnavailable(
                    f"another mDNS responder on this computer holds UDP port {MDNS_PORT} for "
                    "itself (avahi-daemon with disallow-other-stacks=yes?)") from None
            raise DiscoveryUnavailable(f"no multicast on this network ({exc})") from None
        finally:
            zeroconf_log.setLevel(level)

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
            addresses=[socket.inet_aton(a) for a in advert.hosts],
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
               on_ignored: Callable[[Ignored], None] | None = None) -> None:
        """Watch for tables; `on_change(kind, listing)` for appeared/changed/vanished,
        `on_ignored(ignored)` for advertisements this build does not use."""
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
            seen = merged.get(advert.table)
            if seen is None:
                merged[advert.table] = Listing(advert.table, advert.name, advert.game,
                                               advert.taken, advert.total, advert.state,
                                               advert.addresses, (advert.member,))
            else:
                state = PLAYING_STATE if PLAYING_STATE in (seen.state, advert.state) else seen.state
                more = tuple(a for a in advert.addresses if a not in seen.addresses)
                merged[advert.table] = replace(seen, taken=max(seen.taken, advert.taken),
                                               state=state, addresses=seen.addresses + more,
                                               keys=(*seen.keys, advert.member))
        now = time.monotonic()
        proven = {a.table for a in self.adverts.values() if self.verdicts.of(a, now)}
        for table, listing in merged.items():
            if self.unreachable.get(table) == _tried(listing):
                merged[table] = replace(listing, reachable=False)
            elif listing.state == LOBBY_STATE and table not in proven:
                merged[table] = replace(listing, proven=False)
        return merged

    def not_reachable(self, table: str) -> None:
        """A try at `table` found nobody of its keys at any of its addresses: no chooser
        picks it again until its adverts change."""
        listing = self.tables().get(table)
        if listing is not None:
            log.info("table %s (id %s) did not answer at %s", listing.name, table[:8],
                     listing.addresses)
            self.unreachable[table] = _tried(listing)
            self._notify("changed", table)  # listed as "not reachable" from now on

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
        instance = name.removesuffix("." + SERVICE)
        adverts, refusal = [], None
        for properties, hosts, port in claims(self.zc.zeroconf.cache, service_type, name, info,
                                              info.parsed_addresses(IPVersion.V4Only)):
            try:
                adverts.append(self._read(name, instance, properties, hosts, port))
            except BadAdvert as exc:
                refusal = ignored_of(instance, hosts, port, exc)
        if not adverts:
            self._ignore(name, refusal)
            return
        advert = await self._believed(name, adverts)
        if advert is None:
            return
        self.ignored.pop(name, None)
        before = self.tables().get(advert.table)
        self.adverts[name] = advert
        self._notify("appeared" if before is None else "changed", advert.table)
        self._prove_later(advert)

    def _prove_later(self, advert: Advert) -> None:
        """Dial a lobby's member once when its claim is new: a ghost (a stranger's stale
        advert, a table whose computer left) is listed "not reachable" before anyone picks
        it, sorted last and never joined, instead of costing whoever clicks it a try. Until
        a member answers, the lobby is listed as not proven yet (the window: "checking…")."""
        if self._wanted is not None and advert.member == self._wanted.member:
            self.verdicts.note(advert, True, time.monotonic())  # this peer's own table
            return
        if advert.state != LOBBY_STATE or self.verdicts.of(advert, time.monotonic()) is not None:
            return
        task = asyncio.get_running_loop().create_task(self._prove(advert))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _prove(self, advert: Advert) -> None:
        if await self._dial(advert, list(advert.addresses)) is not None:
            self._notify("changed", advert.table)  # proven: it can be joined now
            return
        now = time.monotonic()
        claims = [a for a in self.adverts.values() if a.table == advert.table]
        if claims and all(self.verdicts.of(a, now) is False for a in claims):
            self.not_reachable(advert.table)  # nobody of that table answers anywhere

    def _read(self, name: str, instance: str, properties: dict, hosts: list[str],
              port: int) -> Advert:
        """One claim as an Advert; BadAdvert if it does not hold."""
        advert = read_advert(properties, hosts, port, self.on_loopback)
        if not instance.endswith("-" + advert.member):
            raise BadAdvert("its instance name is not its member's (it ends in the "
                            "member's key fingerprint)")
        if name not in self.adverts and len(self.adverts) >= MAX_ADVERTS:
            raise BadAdvert(f"more than {MAX_ADVERTS} adverts on this network")
        return advert

    async def _believed(self, name: str, adverts: list[Advert]) -> Advert | None:
        """The advert to believe of those claimed under `name`, if any. A member's advert
        that names another table, or moves to a new address, is believed only once the
        member's key answers for that table there: a stranger re-using its instance name
        (anyone can publish any name) replaced a real member's address with its own, or put
        its own table's id at the member's address. Several claims under one name at once
        are such a stranger's beside the member's: only one whose key answers is believed."""
        old = self.adverts.get(name)
        first: dict[tuple, Advert] = {}  # of adverts claiming the same, the lookup's reading
        for advert in adverts:
            first.setdefault(Verdicts.claim(advert), advert)
        adverts = list(first.values())
        if len(adverts) == 1 and old is None:
            return adverts[0]
        doubts = [(a, a.addresses if len(adverts) > 1 or a.table != old.table else
                   [x for x in a.addresses if x not in old.addresses]) for a in adverts]
        if len(doubts) == 1 and not doubts[0][1]:
            return adverts[0]
        advert = await self._judge(doubts)
        if advert is not None:
            return advert
        self.refused += 1
        log.info("not believing %s at %s: its key does not answer there", shown(name, 60),
                 "; ".join(f"table {a.table[:8]} at {', '.join(f'{h}:{p}' for h, p in where)}"
                           for a, where in doubts))
        return None

    async def _judge(self, doubts: list[tuple[Advert, list]]) -> Advert | None:
        """The first advert whose key answers for its table at one of its doubted addresses,
        as soon as one does (a stranger's silent port must not hold up the member's proof:
        a newcomer browses for its table only so long). A claim judged lately is not dialled
        again: a stranger's records under a member's name are read anew at every change, and
        each dial would be one more half-open connection at the member's door."""
        now = time.monotonic()
        known = next((a for a, _ in doubts if self.verdicts.of(a, now)), None)
        if known is not None:
            return known
        fresh = [(a, where) for a, where in doubts if self.verdicts.of(a, now) is None]
        probes = [asyncio.ensure_future(self._dial(a, where)) for a, where in fresh]
        try:
            for done in asyncio.as_completed(probes):
                advert = await done
                if advert is not None:
                    return advert
        finally:
            for probe in probes:
                probe.cancel()
        return None

    async def _dial(self, advert: Advert, where: list) -> Advert | None:
        """`advert` if its key answers for its table at one of `where`, noted either way."""
        answered = await asyncio.gather(*(answers(host, port, advert.table, (advert.member,))
                                          for host, port in where))
        self.verdicts.note(advert, any(answered), time.monotonic())
        return advert if any(answered) else None

    def _ignore(self, name: str, ignored: Ignored) -> None:
        """One log line where from and why (once per instance and reason), counted."""
        self.refused += 1
        if self.ignored.get(name) != ignored:
            log.info("ignoring advert %s", ignored.line())
            if self.on_ignored is not None:
                self.on_ignored(ignored)
        self.ignored.pop(name, None)
        self.ignored[name] = ignored
        while len(self.ignored) > MAX_IGNORED:  # a flood: the oldest are forgotten
            del self.ignored[next(iter(self.ignored))]
        self._drop(name)

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
            self.browser = None
        if self.zc is not None:
            await self.withdraw()
            await self.zc.async_close()
            self.zc = None
