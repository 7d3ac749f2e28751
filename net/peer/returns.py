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

from net.errors import BadFrame
from net.peer.events import Away, Returning
from net.peer.rejoin import Rejoin
from net.table.lockstep import Replica
from net.wire.gossip import Seen

BACK_EVERY = 1.0  # how often a player away asks to be let back


class Returns:
    def __init__(self, node):
        self.node = node
        self.welcome: set[int] = set()  # seats away whose players asked to be let back
        self.asked_at = 0.0
        self.following = Rejoin()  # asks for the frames a player away has missed
        self.until = -1  # rebuilt: it signs nothing before it applied this step again
        self.told = -1  # rebuilt: the steps up to this one were told already
        self.untold: Away | None = None  # read back from the journal: told once it is read
        self.said: Away | None = None  # a rebuilt replica applies the step that said it again

    # -- the others' side: a player asks to come back -------------------------------------
    def asked(self, key: bytes) -> None:
        """A `back` from a link proven to hold `key`."""
        replica = self.node.replica
        seat = next((s for s, k in replica.keys.items() if k == key), None)
        if seat is None:
            raise BadFrame("not-seated", "only a player of this table may come back")
        if seat in replica.seating.present or seat in self.welcome or replica.over:
            return
        self.welcome.add(seat)
        self.node.emit(Returning(seat))  # worded for each viewer by the client (its notices)
        self.node.stepper.wake()

    def welcomed(self) -> frozenset[int]:
        """The seats this peer's next frame welcomes: asked, and still away."""
        self.welcome -= set(self.node.replica.seating.present)
        return frozenset(self.welcome)

    # -- this peer's side: away, then back ------------------------------------------------
    @property
    def away(self) -> bool:
        """This peer has a seat but does not play it now: it follows the table."""
        replica = self.node.replica
        return replica.me is not None and (not replica.seated or replica.applied < self.until)

    def follow(self, now: float) -> None:
        """This peer is away from the table: fetch what it missed, and ask to be let back
        (again, now and then: a link may have been down)."""
        node = self.node
        self.following.caught_up(node.replica, node.progress, node.mesh.broadcast, now)
        if now - self.asked_at >= BACK_EVERY:
            self.asked_at = now
            node.mesh.broadcast(["back"])

    def went_quiet(self, heir: int, step: int) -> None:
        """This peer's seat went quiet at `step` (the others voted): say so; it follows on."""
        self._tell(Away(step, heir, left=False))
        self.node.stepper.wake()

    def came_back_after_leaving(self, heir: int, step: int) -> None:
        """The journal read back holds this peer's leave at `step`: the same command run
        again (or Resume) comes back to the table, as a quiet player does."""
        self._tell(Away(step, heir, left=True))

    def _tell(self, away: Away) -> None:
        """Say that this peer is away; while its journal is read back, once it is read
        (net.peer.resume: after the game's start, so a window knows the names first)."""
        if away == self.said:
            return
        if self.node.scribe.replaying:
            self.untold = away
        else:
            self.said = away
            self.node.emit(away)

    def tell_untold(self) -> None:
        """After a journal was read back: say that this peer is away, if it is."""
        if self.untold is not None and not self.node.replica.seated:
            self.said = self.untold
            self.node.emit(self.untold)
        self.untold = None

    def stepped_alone(self, step: int) -> None:
        """The others played on without this peer from `step`, which it applied with its own
        frame meanwhile: rebuild from the table's frames, keeping every secret."""
        node, old = self.node, self.node.replica
        secrets = old.chance.secrets()
        node.scribe.restart()
        node.scribe.table(node.table, node.name, node.identity.public)
        for record in node.membership.log:
            node.scribe.lobby(record)
        node.scribe.secret(secrets)
        node.replica = Replica(old.start, old.me, secrets=[secrets])
        node.seen = Seen()  # the frames it took before come again, to a replica that has none
        node.suspect.clear()  # a desync its lone step caused is no twin's: nothing to name
        # its own frames come back from the others; it signs again only once back
        self.until, self.told, node.scribe.adopting = step, old.applied, True
        node.stepper.seat_bots(node.options.think)
        node.stepper.wake()  # it may wait on a frame of its own that will never be taken
        self._tell(Away(step, old.heir(old.me), left=False))

    def taken_back(self, seats: list[int]) -> None:
        """Seats whose players came back at this step's fresh deal."""
        node = self.node
        self.welcome.difference_update(seats)  # (StepApplied names them: client.notices)
        node.stepper.seat_bots(node.options.think)  # the heir plays one seat fewer
        node.stepper.wake()

