"""Table membership before the game, as signed, ordered records with no peer in charge.

Every member signs its own lobby records (join, leave, sit, stand, bot, unbot,
config, start). Each carries a Lamport clock; all records are folded in the
order (clock, author key, author sequence), so every peer holding the same
records computes the same lobby, whatever order they arrived in. A record
that makes no sense at its place in that order (a seat already taken, a
non-member acting) is skipped by everyone alike.

The game starts when every human seated in one proposal (game, options and
who sits where, see `StartConfig`) has signed a `start` vote for exactly that
proposal. Votes are self-certifying: anyone holding them, a spectator
included, can check the start without trusting the lobby's history. The
table belongs to no one: when its first peer leaves, the others carry it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgpack

from engine.bots import bot_kinds
from engine.errors import EngineError
from engine.registry import get_game
from net.errors import BadFrame
from net.frames import LOBBY, Record, digest
from net.identity import clean_name, fingerprint

OPS = {  # op -> argument types
    "join": (str, str, int),
    "leave": (),
    "sit": (int,),
    "stand": (),
    "bot": (int, str),
    "unbot": (int,),
    "config": (str, str, int, tuple),
    "start": (bytes,),
}
MAX_SEATS = 16


@dataclass(frozen=True, slots=True)
class Member:
    name: str
    host: str
    port: int


@dataclass(frozen=True, slots=True)
class Seat:
    """Who fills a seat: a human peer (its key) or a bot (its kind)."""

    key: bytes = b""
    name: str = ""
    bot: str = ""

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    def label(self) -> str:
        return f"bot({self.bot})" if self.bot else self.name


@dataclass(frozen=True, slots=True)
class StartConfig:
    """Everything a game starts from; its digest is what the seated humans vote for."""

    table: bytes
    name: str
    game: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[Seat, ...]

    def encode(self) -> bytes:
        seats = [[s.key, s.name, s.bot] for s in self.seats]
        return msgpack.packb([self.table, self.name, self.game, [list(o) for o in self.options],
                              seats], use_bin_type=True)

    @classmethod
    def decode(cls, blob: bytes) -> StartConfig:
        try:
            table, name, game, options, seats = msgpack.unpackb(blob, raw=False, use_list=False)
            parsed = cls(table, name, game, tuple((k, v) for k, v in options),
                         tuple(Seat(k, n, b) for k, n, b in seats))
        except Exception as exc:  # any shape error in a peer's proposal
            raise BadFrame("malformed", f"unreadable start proposal ({exc})") from None
        if not isinstance(table, bytes) or not all(isinstance(s.key, bytes) for s in parsed.seats):
            raise BadFrame("malformed", "unreadable start proposal")
        return parsed

    @property
    def digest(self) -> bytes:
        return digest(self.encode())

    @property
    def config(self) -> dict[str, Any]:
        return dict(self.options)

    def humans(self) -> dict[int, bytes]:
        return {i: s.key for i, s in enumerate(self.seats) if not s.is_bot}

    def bot_host(self) -> int:
        """Bot seats are played by the lowest human seat, and only by it."""
        return min(self.humans())

    def seat_of(self, key: bytes) -> int | None:
        return next((i for i, s in enumerate(self.seats) if not s.is_bot and s.key == key), None)


@dataclass
class LobbyState:
    name: str = ""
    game: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    seats: list[Seat | None] = field(default_factory=list)
    members: dict[bytes, Member] = field(default_factory=dict)

    def seat_of(self, key: bytes) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s and s.key == key), None)

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is None]

    @property
    def taken(self) -> int:
        return sum(1 for s in self.seats if s is not None)

    def proposal(self, table: bytes) -> StartConfig | None:
        """The start this lobby would vote for: every seat filled, at least one human."""
        if not self.game or not self.seats or None in self.seats:
            return None
        seats = tuple(self.seats)  # type: ignore[arg-type]
        if all(s.is_bot for s in seats):
            return None
        return StartConfig(table, self.name, self.game, self.options, seats)

    def describe(self) -> str:
        seats = ", ".join(f"{i}:{s.label() if s else '-'}" for i, s in enumerate(self.seats))
        return f"{self.name} [{self.game}] seats {seats}; {len(self.members)} member(s)"


def parse(record: Record) -> tuple[int, str, tuple]:
    """(clock, op, args) of a lobby record; BadFrame('malformed') if it is not one."""
    payload = record.payload()
    if not isinstance(payload, tuple) or len(payload) < 2:
        raise BadFrame("malformed", "a lobby record is [clock, op, args...]")
    clock, op, *args = payload
    types = OPS.get(op) if isinstance(op, str) else None
    if (types is None or not isinstance(clock, int) or isinstance(clock, bool) or clock < 0
            or len(args) != len(types)):
        raise BadFrame("malformed", f"unknown lobby op {op!r}")
    for value, kind in zip(args, types, strict=True):
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise BadFrame("malformed", f"lobby op {op} has a bad argument {value!r}")
    return clock, op, tuple(args)


class Lobby:
    """The lobby records of one table and what they add up to."""

    def __init__(self, table: bytes):
        self.table = table
        self.records: dict[tuple[bytes, int], tuple[int, str, tuple, Record]] = {}
        self._state: LobbyState | None = None

    def add(self, record: Record) -> bool:
        """Keep a verified lobby record. False if already held; BadFrame when it cannot be."""
        if record.kind != LOBBY or record.table != self.table or record.seat != -1:
            raise BadFrame("other-table", "not a lobby record of this table")
        key = (record.signer, record.step)
        held = self.records.get(key)
        if held is not None:
            if held[3].raw == record.raw:
                return False
            raise BadFrame("equivocation", f"{fingerprint(record.signer)} signed two lobby "
                           f"records numbered {record.step}")
        clock, op, args = parse(record)
        self.records[key] = (clock, op, args, record)
        self._state = None
        return True

    def ordered(self) -> list[Record]:
        return [entry[3] for _, entry in sorted(self.records.items(), key=_order)]

    def clock(self) -> int:
        return max((entry[0] for entry in self.records.values()), default=0)

    def next_seq(self, key: bytes) -> int:
        return sum(1 for signer, _ in self.records if signer == key)

    def state(self) -> LobbyState:
        if self._state is None:
            state = LobbyState()
            for (signer, _), (_, op, args, _) in sorted(self.records.items(), key=_order):
                _fold(state, signer, op, args)
            self._state = state
        return self._state

    def start(self) -> StartConfig | None:
        """The proposal every human seated in it has voted for, if there is one."""
        votes: dict[bytes, dict[bytes, int]] = {}  # proposal -> voter -> latest clock
        for (signer, _), (clock, op, args, _) in self.records.items():
            if op == "start":
                voters = votes.setdefault(args[0], {})
                voters[signer] = max(clock, voters.get(signer, 0))
        complete = []
        for blob, voters in votes.items():
            try:
                proposal = StartConfig.decode(blob)
            except BadFrame:
                continue
            humans = set(proposal.humans().values())
            if proposal.table == self.table and humans and humans <= set(voters):
                complete.append((max(voters[k] for k in humans), proposal.digest, proposal))
        return min(complete, key=lambda c: c[:2])[2] if complete else None

    def votes(self) -> list[Record]:
        return [entry[3] for entry in self.records.values() if entry[1] == "start"]


def _order(item):
    (signer, seq), (clock, *_rest) = item
    return (clock, signer, seq)


def _fold(state: LobbyState, key: bytes, op: str, args: tuple) -> None:
    if op == "join":
        name, host, port = args
        state.members[key] = Member(clean_name(name) or fingerprint(key), host, port)
        return
    if key not in state.members:
        return  # only members act
    if op == "leave":
        del state.members[key]
        _free(state, key)
    elif op == "stand":
        _free(state, key)
    elif op == "config":
        _configure(state, *args)
    elif op in ("sit", "bot", "unbot") and 0 <= args[0] < len(state.seats):
        _seat_op(state, key, op, args)


def _seat_op(state: LobbyState, key: bytes, op: str, args: tuple) -> None:
    seat = args[0]
    current = state.seats[seat]
    if op == "sit" and current is None:
        _free(state, key)
        state.seats[seat] = Seat(key, state.members[key].name)
    elif op == "bot" and current is None and args[1] in bot_kinds(get_game(state.game)):
        state.seats[seat] = Seat(bot=args[1])
    elif op == "unbot" and current is not None and current.is_bot:
        state.seats[seat] = None


def _free(state: LobbyState, key: bytes) -> None:
    state.seats = [None if s is not None and s.key == key and not s.is_bot else s
                   for s in state.seats]


def _configure(state: LobbyState, name: str, game_id: str, seats: int, options: tuple) -> None:
    try:
        game = get_game(game_id)
        config, count = game.configure(dict(_pairs(options)), seats)
    except (EngineError, ValueError, TypeError):
        return  # a proposal the engine refuses is skipped by every peer alike
    if count > MAX_SEATS:
        return
    state.name = clean_name(name) or state.name
    kinds = bot_kinds(game)
    kept = [s if s is None or not s.is_bot or s.bot in kinds else None for s in state.seats]
    state.seats = (kept + [None] * count)[:count]
    state.game = game_id
    state.options = tuple(sorted(config.items()))


def _pairs(options: tuple):
    for pair in options:
        if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], str):
            raise TypeError("options are [name, value] pairs")
        yield pair
