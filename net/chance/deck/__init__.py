"""The mental-poker deck: SRA-style commutative encryption on P-256, transport-free.

Cards are hashed to curve points; each seat shuffles (one key, one permutation)
and then locks (a key per position) in seat order; a card is dealt by the other
seats sending its receiver their keys for it, encrypted to it, and turned up by
publishing every key. Everything secret derives from a per-hand seed that each
seat commits to first and reveals at the end-of-hand audit. See docs/deck.md.
"""

from net.chance.deck.audit import AuditReport
from net.chance.deck.errors import (
    AuditInconclusive,
    BadMessage,
    CheatDetected,
    DeckCorrupt,
    DeckError,
    PrivateCheat,
    ProtocolError,
)
from net.chance.deck.peer import DeckPeer, DeckSpec

__all__ = [
    "AuditInconclusive",
    "AuditReport",
    "BadMessage",
    "CheatDetected",
    "DeckCorrupt",
    "DeckError",
    "DeckPeer",
    "DeckSpec",
    "PrivateCheat",
    "ProtocolError",
]
