"""Typed errors of the mental-poker deck: ValueErrors; a rejected message changes nothing."""

from __future__ import annotations


class DeckError(ValueError):
    """Base of every error the deck raises."""


class CheatDetected(DeckError):
    """`seat` is proven to have broken the protocol; `reason` says how."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat} cheated: {reason}")
        self.seat = seat
        self.reason = reason


class BadMessage(DeckError):
    """A message so malformed that it does not even name a seat."""


class ProtocolError(DeckError):
    """This peer was asked for something the protocol does not allow at this point."""


class DeckCorrupt(DeckError):
    """A card decrypted to a point that is no card of the deck.

    Somebody cheated in a pass, and only the audit (every seed revealed) can say who:
    the hand is void and the table should call the audit at once.
    """

    def __init__(self, positions: tuple[int, ...]):
        super().__init__(f"positions {list(positions)} decrypt to no card: call the audit")
        self.positions = positions


class AuditInconclusive(DeckError):
    """The audit found a fault that only departed seats, whose seeds are gone, could have made."""

    def __init__(self, seats: tuple[int, ...], reason: str):
        super().__init__(f"{reason}; one of departed seats {list(seats)} is to blame")
        self.seats = seats
        self.reason = reason
