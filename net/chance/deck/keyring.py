"""The keys one peer holds for each card's lock layers, and the faces they decrypt to.

Unlike the Record and the Board this differs from peer to peer: a seat learns the
keys of the cards dealt to it, everyone those of the cards turned up.
"""

from __future__ import annotations

from collections import defaultdict

from net.chance.deck import curve
from net.chance.deck.errors import DeckCorrupt
from net.chance.deck.record import Record
from net.chance.deck.seat import SeatSecrets


class KeyRing:
    def __init__(self, record: Record, own: SeatSecrets):
        self._record, self._own = record, own
        self.faces: dict[int, int] = {}  # position -> face, for the cards this peer was shown
        self._known: dict[int, dict[int, int]] = defaultdict(dict)  # others' keys it holds

    def learn(self, seat: int, j: int, key: int) -> None:
        self._known[j][seat] = key

    def layers_known(self, j: int) -> bool:
        return all(s in self._known[j] for s in self._record.layered if s != self._own.seat)

    def layers_of(self, j: int) -> list[int]:
        return [
            self._own.derived.locks[j] if s == self._own.seat else self._known[j][s]
            for s in self._record.layered
        ]

    def layer_bytes(self, positions) -> bytes:
        """Every layer's key of each of `positions`, as sent (to open them or hand them over)."""
        return b"".join(curve.key_bytes(key) for j in positions for key in self.layers_of(j))

    def decrypt(self, positions, layers) -> list[int]:
        """Faces at `positions` given every layer's key; DeckCorrupt if one is no card."""
        final = self._record.passes[-1]
        found, corrupt = [], []
        for j, keys_of_j in zip(positions, layers, strict=True):
            product = 1
            for key in keys_of_j:
                product = product * key % curve.ORDER
            x = curve.apply_x(curve.layer(curve.inverse(product)), final.point(j))
            face = self._record.cards.face_of(x)
            if face is None:
                corrupt.append(j)
            else:
                found.append(face)
        if corrupt:
            raise DeckCorrupt(tuple(corrupt))
        return found

    def show(self, positions) -> tuple[int, ...]:
        """Decrypt `positions` with the keys held and keep their faces."""
        faces = tuple(self.decrypt(positions, [self.layers_of(j) for j in positions]))
        self.faces.update(zip(positions, faces, strict=True))
        return faces
