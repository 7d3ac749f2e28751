"""The client's view of one table node: what the scenes draw, kept from the bridge's updates.

A `Session` owns a `NetBridge` (a real table node on its own thread). `poll()`
drains the bridge's updates, folds them into plain attributes (tables on the
LAN, the lobby, the latest view, the log in words, who is waited for, the
end) and returns them as news, so a scene can animate what just happened.
Every intent goes out through `send`; nothing here applies an engine action.
"""

from __future__ import annotations

import logging
import os
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client.keeping import Keeping
from client.story import Storyteller, stop_words
from client.table_words import TableClocks, TableWords
from engine.game import Game
from engine.tell import Names
from net.face.again import Again, AgainOpened, AgainRefused
from net.face.bridge import (
    AskHint,
    Create,
    Join,
    LobbyOp,
    LobbyUpdate,
    NetBridge,
    PlayWith,
    Resume,
    ResumeFailed,
    Submit,
    ViewUpdate,
    Vote,
)
from net.face.hints import Hinted
from net.face.news import Listener, hears
from net.peer.events import (
    Away,
    Fault,
    Finished,
    GameStarted,
    Left,
    NodeOptions,
    Notice,
    Returning,
    StepApplied,
    TableIgnored,
    TableSeen,
    Waiting,
)
from net.table.liveness import MoveWait
from net.table.lobby import LobbyState
from net.table.lockstep import Applied
from net.wire.start import StartConfig

log = logging.getLogger("hoard.client")
LOG_LINES = 400
BOT_THINK_ENV = "HOARD_BOT_THINK"
DEFAULT_THINK = 12  # steps (~0.6 s at the table's pace) a bot waits, so people can follow


@dataclass
class Listed:
    """A table on the LAN as the lobby lists it; `problem` greys it out with the reason."""

    key: str
    name: str
    game: str
    taken: int
    total: int
    state: str
    addresses: tuple = ()
    problem: str = ""


def listed_problem(listing) -> str:
    """Why a table cannot be joined now, in words: nobody answered for it, or nobody has yet
    (a lobby being dialled: a ghost is found out within a second or two)."""
    if not listing.reachable:
        return "not reachable: nobody answered there"
    return "" if listing.proven else "checking…"


@dataclass
class Ending:
    """How the table ended for this window: finished, stopped, or left."""

    kind: str  # finished, fault, left
    text: str
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    audit: str = ""


@dataclass
class Session(TableWords, TableClocks, Listener):
    identity: Any
    folder: Path
    discovery: bool = True
    role: str = "peer"  # "spectator": this window watches a table; "replay": a journal's
    think: int = field(default_factory=lambda: int(os.environ.get(BOT_THINK_ENV, DEFAULT_THINK)))
    bridge: NetBridge | None = None
    tables: dict[str, Listed] = field(default_factory=dict)
    lobby: LobbyState | None = None
    proposal: StartConfig | None = None
    agreed: frozenset = frozenset()
    start: StartConfig | None = None
    seat: int | None = None
    game: Game | None = None
    story: Storyteller | None = None  # the game's sentences for this window's player
    view: ViewUpdate | None = None
    applied: int = -1
    applied_at: float = 0.0
    wake: Callable[[], None] | None = None  # rung from the node's thread with each update
    log: list[str] = field(default_factory=list)  # the table's story: what happened
    advice: str = ""  # a hint or a refusal for this window's player: not the story
    waiting: tuple[str, ...] = ()
    move_wait: tuple[tuple[int, ...], float] | None = None  # whose move (seats), since when
    gone: dict[int, int] = field(default_factory=dict)  # seat that left -> the heir playing it
    ending: Ending | None = None
    keeping: Keeping | None = None  # its journal and its locks (client.keeping)
    hint: Hinted | None = None  # the hard bot's choice at this view, once thought
    hint_asked: ViewUpdate | None = None  # the view a hint was last asked at
    guided: bool = False  # a guided game: every turn of this seat says what the hard bot would
    # do and why, unasked (client.tables.guide)
    # Play again: the node still tells of the finished table until it opened the next
    following: bool = False
    returning: dict = field(default_factory=dict)  # Play again: the match's others, by key

    # -- lifecycle -----------------------------------------------------------------
    @property
    def names(self) -> Names | None:
        """The seats' names as this window's player hears them (None before a game)."""
        return None if self.start is None else self.start.names(self.seat)

    @property
    def watching(self) -> bool:
        """Shown a table without acting at it: a spectator, or a replay."""
        return self.role != "peer"

    def __post_init__(self) -> None:
        self.keeping = self.keeping or Keeping(self.folder)

    def open(self, resume: Path | None = None) -> None:
        """Start the table node (and its discovery) on its thread; a player's journals
        what it signs, a spectator has nothing of its own to keep. `resume`: a journal of
        an unfinished game, whose seat this node takes back (CorruptJournal if it cannot
        be read, InUse if another live process holds it or this identity)."""
        journal = None
        if resume is not None:
            journal = self.keeping.resume(resume)
        elif not self.watching:
            journal = self.keeping.new_journal()
        options = NodeOptions(discovery=self.discovery, think=self.think)
        self.bridge = NetBridge(self.identity, options, journal, self.role, self.wake)
        self.bridge.start()
        self.bridge.send(PlayWith(None, self.think))
        if resume is not None:
            self.bridge.send(Resume())

    def again(self, agree: bool = True) -> Session:
        """The session of the table after this match (net.face.again), on the same node's
        thread: the same people and bots in the same seats. `agree`: Play again, which is
        this player's vote to start so; else Another game, chosen at the setup first."""
        others = {k: self.start.seats[i].name for i, k in self.start.humans().items()
                  if i != self.seat}
        after = Session(self.identity, self.folder, self.discovery, self.role, self.think,
                        bridge=self.bridge, following=True, returning=others,
                        keeping=self.keeping.following())
        self.bridge = None
        self.close()  # its journal is whole: its lock goes, the file stays (a game began)
        after.send(Again(after.keeping.new_journal(), agree))
        return after

    def sit_down(self) -> None:
        """Hold this identity before it takes a seat (InUse: another live process plays
        with it)."""
        self.keeping.sit_down()

    def close(self) -> None:
        if self.bridge is not None:
            self.bridge.stop()
            self.bridge = None
        self.keeping.close(began=self.start is not None)

    @property
    def address(self) -> tuple[str, int] | None:
        """Where another laptop reaches this table by hand (its IPv4 address and port), when
        this node listens at all (a spectator's does not)."""
        if self.bridge is None or not self.bridge.port or self.watching:
            return None
        return self.bridge.host, self.bridge.port

    @property
    def table_address(self) -> tuple[str, int] | None:
        """The one address every window of the table shows to join it by hand: its first
        member's, in the lobby's order (the same on every peer), else this node's own."""
        members = self.lobby.members.values() if self.lobby and not self.watching else ()
        return next(((m.host, m.port) for m in members), self.address)

    def send(self, intent) -> None:
        if self.bridge is not None:
            self.bridge.send(intent)

    # -- intents -------------------------------------------------------------------
    def create(self, name: str, game: str, seats: int, options=()) -> None:
        """Open a table and sit at it (InUse: this identity plays in another process)."""
        self.sit_down()
        self.send(Create(name, game, seats, tuple(options)))

    def join(self, addresses: tuple, table: bytes | None) -> None:
        """Go to a table's lobby; a player sits down (InUse as for `create`)."""
        if not self.watching:
            self.sit_down()
        self.send(Join(addresses, table))

    def lobby_op(self, op: str, *args) -> None:
        self.send(LobbyOp(op, args))

    def agree(self) -> None:
        self.send(Vote())

    def submit(self, action) -> None:
        self.advice = ""  # the player acted: the last hint or refusal is answered
        self.send(Submit(action))

    def suggestion(self) -> Hinted | None:
        """The hard bot's choice at this seat's turn, once thought (in the table node's
        worker, never here); None meanwhile, and the first call at a view asks for it."""
        if self.hint is None and self.hint_asked is not self.view:
            self.hint_asked = self.view
            self.send(AskHint())
        return self.hint

    # -- news ----------------------------------------------------------------------
    def poll(self) -> list:
        """Every update since the last poll, folded into the attributes and returned."""
        news = []
        if self.bridge is None:
            return news
        while True:
            try:
                item = self.bridge.updates.get_nowait()
            except queue.Empty:
                return news
            if self.following:  # the finished table's last news: its window already showed it
                self.following = not isinstance(item, AgainOpened)
                if not isinstance(item, AgainRefused):
                    continue
            self.fold(item)
            news.append(item)

    def fold(self, item) -> None:
        """Take one update into the attributes (the bridge's, or a replay's)."""
        self.hear(item)

    @hears(TableIgnored)
    def _on_TableIgnored(self, event: TableIgnored) -> None:
        """Another build's table is listed with whose hoard should be updated; a stranger's
        noise is not listed at all (discovery logged and counted it)."""
        ignored = event.ignored
        if ignored.other_build:
            self.tables[ignored.instance] = Listed(ignored.instance, ignored.name or
                                                   ignored.instance, "?", 0, 0, "?",
                                                   problem=ignored.words())

    @hears(TableSeen)
    def _on_TableSeen(self, event: TableSeen) -> None:
        if event.kind == "vanished":
            self.tables.pop(event.listing.table, None)
        else:
            listing = event.listing
            self.tables[listing.table] = Listed(
                listing.table, listing.name, listing.game, listing.taken, listing.total,
                listing.state, listing.addresses,
                problem=listed_problem(listing))

    @hears(LobbyUpdate)
    def _on_LobbyUpdate(self, update: LobbyUpdate) -> None:
        self.lobby, self.proposal, self.agreed = update.state, update.proposal, update.agreed

    @hears(GameStarted)
    def _on_GameStarted(self, event: GameStarted) -> None:
        self.start, self.seat = event.start, event.seat
        self.story = Storyteller(event)
        self.game = self.story.game
        others = [s for s in range(len(self.names.seats)) if s != self.seat]
        where = "you are watching" if self.seat is None else \
            f"you play with {self.names.group(others)}"
        if event.resumed_at >= 0:
            # the journal holds every step this peer made; only other players' peers may
            # hold more (at a table of bots, it said "Fetching…" with nothing ever to come)
            others_play = any(not seat.is_bot for i, seat in enumerate(event.start.seats)
                              if i != self.seat)
            fetching = " Fetching what was missed…" if others_play else ""
            for done in event.retold:  # the story so far, as it was told then
                self._tell(done, advising=False)
            self.say(f"Back at the table: {self.game.name}; {where}.{fetching}")
        else:
            self.say(f"The game starts: {self.game.name}; {where}.")

    @hears(ResumeFailed)
    def _on_ResumeFailed(self, event: ResumeFailed) -> None:
        self.ending = Ending("fault", f"The game could not be resumed: {event.reason}")

    @hears(AgainRefused)
    def _on_AgainRefused(self, event: AgainRefused) -> None:
        self.ending = Ending("fault", f"No next game: {event.reason}")

    @hears(ViewUpdate)
    def _on_ViewUpdate(self, update: ViewUpdate) -> None:
        self.view, self.hint = update, None

    @hears(Hinted)
    def _on_Hinted(self, hinted: Hinted) -> None:
        self.hint = hinted  # thought for the table as it is: a later view drops it

    @hears(StepApplied)
    def _on_StepApplied(self, event: StepApplied) -> None:
        done = event.applied
        self.applied, self.applied_at = done.step, time.monotonic()
        for seat, heir in done.left + done.quiet:
            self.gone[seat] = heir
        self._tell(done)

    def _tell(self, done: Applied, advising: bool = True) -> None:
        """A step's story in the log; this player's own refused action as advice, unless
        the step is only told again (`advising`: read back from the journal)."""
        for said in self.story.seats(done):
            self.say(said)
        for told in self.story.actions(done):
            if told.refused:
                if told.mine and advising:  # not a hosted bot's
                    self.advise(f"Refused: {told.parts[0]}")
                continue
            for said in told.parts:
                self.say(said)
        for said in self.story.takeback(done):
            self.say(said)

    @hears(Away)
    def _on_Away(self, event: Away) -> None:
        self.say(self.story.away(event))

    @hears(Notice)
    def _on_Notice(self, event: Notice) -> None:
        log.info("%s", event.text)

    @hears(Returning)
    def _on_Returning(self, event: Returning) -> None:
        self.say(self.story.returning(event))

    @hears(Waiting)
    def _on_Waiting(self, event: Waiting) -> None:
        self.waiting = tuple(event.names)

    @hears(MoveWait)
    def _on_MoveWait(self, event: MoveWait) -> None:
        """Whose move the table waits for (not ours: the table says 'your turn' already)."""
        mine = self.seat in event.seats and self.seat is not None
        self.move_wait = (event.seats, event.since) if event.seats and not mine else None

    @hears(Finished)
    def _on_Finished(self, event: Finished) -> None:
        said = self.story.finished(event)
        self.ending = Ending("finished", said, event.scores, event.winners, event.audit)
        self.say(said)

    @hears(Fault)
    def _on_Fault(self, event: Fault) -> None:
        said = stop_words(event)
        self.ending = Ending("fault", said)
        self.say(said)

    @hears(Left)
    def _on_Left(self, event: Left) -> None:
        self.ending = Ending("left", self.story.left(event))

    # -- words ---------------------------------------------------------------------
    def say(self, text: str) -> None:
        """A line of the table's story (the log)."""
        self.log.append(text)
        del self.log[:-LOG_LINES]

    def advise(self, text: str) -> None:
        """A hint or a refusal for this window's player, shown above its buttons until the
        next one: advice is not part of what happened at the table."""
        self.advice = text
