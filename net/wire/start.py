"""The start of a game as its seated humans sign it: who fills each seat, the game and its
options (`StartConfig`, whose digest the start votes name). A value every part of the table
shares — the lobby proposes it, the deck deals by it, the replica plays it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgpack

from engine.bots import level_word
from engine.tell import Names, count, join_words
from net.errors import BadFrame
from net.wire.frames import TABLE_ID_SIZE, digest


@dataclass(frozen=True, slots=True)
class Seat:
    """Who fills a seat: a human peer (its key) or a bot (its kind)."""

    key: bytes = b""
    name: str = ""
    bot: str = ""

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    def label(self, index: int) -> str:
        """How the table names the seat at `index`: a player as typed, a bot by its seat and
        level ("Bot 2 · hard")."""
        return f"{bot_name(index)} · {level_word(self.bot)}" if self.bot else self.name


def players_words(seats: tuple[Seat, ...]) -> str:
    """A table's players, short (History's rows): each player as typed, then the bots
    counted by level, in seat order: 'Ana, Bo and 3 normal bots'."""
    levels: dict[str, int] = {}
    for seat in seats:
        if seat.bot:
            levels[level_word(seat.bot)] = levels.get(level_word(seat.bot), 0) + 1
    return join_words([s.name for s in seats if not s.bot] +
                      [count(n, f"{level} bot") for level, n in levels.items()])


def successor(table: bytes) -> bytes:
    """The id of the table that plays again after `table`'s match: every member computes it
    alike from the finished one, so they meet there with no discovery and nobody in charge
    (a hash, 16 bytes like a random id; a stranger who knew the old id gains nothing a
    member of a lobby could not do)."""
    return digest(b"hoard-again\0" + table)[:TABLE_ID_SIZE]


def bot_name(index: int) -> str:
    """A bot's name in the table's story: 'Bot 2' (its level is on its seat's panel)."""
    return f"Bot {index + 1}"


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

    def names(self, listener: int | None = None) -> Names:
        """The seats' names for the story told to `listener`: a player's as typed (twins
        tagged by the lobby), a bot's as the table shows it."""
        return Names(tuple(bot_name(i) if s.is_bot else s.name or f"Player {i + 1}"
                           for i, s in enumerate(self.seats)), listener)

    def humans(self) -> dict[int, bytes]:
        return {i: s.key for i, s in enumerate(self.seats) if not s.is_bot}

    def bot_host(self) -> int:
        """Bot seats are played by the lowest human seat, and only by it."""
        return min(self.humans())

    def seat_of(self, key: bytes) -> int | None:
        return next((i for i, s in enumerate(self.seats) if not s.is_bot and s.key == key), None)
