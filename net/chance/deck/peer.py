"""One peer's side of the mental-poker deck, for one shuffled deck of one hand.

A `DeckPeer` is a pure state machine: its producing methods (commit, shuffle,
lock, deal, reveal, open, claim, leave, disclose) return plain messages, and
`receive` consumes every message of the table — the peer's own included — in
the order the lockstep table applies them, returning the engine's chance
actions (Shuffled, Dealt, Revealed) as they become known. State changes only
in `receive` and in the deal/reveal requests every peer registers alike, so
replaying a journal (same seed, same calls) rebuilds a crashed peer exactly.
A spectator is a DeckPeer with no seat: it checks everything public.

DeckPeer only wires together parts with one job each, split by who knows what:
SeatSecrets (this seat's seed and what derives from it); Record (what the table
has said) and Board (where each card is), both public and alike at every peer;
and KeyRing (the keys and faces this peer alone holds). A Receiver applies the
table's messages to them; a Sender makes this seat's.
"""

from __future__ import annotations

from collections import defaultdict

from engine.wire import Action
from net.chance.deck import audit, messages
from net.chance.deck.board import Board
from net.chance.deck.errors import CheatDetected, PrivateCheat, ProtocolError
from net.chance.deck.keyring import KeyRing
from net.chance.deck.receiver import Receiver
from net.chance.deck.record import Record
from net.chance.deck.seat import SeatSecrets
from net.chance.deck.sender import Sender
from net.chance.deck.spec import DeckSpec

__all__ = ["DeckPeer", "DeckSpec"]  # the spec too: callers import the pair they make a deck of


class DeckPeer:
    """One seat's (or, with seat None, a spectator's) view of one deck of one hand."""

    def __init__(self, spec: DeckSpec, seat: int | None = None, seed: bytes | None = None,
                 faces: tuple[int, ...] | None = None):
        """`faces`: the owner's secret faces of an owner's deck (its seed then carries them:
        they are journaled, committed to and disclosed with it)."""
        self.spec = spec
        self.context = spec.context()
        self.transcript: list = []
        self._count = len(spec.faces)
        self._own = SeatSecrets(spec, self.context, seat, seed, faces)
        self._record = Record(spec, self.context)
        self._board = Board(self._count)
        self._keys = KeyRing(self._record, self._own)
        self._receiver = Receiver(self._own, self._record, self._board, self._keys)
        self._sender = Sender(self._own, self._record, self._board, self._keys)

    @property
    def seat(self) -> int | None:
        """This peer's seat; None for a spectator, and once its seed is lost."""
        return self._own.seat

    @property
    def seed(self) -> bytes | None:
        return self._own.seed

    @property
    def lost(self) -> bool:
        """This seat's secrets for the deck are gone (it committed with a seed it lost)."""
        return self._own.lost

    @property
    def faces(self) -> dict[int, int]:
        """Position -> face, for the cards this peer was shown."""
        return self._keys.faces

    # ----- state anyone may ask about

    @property
    def locked(self) -> bool:
        return self._record.locked

    def turn(self) -> tuple[str, int] | None:
        """The pass due next, e.g. ("deck.lock", 2); None once the deck is locked."""
        return self._record.turn()

    def stock(self) -> tuple[int, ...]:
        """Positions neither dealt nor turned up."""
        return self._board.stock()

    def hidden(self, seat: int) -> tuple[int, ...]:
        """Positions `seat` holds face down (dealt to it and not yet opened)."""
        return self._board.hidden(seat)

    def owed(self) -> dict[int, str]:
        """What each seat still owes the protocol now, e.g. {2: "its lock pass"}."""
        record, owed = self._record, defaultdict(list)
        for seat in record.order:
            if seat not in record.commits:
                owed[seat].append("its commitment")
        turn = record.turn()
        if turn is not None:
            owed[turn[1]].append(f"its {turn[0].removeprefix('deck.')} pass")
        for seat, what in self._board.owed():
            owed[seat].append(what)
        if record.seeds:
            for seat in set(record.commits) - record.departed - set(record.seeds):
                owed[seat].append("its seed for the audit")
        return {seat: "; ".join(what) for seat, what in owed.items()}

    def face_up(self) -> frozenset[int]:
        """Positions turned face up for everyone (revealed or opened), with their faces."""
        return frozenset(j for j in self._board.public if j in self.faces)

    def public_face(self, j: int) -> int | None:
        """The face at position `j` if it is face up for everyone, else None."""
        return self.faces.get(j) if j in self._board.public else None

    def shown(self, j: int) -> frozenset[int]:
        """Seats dealt the card at position `j` (its holder first of all)."""
        return frozenset(self._board.shown.get(j, ()))

    def committed(self, seat: int) -> bool:
        return seat in self._record.commits

    def disclosed(self, seat: int) -> bool:
        return seat in self._record.seeds

    def departed(self) -> frozenset[int]:
        return frozenset(self._record.departed)

    def awaits(self, seat: int) -> bool:
        """Some deal to `seat` is still waiting for keys."""
        return self._board.awaits(seat)

    def settled(self) -> tuple[Action, ...]:
        """Deals and reveals that need no more keys, e.g. at a one-seat table or after
        every other seat left: they complete when registered, with no message."""
        return tuple(self._receiver.settle())

    def overdue(self, seat: int) -> None:
        """The table's word that `seat`'s deadline passed: if it owes anything, it withheld it."""
        what = self.owed().get(seat)
        if what:
            raise CheatDetected(seat, f"withheld {what}")

    def in_turn(self, message) -> bool:
        """Whether `message` may be received now (for transports that do not order causally)."""
        kind, seat, fields = messages.parse(message, self.spec.seats, self._count)
        return self._receiver.out_of_turn(kind, seat, fields) is None

    def prepare(self) -> None:
        """Load this seat's lock keys ahead of its lock pass, e.g. while others shuffle."""
        if self._own.derived is not None:
            self._own.lock_layers()

    # ----- producing messages (the peer's own come back through receive)

    def commit(self) -> tuple:
        """This seat's commitment: the first message it sends (its shuffle pass may follow
        in the same batch, as the receivers take it after the commitment)."""
        return self._sender.commit()

    def shuffle(self) -> tuple:
        """Encrypt every card with the shuffle key and permute them."""
        return self._sender.shuffle()

    def lock(self) -> tuple:
        """Swap the shuffle layer for a key per position, committing to each key."""
        return self._sender.lock()

    def deal(self, to_seat: int, positions) -> tuple | None:
        """Register the engine's request to deal `positions` to `to_seat` (every peer does);
        returns this peer's key share for it, or None if it owes none.

        A stock card goes to `to_seat`; a card another seat holds stays that seat's and is
        only shown to `to_seat` (a look at someone's cards). With no other seat left to
        send keys, the deal completes at once: see `settled`."""
        return self._sender.deal(to_seat, positions)

    def reveal(self, positions) -> tuple | None:
        """Register the engine's request to turn face-down `positions` up (every peer does):
        stock cards, or held ones the rules turn up (hands shown at a hand's end); returns
        this peer's keys for them, or None if it owes none."""
        return self._sender.reveal(positions)

    def open(self, positions) -> tuple:
        """Turn up cards this seat holds (a play): all their keys, so everyone can check them."""
        return self._sender.open(positions)

    def claim(self, positions, faces, holds: bool) -> tuple:
        """Say that some card at `positions` is one of `faces` (holds) or that none is:
        e.g. "I hold the lowest card", "I cannot follow". Checked at the audit."""
        return self._sender.claim(positions, faces, holds)

    def handover(self, to_seat: int) -> tuple | None:
        """Pass what this seat knows face down to `to_seat`, which plays on for it once it
        has left: every layer's key of each, sealed to that seat (None if it knows none)."""
        return self._sender.handover(to_seat)

    def leave(self, handing_over: bool = False) -> tuple:
        """Publish this seat's key for every position it does not hold, so play goes on
        (`handing_over`: its hand-over comes first, so for its own cards too: the heir's
        layer hides them, and they can be turned up without this seat)."""
        return self._sender.leave(handing_over)

    def disclose(self) -> tuple:
        """This seat's seed, for the audit: after it the seat's cards are no longer secret."""
        return self._sender.disclose()

    # ----- consuming messages

    def receive(self, message) -> tuple[Action, ...]:
        """Check and apply one message; the chance actions it completes, if any.

        CheatDetected names the author of a false message and changes nothing.
        DeckCorrupt (a card that decrypts to no card) leaves the message applied:
        the hand is void and the audit names the cheater.
        """
        kind, seat, fields = messages.parse(message, self.spec.seats, self._count)
        reason = self._receiver.out_of_turn(kind, seat, fields)
        if reason is not None:
            raise CheatDetected(seat, reason)
        self.transcript.append(message)
        try:
            return self._receiver.apply(kind, seat, fields)
        except PrivateCheat:
            raise
        except CheatDetected:
            self.transcript.pop()
            raise

    def replay(self, journal) -> None:
        """Rebuild a crashed peer (made afresh from its seed) from its journal: the inputs it
        was given, in order — ("receive", message), ("deal", to_seat, positions) or
        ("reveal", positions). Every secret derives from the seed, so nothing else is needed."""
        for entry in journal:
            if entry[0] == "receive":
                self.receive(entry[1])
            elif entry[0] == "deal":
                self.deal(entry[1], entry[2])
            elif entry[0] == "reveal":
                self.reveal(entry[1])
            else:
                raise ProtocolError(f"no such journal entry {entry[0]!r}")

    def audit(self) -> audit.AuditReport:
        """Recompute every message from the seeds received; CheatDetected names a cheater."""
        return self._record.audit()
