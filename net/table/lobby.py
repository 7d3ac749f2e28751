"""Table membership before the game, as signed, ordered records with no peer in charge.

Every member signs its own lobby records (join, leave, sit, stand, bot, unbot,
config, start). Each carries a Lamport clock; all records are folded in the
order (clock, author key, author sequence), so every peer holding the same
records computes the same lobby, whatever order they arrived in. A record
that makes no sense at its place in that order (a seat already taken, a
non-member acting, an unseated member changing the game) is skipped by
everyone alike, so nothing a stranger signs can do more than a member may.

The game starts when every human seated in the lobby's proposal (game,
options and who sits where, see `StartConfig`) has signed a `start` vote for
exactly that proposal: a vote counts only if, at its place in the order, its
signer is seated and the proposal is the lobby's. Any change to the proposal
lapses the votes cast so far; the first proposal whose votes complete is the
start, and what comes after it in the order changes nothing. A spectator is
sent every lobby record and folds them the same way. The table belongs to no
one: when its first peer leaves, the others carry it.

Two members may show one display name; the lobby then shows both with their
key fingerprints (`LobbyState.display`), in the lobby and at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.bots import bot_kinds
from engine.errors import EngineError
from engine.registry import get_game
from engine.tell import join_words
from net.errors import BadFrame, UnknownOp
from net.wire.frames import LOBBY, Record
from net.wire.identity import clean_name, fingerprint
from net.wire.start import Seat, StartConfig


class Op(StrEnum):
    """What a lobby record does (its op). Each is its string in the signed record, so
    records, their hashes and the journals are what they were with the bare strings; a
    name that is none of these is refused where an op is made (`op_named`)."""

    JOIN = "join"  # [name, host, port]: become a member
    LEAVE = "leave"  # []: stop being one
    SIT = "sit"  # [seat]: take a free seat
    STAND = "stand"  # []: give one's seat up
    BOT = "bot"  # [seat, bot kind]: put a bot in a free seat
    UNBOT = "unbot"  # [seat]: take a bot out
    CONFIG = "config"  # [table name, game, seats, options]: the table's game
    START = "start"  # [proposal]: a vote to start exactly this proposal


OPS = {  # op -> argument types
    Op.JOIN: (str, str, int),
    Op.LEAVE: (),
    Op.SIT: (int,),
    Op.STAND: (),
    Op.BOT: (int, str),
    Op.UNBOT: (int,),
    Op.CONFIG: (str, str, int, tuple),
    Op.START: (bytes,),
}
def op_named(name: str) -> Op:
    """The op called `name`; UnknownOp if there is none (a UI's or a script's typo)."""
    try:
        return Op(name)
    except ValueError:
        raise UnknownOp(f"no lobby op is called {name!r}") from None


SEAT_OPS = (Op.SIT, Op.BOT, Op.UNBOT)  # the ops that name a seat first
MAX_SEATS = 16
MAX_LOBBY_BODY = 4096  # a lobby record is a few names and options, never more
MAX_RECORDS_EACH = 64  # lobby records one key may sign
MAX_AUTHORS = 128  # keys whose records one lobby holds
#: records one lobby holds in all. A record that arrives out of order refolds them all,
#: so this bounds what a flood of them costs (1,024 in falling order: ~0.6 s in all)
MAX_RECORDS = 1024


@dataclass(frozen=True, slots=True)
class Member:
    name: str
    host: str
    port: int


@dataclass
class LobbyState:
    name: str = ""
    game: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    seats: list[Seat | None] = field(default_factory=list)
    members: dict[bytes, Member] = field(default_factory=dict)
    votes: set[bytes] = field(default_factory=set)  # who agreed to the proposal as it is
    started: StartConfig | None = None
    changed: str = ""  # who last changed the game, seats or options, and to what

    def snapshot(self) -> LobbyState:
        """This lobby as it is now, apart from the one the next record folds into in place:
        what an event hands to another thread (a window reading its members while the
        node's thread folded a join into them raised "dictionary changed size")."""
        return replace(self, seats=list(self.seats), members=dict(self.members),
                       votes=set(self.votes))

    def display(self, key: bytes) -> str:
        """A member's name, with its key's fingerprint when another member shares it."""
        name = self.members[key].name if key in self.members else fingerprint(key)
        twins = sum(1 for m in self.members.values() if m.name == name)
        return f"{name}#{fingerprint(key)}" if twins > 1 else name

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
        if all(s.is_bot for s in self.seats):
            return None
        seats = tuple(s if s.is_bot else Seat(s.key, self.display(s.key))
                      for s in self.seats)  # type: ignore[union-attr]
        return StartConfig(table, self.name, self.game, self.options, seats)

    def describe(self) -> str:
        seats = ", ".join(f"{i}:{self._label(s, i)}" for i, s in enumerate(self.seats))
        return f"{self.name} [{self.game}] seats {seats}; {len(self.members)} member(s)"

    def _label(self, seat: Seat | None, index: int) -> str:
        if seat is None:
            return "-"
        return seat.label(index) if seat.is_bot else self.display(seat.key)


def parse(record: Record) -> tuple[int, Op, tuple]:
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
    return clock, Op(op), tuple(args)


class Lobby:
    """The lobby records of one table and what they add up to."""

    def __init__(self, table: bytes):
        self.table = table
        self.records: dict[tuple[bytes, int], tuple[int, str, tuple, Record]] = {}
        self.authors: dict[bytes, int] = {}  # key -> how many of its records are held
        self._state: LobbyState | None = None
        self._last: tuple | None = None  # the order of the last record folded into _state

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
        self._bound(record)
        clock, op, args = parse(record)
        self.records[key] = (clock, op, args, record)
        self.authors[record.signer] = self.authors.get(record.signer, 0) + 1
        order = (clock, record.signer, record.step)
        if self._state is not None and self._last is not None and order > self._last:
            _fold_one(self._state, self.table, record.signer, op, args)  # in order: no refold
            self._last = order
        else:
            self._state = None
        return True

    def _bound(self, record: Record) -> None:
        """What one lobby holds is bounded, whoever signs it."""
        if len(record.body) > MAX_LOBBY_BODY:
            raise BadFrame("oversize", f"a lobby record of {len(record.body)} bytes")
        if len(self.records) >= MAX_RECORDS:
            raise BadFrame("lobby-full", f"the lobby holds {MAX_RECORDS} records")
        count = self.authors.get(record.signer)
        if count is None and len(self.authors) >= MAX_AUTHORS:
            raise BadFrame("lobby-full", f"{MAX_AUTHORS} keys have signed lobby records")
        if count is not None and count >= MAX_RECORDS_EACH:
            raise BadFrame("lobby-full", f"{fingerprint(record.signer)} signed "
                           f"{MAX_RECORDS_EACH} lobby records")

    def ordered(self) -> list[Record]:
        return [entry[3] for _, entry in sorted(self.records.items(), key=_order)]

    def clock(self) -> int:
        return max((entry[0] for entry in self.records.values()), default=0)

    def next_seq(self, key: bytes) -> int:
        return self.authors.get(key, 0)

    def state(self) -> LobbyState:
        if self._state is None:
            state = LobbyState()
            items = sorted(self.records.items(), key=_order)
            for (signer, _), (_, op, args, _) in items:
                _fold_one(state, self.table, signer, op, args)
            self._state = state
            self._last = _order(items[-1]) if items else None
        return self._state

    def start(self) -> StartConfig | None:
        """The first proposal every human seated in it agreed to, if there is one."""
        return self.state().started


def _order(item):
    (signer, seq), (clock, *_rest) = item
    return (clock, signer, seq)


def _fold_one(state: LobbyState, table: bytes, key: bytes, op: Op, args: tuple) -> None:
    """Fold one record at its place in the order; after the start, nothing changes."""
    if state.started is not None:
        return
    if op is Op.START:
        _vote(state, table, key, args[0])
        return
    before = state.proposal(table)
    _fold(state, key, op, args)
    if state.proposal(table) != before:
        state.votes = set()  # agreed to something else: ask again


def _vote(state: LobbyState, table: bytes, key: bytes, blob: bytes) -> None:
    proposal = state.proposal(table)
    if proposal is None or proposal.encode() != blob or key not in proposal.humans().values():
        return  # a vote for another proposal, or by someone not seated in this one
    state.votes.add(key)
    if set(proposal.humans().values()) <= state.votes:
        state.started = proposal


def _fold(state: LobbyState, key: bytes, op: Op, args: tuple) -> None:
    if op is Op.JOIN:
        name, host, port = args
        state.members[key] = Member(clean_name(name) or fingerprint(key), host, port)
        return
    if key not in state.members:
        return  # only members act
    if op is Op.LEAVE:
        del state.members[key]
        _free(state, key)
    elif op is Op.STAND:
        _free(state, key)
    elif op is Op.CONFIG and (not state.game or state.seat_of(key) is not None):
        before = (state.game, len(state.seats), state.options)
        _configure(state, *args)
        after = (state.game, len(state.seats), state.options)
        if before[0] and after != before:
            state.changed = f"{state.display(key)} changed {_difference(before, after)}"
    elif op in SEAT_OPS and 0 <= args[0] < len(state.seats):
        _seat_op(state, key, op, args)


def _difference(before: tuple, after: tuple) -> str:
    """What a configuration change changed, in a player's words: (game, seats, options)
    each — 'the seats from 3 to 4 and hands from 1 to 2', never an option's code name."""
    game = get_game(after[0])
    if before[0] != after[0]:
        return f"the game to {game.name} with {after[1]} seats"
    said = [f"the seats from {before[1]} to {after[1]}"] if before[1] != after[1] else []
    old, new = dict(before[2]), dict(after[2])
    for option in game.options:
        was, now = old.get(option.name, option.default), new.get(option.name, option.default)
        if was != now:
            said.append(f"{option.title.lower()} from {option.words(was)} to {option.words(now)}")
    return join_words(said)


def _seat_op(state: LobbyState, key: bytes, op: Op, args: tuple) -> None:
    seat = args[0]
    current = state.seats[seat]
    if op is Op.SIT and current is None:
        _free(state, key)
        state.seats[seat] = Seat(key, state.members[key].name)
    elif op is Op.BOT and current is None and args[1] in bot_kinds(get_game(state.game)):
        state.seats[seat] = Seat(bot=args[1])
    elif op is Op.UNBOT and current is not None and current.is_bot:
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
