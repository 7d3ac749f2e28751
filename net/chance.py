"""Answering the engine's chance requests on a table, behind one small interface.

A `ChanceSource` is driven by the lockstep: before a peer signs its frame it
asks `outgoing()` what to add for the pending request (a commitment, a
reveal, later the mental-poker messages); when a step is applied every
frame's payload is handed to `receive()` in seat order, and `answer()` gives
the chance action once the request can be settled. Every peer, and every
spectator, therefore settles each request at the same step with the same
action. The mental-poker deck replaces `SeedChance` behind this interface.

`SeedChance` is fair but open: for each shuffle or roll every seated human
commits to a random nonce, then reveals it; the round's seed is the hash of
the reveals in seat order. Everyone can then compute every deal, so peers
only hand their engine the faces of the seats they play, and check that a
play's revealed faces are the cards dealt at those positions.
"""

from __future__ import annotations

import hashlib
import secrets
from abc import ABC, abstractmethod
from typing import Any

from engine.cards import ref_deck, ref_position
from engine.chance import (
    ChanceRequest,
    DealRequest,
    Dealt,
    Revealed,
    RevealRequest,
    Rolled,
    RollRequest,
    Shuffled,
    ShuffleRequest,
)
from engine.wire import Action
from net.errors import TableFault

NONCE_SIZE = 32


class ChanceSource(ABC):
    """Settles chance requests step by step, identically on every peer."""

    @abstractmethod
    def outgoing(self, request: ChanceRequest) -> tuple[Any, Any] | None:
        """(payload for this peer's next frame, secret to journal first) or None."""

    @abstractmethod
    def receive(self, seat: int, payload: Any, step: int) -> None:
        """A seat's payload from an applied frame; TableFault if it proves cheating."""

    @abstractmethod
    def answer(self, request: ChanceRequest) -> Action | None:
        """The chance action for `request` once it can be settled, else None."""

    def check(self, action: Action) -> str | None:
        """Why the faces an action reveals are not the cards it names, or None."""
        return None

    @abstractmethod
    def restore(self, secret: Any) -> None:
        """Take back a secret this peer journaled, after a restart."""


class SeedStream:
    """Deterministic uniform integers from a seed: the same on every machine and Python."""

    def __init__(self, seed: bytes):
        self.seed = seed
        self.counter = 0

    def below(self, n: int) -> int:
        bits = max(n - 1, 1).bit_length()
        while True:  # rejection sampling: no modulo bias
            self.counter += 1
            block = hashlib.blake2b(self.counter.to_bytes(8, "big"), key=self.seed).digest()
            value = int.from_bytes(block[:8], "big") >> (64 - bits)
            if value < n:
                return value

    def shuffle(self, items: list) -> list:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def commitment(nonce: bytes) -> bytes:
    return hashlib.blake2b(nonce, digest_size=32, person=b"hoard-commit").digest()


class SeedChance(ChanceSource):
    """Commit-then-reveal seeds, one round per shuffle or roll."""

    def __init__(self, humans: tuple[int, ...], me: int | None, shown: frozenset[int]):
        self.humans = humans  # seats that commit, in seat order
        self.me = me  # None for a spectator: it never sends
        self.shown = shown  # seats whose dealt faces this instance's engine may see
        self.round = 0
        self.commits: dict[int, bytes] = {}
        self.reveals: dict[int, bytes] = {}
        self.nonces: dict[int, bytes] = {}
        self.decks: dict[int, list[int]] = {}

    # -- the protocol ----------------------------------------------------------
    def outgoing(self, request):
        if self.me is None or not isinstance(request, (ShuffleRequest, RollRequest)):
            return None
        if self.me not in self.commits:
            nonce = self.nonces.get(self.round) or secrets.token_bytes(NONCE_SIZE)
            self.nonces[self.round] = nonce
            return ["commit", self.round, commitment(nonce)], ["nonce", self.round, nonce]
        if len(self.commits) == len(self.humans) and self.me not in self.reveals:
            return ["reveal", self.round, self.nonces[self.round]], None
        return None

    def receive(self, seat, payload, step):
        if seat not in self.humans or not _well_formed(payload) or payload[1] != self.round:
            return  # stray or stale payloads are ignored by every peer alike
        kind, _, value = payload
        if kind == "commit" and seat not in self.commits:
            self.commits[seat] = value
        elif (kind == "reveal" and seat not in self.reveals
              and len(self.commits) == len(self.humans)):
            if commitment(value) != self.commits[seat]:
                raise TableFault("cheat", step, f"seat {seat}'s reveal at step {step} does "
                                 f"not match its commitment for chance round {self.round}")
            self.reveals[seat] = value

    def restore(self, secret):
        if isinstance(secret, (list, tuple)) and len(secret) == 3 and secret[0] == "nonce":
            self.nonces[secret[1]] = secret[2]

    def answer(self, request):
        if isinstance(request, ShuffleRequest):
            stream = self._seed()
            if stream is None:
                return None
            self.decks[request.deck] = stream.shuffle(list(request.faces))
            return Shuffled(request.deck)
        if isinstance(request, RollRequest):
            stream = self._seed()
            return None if stream is None else Rolled(stream.below(request.outcomes))
        faces = tuple(self.decks[request.deck][p] for p in request.positions)
        if isinstance(request, DealRequest):
            shown = faces if request.seat in self.shown else ()
            return Dealt(request.deck, request.seat, request.positions, shown)
        if isinstance(request, RevealRequest):
            return Revealed(request.deck, request.positions, faces)
        raise TypeError(f"no answer for {request!r}")

    def check(self, action):
        refs, faces = getattr(action, "refs", None), getattr(action, "faces", None)
        if refs is None or faces is None:
            return None
        if len(refs) != len(faces):
            return "the action names a different number of cards and faces"
        for card, face in zip(refs, faces, strict=True):
            deck = self.decks.get(ref_deck(card))
            position = ref_position(card)
            if deck is None or position >= len(deck) or deck[position] != face:
                return "a revealed face is not the card dealt at that position"
        return None

    # -- rounds ----------------------------------------------------------------
    def _seed(self) -> SeedStream | None:
        """The current round's seed once every human revealed; the next round begins."""
        if len(self.reveals) < len(self.humans):
            return None
        seed = hashlib.blake2b(b"".join(self.reveals[s] for s in self.humans),
                               digest_size=32, person=b"hoard-seed").digest()
        self.round += 1
        self.commits, self.reveals = {}, {}
        self.nonces.pop(self.round - 1, None)
        return SeedStream(seed)


def _well_formed(payload: Any) -> bool:
    return (isinstance(payload, (list, tuple)) and len(payload) == 3
            and payload[0] in ("commit", "reveal") and isinstance(payload[1], int)
            and isinstance(payload[2], bytes) and len(payload[2]) == NONCE_SIZE)
