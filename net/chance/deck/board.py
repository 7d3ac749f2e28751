"""Where each card of one deck is: its holder, the seats shown it, whether it is face up,
and the deals and reveals still waiting for keys.

Every peer and spectator keeps it alike, from the engine's requests and the public
messages; what one peer privately knows of the cards is its KeyRing's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from net.chance.deck.errors import require

PUBLIC = -1  # holder of a position being turned face up for everyone


@dataclass(slots=True)
class Pending:
    """A deal (to a seat) or a public reveal (to None) still waiting for `waiting` seats' keys."""

    to: int | None
    positions: tuple[int, ...]
    waiting: set[int] = field(default_factory=set)


class Board:
    def __init__(self, count: int):
        self.count = count
        self.holder: dict[int, int] = {}  # position -> the first seat dealt it, or PUBLIC
        self.shown: dict[int, set[int]] = defaultdict(set)  # position -> seats dealt it
        self.public: set[int] = set()  # positions face up for everyone
        self._pending: list[Pending] = []

    def stock(self) -> tuple[int, ...]:
        return tuple(j for j in range(self.count) if j not in self.holder)

    def hidden(self, seat: int) -> tuple[int, ...]:
        return tuple(j for j in range(self.count) if self.holds_one(seat, j))

    def holds_one(self, seat: int, j: int) -> bool:
        """`seat` holds the card at `j` face down, and no deal to it or reveal is pending."""
        return (
            self.holder.get(j) == seat
            and j not in self.public
            and not any(j in p.positions and p.to in (seat, None) for p in self._pending)
        )

    def holds(self, seat: int, positions) -> bool:
        return bool(positions) and all(self.holds_one(seat, j) for j in positions)

    def handed(self, seat: int) -> tuple[int, ...]:
        """What a leaver hands over: the cards it holds face down, and those it was shown
        that another holds (a Dragon's Gold victim's look at the token stolen from it), so
        its heir knows all it knew."""
        return tuple(j for j in range(self.count) if self.holds_one(seat, j) or (
            seat in self.shown.get(j, ()) and j not in self.public
            and self.holder.get(j) not in (seat, None)))

    def leave_positions(self, seat: int, handing_over: bool = False) -> tuple[int, ...]:
        """What a leaving seat publishes its key for: every face-down card but the hand it
        keeps (none once it handed it over)."""
        return tuple(
            j for j in range(self.count)
            if j not in self.public and (handing_over or self.holder.get(j) != seat)
        )

    def face_down(self, positions, dealing: bool = False) -> tuple[int, ...]:
        """Valid positions of face-down cards that no reveal is turning up; a deal may
        overlap other deals (a stolen token goes to the thief and its victim at once)."""
        positions = tuple(positions)
        require(
            bool(positions)
            and len(set(positions)) == len(positions)
            and all(0 <= j < self.count and j not in self.public for j in positions)
            and not any(j in p.positions for p in self._pending for j in positions
                        if p.to is None or not dealing),
            f"positions {list(positions)} are not all face down and settled",
        )
        return positions

    def dealt_before(self, seat: int, positions) -> bool:
        return any(seat in self.shown[j] for j in positions)

    def deal(self, to_seat: int, positions: tuple[int, ...], waiting: set[int]) -> None:
        """A stock card goes to `to_seat`; a card another seat holds stays that seat's and is
        only shown to `to_seat` (a look at someone's cards)."""
        for j in positions:
            self.holder.setdefault(j, to_seat)
            self.shown[j].add(to_seat)
        self._pending.append(Pending(to_seat, positions, waiting))

    def reveal(self, positions: tuple[int, ...], waiting: set[int]) -> None:
        for j in positions:
            self.holder.setdefault(j, PUBLIC)
        self._pending.append(Pending(None, positions, waiting))

    def hand_over(self, seat: int, to_seat: int, positions) -> None:
        """`to_seat` holds what `seat` held of `positions`, and is shown all of them."""
        for j in positions:
            if self.holder.get(j) == seat:
                self.holder[j] = to_seat
            self.shown[j].add(to_seat)

    def asked(self, seat: int, to: int | None, positions) -> bool:
        """Some deal to `to` (a reveal: None) of exactly `positions` waits for `seat`'s keys."""
        return self._pending_for(seat, to, positions) is not None

    def answered(self, seat: int, to: int | None, positions) -> None:
        self._pending_for(seat, to, positions).waiting.discard(seat)

    def awaits(self, seat: int) -> bool:
        return any(p.to == seat for p in self._pending)

    def depart(self, seat: int) -> None:
        for pending in self._pending:
            pending.waiting.discard(seat)
            if pending.to == seat:
                pending.waiting.clear()  # nobody owes keys to a seat that left

    def take_settled(self) -> list[Pending]:
        """The deals and reveals that wait for no more keys, no longer pending."""
        done = [p for p in self._pending if not p.waiting]
        self._pending = [p for p in self._pending if p.waiting]
        return done

    def owed(self) -> Iterator[tuple[int, str]]:
        """(seat, what) for every key a pending deal or reveal waits for."""
        for pending in self._pending:
            what = "reveal" if pending.to is None else f"share to seat {pending.to}"
            for seat in pending.waiting:
                yield seat, f"its key {what} for positions {list(pending.positions)}"

    def _pending_for(self, seat, to, positions) -> Pending | None:
        for pending in self._pending:
            if pending.to == to and pending.positions == positions and seat in pending.waiting:
                return pending
        return None
