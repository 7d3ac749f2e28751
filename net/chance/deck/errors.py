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


class PrivateCheat(CheatDetected):
    """A false key share only its receiver can see. Unlike other cheats the message is
    applied as every other peer applies it, and `actions` are what it completed (a deal
    shows this peer no faces, since it lacks a key); the table must call the audit,
    which recomputes the share from its sender's seed and settles it for all."""

    def __init__(self, seat: int, reason: str, actions: tuple = ()):
        super().__init__(seat, reason)
        self.actions = actions


class BadMessage(DeckError):
    """A message so malformed that it does not even name a seat."""


class ProtocolError(DeckError):
    """This peer was asked for something the protocol does not allow at this point."""


class DeckCorrupt(DeckError):
    """A card decrypted to a point that is no card of the deck.

    Somebody cheated in a pass, and only the audit (every seed revealed) can say who:
    the hand is void and the table should call the audit at once. When only this peer
    could see it (`private`: a card dealt to it), the message is applied as every other
    peer applies it and `actions` are what it completed (that deal without faces); the
    table must tell the others.
    """

    def __init__(self, positions: tuple[int, ...], actions: tuple = (), private: bool = False):
        super().__init__(f"positions {list(positions)} decrypt to no card: call the audit")
        self.positions = positions
        self.actions = actions
        self.private = private


class AuditInconclusive(DeckError):
    """The audit found a fault that only departed seats, whose seeds are gone, could have made."""

    def __init__(self, seats: tuple[int, ...], reason: str):
        super().__init__(f"{reason}; one of departed seats {list(seats)} is to blame")
        self.seats = seats
        self.reason = reason


def require(condition: bool, message: str) -> None:
    """ProtocolError unless `condition`: how a peer refuses a call the protocol does not allow."""
    if not condition:
        raise ProtocolError(message)
