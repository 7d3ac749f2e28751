"""Who is who at the deck's table, and how a fault names them.

The deck's seats ("participants") are the seated humans in seat order, and every
part of DeckChance speaks of them by their index there; a bot seat's cards go to
the human who plays it. A fault names a participant by its label (twins carry a
fingerprint) at the step whose frames are being applied, so that every peer
stops the table with the same words at the same step.
"""

from __future__ import annotations

from collections.abc import Callable

from net.errors import FaultKind, TableFault
from net.wire.start import StartConfig


class Seats:
    def __init__(self, start: StartConfig, me: int | None, player_of: Callable[[int], int]):
        """`player_of(seat)`: the human seat that plays an engine seat now (the table's
        word, heirs included)."""
        self.humans = tuple(sorted(start.humans()))
        self.labels = [seat.label(i) for i, seat in enumerate(start.seats)]
        self.player_of = player_of
        self.me = None if me is None else self.humans.index(me)  # None: a spectator
        self.step = -1  # the step whose frames are being applied

    def part(self, seat: int) -> int:
        """The participant that human seat `seat` is."""
        return self.humans.index(seat)

    def holder(self, seat: int) -> int:
        """The participant whose engine plays engine seat `seat` and is dealt its cards."""
        return self.part(self.player_of(seat))

    def name(self, participant: int) -> str:
        return self.labels[self.humans[participant]]

    def fault(self, kind: FaultKind, reason: str) -> TableFault:
        return TableFault(kind, self.step, reason)

    def cheat(self, participant: int, reason: str) -> TableFault:
        return self.fault(FaultKind.CHEAT, f"{self.name(participant)} cheated: {reason}")
