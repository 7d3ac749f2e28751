"""Who plays each seat: one rule, a pure function of the table's record.

At the start every human plays its own seat and the lowest seated human hosts
the bot seats. A human who leaves hands every seat it plays to its heir, the
lowest other human still at the table; the heir plays them with bots. There is
no other case: a second leave, a leave by an heir, a leave by the bot host and
the last leave all go through `depart`, and every peer, the journal's replay and
the replay of a finished game fold the same leaves in the same order, so they
agree on the player of every seat at every step. A human who comes back takes its
own seat back (`back`, at a hand's fresh deal, net.table.lockstep); the seats its heir
took over with it stay with the heir.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.errors import FaultKind, TableFault
from net.wire.start import StartConfig


@dataclass(frozen=True, slots=True)
class Seating:
    """`plays[s]` is the human seat that plays engine seat `s` now; `present` the humans
    still at the table, in seat order."""

    plays: tuple[int, ...]
    present: tuple[int, ...]

    @classmethod
    def at_start(cls, start: StartConfig) -> Seating:
        humans = tuple(sorted(start.humans()))
        host = start.bot_host()
        plays = tuple(s if s in humans else host for s in range(len(start.seats)))
        return cls(plays, humans)

    def player_of(self, seat: int) -> int:
        """The human seat that plays engine seat `seat`: its own, its bot host's or its heir's."""
        return self.plays[seat]

    def controls(self, human: int) -> tuple[int, ...]:
        """The engine seats `human` plays: its own first, then those it hosts or inherited."""
        if human not in self.present:
            return ()
        return (human, *(s for s, p in enumerate(self.plays) if p == human and s != human))

    def heir(self, seat: int) -> int | None:
        """Who plays on for `seat` if it leaves: the lowest other human present (None: nobody)."""
        return min((s for s in self.present if s != seat), default=None)

    def depart(self, seat: int, step: int) -> Seating:
        """`seat` left after `step`: everything it played passes to its heir."""
        heir = self.heir(seat)
        if heir is None:
            raise TableFault(FaultKind.VOID, step, "the hand is void: every player has left")
        return Seating(tuple(heir if p == seat else p for p in self.plays),
                       tuple(s for s in self.present if s != seat))

    def back(self, seat: int) -> Seating:
        """`seat`'s human is back: it plays its own seat again."""
        return Seating(tuple(seat if s == seat else p for s, p in enumerate(self.plays)),
                       tuple(sorted({*self.present, seat})))

    def by_human(self) -> dict[int, tuple[int, ...]]:
        """Every present human and the engine seats it plays."""
        return {human: self.controls(human) for human in self.present}
