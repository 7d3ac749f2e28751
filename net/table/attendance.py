"""Who is at the table, step by step: the record the seating rule is folded from.

A replica (net.table.lockstep) keeps one `Attendance`: every key ever seated, the seating
now (net.table.seating), the signed votes to play on without a quiet seat, and the seats let
back (admitted at a step whose frames all welcome them, taken back at the next fresh
deal). It is pure bookkeeping: the replica decides when each change happens, from the
frames alone, so every peer, spectator and replay folds the same changes at the same
steps.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from net.errors import BadFrame
from net.table.seating import Seating
from net.wire.frames import QUIET, Record
from net.wire.start import StartConfig


class QuietVotes:
    """Who voted to play on without which seat from which step."""

    def __init__(self):
        self._votes: dict[tuple[int, int], set[int]] = {}
        self._records: dict[int, dict[int, Record]] = {}  # step -> voter -> its vote

    def add(self, record: Record, seat: int) -> None:
        self._votes.setdefault((seat, record.step), set()).add(record.seat)
        self._records.setdefault(record.step, {})[record.seat] = record

    def steps_against(self, seat: int | None) -> list[int]:
        return sorted(step for quiet, step in self._votes if quiet == seat)

    def at(self, step: int) -> list[Record]:
        return [r for _, r in sorted(self._records.get(step, {}).items())]

    def voted(self, voter: int | None, seat: int, step: int) -> bool:
        return voter in self._votes.get((seat, step), ())

    def all_of(self, voters: set[int], seat: int, step: int) -> bool:
        return voters <= self._votes.get((seat, step), set())

    def __bool__(self) -> bool:
        return bool(self._votes)


class Attendance:
    def __init__(self, start: StartConfig):
        self.table = start.table
        self.keys = start.humans()  # every seat ever held by a human, and its key
        self.players = frozenset(self.keys.values())  # every key ever seated, gone or not
        self.seating = Seating.at_start(start)
        self.votes = QuietVotes()
        self.admitted: set[int] = set()  # seats let back, to take them at the next fresh deal
        self.anchors: dict[int, int] = {}  # seat -> the step it came back at

    @property
    def present(self) -> tuple[int, ...]:
        return self.seating.present

    def holds(self, record: Record) -> bool:
        """Is the record signed by the key of the seat it names (present or not)?"""
        return self.keys.get(record.seat) == record.signer

    # -- quiet seats ---------------------------------------------------------------------
    def vote(self, record: Record, me: int | None, applied: int, window: int) -> None:
        """Hold a signed vote to play on without a quiet seat; BadFrame if it cannot be."""
        if record.kind != QUIET or record.table != self.table:
            raise BadFrame("malformed", "not a vote of this table")
        body = record.payload()
        if not (isinstance(body, tuple) and len(body) == 1 and type(body[0]) is int):
            raise BadFrame("malformed", "a vote names one seat")
        if record in self.votes.at(record.step):
            raise BadFrame("replayed", f"seat {record.seat}'s vote for step {record.step} again")
        against_me = body[0] == me and record.step <= applied
        if not against_me and not applied < record.step <= applied + window:
            raise BadFrame("out-of-window", f"a vote for step {record.step} at {applied}")
        if record.seat not in self.present or not self.holds(record):
            raise BadFrame("not-seated", f"the signer does not hold seat {record.seat}")
        if body[0] not in self.present or body[0] == record.seat:
            raise BadFrame("malformed", "a vote names one other seat at the table")
        self.votes.add(record, body[0])  # against me too, late: see voted_out()

    def voted_out(self, me: int | None) -> int | None:
        """The step from which every other human played on without `me`, if they did."""
        others = set(self.present) - {me}
        return next((step for step in self.votes.steps_against(me)
                     if others and self.votes.all_of(others, me, step)), None)

    def quiet_seat(self, step: int, have: Collection[int]) -> int | None:
        """The seat every other human voted to play on without at `step`, once their
        frames for it (`have`) are in."""
        if not self.votes:
            return None
        present = set(self.present)
        for seat in present:
            others = present - {seat}
            if others and others <= set(have) and self.votes.all_of(others, seat, step):
                return seat
        return None

    # -- leaving and coming back ----------------------------------------------------------
    def depart(self, seat: int, step: int) -> int:
        """`seat` left (or went quiet) after `step`; its heir, who plays on for it."""
        heir = self.seating.heir(seat)
        self.seating = self.seating.depart(seat, step)
        return heir

    def admit(self, welcomes: Iterable[frozenset[int]]) -> None:
        """A seat away that every frame of a step welcomes is let back."""
        welcomes = list(welcomes)
        welcomed = frozenset.intersection(*welcomes) if welcomes else frozenset()
        self.admitted |= {seat for seat in welcomed
                          if seat in self.keys and seat not in self.present}

    def take_back(self, step: int) -> list[int]:
        """At a fresh deal, every admitted seat's human plays it again: those seats."""
        back = sorted(self.admitted)
        for seat in back:
            self.seating = self.seating.back(seat)
            self.anchors[seat] = step
        self.admitted.clear()
        return back


class SeatsSeen:
    """Who plays which seat, as a replica reads its `attendance` (net.table.seating: one rule;
    Attendance: its record) for the peer in seat `me` (None: a spectator)."""

    attendance: Attendance
    me: int | None

    @property
    def seating(self) -> Seating:
        return self.attendance.seating

    @property
    def keys(self) -> dict[int, bytes]:
        """Every seat ever held by a human, and its key."""
        return self.attendance.keys

    @property
    def players(self) -> frozenset[bytes]:
        """Every key ever seated, gone or not."""
        return self.attendance.players

    @property
    def votes(self) -> QuietVotes:
        return self.attendance.votes

    @property
    def seated(self) -> bool:
        """This peer plays at the table now (not away, nor a spectator)."""
        return self.me in self.seating.present

    @property
    def order(self) -> tuple[int, ...]:
        """The humans still at the table, in seat order."""
        return self.seating.present

    @property
    def humans(self) -> dict[int, bytes]:
        """The keys of the humans still at the table, by seat."""
        return {seat: self.keys[seat] for seat in self.seating.present}

    @property
    def controls(self) -> dict[int, tuple[int, ...]]:
        """Every present human and the engine seats it plays."""
        return self.seating.by_human()

    def player_of(self, seat: int) -> int:
        """The human seat that plays engine seat `seat` now: its own, its bot host's or,
        once it left, its heir's."""
        return self.seating.player_of(seat)

    def heir(self, seat: int) -> int | None:
        """Who plays on for `seat` when it leaves: the lowest other human (None: nobody)."""
        return self.seating.heir(seat)
