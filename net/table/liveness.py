"""Liveness: what the table waits on, in words, and when a wait ends the table.

Pure logic, no I/O: the node hands these watches the replica and the clock, and acts
on the decisions they return (a notice to show, steps to ask for again, a peer to
dial) or the TableFault they raise. None of them sends or emits anything.

MoveWatch watches the *game*: whose move it is and for how long. A person may think
as long as they like — after a few seconds every peer says whose move the table
waits for. A seat a bot plays (a bot seat, or the seat of a player who left, played
by their heir's bot) that owes a move and makes none for a long time, or a game that
waits on nobody at all, is a bug: the table stops with a report naming the seat, its
player and what its bot was doing, never a silent wait. (A report is a player's words:
the fault carries its step for the logs, so no report repeats it.) A bot owes a move when it has
one to make: a game may wait on every seat at once (Dragon's opening, where only the
holder of the Three of Stars can lead), and only the peer that plays a bot knows its
cards — so that peer judges its own bots, and the others blame bots only when no
person is among those the game waits on.

The others watch the *peers*: frames late for a step and debts withheld inside
frames (PeerWatch), a spectator with no peer left (Alone), a desync whose cause, a
seat's twin frames, is being looked for (Suspect), and when to dial again a peer
that does not answer (Backoff).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from net.errors import FaultKind, TableFault
from net.table.lockstep import Replica

MOVE_NOTICE = 5.0  # seconds a move may take before every peer says whose it is
STALL_AFTER = 30.0  # seconds a bot may take to move, or the table to wait on nobody
STEPPING = 3.0  # a table that applied no step this long waits on frames (PeerWatch's)


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
        self._applied, self._applied_at = -2, 0.0  # the last step seen applied, and when

    def observe(self, replica: Replica, now: float,
                doing: Callable[[int], str] | None = None) -> MoveWait | None:
        """A MoveWait when what to say changed (its seats empty once the game moved).
        `doing(seat)`: what this peer's bot of `seat` is doing, for a stall report."""
        game, state = replica.game, replica.state
        if replica.paused is not None or replica.takebacks.question is not None:
            self._key = None  # the table stands (a pause, a take-back asked): the wait
            # begins anew when it plays on
            return self._quiet()
        if replica.over or game.chance_request(state) is not None:
            return self._quiet()
        acting = tuple(game.to_act(state))
        key = (replica.hashes[replica.applied], acting)
        if key != self._key:
            self._key, self._since = key, now
            return self._quiet()
        waited = now - self._since
        if replica.applied != self._applied:
            self._applied, self._applied_at = replica.applied, now
        stepping = now - self._applied_at < STEPPING  # else the wait is on frames, not moves
        if state.timer is None and waited > self.stall and stepping:
            self._check_stall(replica, acting, waited, doing)
        if waited <= self.notice or acting == self._said:
            return None
        self._said = acting
        return MoveWait(acting, tuple(replica.name_of(s) for s in acting), self._since)

    def _quiet(self) -> MoveWait | None:
        if not self._said:
            return None
        self._said = ()
        return MoveWait((), (), 0.0)

    def _check_stall(self, replica: Replica, acting: tuple[int, ...], waited: float,
                     doing: Callable[[int], str] | None) -> None:
        step = replica.applied
        if not acting:
            raise TableFault(FaultKind.STALL, step, f"the game has waited {waited:.0f} s for "
                             "nobody's move, with no card to deal and no timer")
        for seat in owing_bots(replica, acting):
            player = replica.player_of(seat)
            now = f": {doing(seat)}" if doing is not None and player == replica.me else ""
            raise TableFault(FaultKind.STALL, step, f"the game waits for "
                             f"{replica.name_of(seat)} to play: {replica.name_of(seat)} is "
                             f"played by "
                             f"{replica.name_of(player)}'s bot, which made no move for "
                             f"{waited:.0f} s{now}")


def owing_bots(replica: Replica, acting: tuple[int, ...]) -> list[int]:
    """The seats among `acting` that a bot plays and that owe the game a move: those this
    peer plays that have one to make (it knows their cards), and, when no person is among
    `acting`, every one (the game waits on bots alone)."""
    bots = [seat for seat in acting
            if replica.player_of(seat) != seat or replica.start.seats[seat].is_bot]
    if len(bots) == len(acting):
        return bots
    game, state = replica.game, replica.state
    return [seat for seat in bots if replica.player_of(seat) == replica.me
            and game.legal_actions(state, seat)]


# -- the peers: late frames, withheld debts, a lost link, a suspected twin ------------------

WAIT_NOTICE = 1.0  # seconds a frame, or a debt inside the frames, may be late before it is said
ASK_AGAIN = 0.25  # seconds between two asks for the frames of a late step
EVIDENCE_WAIT = 2.0  # after a desync, how long to look for a seat's twin frames
#: faults that a seat's twin frames cause where only one twin was seen: a desync, or a
#: frame that follows another frame than the one held (the proof, both twins, is fetched)
TWIN_SIGNS = (FaultKind.DESYNC, FaultKind.EQUIVOCATION)


class Backoff:
    """When to dial again someone who does not answer: at once, then after waits that double
    from `first` to `longest` — a restarting peer is back within a second or two, and one
    gone for good costs a dial every `longest` seconds, not a storm of them."""

    def __init__(self, first: float = 0.2, longest: float = 2.0):
        self.first, self.longest = first, longest
        self._next: dict[object, tuple[float, float]] = {}  # key -> (due, next wait)

    def due(self, key: object, now: float) -> bool:
        """May `key` be dialled now? If so, the next dial waits longer."""
        due, wait = self._next.get(key, (0.0, self.first))
        if now < due:
            return False
        self._next[key] = (now + wait, min(wait * 2, self.longest))
        return True

    def forget(self, key: object) -> None:
        """`key` answered: next time it is missing it is dialled at once."""
        self._next.pop(key, None)


class PeerWatch:
    """Whom the table waits on among the peers: seats whose frames for the next step are
    late, or seats whose frames come but withhold a message owed inside them (a pass, a key
    share, a seed). It returns the names to show when they change and raises the void as a
    TableFault; the node sends and shows. One notice is shown at a time, so late frames and
    debts share what is shown."""

    def __init__(self, ask_after: float, void_after: float):
        self.ask_after, self.void_after = ask_after, void_after
        self.shown: tuple[str, ...] = ()
        self._debts_shown = False  # what is shown names debts, not late frames
        self._owed: tuple[tuple[int, str], ...] = ()  # (seat, what) the deck waits on
        self._owed_since = 0.0
        self._asked_at = 0.0

    def restart(self, now: float) -> None:
        """This computer slept: the debts it saw are timed from now."""
        self._owed_since = now

    def ask(self, replica: Replica, overdue: float, now: float) -> tuple[int, int] | None:
        """The steps to ask every peer for again, when this peer's frame has been out
        `overdue` seconds and the step is still incomplete (a frame may have been lost)."""
        if overdue <= self.ask_after or now - self._asked_at <= ASK_AGAIN:
            return None
        self._asked_at = now
        return replica.applied + 1, replica.applied + 2

    def quiet(self, replica: Replica, overdue: float) -> int | None:
        """The seat to vote to play on without, once: the one seat whose frame is late past
        the table's patience (`void_after`). Its hand is dealt again without it, and the
        match goes on; two silent at once, the table cannot tell who to play on with."""
        missing = replica.missing()
        if overdue <= self.void_after or len(missing) != 1:
            return None
        if replica.votes.voted(replica.me, missing[0], replica.applied + 1):
            return None
        return missing[0]

    def late(self, replica: Replica, overdue: float) -> tuple[str, ...] | None:
        """Names of the seats whose frames are late, when they are news to show; the void
        when the table cannot play on without them (two silent, or a vote that did not
        carry within a second patience)."""
        missing = replica.missing()
        names = tuple(replica.name_of(s) for s in missing)
        if names and overdue > self.void_after * (1 if len(missing) > 1 else 2):
            raise TableFault(FaultKind.VOID, replica.applied + 1, _void_report(replica, overdue))
        if overdue > WAIT_NOTICE and names and names != self.shown:
            self.shown, self._debts_shown = names, False
            return names
        return None

    def debts(self, replica: Replica, frames_late: bool, now: float) -> tuple[str, ...] | None:
        """Names of the seats that owe the deck a message, with what, when they are news to
        show; () when the debts shown were paid. Every peer sees the same debts at the same
        step, so every peer voids alike."""
        if replica.finished:
            return None
        owed = tuple((s, what) for s in replica.order if (what := replica.chance.owed(s)))
        if frames_late:  # the wait is on frames (late() names it): debts count from later
            self._owed, self._owed_since = owed, now
            return None
        if owed != self._owed:
            self._owed, self._owed_since = owed, now
            if self._debts_shown:  # paid, or owed by others now: say afresh
                self._debts_shown, self.shown = False, ()
                return ()
            return None
        overdue = now - self._owed_since
        if not owed or overdue <= WAIT_NOTICE:
            return None
        if overdue > self.void_after:
            whom = " and ".join(f"{replica.name_of(s)}, who owes {what}"
                                for s, what in owed)
            raise TableFault(FaultKind.VOID, replica.applied, f"the hand is void: the table "
                             f"waited {overdue:.0f} s on {whom}")
        names = tuple(f"{replica.name_of(s)} ({what})" for s, what in owed)
        if names != self.shown and not frames_late:  # else `late` names the late
            self.shown, self._debts_shown = names, True
            return names
        return None

    def stepped(self) -> bool:
        """A step was applied: True when the late frames shown came in (say so)."""
        if self.shown and not self._debts_shown:
            self.shown = ()
            return True
        return False


def _void_report(replica: Replica, overdue: float) -> str:
    whom = []
    for seat in replica.missing():
        owes = replica.chance.owed(seat)
        whom.append(replica.name_of(seat)
                    + (f", who still owes {owes}" if owes else ""))
    return f"the hand is void: no word for {overdue:.0f} s from {' and '.join(whom)}"


class Alone:
    """A spectator cut off from every peer keeps dialling; after `void_after` without one
    (the table may have ended and its peers gone) it has lost the table."""

    def __init__(self, void_after: float):
        self.void_after = void_after
        self._since: float | None = None

    def observe(self, linked: bool, replica: Replica, now: float) -> bool:
        """True when the link was just lost (say so); raises the loss once it lasted."""
        if linked:
            self._since = None
            return False
        if self._since is None:
            self._since = now
            return True
        if now - self._since > self.void_after:
            raise TableFault(FaultKind.LOST, replica.applied, f"lost the table: no peer reachable "
                             f"for {now - self._since:.0f} s")
        return False


class Suspect:
    """A desync, or a frame that follows another frame than the one held, while its likely
    cause is looked for: a seat that showed each peer a different frame. Its twin, fetched
    from the others, proves it (an Equivocation); after `wait` the fault stands as it is."""

    def __init__(self, wait: float = EVIDENCE_WAIT):
        self.wait = wait
        self.fault: TableFault | None = None
        self._since = 0.0

    @staticmethod
    def worth(fault: TableFault) -> bool:
        """Could a seat's twin frames be behind `fault`?"""
        return fault.kind in TWIN_SIGNS

    def suspect(self, fault: TableFault, now: float) -> bool:
        """Hold `fault` back; True the first time (ask the peers for the frames before)."""
        if self.fault is not None:
            return False
        self.fault, self._since = fault, now
        return True

    def clear(self) -> None:
        """The state the fault was found in is gone (this peer rebuilt it): forget it."""
        self.fault = None

    def due(self, now: float) -> TableFault | None:
        """The fault held back, once no twin turned up in time."""
        if self.fault is not None and now - self._since > self.wait:
            return self.fault
        return None
