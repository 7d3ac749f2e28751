"""Typed errors of the network layer. Every one is a ValueError, as in the engine."""

from __future__ import annotations


class NetError(ValueError):
    """Base of every error net raises on bad input."""


class BadFrame(NetError):
    """Bytes from the wire that are dropped; `reason` is the counter they land in."""

    def __init__(self, reason: str, message: str):
        super().__init__(f"{reason}: {message}")
        self.reason = reason


class CorruptJournal(NetError):
    """A journal file that cannot be trusted past a point other than its torn tail."""


class BadAddress(NetError):
    """A host:port or interface that cannot be used."""


class TableFault(NetError):
    """The table cannot go on: a desync, an equivocation or a cheat. `report` says why."""

    def __init__(self, kind: str, step: int, report: str):
        super().__init__(report)
        self.kind = kind
        self.step = step
        self.report = report
