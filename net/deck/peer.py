"""One peer's side of the mental-poker deck, for one shuffled deck of one hand.

A `DeckPeer` is a pure state machine: its producing methods (commit, shuffle,
lock, deal, reveal, open, claim, leave, disclose) return plain messages, and
`receive` consumes every message of the table — the peer's own included — in
the order the lockstep table applies them, returning the engine's chance
actions (Shuffled, Dealt, Revealed) as they become known. State changes only
in `receive` and in the deal/reveal requests every peer registers alike, so
replaying a journal (same seed, same calls) rebuilds a crashed peer exactly.
A spectator is a DeckPeer with no seat: it checks everything public.
"""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from dataclasses import dataclass, field

import msgpack
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric import x25519

from engine.cards import DECK_SHIFT
from engine.chance import Dealt, Revealed, Shuffled
from engine.wire import Action
from net.deck import audit, curve, keys, messages
from net.deck.errors import CheatDetected, DeckCorrupt, PrivateCheat, ProtocolError

MAX_CARDS = 1 << DECK_SHIFT
MAX_SEATS = 16
PUBLIC = -1  # holder of a position being turned face up for everyone
HANDOVER = b"handover"  # the label that seals a hand-over (a key share's is "share")

# Spectators check commitments' x25519 keys with this fixed key: a low-order
# key fails the same way for every observer, whatever its own key.
_PROBE = x25519.X25519PrivateKey.from_private_bytes(hashlib.sha256(b"hoard/deck/probe").digest())


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What every peer agrees on before a deck is shuffled; it domain-separates everything."""

    table: bytes
    hand: int
    deck: int
    seats: int
    faces: tuple[int, ...]  # an owner's deck: one placeholder per card (its faces are secret)
    owner: int = -1  # the seat that alone knows the faces and builds the deck, or -1
    absent: tuple[int, ...] = ()  # seats that left the table before this deck: no part in it

    def __post_init__(self):
        if not isinstance(self.table, bytes) or not 1 <= self.seats <= MAX_SEATS:
            raise ProtocolError(f"a deck needs a table id and 1..{MAX_SEATS} seats")
        if not 1 <= len(self.faces) <= MAX_CARDS:
            raise ProtocolError(f"a deck holds 1..{MAX_CARDS} cards")
        if not -1 <= self.owner < self.seats:
            raise ProtocolError(f"no seat {self.owner} to own the deck")
        if (tuple(sorted(set(self.absent))) != self.absent or self.owner in self.absent
                or not set(self.absent) < set(range(self.seats))):
            raise ProtocolError("the absent seats are some seats of the table, not the owner")

    def context(self) -> bytes:
        record = [self.table, self.hand, self.deck, self.seats, list(self.faces)]
        if self.owner >= 0 or self.absent:
            record.append(self.owner)
        if self.absent:
            record.append(list(self.absent))
        return hashlib.sha256(b"hoard/deck/v1" + msgpack.packb(record)).digest()

    @property
    def order(self) -> tuple[int, ...]:
        """The seats that shuffle and lock, in pass order: from the owner (who alone has
        the cards) or seat 0, round the table, skipping the absent."""
        start, n = max(self.owner, 0), self.seats
        return tuple(s for i in range(n) if (s := (start + i) % n) not in self.absent)

    @property
    def layered(self) -> tuple[int, ...]:
        """The seats whose lock layer is on every card, in seat order."""
        return tuple(sorted(self.order))


@dataclass(slots=True)
class _Pending:
    """A deal (to a seat) or a public reveal (to None) still waiting for `waiting` seats' keys."""

    to: int | None
    positions: tuple[int, ...]
    waiting: set[int] = field(default_factory=set)


class DeckPeer:
    """One seat's (or, with seat None, a spectator's) view of one deck of one hand."""

    def __init__(self, spec: DeckSpec, seat: int | None = None, seed: bytes | None = None,
                 faces: tuple[int, ...] | None = None):
        """`faces`: the owner's secret faces of an owner's deck (its seed then carries them:
        they are journaled, committed to and disclosed with it)."""
        self.spec = spec
        self.seat = seat
        self.context = spec.context()
        self._count = len(spec.faces)
        if seat is None:
            if seed is not None:
                raise ProtocolError("a spectator has no seed")
            self.seed = None
            self._secrets = None
        else:
            if not 0 <= seat < spec.seats:
                raise ProtocolError(f"no seat {seat} at a table of {spec.seats}")
            self.seed = self._new_seed(faces) if seed is None else seed
            size = keys.seed_size(self._count, seat == spec.owner)
            if len(self.seed) != size:
                raise ProtocolError(f"seat {seat}'s seed is {size} bytes")
            self._secrets = keys.derive(self.seed, self.context, seat, self._count)
        self.faces: dict[int, int] = {}  # position -> face, for the cards this peer was shown
        self.transcript: list = []
        self._commits: dict[int, tuple[bytes, bytes]] = {}
        self._shared: dict[int, bytes] = {}
        self._passes: list[audit.PassRecord] = []
        self._holder: dict[int, int] = {}  # the first seat dealt a card, or PUBLIC
        self._shown: dict[int, set[int]] = defaultdict(set)  # seats dealt each card
        self._public: set[int] = set()
        self._pending: list[_Pending] = []
        self._known: dict[int, dict[int, int]] = defaultdict(dict)  # others' keys this peer holds
        self._published: dict[int, dict[int, int]] = defaultdict(dict)
        self._shares: list[audit.ShareRecord] = []
        self._claims: list[audit.Claim] = []
        self._departed: set[int] = set(spec.absent)
        self._order, self._layered = spec.order, spec.layered
        self._seeds: dict[int, bytes] = {}
        self._made: dict[bytes, tuple[curve.Point, ...]] = {}  # own passes, already loaded
        self._cards = (curve.FacePoints(self.context) if spec.owner >= 0
                       else curve.CardPoints(self.context, spec.faces))
        self._lock_layers: list[curve.Layer] | None = None
        self._said_commit = False
        self.lost = False  # this seat's secrets for the deck are gone (forget())

    # ----- state anyone may ask about

    def _new_seed(self, faces) -> bytes:
        seed = os.urandom(keys.SEED_SIZE)
        if self.seat != self.spec.owner:
            return seed
        self._require(faces is not None and len(faces) == self._count,
                      f"the owner builds its deck from its {self._count} faces")
        try:
            return seed + curve.encode_faces(faces)
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None

    @property
    def locked(self) -> bool:
        return len(self._passes) == 2 * len(self._order)

    def turn(self) -> tuple[str, int] | None:
        """The pass due next, e.g. ("deck.lock", 2); None once the deck is locked."""
        done, order = len(self._passes), self._order
        if done < len(order):
            return ("deck.shuffle", order[done])
        if done < 2 * len(order):
            return ("deck.lock", order[done - len(order)])
        return None

    def stock(self) -> tuple[int, ...]:
        """Positions neither dealt nor turned up."""
        return tuple(j for j in range(self._count) if j not in self._holder)

    def hidden(self, seat: int) -> tuple[int, ...]:
        """Positions `seat` holds face down (dealt to it and not yet opened)."""
        return tuple(j for j in range(self._count) if self._holds_one(seat, j))

    def owed(self) -> dict[int, str]:
        """What each seat still owes the protocol now, e.g. {2: "its lock pass"}."""
        owed = defaultdict(list)
        for seat in self._order:
            if seat not in self._commits:
                owed[seat].append("its commitment")
        turn = self.turn()
        if turn is not None:
            owed[turn[1]].append(f"its {turn[0].removeprefix('deck.')} pass")
        for pending in self._pending:
            what = "reveal" if pending.to is None else f"share to seat {pending.to}"
            for seat in pending.waiting:
                owed[seat].append(f"its key {what} for positions {list(pending.positions)}")
        if self._seeds:
            for seat in set(self._commits) - self._departed - set(self._seeds):
                owed[seat].append("its seed for the audit")
        return {seat: "; ".join(what) for seat, what in owed.items()}

    def face_up(self) -> frozenset[int]:
        """Positions turned face up for everyone (revealed or opened), with their faces."""
        return frozenset(j for j in self._public if j in self.faces)

    def public_face(self, j: int) -> int | None:
        """The face at position `j` if it is face up for everyone, else None."""
        return self.faces.get(j) if j in self._public else None

    def shown(self, j: int) -> frozenset[int]:
        """Seats dealt the card at position `j` (its holder first of all)."""
        return frozenset(self._shown.get(j, ()))

    def committed(self, seat: int) -> bool:
        return seat in self._commits

    def disclosed(self, seat: int) -> bool:
        return seat in self._seeds

    def departed(self) -> frozenset[int]:
        return frozenset(self._departed)

    def settled(self) -> tuple[Action, ...]:
        """Deals and reveals that need no more keys, e.g. at a one-seat table or after
        every other seat left: they complete when registered, with no message."""
        return tuple(self._settle())

    def overdue(self, seat: int) -> None:
        """The table's word that `seat`'s deadline passed: if it owes anything, it withheld it."""
        what = self.owed().get(seat)
        if what:
            raise CheatDetected(seat, f"withheld {what}")

    def in_turn(self, message) -> bool:
        """Whether `message` may be received now (for transports that do not order causally)."""
        kind, seat, fields = messages.parse(message, self.spec.seats, self._count)
        return self._out_of_turn(kind, seat, fields) is None

    def prepare(self) -> None:
        """Load this seat's lock keys ahead of its lock pass, e.g. while others shuffle."""
        if self._secrets is not None:
            self._lock_layers_ready()

    # ----- producing messages (the peer's own come back through receive)

    def commit(self) -> tuple:
        """This seat's commitment: the first message it sends (its shuffle pass may follow
        in the same batch, as the receivers take it after the commitment)."""
        secrets = self._own()
        self._said_commit = True
        digest = keys.seed_digest(self.context, self.seat, self.seed)
        return ("deck.commit", self.seat, digest, secrets.exchange_public())

    def shuffle(self) -> tuple:
        """Encrypt every card with the shuffle key and permute them."""
        secrets = self._own()
        # said in this batch, or received back (a peer restarted after its commitment's frame)
        self._require(self._said_commit or self.seat in self._commits,
                      "this seat's commitment must come first")
        self._require(self.turn() == ("deck.shuffle", self.seat), "it is not this seat's shuffle")
        inputs = self._passes[-1].points() if self._passes else self._initial()
        layer = curve.layer(secrets.shuffle)
        encrypted = [curve.apply(layer, point) for point in inputs]
        return ("deck.shuffle", self.seat, self._made_blob([encrypted[i] for i in secrets.order]))

    def lock(self) -> tuple:
        """Swap the shuffle layer for a key per position, committing to each key."""
        secrets = self._own()
        self._require(self.turn() == ("deck.lock", self.seat), "it is not this seat's lock")
        layers = zip(self._lock_layers_ready(), self._passes[-1].points(), strict=True)
        locked = [curve.apply(layer, point) for layer, point in layers]
        digests = keys.key_digests(self.context, self.seat, secrets.locks)
        return ("deck.lock", self.seat, self._made_blob(locked), digests)

    def deal(self, to_seat: int, positions) -> tuple | None:
        """Register the engine's request to deal `positions` to `to_seat` (every peer does);
        returns this peer's key share for it, or None if it owes none.

        A stock card goes to `to_seat`; a card another seat holds stays that seat's and is
        only shown to `to_seat` (a look at someone's cards). With no other seat left to
        send keys, the deal completes at once: see `settled`."""
        positions = self._face_down(positions, dealing=True)
        self._require(0 <= to_seat < self.spec.seats, f"no seat {to_seat}")
        self._require(to_seat not in self._departed, f"seat {to_seat} has left")
        self._require(
            not any(to_seat in self._shown[j] for j in positions),
            f"seat {to_seat} was dealt some of positions {list(positions)} already",
        )
        waiting = self._active() - {to_seat}
        for j in positions:
            self._holder.setdefault(j, to_seat)
            self._shown[j].add(to_seat)
        self._pending.append(_Pending(to_seat, positions, waiting))
        if self.seat not in waiting:
            return None
        plain = b"".join(curve.key_bytes(self._secrets.locks[j]) for j in positions)
        sealed = keys.seal_share(
            self._shared[to_seat], self.context, self.seat, to_seat, positions, plain
        )
        return ("deck.share", self.seat, to_seat, positions, sealed)

    def reveal(self, positions) -> tuple | None:
        """Register the engine's request to turn face-down `positions` up (every peer does):
        stock cards, or held ones the rules turn up (hands shown at a hand's end); returns
        this peer's keys for them, or None if it owes none."""
        positions = self._face_down(positions)
        gone = [j for j in positions if self._holder.get(j) in self._departed]
        self._require(not gone, f"positions {gone} left with their holder")
        waiting = self._active()
        for j in positions:
            self._holder.setdefault(j, PUBLIC)
        self._pending.append(_Pending(None, positions, waiting))
        if self.seat not in waiting:
            return None
        return ("deck.reveal", self.seat, positions, self._own_keys(positions))

    def open(self, positions) -> tuple:
        """Turn up cards this seat holds (a play): all their keys, so everyone can check them."""
        positions = tuple(positions)
        self._require(self._holds(self.seat, positions), "this seat does not hold those cards")
        faces = tuple(self.faces[j] for j in positions)
        blob = b"".join(curve.key_bytes(key) for j in positions for key in self._layers_of(j))
        return ("deck.open", self.seat, positions, faces, blob)

    def claim(self, positions, faces, holds: bool) -> tuple:
        """Say that some card at `positions` is one of `faces` (holds) or that none is:
        e.g. "I hold the lowest card", "I cannot follow". Checked at the audit."""
        positions, faces = tuple(positions), tuple(faces)
        self._require(self._holds(self.seat, positions), "this seat does not hold those cards")
        claim = audit.Claim(self.seat, positions, faces, holds)
        self._require(claim.true_of([self.faces[j] for j in positions]), "that claim is false")
        return ("deck.claim", self.seat, positions, faces, holds)

    def handover(self, to_seat: int) -> tuple | None:
        """Pass what this seat knows face down to `to_seat`, which plays on for it once it
        has left: every layer's key of each, sealed to that seat (None if it knows none)."""
        self._own()
        self._require(self.locked, "the deck is not locked yet")
        self._require(to_seat in self._active() - {self.seat}, f"seat {to_seat} cannot take over")
        positions = self._handed(self.seat)
        if not positions:
            return None
        plain = b"".join(curve.key_bytes(key) for j in positions for key in self._layers_of(j))
        sealed = keys.seal_share(self._shared[to_seat], self.context, self.seat, to_seat,
                                 positions, plain, HANDOVER)
        return ("deck.handover", self.seat, to_seat, positions, sealed)

    def awaits(self, seat: int) -> bool:
        """Some deal to `seat` is still waiting for keys."""
        return any(p.to == seat for p in self._pending)

    def leave(self, handing_over: bool = False) -> tuple:
        """Publish this seat's key for every position it does not hold, so play goes on
        (`handing_over`: its hand-over comes first, so for its own cards too: the heir's
        layer hides them, and they can be turned up without this seat)."""
        self._own()
        self._require(self.locked, "leave before the deck is locked: shuffle again without it")
        positions = self._leave_positions(self.seat, handing_over)
        return ("deck.leave", self.seat, positions, self._own_keys(positions))

    def disclose(self) -> tuple:
        """This seat's seed, for the audit: after it the seat's cards are no longer secret."""
        self._own()
        return ("deck.seed", self.seat, self.seed)

    # ----- consuming messages

    def receive(self, message) -> tuple[Action, ...]:
        """Check and apply one message; the chance actions it completes, if any.

        CheatDetected names the author of a false message and changes nothing.
        DeckCorrupt (a card that decrypts to no card) leaves the message applied:
        the hand is void and the audit names the cheater.
        """
        kind, seat, fields = messages.parse(message, self.spec.seats, self._count)
        reason = self._out_of_turn(kind, seat, fields)
        if reason is not None:
            raise CheatDetected(seat, reason)
        handler = getattr(self, "_on_" + kind.removeprefix("deck."))
        self.transcript.append(message)
        try:
            return tuple(handler(seat, *fields))
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
        missing = sorted(set(range(self.spec.seats)) - self._departed - set(self._seeds))
        self._require(not missing, f"seeds of seats {missing} are missing")
        return audit.run(
            audit.Evidence(
                order=self._order,
                faces=self.spec.faces,
                owner=self.spec.owner,
                context=self.context,
                cards=self._cards,
                exchange_keys={seat: commit[1] for seat, commit in self._commits.items()},
                passes=tuple(self._passes),
                shares=tuple(self._shares),
                claims=tuple(self._claims),
                published=dict(self._published),
                seeds=dict(self._seeds),
            )
        )

    # ----- handlers: check everything first, then change state

    def _on_commit(self, seat, digest, exchange_key):
        if len(digest) != keys.DIGEST_SIZE or len(exchange_key) != keys.EXCHANGE_KEY_SIZE:
            raise CheatDetected(seat, "commitment of the wrong size")
        if seat == self.seat and digest != keys.seed_digest(self.context, seat, self.seed):
            self._forget()  # its own commitment from before it lost its journal
        if seat != self.seat:
            own = self._secrets.exchange if self._secrets is not None else _PROBE
            try:
                shared = keys.shared_secret(own, exchange_key)
            except ValueError as exc:
                raise CheatDetected(seat, "x25519 key of low order") from exc
            if self._secrets is not None:
                self._shared[seat] = shared
        self._commits[seat] = (digest, exchange_key)
        return ()

    def _on_shuffle(self, seat, blob):
        self._passes.append(self._checked_pass(seat, blob, b"", "shuffle"))
        return ()

    def _on_lock(self, seat, blob, digests):
        if len(digests) != keys.DIGEST_SIZE * self._count:
            raise CheatDetected(seat, "lock pass with the wrong number of key commitments")
        self._passes.append(self._checked_pass(seat, blob, digests, "lock"))
        return (Shuffled(self.spec.deck),) if self.locked else ()

    def _on_share(self, seat, to_seat, positions, sealed):
        if to_seat in self._departed:
            return ()  # sent in the same step as the receiver's leave: moot, not false
        if len(sealed) != curve.KEY_SIZE * len(positions) + keys.TAG_SIZE:
            raise CheatDetected(seat, "key share of the wrong size")
        self._shares.append(audit.ShareRecord(seat, to_seat, positions, sealed))
        problem = None  # a false share is kept as every other peer keeps it (PrivateCheat)
        if self.seat == to_seat:
            found, problem = self._open_sealed(seat, positions, sealed,
                                               [(seat, j) for j in positions], "key share")
            for j, key in zip(positions, found, strict=True) if found else ():
                self._known[j][seat] = key
        self._pending_for(seat, to_seat, positions).waiting.discard(seat)
        settled = self._settle()
        if problem:
            raise PrivateCheat(seat, problem, tuple(settled))
        return settled

    def _open_sealed(self, seat, positions, sealed, layers, what, *purpose):
        """Keys `seat` sealed to this peer, opened and checked against its commitments:
        (the keys, None), or (None, why they are false)."""
        try:
            plain = keys.open_share(self._shared[seat], self.context, seat, self.seat,
                                    positions, sealed, *purpose)
            return self._checked_keys(seat, layers, plain, what), None
        except InvalidTag:
            return None, f"{what} that does not decrypt"
        except CheatDetected as exc:
            return None, exc.reason

    def _on_reveal(self, seat, positions, blob):
        found = self._checked_keys(seat, [(seat, j) for j in positions], blob, "reveal")
        self._publish(seat, positions, found)
        self._pending_for(seat, None, positions).waiting.discard(seat)
        return self._settle()

    def _on_open(self, seat, positions, faces, blob):
        if len(faces) != len(positions):
            raise CheatDetected(seat, "open with a face count unlike its positions")
        seats = self._layered
        layers = [(s, j) for j in positions for s in seats]
        found = self._checked_keys(seat, layers, blob, "open")
        by_position = [found[i : i + len(seats)] for i in range(0, len(found), len(seats))]
        if seat != self.seat:
            shown = self._decrypt(positions, by_position)
            for j, face, named in zip(positions, shown, faces, strict=True):
                if face != named:
                    raise CheatDetected(seat, f"names a card it does not hold at position {j}")
        for j, position_keys in zip(positions, by_position, strict=True):
            for s, key in zip(seats, position_keys, strict=True):
                self._published[j][s] = key
                self._known[j][s] = key
        self._public.update(positions)
        self.faces.update(zip(positions, faces, strict=True))
        return (Revealed(self.spec.deck, positions, faces),)

    def _on_claim(self, seat, positions, faces, holds):
        self._claims.append(audit.Claim(seat, positions, faces, holds))
        return ()

    def _on_handover(self, seat, to_seat, positions, sealed):
        seats = len(self._layered)
        if to_seat == seat or to_seat in self._departed:
            raise CheatDetected(seat, f"handed its cards over to seat {to_seat}")
        if positions != self._handed(seat):
            raise CheatDetected(seat, "handed over other cards than all it was dealt")
        if len(sealed) != curve.KEY_SIZE * seats * len(positions) + keys.TAG_SIZE:
            raise CheatDetected(seat, "hand-over of the wrong size")
        problem, faces = None, ()
        if self.seat == to_seat:
            layers = [(s, j) for j in positions for s in self._layered]
            found, problem = self._open_sealed(seat, positions, sealed, layers, "hand-over",
                                               HANDOVER)
            for (s, j), key in zip(layers, found, strict=True) if found else ():
                if s != self.seat:
                    self._known[j][s] = key
        for j in positions:
            if self._holder.get(j) == seat:
                self._holder[j] = to_seat
            self._shown[j].add(to_seat)
        if self.seat == to_seat and not problem:
            try:
                faces = self._show(positions)
            except DeckCorrupt as exc:
                problem = f"handed over positions {list(exc.positions)}, which are no cards"
        taken = (Dealt(self.spec.deck, to_seat, positions, faces),)
        if problem:
            raise PrivateCheat(seat, problem, taken)
        return taken

    def _on_leave(self, seat, positions, blob):
        expected = self._leave_positions(seat)
        # cards turned up earlier in the same step may be among them: their keys do no harm
        if not set(expected) <= set(positions) <= set(expected) | self._public:
            raise CheatDetected(seat, f"left without its keys for positions {list(expected)}")
        found = self._checked_keys(seat, [(seat, j) for j in positions], blob, "leave")
        self._publish(seat, positions, found)
        self._departed.add(seat)
        for pending in self._pending:
            pending.waiting.discard(seat)
            if pending.to == seat:
                pending.waiting.clear()  # nobody owes keys to a seat that left
        return self._settle()

    def _on_seed(self, seat, seed):
        if keys.seed_digest(self.context, seat, seed) != self._commits[seat][0]:
            raise CheatDetected(seat, "seed does not match its commitment")
        self._seeds[seat] = seed
        return ()

    # ----- order: what may come now

    def _out_of_turn(self, kind, seat, fields) -> str | None:
        if seat in self.spec.absent:
            return f"sent {kind} to a deck dealt after it left"
        if kind == "deck.commit":
            return "committed twice" if seat in self._commits else None
        if seat not in self._commits:
            return f"sent {kind} before its commitment"
        if kind == "deck.seed":
            return "revealed its seed twice" if seat in self._seeds else None
        if seat in self._departed:
            return f"sent {kind} after leaving"
        if kind in ("deck.shuffle", "deck.lock"):
            return None if self.turn() == (kind, seat) else f"{kind} out of turn"
        if not self.locked:
            return f"sent {kind} before the deck was locked"
        if (
            kind == "deck.share"
            and fields[0] not in self._departed
            and self._pending_for(seat, fields[0], fields[1]) is None
        ):
            return "a key share nobody asked of it (or for other positions)"
        if kind == "deck.reveal" and self._pending_for(seat, None, fields[0]) is None:
            return "reveal keys nobody asked of it (or for other positions)"
        if kind in ("deck.open", "deck.claim") and not self._holds(seat, fields[0]):
            return f"{kind} of cards it does not hold"
        return None

    def _pending_for(self, seat, to, positions) -> _Pending | None:
        for pending in self._pending:
            if pending.to == to and pending.positions == positions and seat in pending.waiting:
                return pending
        return None

    def _handed(self, seat: int) -> tuple[int, ...]:
        """What a leaver hands over: the cards it holds face down, and those it was shown
        that another holds (a Dragon's Gold victim's look at the token stolen from it), so
        its heir knows all it knew."""
        return tuple(j for j in range(self._count) if self._holds_one(seat, j) or (
            seat in self._shown.get(j, ()) and j not in self._public
            and self._holder.get(j) not in (seat, None)))

    def _holds_one(self, seat: int, j: int) -> bool:
        return (
            self._holder.get(j) == seat
            and j not in self._public
            and not any(j in p.positions and p.to in (seat, None) for p in self._pending)
        )

    def _holds(self, seat: int, positions) -> bool:
        return bool(positions) and all(self._holds_one(seat, j) for j in positions)

    def _leave_positions(self, seat: int, handing_over: bool = False) -> tuple[int, ...]:
        """What a leaving seat publishes its key for: every face-down card but the hand it
        keeps (none once it handed it over)."""
        return tuple(
            j for j in range(self._count)
            if j not in self._public and (handing_over or self._holder.get(j) != seat)
        )

    def _active(self) -> set[int]:
        return set(range(self.spec.seats)) - self._departed

    # ----- keys and cards

    def _initial(self) -> tuple[curve.Point, ...]:
        """The cards as the first shuffler takes them: the deck, or the owner's own."""
        if self.spec.owner < 0:
            return self._cards.all()
        return self._cards.points(keys.owner_faces(self.seed))

    def _lock_pass(self, seat: int) -> audit.PassRecord:
        return self._passes[len(self._order) + self._order.index(seat)]

    def _checked_keys(self, author: int, layers, blob: bytes, what: str) -> list[int]:
        """Keys in `blob` for (seat, position) `layers`, each checked against its commitment."""
        if len(blob) != curve.KEY_SIZE * len(layers):
            raise CheatDetected(author, f"{what} with the wrong number of keys")
        found = []
        for i, (owner, j) in enumerate(layers):
            key = curve.key_from(blob[i * curve.KEY_SIZE : (i + 1) * curve.KEY_SIZE])
            commitment = keys.digest_at(self._lock_pass(owner).digests, j)
            if key is None or keys.key_digest(self.context, owner, j, key) != commitment:
                raise CheatDetected(
                    author, f"{what}: seat {owner}'s key for position {j} is not its committed key"
                )
            found.append(key)
        return found

    def _publish(self, seat: int, positions, found) -> None:
        for j, key in zip(positions, found, strict=True):
            self._published[j][seat] = key
            self._known[j][seat] = key

    def _layers_known(self, j: int) -> bool:
        return all(s in self._known[j] for s in self._layered if s != self.seat)

    def _layers_of(self, j: int) -> list[int]:
        return [
            self._secrets.locks[j] if s == self.seat else self._known[j][s]
            for s in self._layered
        ]

    def _decrypt(self, positions, layers) -> list[int]:
        """Faces at `positions` given every layer's key; DeckCorrupt if one is no card."""
        final = self._passes[-1]
        found, corrupt = [], []
        for j, keys_of_j in zip(positions, layers, strict=True):
            product = 1
            for key in keys_of_j:
                product = product * key % curve.ORDER
            x = curve.apply_x(curve.layer(curve.inverse(product)), final.point(j))
            face = self._cards.face_of(x)
            if face is None:
                corrupt.append(j)
            else:
                found.append(face)
        if corrupt:
            raise DeckCorrupt(tuple(corrupt))
        return found

    def _settle(self) -> list[Action]:
        """Finish every pending deal and reveal that has all its keys."""
        done = [p for p in self._pending if not p.waiting]
        self._pending = [p for p in self._pending if p.waiting]
        actions, corrupt = [], []
        for pending in done:
            if pending.to is None:
                self._public.update(pending.positions)
                faces = self._show(pending.positions)  # DeckCorrupt here, everyone sees it
                actions.append(Revealed(self.spec.deck, pending.positions, faces))
                continue
            faces = ()
            if (pending.to == self.seat and self.seat not in self._departed
                    and all(self._layers_known(j) for j in pending.positions)):
                try:
                    faces = self._show(pending.positions)
                except DeckCorrupt as exc:  # only this peer decrypts it: others go on
                    corrupt += exc.positions
            actions.append(Dealt(self.spec.deck, pending.to, pending.positions, faces))
        if corrupt:
            raise DeckCorrupt(tuple(corrupt), tuple(actions), private=True)
        return actions

    def _show(self, positions) -> tuple[int, ...]:
        faces = tuple(self._decrypt(positions, [self._layers_of(j) for j in positions]))
        self.faces.update(zip(positions, faces, strict=True))
        return faces

    def _checked_pass(self, seat: int, blob: bytes, digests: bytes, what: str):
        made = self._made.pop(blob, None) if seat == self.seat else None
        if made is None:
            try:
                curve.check_deck(blob, self._count)
            except ValueError as exc:
                raise CheatDetected(seat, f"{what} pass: {exc}") from exc
        return audit.PassRecord(seat, blob, digests, made)

    def _made_blob(self, made: list[tuple[bytes, curve.Point]]) -> bytes:
        blob = b"".join(data for data, _ in made)
        self._made[blob] = tuple(point for _, point in made)
        return blob

    def _lock_layers_ready(self) -> list[curve.Layer]:
        if self._lock_layers is None:
            unshuffle = curve.inverse(self._secrets.shuffle)
            self._lock_layers = [
                curve.layer(unshuffle * lock % curve.ORDER) for lock in self._secrets.locks
            ]
        return self._lock_layers

    def _own_keys(self, positions) -> bytes:
        return b"".join(curve.key_bytes(self._secrets.locks[j]) for j in positions)

    def _face_down(self, positions, dealing: bool = False) -> tuple[int, ...]:
        """Valid positions of face-down cards that no reveal is turning up; a deal may
        overlap other deals (a stolen token goes to the thief and its victim at once)."""
        positions = tuple(positions)
        self._require(self.locked, "the deck is not locked yet")
        self._require(
            bool(positions)
            and len(set(positions)) == len(positions)
            and all(0 <= j < self._count and j not in self._public for j in positions)
            and not any(j in p.positions for p in self._pending for j in positions
                        if p.to is None or not dealing),
            f"positions {list(positions)} are not all face down and settled",
        )
        return positions

    def _forget(self) -> None:
        """This seat committed with a seed it no longer has (its journal was lost): from now
        on it follows the deck as a spectator does, and it can send nothing for it."""
        self.lost = True
        self.seat = self.seed = self._secrets = self._lock_layers = None
        self._shared.clear()
        self._made.clear()

    def _own(self) -> keys.PeerSecrets:
        self._require(self._secrets is not None, "a spectator sends no deck messages")
        return self._secrets

    @staticmethod
    def _require(condition: bool, message: str) -> None:
        if not condition:
            raise ProtocolError(message)
