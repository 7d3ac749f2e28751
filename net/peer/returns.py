"""The way back to the table for a player who went quiet (a lid closed too long), or who
left and runs the table's command again (or resumes it from the window).

When every other human voted to play on without it, its seat is played by its heir's
bot and the hand is dealt again (net.table.lockstep). The quiet peer, once awake, is told so,
follows the table (its replica takes every frame, it signs none) and asks, every
second, to be let back. Every other peer then welcomes its seat in each frame it signs,
and at the next fresh deal the seat is its own again (net.table.lockstep, net.table.seating). So
nobody leaves: a quiet player is away until the next hand.

A peer that stepped on alone while the others voted (it took their frames for the
step they applied without it) holds a state nobody else has: it keeps its secrets,
starts its journal afresh and takes the table's frames back from the others, as a
peer that lost its journal does (net.peer.rejoin), before it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from net.errors import BadFrame
from net.peer.events import Away, Left, Returning, StepApplied
from net.peer.rejoin import Rejoin
from net.table.lockstep import Applied, Replica

BACK_EVERY = 1.0  # how often a player away asks to be let back


@dataclass(frozen=True)
class ReturnsPorts:
    """What the way back reaches of its peer, and nothing more."""

    replica: Callable[[], Replica]  # the table as this peer holds it now
    progress: dict[bytes, int]  # how far each peer said it applied
    emit: Callable[[object], None]  # tell the listener
    wake: Callable[[], None]  # the stepper looks again at once
    reseat_bots: Callable[[], None]  # the bots this peer plays changed
    broadcast: Callable[[list], None]  # a message to every linked peer
    replaying: Callable[[], bool]  # the journal is being read back
    rebuild: Callable[[], Replica]  # start afresh from the table's frames; the old replica
    left: Callable[[Left], None]  # this peer itself left the table (its game is over)


class Returns:
    def __init__(self, ports: ReturnsPorts):
        self.ports = ports
        self.welcome: set[int] = set()  # seats away whose players asked to be let back
        self.asked_at = 0.0
        self.following = Rejoin()  # asks for the frames a player away has missed
        self.until = -1  # rebuilt: it signs nothing before it applied this step again
        self.told = -1  # rebuilt: the steps up to this one were told already
        self.untold: Away | None = None  # read back from the journal: told once it is read
        self.said: Away | None = None  # a rebuilt replica applies the step that said it again

    # -- each step applied: who left, went quiet or came back -----------------------------
    def report(self, done: Applied) -> bool:
        """Tell the step and who left in it; True if this peer itself left."""
        ports = self.ports
        me = ports.replica().me
        if done.step > self.told:  # (steps taken again after a rebuild: told once)
            ports.emit(StepApplied(done))
        for seat, heir in done.left:  # (StepApplied names who left, went quiet, came back)
            if seat == me and ports.replaying():
                self.came_back_after_leaving(heir, done.step)
            elif seat == me:
                ports.left(Left(done.step, heir))
                return True
            if heir == me:
                ports.reseat_bots()
        for seat, heir in done.quiet:
            if seat == me and not done.over:  # (once over there is no way back)
                self.went_quiet(heir, done.step)
            if heir == me:
                ports.reseat_bots()
        if done.back:
            self.taken_back(done.back)
        return False

    # -- the others' side: a player asks to come back -------------------------------------
    def asked(self, key: bytes) -> None:
        """A `back` from a link proven to hold `key`."""
        replica = self.ports.replica()
        seat = next((s for s, k in replica.keys.items() if k == key), None)
        if seat is None:
            raise BadFrame("not-seated", "only a player of this table may come back")
        if seat in replica.seating.present or seat in self.welcome or replica.over:
            return
        self.welcome.add(seat)
        self.ports.emit(Returning(seat))  # worded for each viewer by the client (its notices)
        self.ports.wake()

    def welcomed(self) -> frozenset[int]:
        """The seats this peer's next frame welcomes: asked, and still away."""
        self.welcome -= set(self.ports.replica().seating.present)
        return frozenset(self.welcome)

    # -- this peer's side: away, then back ------------------------------------------------
    @property
    def away(self) -> bool:
        """This peer has a seat but does not play it now: it follows the table."""
        replica = self.ports.replica()
        return replica.me is not None and (not replica.seated or replica.applied < self.until)

    def follow(self, now: float) -> None:
        """This peer is away from the table: fetch what it missed, and ask to be let back
        (again, now and then: a link may have been down)."""
        ports = self.ports
        self.following.caught_up(ports.replica(), ports.progress, ports.broadcast, now)
        if now - self.asked_at >= BACK_EVERY:
            self.asked_at = now
            ports.broadcast(["back"])

    def went_quiet(self, heir: int, step: int) -> None:
        """This peer's seat went quiet at `step` (the others voted): say so; it follows on."""
        self._tell(Away(step, heir, left=False))
        self.ports.wake()

    def came_back_after_leaving(self, heir: int, step: int) -> None:
        """The journal read back holds this peer's leave at `step`: the same command run
        again (or Resume) comes back to the table, as a quiet player does."""
        self._tell(Away(step, heir, left=True))

    def _tell(self, away: Away) -> None:
        """Say that this peer is away; while its journal is read back, once it is read
        (net.peer.resume: after the game's start, so a window knows the names first)."""
        if away == self.said:
            return
        if self.ports.replaying():
            self.untold = away
        else:
            self.said = away
            self.ports.emit(away)

    def tell_untold(self) -> None:
        """After a journal was read back: say that this peer is away, if it is."""
        if self.untold is not None and not self.ports.replica().seated:
            self.said = self.untold
            self.ports.emit(self.untold)
        self.untold = None

    def stepped_alone(self, step: int) -> None:
        """The others played on without this peer from `step`, which it applied with its own
        frame meanwhile: it rebuilds from the table's frames, keeping every secret (the
        peer's `rebuild`), signs again only once back, and says it is away."""
        old = self.ports.rebuild()
        self.until, self.told = step, old.applied
        self._tell(Away(step, old.heir(old.me), left=False))

    def taken_back(self, seats: list[int]) -> None:
        """Seats whose players came back at this step's fresh deal."""
        self.welcome.difference_update(seats)  # (StepApplied names them: client.notices)
        self.ports.reseat_bots()  # the heir plays one seat fewer
        self.ports.wake()
