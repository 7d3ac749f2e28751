"""The signed frames of every step, as a replica takes them (net.table.lockstep).

A frame is held once checked: for this table, signed by the key of the seat it names
(present or away: one coming back may sign its first frame before this peer applied the
step that gave it its seat back), within the window, not a second one for its seat and
step (two different ones are an equivocation, with both as evidence), not the frame of
a seat this peer voted to play on without at that step, and with a well-formed body.
Each frame follows its author's previous one (`follows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from net.errors import BadFrame, FaultKind, TableFault
from net.table.attendance import Attendance
from net.table.lobby import MAX_SEATS
from net.wire.frames import DIGEST_SIZE, STEP, Record
from net.wire.start import StartConfig

#: frames are accepted for at most this many steps past the last applied one
WINDOW = 64
MAX_ACTIONS = 16


class Equivocation(TableFault):
    """Two different signed frames from one seat for one step: `evidence` holds both."""

    def __init__(self, first: Record, second: Record, name: str):
        step = first.step
        super().__init__(FaultKind.EQUIVOCATION, step, f"{name} signed two different "
                         "moves for one turn", "two frames for one step")
        self.evidence = (first, second)


@dataclass(frozen=True, slots=True)
class Body:
    actions: tuple
    chance: Any
    hash: bytes
    leaving: bool = False  # the seat's last frame: it leaves the table after this step
    welcome: frozenset[int] = frozenset()  # absent seats its author would let back


def body_payload(body: Body) -> list:
    """The payload a frame signs for `body` (actions as records): the short form when it
    neither leaves nor welcomes, as frames before returns were."""
    payload = [list(body.actions), body.chance, body.hash]
    if body.welcome:
        payload += [body.leaving, sorted(body.welcome)]
    elif body.leaving:
        payload.append(True)
    return payload


def parse_body(record: Record) -> Body:
    payload = record.payload()
    if not isinstance(payload, tuple) or len(payload) not in (3, 4, 5):
        raise BadFrame("malformed", "a frame body is [actions, chance, hash, (leaving, "
                       "(welcome))]")
    actions, chance, state_hash = payload[:3]
    if not isinstance(actions, tuple) or len(actions) > MAX_ACTIONS:
        raise BadFrame("malformed", "a frame holds a bounded list of actions")
    if not isinstance(state_hash, bytes) or len(state_hash) != DIGEST_SIZE:
        raise BadFrame("malformed", "a frame carries a 16-byte state hash")
    if len(payload) > 3 and type(payload[3]) is not bool:
        raise BadFrame("malformed", "a frame's leaving mark is true or false")
    welcome = payload[4] if len(payload) == 5 else ()
    if not (isinstance(welcome, tuple) and len(welcome) <= MAX_SEATS
            and all(type(seat) is int for seat in welcome)):
        raise BadFrame("malformed", "a frame welcomes a short list of seats")
    return Body(actions, chance, state_hash, marks_leaving(payload), frozenset(welcome))


def marks_leaving(payload: tuple) -> bool:
    """Does a frame's body mark it as its seat's last (a graceful leave)?"""
    return payload[3:4] == (True,)


class FrameStore:
    def __init__(self, start: StartConfig, attendance: Attendance):
        self.start = start
        self.attendance = attendance
        self.by_step: dict[int, dict[int, Record]] = {}

    def offer(self, record: Record, applied: int, me: int | None) -> None:
        """Hold a verified frame for a later step; BadFrame or Equivocation if it cannot be."""
        if record.kind != STEP:
            raise BadFrame("malformed", "not a step frame")
        if record.table != self.start.table:
            raise BadFrame("other-table", f"frame for table {record.table.hex()[:8]}")
        if not self.attendance.holds(record):
            raise BadFrame("not-seated", f"the signer does not hold seat {record.seat}")
        held = self.by_step.get(record.step, {}).get(record.seat)
        if held is not None:
            if held.raw == record.raw:
                raise BadFrame("replayed", f"seat {record.seat}'s frame for step {record.step}"
                               " again")
            raise Equivocation(held, record, self.start.seats[record.seat].label(record.seat))
        if not applied < record.step <= applied + WINDOW:
            raise BadFrame("out-of-window", f"step {record.step} while at {applied}")
        if self.attendance.votes.voted(me, record.seat, record.step):
            raise BadFrame("quieted", f"seat {record.seat}'s frame for step {record.step} came "
                           "after this peer voted to play on without it")
        parse_body(record)
        self.by_step.setdefault(record.step, {})[record.seat] = record

    def of(self, step: int) -> dict[int, Record]:
        """The frames held for `step`, by seat."""
        return self.by_step.get(step, {})

    def follows(self, seat: int, step: int) -> bytes:
        """What `seat`'s frame for `step` must follow: its frame before, or the start at
        step 0 and right after it came back to the table."""
        if step == 0 or self.attendance.anchors.get(seat) == step - 1:
            return self.start.digest
        return self.by_step[step - 1][seat].digest

    def keep_only(self, step: int, used) -> None:
        """After `step` is applied: a frame of a seat away from the table was never used."""
        frames = self.of(step)
        for seat in [s for s in frames if s not in used]:
            del frames[seat]

    def records_at(self, step: int) -> list[Record]:
        """The frames of a step and the votes to play on without a quiet seat there: what
        is journaled, relayed and streamed to spectators."""
        return [*(r for _, r in sorted(self.of(step).items())),
                *self.attendance.votes.at(step)]
