"""What a Session (client.session) says of its table beside the story: who sits where
and what the table waits for, in words, and how long its clocks have left. Mixins of the
Session, as net.table.takeback's TakingBack is of the Replica: they read the session's
`names`, `start`, `story`, `waiting`, `move_wait`, `view`, `applied` and `applied_at`."""

from __future__ import annotations

import time

from client import notices
from engine.tell import third_person


class TableWords:
    """The seats and the wait, as this window's player reads them."""

    def seat_name(self, seat: int | None, start: bool = False) -> str:
        """'you' or the seat's name as typed ('You' at a sentence's `start`)."""
        if self.names is None or seat is None or not 0 <= seat < len(self.names.seats):
            return "Nobody" if start else "nobody"
        return self.names.who(seat, start)

    def seat_acts(self, seat: int | None, verb: str) -> str:
        """The seat and its verb agreeing, for this window's player: 'you play', 'Ana plays'
        ('nobody plays' for no seat)."""
        if self.names is None or seat is None or not 0 <= seat < len(self.names.seats):
            return f"nobody {third_person(verb)}"
        return self.names.acts(seat, verb)

    def seat_label(self, seat: int) -> str:
        """A seat's name as the table shows it: a bot by its seat and level, a player as
        typed — with a key fingerprint only where two share a name (the lobby tags them)."""
        filled = self.start.seats[seat]
        return filled.label(seat)

    def wait_line(self, now: float) -> str:
        """What the table waits for, in words: late frames and debts first, then a move."""
        if self.waiting:
            return f"{notices.late(self.waiting, start=True)}…"
        if self.move_wait is None or self.names is None:
            return ""
        seats, since = self.move_wait
        return f"{self.story.to_play(seats, start=True)} · {now - since:.0f} s"


class TableClocks:
    """The table's clocks, read off its view: a timer's, a pause's, a take-back's."""

    def seconds_left(self, pace: float) -> float | None:
        """The open timer's time left: its deadline step against the applied step, at the
        table's pace, eased between steps by the time since the last one."""
        return None if self.view is None else self._until(self.view.deadline, pace)

    def pause_left(self, pace: float) -> float | None:
        """The time left of the table's pause between hands (net.table.pause), None when there
        is none or it is over (the next hand is being shuffled)."""
        left = None if self.view is None else self._until(self.view.pause, pace)
        return left if left else None

    def takeback_left(self, pace: float) -> float | None:
        """The time left to answer the take-back asked (net.table.takeback), if one is: its
        own clock runs while the table's stand, unless a player paused the table."""
        question = None if self.view is None else self.view.question
        return None if question is None else self._until(question.until, pace,
                                                         self.view.paused_by is not None)

    def _until(self, step: int | None, pace: float, stands: bool | None = None
               ) -> float | None:
        """`stands`: the clock stands still (by default while a player paused the table or a
        take-back is asked)."""
        if step is None:
            return None
        if stands is None:
            stands = self.view.paused_by is not None or self.view.question is not None
        if stands:  # every clock at the table stands
            return max(0.0, (step - self.view.step) * pace)
        since = time.monotonic() - self.applied_at
        return max(0.0, (step - self.applied) * pace - min(since, pace))
