"""What the game waits on, in words, and when a wait is a stall.

Pure logic, no I/O: the node hands it the replica and the clock and acts on the
decision it returns. The frames of a step and the deck's debts are watched by the
node itself (they are about peers); this watches the *game*: whose move it is and
for how long. A person may think as long as they like — after a few seconds every
peer says whose move the table waits for. A seat a bot plays (a bot seat, or the
seat of a player who left, played by their heir's bot) that makes no move for a
long time, or a game that waits on nobody at all, is a bug: the table stops with a
report naming the step and the seat, never a silent wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.errors import TableFault
from net.lockstep import Replica

MOVE_NOTICE = 5.0  # seconds a move may take before every peer says whose it is
STALL_AFTER = 30.0  # seconds a bot may take to move, or the table to wait on nobody


@dataclass(frozen=True)
class MoveWait:
    """The game waits for these seats to move (empty: it moved), since `since` (monotonic)."""

    seats: tuple[int, ...]
    names: tuple[str, ...]
    since: float


class MoveWatch:
    """Watches whose move the game waits for; returns a MoveWait to show, or raises the
    stall as a TableFault."""

    def __init__(self, notice: float = MOVE_NOTICE, stall: float = STALL_AFTER):
        self.notice, self.stall = notice, stall
        self._key: tuple | None = None
        self._since = 0.0
        self._said: tuple[int, ...] = ()

    def observe(self, replica: Replica, now: float) -> MoveWait | None:
        """A MoveWait when what to say changed (its seats empty once the game moved)."""
        game, state = replica.game, replica.state
        if replica.over or game.chance_request(state) is not None:
            return self._quiet()
        acting = tuple(game.to_act(state))
        key = (replica.hashes[replica.applied], acting)
        if key != self._key:
            self._key, self._since = key, now
            return self._quiet()
        waited = now - self._since
        if state.timer is None and waited > self.stall:
            self._check_stall(replica, acting, waited)
        if waited <= self.notice or acting == self._said:
            return None
        self._said = acting
        return MoveWait(acting, tuple(replica.name_of(s) for s in acting), self._since)

    def _quiet(self) -> MoveWait | None:
        if not self._said:
            return None
        self._said = ()
        return MoveWait((), (), 0.0)

    def _check_stall(self, replica: Replica, acting: tuple[int, ...], waited: float) -> None:
        step = replica.applied
        if not acting:
            raise TableFault("stall", step, f"the table stalled at step {step}: the game "
                             f"waits for nobody's move, no card to deal and no timer, for "
                             f"{waited:.0f} s")
        for seat in acting:
            player = replica.player_of(seat)
            if seat == player and not replica.start.seats[seat].is_bot:
                continue  # a person thinking: no limit without a timer
            raise TableFault("stall", step, f"the table stalled at step {step}: "
                             f"{replica.name_of(seat)} (seat {seat}) is played by "
                             f"{replica.name_of(player)}'s bot, which made no move for "
                             f"{waited:.0f} s")
