"""What a stranger wrote, made safe to show, and an advert read as the claim it is.

Anyone on the LAN can publish a `_hoard._tcp` advert with any TXT record, and every byte
of it used to reach a terminal, a log line or the window: `hoard peer --list` printed an
ANSI escape from a table's name raw (its newline forged a whole fake line), listed tables
at 0.0.0.0 and 224.0.0.251 with seats "-5/4", and a bad record raised in the listener.

**Decision:** an advert is parsed once, here, into a typed and bounded `Advert` (every TXT
field checked: the protocol, a table id of the right size, a known game with seats in its
range, a printable bounded name, a port 1 to 65535, usable unicast addresses), or it is
refused with a `BadAdvert` saying why; the browser then ignores it with one log line and
counts it. Everything else a stranger wrote that is ever shown (an instance name, a
reason quoting a field) passes the one sanitiser, `shown`.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from engine.errors import UnknownGame
from engine.registry import get_game
from net.errors import NetError
from net.wire.frames import PROTOCOL, TABLE_ID_SIZE
from net.wire.greeting import THIS, Greeting
from net.wire.identity import MAX_NAME
from net.wire.shown import shown

LOBBY_STATE, PLAYING_STATE = "lobby", "playing"
MAX_TXT_VALUE = 255  # bytes: one DNS TXT string
MAX_ADDRESSES = 16  # addresses one advert may list
FINGERPRINT_HEX = 8  # net.wire.identity.fingerprint: 4 bytes
UNKNOWN = "unknown"  # the app version of a build that does not say it (before 0.1.0)
VERSION_TEXT = re.compile(r"[0-9A-Za-z.+-]{1,32}")


APP_VERSION = THIS.app


class BadAdvert(NetError):
    """An advert this build cannot use; the message says why, in words safe to show."""


class OtherBuild(BadAdvert):
    """An advert of another protocol version: still told, with whose build and which."""

    def __init__(self, protocol: int, app: str, who: str, name: str):
        self.protocol, self.app, self.who, self.name = protocol, app, who, name
        super().__init__(f"protocol version {protocol} (this build speaks {PROTOCOL})")


def printable_name(text: str) -> bool:
    return 0 < len(text) <= MAX_NAME and text.isprintable() and text == text.strip()


@dataclass(frozen=True, slots=True)
class Advert:
    """One member's advertisement of a table: every field checked (`read_advert`)."""

    table: str  # hex table id
    name: str
    game: str
    taken: int
    total: int
    state: str
    hosts: tuple[str, ...]  # every address it is advertised at
    port: int
    member: str  # the advertiser's key fingerprint
    who: str = ""  # the advertiser's display name
    app: str = APP_VERSION

    def txt(self) -> dict[str, str]:
        return {"v": str(PROTOCOL), "app": self.app, "id": self.table, "name": self.name,
                "game": self.game, "seats": f"{self.taken}/{self.total}",
                "state": self.state, "fp": self.member, "who": self.who}

    @property
    def instance(self) -> str:
        slug = re.sub(r"[^A-Za-z0-9-]+", "-", self.name).strip("-")[:40] or "table"
        return f"{slug}-{self.member}"

    @property
    def addresses(self) -> tuple[tuple[str, int], ...]:
        return tuple((host, self.port) for host in self.hosts)


def read_txt(properties: dict) -> dict[str, str]:
    """TXT properties as text, every key and value bounded UTF-8 (BadAdvert otherwise)."""
    txt = {}
    for key, value in properties.items():
        try:
            key = key.decode() if isinstance(key, bytes) else str(key)
            value = value.decode() if isinstance(value, bytes) else (value or "")
        except UnicodeDecodeError:
            raise BadAdvert("a TXT field is not UTF-8 text") from None
        if len(key.encode()) + len(value.encode()) >= MAX_TXT_VALUE:
            raise BadAdvert(f"TXT field {shown(key, 16)!r} is too long")
        txt[key] = value
    return txt


def read_advert(properties: dict, hosts: list[str], port: int | None,
                loopback_ok: bool) -> Advert:
    """The Advert that TXT `properties`, `hosts` and `port` claim; BadAdvert saying why
    it cannot be used (OtherBuild for another protocol version)."""
    txt = read_txt(properties)
    protocol = _protocol(txt.get("v"))
    if protocol != PROTOCOL:
        who, name = txt.get("who", ""), txt.get("name", "")
        raise OtherBuild(protocol, _version(txt.get("app")),
                         who if printable_name(who) else "", shown(name, MAX_NAME))
    name = txt.get("name", "")
    if not printable_name(name):
        raise BadAdvert(f"table name {shown(name, MAX_NAME)!r} is not a line of at most "
                        f"{MAX_NAME} printable characters")
    game, taken, total = _seats(txt.get("game", ""), txt.get("seats", ""))
    state = txt.get("state")
    if state not in (LOBBY_STATE, PLAYING_STATE):
        raise BadAdvert(f"unknown table state {shown(state, 16)!r}")
    who = txt.get("who", "")
    return Advert(_table_id(txt.get("id", "")), name, game, taken, total, state,
                  usable_hosts(hosts, loopback_ok), _port(port), _fingerprint(txt.get("fp")),
                  who if printable_name(who) else "", _version(txt.get("app")))


def _protocol(text: str | None) -> int:
    if text is None or not text.isdigit() or len(text) > 6:
        raise BadAdvert(f"protocol version {shown(text or 'missing', 16)!r} is not a number")
    return int(text)


def _version(text: str | None) -> str:
    """An app version as told; "unknown" for a build too old to say or one that says junk."""
    return text if text and VERSION_TEXT.fullmatch(text) else UNKNOWN


def _table_id(text: str) -> str:
    if len(text) != 2 * TABLE_ID_SIZE or not re.fullmatch(r"[0-9a-f]+", text):
        raise BadAdvert(f"table id {shown(text, 40)!r} is not {2 * TABLE_ID_SIZE} hex digits")
    return text


def _fingerprint(text: str | None) -> str:
    if text is None or not re.fullmatch(rf"[0-9a-f]{{{FINGERPRINT_HEX}}}", text):
        raise BadAdvert(f"member fingerprint {shown(text or 'missing', 16)!r} is not "
                        f"{FINGERPRINT_HEX} hex digits")
    return text


def _seats(game_id: str, seats: str) -> tuple[str, int, int]:
    try:
        game = get_game(game_id)
    except UnknownGame:
        raise BadAdvert(f"unknown game {shown(game_id, 16)!r}") from None
    found = re.fullmatch(r"(\d{1,2})/(\d{1,2})", seats)
    taken, total = (int(found[1]), int(found[2])) if found else (-1, -1)
    if not (game.min_seats <= total <= game.max_seats and 0 <= taken <= total):
        raise BadAdvert(f"seats {shown(seats, 16)!r} do not fit {game.id} "
                        f"({game.min_seats} to {game.max_seats} seats)")
    return game.id, taken, total


def _port(port: int | None) -> int:
    if port is None or not 1 <= port <= 65535:
        raise BadAdvert(f"port {port} is not 1 to 65535")
    return port


def usable(host: str, loopback_ok: bool) -> bool:
    """Can a peer be dialled at `host`: one unicast IPv4 address (loopback only for a
    browser on loopback itself, as in a test's namespace)?"""
    try:
        address = ipaddress.IPv4Address(host)
    except ValueError:
        return False
    return not (address.is_unspecified or address.is_multicast or address.is_reserved
                or address == ipaddress.IPv4Address("255.255.255.255")
                or (address.is_loopback and not loopback_ok))


def usable_hosts(hosts: list[str], loopback_ok: bool) -> tuple[str, ...]:
    found = tuple(dict.fromkeys(h for h in hosts[:MAX_ADDRESSES] if usable(h, loopback_ok)))
    if not found:
        listed = ", ".join(shown(h, 40) for h in hosts[:4]) or "none"
        raise BadAdvert(f"no usable address (listed: {listed})")
    return found


def version_words(theirs_app: str, theirs_protocol: int, name: str) -> str:
    """Why this build and the one `name` runs cannot play together (an advert of another
    version here): the greeting's words, which the hello of another version says too."""
    app = "" if theirs_app == UNKNOWN else theirs_app
    return Greeting(theirs_protocol, app).words(name)


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
    keys: tuple[str, ...] = ()  # the advertisers' key fingerprints: who must answer there
    reachable: bool = True  # False once a try found nobody of those keys at any address
    proven: bool = True  # False while no member of a lobby has answered yet (being dialled)

    def line(self) -> str:
        where = ", ".join(f"{h}:{p}" for h, p in self.addresses)
        return (f"{self.name} [{self.game}] {self.taken}/{self.total} {self.state} "
                f"(id {self.table[:8]}) at {where}" + ("" if self.reachable else
                                                       " (not reachable)"))


@dataclass(frozen=True, slots=True)
class Ignored:
    """An advert this build does not use: where it came from and why, all safe to show;
    for another build's table, whose build it is (`version_words`)."""

    instance: str
    source: str
    reason: str
    name: str = ""  # the table's name, from another build
    who: str = ""
    app: str = ""
    protocol: int | None = None

    @property
    def other_build(self) -> bool:
        return self.protocol is not None

    def words(self) -> str:
        """Why it cannot be joined: for another build, whose hoard should be updated."""
        if self.other_build:
            return version_words(self.app, self.protocol, self.who)
        return self.reason

    def line(self) -> str:
        """One line for a terminal or a log: which advert, from where, why."""
        said = f"{self.reason}: {self.words()}" if self.other_build else self.reason
        return f"{self.instance} (from {self.source}): {said}"


def ignored_of(instance: str, hosts: list[str], port: int | None, exc: BadAdvert) -> Ignored:
    source = ", ".join(shown(h, 40) for h in hosts[:4]) or "no address"
    instance = shown(instance, 60)
    if isinstance(exc, OtherBuild):
        return Ignored(instance, f"{source} port {port}", str(exc), exc.name, exc.who,
                       exc.app, exc.protocol)
    return Ignored(instance, f"{source} port {port}", str(exc))
