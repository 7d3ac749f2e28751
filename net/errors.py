"""Typed errors of the network layer. Every one is a ValueError, as in the engine."""

from __future__ import annotations

from enum import StrEnum


class NetError(ValueError):
    """Base of every error net raises on bad input."""


class BadFrame(NetError):
    """Bytes from the wire that are dropped; `reason` is the counter they land in."""

    def __init__(self, reason: str, message: str):
        super().__init__(f"{reason}: {message}")
        self.reason = reason


class CorruptJournal(NetError):
    """A journal file that cannot be trusted past a point other than its torn tail."""


class UnknownOp(NetError):
    """A lobby op asked for by a name no op has (net.table.lobby.Op)."""


class BadAddress(NetError):
    """A host:port or interface that cannot be used."""


class FaultKind(StrEnum):
    """Why a table stopped (`TableFault.kind`). Each is its string on the wire (`stopped`),
    in the events and in logs, so a window or a log reader matches either."""

    DESYNC = "desync"  # two peers applied a step to different states
    EQUIVOCATION = "equivocation"  # a seat signed two different frames for one step
    CHEAT = "cheat"  # a chance message or reveal the deck's rules refuse
    VOID = "void"  # the hand cannot go on (a seat silent too long, secrets lost)
    STALL = "stall"  # the game waits on a move nobody makes
    LOST = "lost"  # no peer of the table reachable for too long
    BUG = "bug"  # this peer failed (it says where and how)
    LEFT_OUT = "left-out"  # the table started without this peer
    REFUSED = "refused"  # the table is not the one asked for (`hoard peer`'s options)


class TableFault(NetError):
    """The table cannot go on: a desync, an equivocation or a cheat. `report` says why in a
    player's words (it reaches the window): never a step number, a hash or an exception's
    name; those go in `detail`, which only the log reads.
    `kind` is a FaultKind; its string is taken too, and one that is none is a ValueError
    here, where it is made, never a window that cannot word it later."""

    def __init__(self, kind: FaultKind | str, step: int, report: str, detail: str = ""):
        super().__init__(report)
        self.kind = FaultKind(kind)
        self.step = step
        self.report = report
        self.detail = detail
