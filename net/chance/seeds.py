"""Answering the engine's chance requests on a table, behind one small interface.

A `ChanceSource` is driven by the lockstep: before a peer signs its frame it
asks `outgoing()` what to add for the pending request and for its own actions
in that frame (commitments, passes, key shares, the keys of cards a play
shows); when a step is applied every frame's payload is handed to `receive()`
in seat order, before that frame's actions, and `answer()` gives the chance
action once the request can be settled. Every peer, and every spectator,
therefore settles each request at the same step with the same action.

`SeedChance` answers public randomness (a roll: the first player, a draw from
an open bag) by commit-then-reveal: every seated human commits to a random
nonce, then reveals it; the roll's seed is the hash of the reveals in seat
order. Hidden cards are the mental-poker deck's (net.chance.dealing.DeckChance),
which uses a SeedChance for the rolls.
"""

from __future__ import annotations

import hashlib
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from engine.chance import ChanceRequest, Rolled, RollRequest, ShuffleRequest
from engine.wire import Action
from net.errors import FaultKind, TableFault

NONCE_SIZE = 32


class ChanceSource(ABC):
    """Settles chance requests step by step, identically on every peer."""

    report = ""  # once done(): what the end of the match showed, e.g. "clean"
    summary = ""  # one line about it for people

    @abstractmethod
    def outgoing(self, request: ChanceRequest | None,
                 actions: Sequence[Action] = ()) -> tuple[Any, Any] | None:
        """(payload for this peer's next frame, secret to journal first) or None, for the
        pending request (None: none) and this peer's own `actions` in that frame."""

    @abstractmethod
    def receive(self, seat: int, payload: Any, step: int) -> None:
        """A seat's payload (None if its frame has none), in seat order, before the frame's
        actions; TableFault if it proves cheating."""

    @abstractmethod
    def answer(self, request: ChanceRequest) -> Action | None:
        """The chance action for `request` once it can be settled, else None. Called when a
        request appears (the setup's too) and at the end of every step until settled."""

    def check(self, action: Action, seat: int) -> str | None:
        """Why `seat`'s action may not reach the engine (the faces it shows are not the
        cards it names), or None; TableFault if the action proves cheating."""
        return None

    @abstractmethod
    def restore(self, secret: Any) -> None:
        """Take back a secret this peer journaled, after a restart."""

    def owed(self, seat: int) -> str:
        """What `seat` still owes the pending chance, in words ("" if nothing)."""
        return ""

    def prepare(self, upcoming: ShuffleRequest | None) -> None:
        """The shuffle the rules will ask for next, known ahead (or None): a source may start
        on it now (the deck does); by default nothing is done ahead."""
        return None

    @abstractmethod
    def close(self) -> None:
        """The match is over: settle what is still owed (the deck's audit)."""

    @abstractmethod
    def can_leave(self) -> bool:
        """This peer may leave now (nothing under way needs it)."""

    @abstractmethod
    def leave(self, heir: int) -> None:
        """Put in this peer's next (last) frame what lets the table go on without it; the
        seat `heir` plays on for it."""

    @abstractmethod
    def depart(self, seat: int, heir: int) -> None:
        """`seat` left after the current step; `heir` plays its seats from now on."""

    @abstractmethod
    def back(self, seat: int) -> None:
        """`seat`'s player came back to the table, where no deck is in play: it takes part
        in what is dealt or rolled from now on."""

    def secrets(self) -> list:
        """Every secret this peer holds, as journaled (to start a journal afresh)."""
        return []

    def faces_of(self, deck: int, positions) -> tuple[int, ...]:
        """The faces this peer knows at `positions` of `deck` (handed over to it), or ()."""
        return ()

    def decks_in_play(self) -> frozenset[int]:
        """The engine decks this source has shuffled so far (none for public chance)."""
        return frozenset()

    def quiet(self, seat: int, heir: int) -> None:
        """`seat` went quiet without a word: what it alone could open is set aside (the
        table deals again without it), and `heir` plays its seats from now on."""
        self.depart(seat, heir)

    def done(self) -> bool:
        """Nothing is owed any more (after close())."""
        return True


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


def commitment(nonce: bytes) -> bytes:
    return hashlib.blake2b(nonce, digest_size=32, person=b"hoard-commit").digest()


class SeedChance:
    """Commit-then-reveal seeds for public randomness, one round per roll: the rolls of
    a DeckChance, which speaks for it to the lockstep (so it has no close or leave)."""

    def __init__(self, humans: tuple[int, ...], me: int | None):
        self.humans = humans  # seats that commit, in seat order
        self.me = me  # None for a spectator: it never sends
        self.round = 0
        self.commits: dict[int, bytes] = {}
        self.reveals: dict[int, bytes] = {}
        self.nonces: dict[int, bytes] = {}

    # -- the protocol ----------------------------------------------------------
    def outgoing(self, request, actions=()):
        if self.me is None or not isinstance(request, RollRequest):
            return None
        if self.me not in self.commits:
            nonce = self.nonces.get(self.round) or secrets.token_bytes(NONCE_SIZE)
            self.nonces[self.round] = nonce
            return ["commit", self.round, commitment(nonce)], ["nonce", self.round, nonce]
        if self._all_in(self.commits) and self.me not in self.reveals:
            return ["reveal", self.round, self.nonces[self.round]], None
        return None

    def receive(self, seat, payload, step):
        if seat not in self.humans or not _well_formed(payload) or payload[1] != self.round:
            return  # stray or stale payloads are ignored by every peer alike
        kind, _, value = payload
        if kind == "commit" and seat not in self.commits:
            self.commits[seat] = value
        elif (kind == "reveal" and seat not in self.reveals
              and self._all_in(self.commits)):
            if commitment(value) != self.commits[seat]:
                raise TableFault(FaultKind.CHEAT, step, f"seat {seat}'s secret for a roll "
                                 "does not match what it had promised",
                                 f"chance round {self.round}")
            self.reveals[seat] = value

    def can_leave(self):
        return self.me is not None and not self.commits  # no roll half done

    def depart(self, seat, heir):
        """A leaver's last frame may carry its commitment to a roll it will never reveal:
        the roll goes on among those who stay, on every peer alike."""
        self.humans = tuple(h for h in self.humans if h != seat)
        self.commits.pop(seat, None)
        self.reveals.pop(seat, None)

    def back(self, seat: int) -> None:
        """`seat` is back between rolls: it commits and reveals from the next one on."""
        self.humans = tuple(sorted({*self.humans, seat}))

    def owed(self, seat):
        if seat not in self.humans:
            return ""
        if not self._all_in(self.commits):
            return "" if seat in self.commits else "its commitment for a roll"
        return "" if seat in self.reveals else "its reveal for a roll"

    def restore(self, secret):
        if isinstance(secret, (list, tuple)) and len(secret) == 3 and secret[0] == "nonce":
            self.nonces[secret[1]] = secret[2]

    def answer(self, request):
        if not isinstance(request, RollRequest):
            raise TypeError(f"commit-then-reveal answers rolls, not {request!r}")
        stream = self._seed()
        return None if stream is None else Rolled(stream.below(request.outcomes))

    # -- rounds ----------------------------------------------------------------
    def _all_in(self, held: dict[int, bytes]) -> bool:
        """Has every human still at the table sent its part of this round?"""
        return all(seat in held for seat in self.humans)

    def _seed(self) -> SeedStream | None:
        """The current round's seed once every human revealed; the next round begins."""
        if not self._all_in(self.reveals):
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
