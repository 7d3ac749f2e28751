"""Checking and applying each message of the table, the peer's own included, in the
order the lockstep table applies them.

Each handler checks everything first and then changes state, so a CheatDetected
leaves the peer as it was; it returns the chance actions the message completed.
"""

from __future__ import annotations

from cryptography.exceptions import InvalidTag

from engine.chance import Dealt, Revealed, Shuffled
from engine.wire import Action
from net.chance.deck import audit, curve, keys
from net.chance.deck.board import Board
from net.chance.deck.errors import CheatDetected, DeckCorrupt, PrivateCheat
from net.chance.deck.keyring import KeyRing
from net.chance.deck.record import Record
from net.chance.deck.seat import HANDOVER, SeatSecrets


class Receiver:
    def __init__(self, own: SeatSecrets, record: Record, board: Board, keyring: KeyRing):
        self._own, self._record, self._board, self._keys = own, record, board, keyring
        self._spec = record.spec

    def out_of_turn(self, kind, seat, fields) -> str | None:
        """Why `seat` may not send this message now, or None if it may."""
        record, board = self._record, self._board
        if seat in self._spec.absent:
            return f"sent {kind} to a deck dealt after it left"
        if kind == "deck.commit":
            return "committed twice" if seat in record.commits else None
        if seat not in record.commits:
            return f"sent {kind} before its commitment"
        if kind == "deck.seed":
            return "revealed its seed twice" if seat in record.seeds else None
        if seat in record.departed:
            return f"sent {kind} after leaving"
        if kind in ("deck.shuffle", "deck.lock"):
            return None if record.turn() == (kind, seat) else f"{kind} out of turn"
        if not record.locked:
            return f"sent {kind} before the deck was locked"
        if (
            kind == "deck.share"
            and fields[0] not in record.departed
            and not board.asked(seat, fields[0], fields[1])
        ):
            return "a key share nobody asked of it (or for other positions)"
        if kind == "deck.reveal" and not board.asked(seat, None, fields[0]):
            return "reveal keys nobody asked of it (or for other positions)"
        if kind in ("deck.open", "deck.claim") and not board.holds(seat, fields[0]):
            return f"{kind} of cards it does not hold"
        return None

    def apply(self, kind, seat, fields) -> tuple[Action, ...]:
        """Apply a message that is in turn (see `out_of_turn`)."""
        handler = getattr(self, "_on_" + kind.removeprefix("deck."))
        return tuple(handler(seat, *fields))

    def settle(self) -> list[Action]:
        """Finish every pending deal and reveal that has all its keys."""
        actions, corrupt = [], []
        for pending in self._board.take_settled():
            if pending.to is None:
                self._board.public.update(pending.positions)
                faces = self._keys.show(pending.positions)  # DeckCorrupt here, everyone sees it
                actions.append(Revealed(self._spec.deck, pending.positions, faces))
                continue
            faces = ()
            seat = self._own.seat
            if (pending.to == seat and seat not in self._record.departed
                    and all(self._keys.layers_known(j) for j in pending.positions)):
                try:
                    faces = self._keys.show(pending.positions)
                except DeckCorrupt as exc:  # only this peer decrypts it: others go on
                    corrupt += exc.positions
            actions.append(Dealt(self._spec.deck, pending.to, pending.positions, faces))
        if corrupt:
            raise DeckCorrupt(tuple(corrupt), tuple(actions), private=True)
        return actions

    # ----- one handler per kind of message

    def _on_commit(self, seat, digest, exchange_key):
        if len(digest) != keys.DIGEST_SIZE or len(exchange_key) != keys.EXCHANGE_KEY_SIZE:
            raise CheatDetected(seat, "commitment of the wrong size")
        if seat == self._own.seat and digest != self._own.seed_digest():
            self._own.forget()  # its own commitment from before it lost its journal
        if seat != self._own.seat:
            self._own.exchange(seat, exchange_key)
        self._record.commits[seat] = (digest, exchange_key)
        return ()

    def _on_shuffle(self, seat, blob):
        self._record.add_pass(seat, blob, b"", "shuffle", self._own.made_pass(seat, blob))
        return ()

    def _on_lock(self, seat, blob, digests):
        if len(digests) != keys.DIGEST_SIZE * self._record.count:
            raise CheatDetected(seat, "lock pass with the wrong number of key commitments")
        self._record.add_pass(seat, blob, digests, "lock", self._own.made_pass(seat, blob))
        return (Shuffled(self._spec.deck),) if self._record.locked else ()

    def _on_share(self, seat, to_seat, positions, sealed):
        if to_seat in self._record.departed:
            return ()  # sent in the same step as the receiver's leave: moot, not false
        if len(sealed) != curve.KEY_SIZE * len(positions) + keys.TAG_SIZE:
            raise CheatDetected(seat, "key share of the wrong size")
        self._record.shares.append(audit.ShareRecord(seat, to_seat, positions, sealed))
        problem = None  # a false share is kept as every other peer keeps it (PrivateCheat)
        if self._own.seat == to_seat:
            found, problem = self._open_sealed(seat, positions, sealed,
                                               [(seat, j) for j in positions], "key share")
            for j, key in zip(positions, found, strict=True) if found else ():
                self._keys.learn(seat, j, key)
        self._board.answered(seat, to_seat, positions)
        settled = self.settle()
        if problem:
            raise PrivateCheat(seat, problem, tuple(settled))
        return settled

    def _on_reveal(self, seat, positions, blob):
        layers = [(seat, j) for j in positions]
        self._publish(layers, self._record.checked_keys(seat, layers, blob, "reveal"))
        self._board.answered(seat, None, positions)
        return self.settle()

    def _on_open(self, seat, positions, faces, blob):
        if len(faces) != len(positions):
            raise CheatDetected(seat, "open with a face count unlike its positions")
        seats = self._record.layered
        layers = [(s, j) for j in positions for s in seats]
        found = self._record.checked_keys(seat, layers, blob, "open")
        if seat != self._own.seat:
            by_position = [found[i : i + len(seats)] for i in range(0, len(found), len(seats))]
            shown = self._keys.decrypt(positions, by_position)
            for j, face, named in zip(positions, shown, faces, strict=True):
                if face != named:
                    raise CheatDetected(seat, f"names a card it does not hold at position {j}")
        self._publish(layers, found)
        self._board.public.update(positions)
        self._keys.faces.update(zip(positions, faces, strict=True))
        return (Revealed(self._spec.deck, positions, faces),)

    def _on_claim(self, seat, positions, faces, holds):
        self._record.claims.append(audit.Claim(seat, positions, faces, holds))
        return ()

    def _on_handover(self, seat, to_seat, positions, sealed):
        seats = self._record.layered
        if to_seat == seat or to_seat in self._record.departed:
            raise CheatDetected(seat, f"handed its cards over to seat {to_seat}")
        if positions != self._board.handed(seat):
            raise CheatDetected(seat, "handed over other cards than all it was dealt")
        if len(sealed) != curve.KEY_SIZE * len(seats) * len(positions) + keys.TAG_SIZE:
            raise CheatDetected(seat, "hand-over of the wrong size")
        problem, faces = None, ()
        heir = self._own.seat == to_seat
        if heir:
            layers = [(s, j) for j in positions for s in seats]
            found, problem = self._open_sealed(seat, positions, sealed, layers, "hand-over",
                                               HANDOVER)
            for (s, j), key in zip(layers, found, strict=True) if found else ():
                if s != to_seat:  # the heir's own layer it has from its seed
                    self._keys.learn(s, j, key)
        self._board.hand_over(seat, to_seat, positions)
        if heir and not problem:
            try:
                faces = self._keys.show(positions)
            except DeckCorrupt as exc:
                problem = f"handed over positions {list(exc.positions)}, which are no cards"
        taken = (Dealt(self._spec.deck, to_seat, positions, faces),)
        if problem:
            raise PrivateCheat(seat, problem, taken)
        return taken

    def _on_leave(self, seat, positions, blob):
        expected = self._board.leave_positions(seat)
        # cards turned up earlier in the same step may be among them: their keys do no harm
        if not set(expected) <= set(positions) <= set(expected) | self._board.public:
            raise CheatDetected(seat, f"left without its keys for positions {list(expected)}")
        layers = [(seat, j) for j in positions]
        self._publish(layers, self._record.checked_keys(seat, layers, blob, "leave"))
        self._record.departed.add(seat)
        self._board.depart(seat)
        return self.settle()

    def _on_seed(self, seat, seed):
        if keys.seed_digest(self._record.context, seat, seed) != self._record.commits[seat][0]:
            raise CheatDetected(seat, "seed does not match its commitment")
        self._record.seeds[seat] = seed
        return ()

    # ----- keys received

    def _open_sealed(self, seat, positions, sealed, layers, what, *purpose):
        """Keys `seat` sealed to this peer, opened and checked against its commitments:
        (the keys, None), or (None, why they are false)."""
        try:
            plain = self._own.unseal(seat, positions, sealed, *purpose)
            return self._record.checked_keys(seat, layers, plain, what), None
        except InvalidTag:
            return None, f"{what} that does not decrypt"
        except CheatDetected as exc:
            return None, exc.reason

    def _publish(self, layers, found) -> None:
        """Keys made public for (seat, position) `layers`: evidence, and this peer's to use."""
        for (seat, j), key in zip(layers, found, strict=True):
            self._record.published[j][seat] = key
            self._keys.learn(seat, j, key)
