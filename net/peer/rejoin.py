"""Taking a seat back at a table in play after this peer's journal was lost.

Every peer holds every frame of the table, signed, this seat's too: the lobby and the
frames come back from the others, and the replica is rebuilt from them as from a
journal. Only this seat's secrets are gone (its deck seeds, for decks it committed to
and has not disclosed): net.chance.dealing says so in its next frame and the hand is void.
"""

from __future__ import annotations

from collections.abc import Callable

from net.table.lockstep import WINDOW, Replica

SETTLE = 0.5  # after asking for the step beyond, how long its frames have to come in
ASK_EVERY = 0.25


class Rejoin:
    """Holds a rejoining peer back from signing until it holds all the others hold.

    It may sign nothing until it has every step the others applied and, had one reached
    any of them, its own frame beyond: else it could sign a second, different frame for
    a step, which is equivocation.
    """

    def __init__(self) -> None:
        self.asked: int | None = None  # the step beyond, once asked for
        self.asked_at = 0.0
        self.last_want = 0.0

    def caught_up(self, replica: Replica, progress: dict[bytes, int],
                  broadcast: Callable[[list], None], now: float) -> bool:
        heard = [progress[key] for key in replica.humans.values() if key in progress]
        if not heard:
            return False
        target = max(heard)
        if replica.applied < target:
            self.asked = None
            if now - self.last_want >= ASK_EVERY:
                self.last_want = now
                broadcast(["want", replica.applied + 1, min(target, replica.applied + WINDOW)])
            return False
        beyond = replica.applied + 1
        if self.asked != beyond:
            self.asked, self.asked_at = beyond, now
            broadcast(["want", beyond, beyond])
            return False
        return now - self.asked_at >= SETTLE
