"""A peer at a table: the lobby, the lockstep, the journal and the spectators, over the mesh.

One `TableNode` runs on one asyncio loop. It reports what happens through a
listener callback (events below) and takes intents through its methods; the
bridge (net.bridge) wraps both for a UI thread.

Message tags on a connection (each a msgpack array, see net.stream):
  hello   [PROTOCOL, table, table name, role, name, key, host, port, nonce]  first, both ways
  proof   [signature]             answers the other's hello: it holds the key (net.handshake)
  rec     [raw record]            a record sent by its author (a duplicate counts as a replay)
  relay   [raw record]            a record passed on by someone else, or asked for
  have    [applied step]          how far the sender is (on connect, at the end)
  want    [first, last]           please relay the frames of these steps
  watch   [first step]            a spectator asks for the lobby and every frame from here
  evidence [raw, raw]             two frames one seat signed for one step

Pacing: a peer signs its frame for step s once it has applied step s-1, and
sends it at once when it has something to say (actions, a chance message),
when another peer's frame for step s has arrived, or when step s-1 carried a
chance message (deck passes come in chains); otherwise when its pace
interval has run out (`pace`, or `idle_pace` after IDLE_STEPS quiet steps
with no timer running). So steps fly as fast as frames when there is work,
tick at ~50 ms when there is none, and slow down when the table is idle.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, make_bot
from engine.wire import Action
from net import handshake
from net.discovery import (
    LOBBY_STATE,
    PLAYING_STATE,
    Advert,
    Discovery,
    advertised_addresses,
    interface_address,
)
from net.errors import BadFrame, CorruptJournal, TableFault
from net.frames import LOBBY, PROTOCOL, STEP, TABLE_ID_SIZE, Record, decode, sign
from net.gossip import AHEAD, Seen, pass_on
from net.journal import Journal
from net.liveness import STALL_AFTER, MoveWatch
from net.lobby import Lobby, LobbyState, StartConfig
from net.lockstep import WINDOW, Applied, BotSeats, Equivocation, Replica
from net.mesh import Conn, Mesh
from net.rejoin import Rejoin

log = logging.getLogger("hoard.net")
TICK = 0.1
IDLE_STEPS = 40
WAIT_NOTICE = 1.0
REDIAL = (0.2, 2.0)  # first and longest wait between dials to one missing peer
DIAL_WAIT = 2.0  # how long a dialled peer has to say hello
MAX_EARLY = WINDOW * 16
EVIDENCE_WAIT = 2.0  # after a desync, how long to look for a seat's twin frames
#: faults that a seat's twin frames cause where only one twin was seen: a desync, or a
#: frame that follows another frame than the one held (the proof, both twins, is fetched)
TWIN_SIGNS = ("desync", "equivocation")
WATCHER_FLUSH = 1.0  # on closing, how long spectator streams may take to finish
LOOPBACK = "127.0.0.1"  # what a computer with no network address is reached at
ADDRESS_CHECK = 2.0  # how often a peer looks whether its own address changed
TAKE_OVER = "greedy"  # the bot that plays a seat whose player left, if the heir has none


@dataclass
class NodeOptions:
    interface: str | None = None  # the one interface (name or IPv4) to bind and advertise on
    port: int = 0
    discovery: bool = True
    pace: float = 0.05
    idle_pace: float = 0.25
    rush: bool = False  # no pacing at all: every peer steps as soon as it can (benchmarks)
    think: int = 0  # steps a bot waits before acting
    linger: float = 5.0  # after the end, keep relaying to late peers at most this long
    void_after: float = 120.0  # a seat not heard from this long voids the hand
    stall_after: float = STALL_AFTER  # a bot's move, or a wait on nobody, this long is a bug


# -- events ------------------------------------------------------------------------

@dataclass(frozen=True)
class Notice:
    text: str


@dataclass(frozen=True)
class LobbyChanged:
    state: LobbyState


@dataclass(frozen=True)
class GameStarted:
    start: StartConfig
    seat: int | None
    resumed_at: int = -1


@dataclass(frozen=True)
class StepApplied:
    applied: Applied


@dataclass(frozen=True)
class Submitted:
    step: int
    actions: tuple[tuple[Action, float], ...]  # each action with when it was submitted
    chance: Any = None  # the chance payload the frame carries (deck messages), if any


@dataclass(frozen=True)
class Waiting:
    names: tuple[str, ...]  # empty: nobody is waited for any more


@dataclass(frozen=True)
class Finished:
    step: int
    final_hash: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    audit: str = ""  # the deck's end-of-match audit: "clean" (anything else stops the table)


def finished_of(replica: Replica) -> Finished:
    """How a replica's match ended: its final public hash, scores, winners, audit."""
    outcome = replica.game.outcome(replica.state)
    return Finished(replica.applied, replica.game.public_hash(replica.state),
                    tuple(outcome.scores), tuple(outcome.winners), replica.chance.report)


@dataclass(frozen=True)
class Left:
    """This peer left the game at `step`; the seat `heir` plays on for it."""

    step: int
    heir: int


@dataclass(frozen=True)
class TableSeen:
    kind: str  # appeared, changed, vanished; ignored: listing is (instance, reason)
    listing: Any


@dataclass(frozen=True)
class Fault:
    kind: str
    step: int
    report: str


class TableNode:
    def __init__(self, identity, options: NodeOptions | None = None, listener=None,
                 journal: Journal | None = None, role: str = "peer"):
        self.identity = identity
        self.options = options or NodeOptions()
        self.listener = listener or (lambda event: None)
        self.journal = journal
        self.role = role
        self.mesh = Mesh(self._hello, self._on_message, self._on_lost)
        self.discovery: Discovery | None = None
        self.host = "127.0.0.1"
        self.table: bytes | None = None
        self.name = ""
        self.lobby: Lobby | None = None
        self.lobby_log: list[Record] = []
        self.replica: Replica | None = None
        self.bots: BotSeats | None = None
        self.bot_kind: str | None = None  # a bot plays this peer's own seat (headless)
        self.intents: list[tuple[Action, float]] = []
        self.pending: list[tuple[Action, float]] = []
        self.early: list[Record] = []
        self.progress: dict[bytes, int] = {}
        self.addresses: dict[bytes, tuple[str, int]] = {}
        self.seeds: list[tuple[str, int]] = []  # addresses to fall back on when all else fails
        self.result: asyncio.Future | None = None
        self.finished: Finished | None = None
        self._replaying = False
        self._tasks: set[asyncio.Task] = set()
        self._wake = asyncio.Event()
        self._moved = asyncio.Event()
        self._next_send = 0.0
        self._quiet = 0
        self._chained = False  # the last step carried chance messages: more are coming
        self._leaving = False  # leave() was asked: the next frame it can be is the last
        self._sent_at = 0.0
        self._last_want = 0.0
        self._seen = Seen()  # frames taken lately (net.gossip)
        self._waiting: tuple[str, ...] = ()
        self._owed: tuple[tuple[int, str], ...] = ()  # (seat, what) the deck waits on
        self._owed_since = 0.0
        self._owed_said = False  # the Waiting shown names debts, not late frames
        self._alone_since: float | None = None  # a spectator with no peer to watch through
        self.moves = MoveWatch(stall=self.options.stall_after)
        self._address_due = 0.0
        self._redial: dict[Any, tuple[float, float]] = {}
        self._ended_at = 0.0
        self._watchers: set[asyncio.Task] = set()
        self._deferred: list[tuple[str, tuple]] = []
        self._secrets: list[Any] = []  # journaled chance secrets, restored into the replica
        self.rejoining: Rejoin | None = None  # taking the seat back, journal lost
        self._adopting = False  # own frames come from the others: journal them as they apply
        self._suspect: tuple[TableFault, float] | None = None  # a desync, while its cause
        # (two frames one seat signed for one step, each shown to some peers) is looked for

    # -- lifecycle -----------------------------------------------------------------
    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        self.result = loop.create_future()
        bound = interface_address(self.options.interface) if self.options.interface else None
        if self.role == "peer":
            await self.mesh.listen(bound or "0.0.0.0", self.options.port)
        self.host = advertised_addresses(bound)[0]
        if self.options.discovery:
            await self._discover()
        self._spawn(self._maintain())

    async def _discover(self) -> None:
        """Browse and advertise with zeroconf, where the network lets it: on one with no
        multicast (an interface without it), tables are joined by address instead."""
        discovery = Discovery(self.options.interface)
        try:
            await discovery.start()
        except OSError as exc:
            log.warning("no discovery: %s", exc)
            with contextlib.suppress(Exception):
                await discovery.close()
            self._emit(Notice(f"no discovery on this network ({exc}): tables are joined by "
                              "address"))
            return
        self.discovery = discovery
        discovery.browse(self._on_listing, self._on_ignored)

    async def close(self) -> None:
        if self.lobby is not None and self.replica is None and self.role == "peer":
            with contextlib.suppress(Exception):
                self.lobby_op("leave")
                await asyncio.sleep(0.05)  # let the leave reach the others
        if self._watchers:  # let spectator streams finish what they are sending
            await asyncio.wait(list(self._watchers), timeout=WATCHER_FLUSH)
        for task in list(self._tasks) + list(self._watchers):
            task.cancel()
        if self.discovery is not None:
            await self.discovery.close()
        await self.mesh.close()
        if self.journal is not None:
            self.journal.close()

    async def wait(self, timeout: float | None = None):
        """Finished or Fault, once the table is over for this peer."""
        assert self.result is not None
        return await asyncio.wait_for(asyncio.shield(self.result), timeout)

    def abort(self, kind: str, report: str) -> None:
        self._fault(TableFault(kind, -1, report))

    def _spawn(self, coroutine) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        """A task of this node ended: one that died of an error stops the table with a
        report, never leaving a live process that silently sends nothing."""
        self._tasks.discard(task)
        if task.cancelled() or task.exception() is None:
            return
        exc = task.exception()
        log.error("%s died", task.get_coro(), exc_info=exc)
        step = self.replica.applied if self.replica is not None else -1
        self._fault(TableFault("bug", step, f"this peer stopped at step {step}: "
                               f"{type(exc).__name__}: {exc}"))

    def _emit(self, event) -> None:
        if not self._replaying:
            self.listener(event)

    # -- tables ------------------------------------------------------------------
    def create(self, name: str, game: str, seats: int, options: dict[str, Any]) -> None:
        """A new table with this peer as its first member."""
        self._set_table(os.urandom(TABLE_ID_SIZE), name)
        self.lobby_op("join", self.identity.name, self.host, self.mesh.port)
        pairs = tuple(sorted(options.items()))
        self.lobby_op("config", name, game, seats, pairs)
        self._emit(Notice(f"created table {name} (id {self.table.hex()[:8]}) at "
                          f"{self.host}:{self.mesh.port}"))

    async def join(self, addresses: list[tuple[str, int]], table: bytes | None = None,
                   name: str = "", timeout: float = 5.0) -> bool:
        """Join (or, as a spectator, watch) the table at one of `addresses`.

        Its id is learnt from the first hello when not given.
        """
        if table is not None and table != self.table:
            self._set_table(table, name)
        self.seeds = list(addresses)
        if not await self._connect_any(addresses, timeout):
            return False
        if self.role == "peer" and self.identity.public not in self.lobby.state().members:
            self.lobby_op("join", self.identity.name, self.host, self.mesh.port)
        verb = "joined" if self.role == "peer" else "watching"
        self._emit(Notice(f"{verb} table {self.name or '?'} (id {self.table.hex()[:8]})"))
        return True

    async def rejoin(self, addresses: list[tuple[str, int]], table: bytes, name: str) -> bool:
        """Take this peer's seat back at a table in play when its journal was lost: the
        lobby and every frame, its own too, come from the others (net.rejoin)."""
        self._set_table(table, name)
        self.seeds = list(addresses)
        self.rejoining, self._adopting = Rejoin(), True
        self._sent_at = time.monotonic()  # a frame of its own from before waits from now
        if not await self._connect_any(addresses, DIAL_WAIT):
            return False
        self._emit(Notice(f"rejoining table {name} (id {table.hex()[:8]}), in play: this peer "
                          "has no journal of it, so it takes its frames back from the others"))
        return True

    async def move(self, addresses: list[tuple[str, int]], table: bytes) -> bool:
        """Leave this lobby for another table (two peers created the same table at once)."""
        await self.forget()
        return await self.join(addresses, table, self.name)

    async def forget(self) -> None:
        """Leave this lobby (if in it) and forget the table, to join or create another."""
        if self.lobby is not None and self.identity.public in self.lobby.state().members:
            self.lobby_op("leave")
            await asyncio.sleep(0.05)
        for conn in list(self.mesh.conns):
            conn.close()
        if self.journal is not None:
            self.journal.restart()
        self.table, self.lobby, self.lobby_log, self._deferred = None, None, [], []
        self.addresses.clear()

    async def _connect_any(self, addresses, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        for host, port in addresses:
            conn = await self.mesh.dial(host, port)
            while conn is not None and not conn.closed and conn.key is None:
                if time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.01)
            if conn is not None and conn.key is not None and self.table is not None:
                if self.role == "spectator":
                    conn.send(["watch", self.replica.applied + 1 if self.replica else 0])
                return True
        return False

    def _set_table(self, table: bytes, name: str) -> None:
        self.table, self.name = table, name
        self.lobby = Lobby(table)
        if self.journal is not None and not self._replaying:
            self.journal.append("table", table, name, self.identity.public)
            self.journal.sync()

    def lobby_op(self, op: str, *args) -> None:
        """Sign and share one lobby record of this peer's.

        Before this peer's join is signed, its other ops wait, so that they are
        ordered after it (a non-member's op would be skipped by everyone).
        """
        if self.replica is not None:
            return
        me = self.identity.public
        if self.lobby is None or (op != "join" and me not in self.lobby.state().members):
            self._deferred.append((op, args))
            return
        seq = self.lobby.next_seq(me)
        record = sign(self.identity, LOBBY, self.table, -1, seq, b"",
                      [self.lobby.clock() + 1, op, *args])
        self._accept_lobby(record, None)
        if op == "join":
            deferred, self._deferred = self._deferred, []
            for op, args in deferred:
                self.lobby_op(op, *args)

    def _accept_lobby(self, record: Record, source: Conn | None) -> bool:
        if self.replica is not None and not self._replaying:
            self._late_lobby(record)
            return False
        if not self.lobby.add(record):
            return False
        self.lobby_log.append(record)
        if self.journal is not None and not self._replaying:
            self.journal.append("record", record.raw)
            self.journal.sync()
        if source is None:
            self.mesh.broadcast(["rec", record.raw])
        else:
            self.mesh.broadcast(["relay", record.raw], exclude=source)
        state = self.lobby.state()
        self.name = state.name or self.name
        self._poke()
        self._emit(LobbyChanged(state))
        if self.replica is None and (start := self.lobby.start()) is not None:
            self._begin(start)
        else:
            self._advertise()
        return True

    def _late_lobby(self, record: Record) -> None:
        """Once the game started the lobby is settled: a lobby record now changes nothing,
        so it is neither kept, journaled nor passed on. A member's (sent before it saw the
        start) is let go quietly; a stranger's is counted."""
        key = (record.signer, record.step)
        if key not in self.lobby.records and record.signer not in self.lobby.state().members:
            raise BadFrame("late-lobby", "a lobby record after the start")

    # -- the game ----------------------------------------------------------------
    def play_with(self, bot_kind: str | None, think: int = 0) -> None:
        """Who plays this peer's own seat: a bot of that kind, or None for submitted intents."""
        self.bot_kind = bot_kind
        self.options.think = think
        if self.replica is not None and self.replica.me is not None:
            self.bots = BotSeats(self.replica, self._make_bots(), think)
            self._wake.set()

    def submit(self, action: Action) -> None:
        """An intent for this peer's seat; it goes out in the next frame, unless what only
        this peer was shown (its own cards) proves it false: the others could not refuse
        it alike (engine Game.vet)."""
        replica = self.replica
        if replica is not None:
            try:
                replica.game.vet(replica.state, action)
            except ValueError as exc:
                self._emit(Notice(f"not sent: {exc}"))
                return
        self.intents.append((action, time.monotonic()))
        self._wake.set()

    def leave(self) -> None:
        """Leave the game at the first step nothing under way needs this peer: its last frame
        hands its cards to the lowest other human, who plays on for it (the result is Left)."""
        replica = self.replica
        if replica is None or replica.me is None or self.result.done():
            return
        if replica.order == (replica.me,):
            self._left(Left(replica.applied, -1))  # nobody to play on: the table ends
            return
        self._leaving = True
        self._wake.set()

    @property
    def seat(self) -> int | None:
        return None if self.replica is None else self.replica.me

    def _begin(self, start: StartConfig) -> None:
        me = start.seat_of(self.identity.public) if self.role == "peer" else None
        if self.role == "peer" and me is None:
            watch = f"; watch it with --spectate {start.name!r}" if self.rejoining else ""
            self.abort("left-out", f"table {start.name} started without this peer{watch}")
            return
        self.replica = Replica(start, me, secrets=self._secrets)
        self.bots = BotSeats(self.replica, self._make_bots(), self.options.think)
        early, self.early = self.early, []
        for record in early:
            with contextlib.suppress(BadFrame, TableFault):
                self.replica.offer(record)
        self._emit(GameStarted(start, me))
        self._advertise()
        if me is not None:
            self._spawn(self._stepper())
        self._apply_ready()

    def _make_bots(self) -> dict[int, Bot]:
        """Bots for this peer's seat (if a bot plays it) and for the bot seats it hosts."""
        replica, bots = self.replica, {}
        if replica.me is None:
            return bots
        start = replica.start
        base = int.from_bytes(start.table[:4], "big")
        for seat in replica.controls[replica.me]:
            kind = start.seats[seat].bot or (
                self.bot_kind if seat == replica.me else self.bot_kind or TAKE_OVER)
            if kind:
                bots[seat] = make_bot(replica.game, kind, base + seat)
        return bots

    def _on_frame(self, record: Record, conn: Conn | None, relayed: bool) -> None:
        if self.replica is None:
            if len(self.early) < MAX_EARLY:
                self.early.append(record)
            return
        try:
            self.replica.offer(record)
        except Equivocation as fault:
            self._convict(fault)
            return
        except BadFrame as exc:
            stale = exc.reason == "replayed" or (
                exc.reason == "out-of-window" and record.step <= self.replica.applied)
            gone = (exc.reason == "not-seated" and record.step <= self.replica.applied
                    and self.replica.keys.get(record.seat) == record.signer)
            if (stale and (relayed or self._member(conn))) or gone:
                # a copy from the table: asked for, gossiped, resent after a partition; or a
                # frame of a seat that left since (its author's own copy, overtaken by one
                # passed on by another peer, may come after the step that ended the seat)
                return
            raise
        self._seen.add(record.raw)
        if conn is not None and self.role == "peer" and record.step <= self.replica.applied + AHEAD:
            pass_on(self.mesh, record, conn)  # a copy lost on one link comes over another
        if record.step == self.replica.applied + 1:
            self._wake.set()  # someone stepped: step with them
        self._apply_ready()

    async def _reclaim_port(self, port: int) -> None:
        """Listen again on the port the table knows for this peer, where it is free: two
        peers restarted at once each dial the other's port from before the crash."""
        if self.options.port or not port or port == self.mesh.port:
            return
        bound = interface_address(self.options.interface) if self.options.interface else None
        with contextlib.suppress(OSError):
            await self.mesh.relisten(bound or "0.0.0.0", port)
            self._advertise()

    def _member(self, conn: Conn | None) -> bool:
        """Is `conn` a seated human of this table (whose resends are no attack)?"""
        return conn is not None and conn.key in self.replica.humans.values()

    def _convict(self, fault: Equivocation) -> None:
        """Two frames one seat signed for one step: pass both to every peer and spectator
        (each then names the seat itself; the one that sent them too, which may be the
        equivocator itself), and stop."""
        if self.result.done():
            return
        evidence = ["evidence", *(r.raw for r in fault.evidence)]
        self.mesh.broadcast(evidence)
        self.mesh.broadcast(evidence, "spectator")
        self._fault(fault)

    def _look_for_twins(self, fault: TableFault) -> None:
        """A desync (this peer and another applied different steps) or a frame that follows
        another frame than the one held: the likely cause is a seat that showed each peer a
        different frame. Ask every peer for the frames of the steps before, so the twin
        shows up here as an Equivocation with both frames — evidence this peer passes on —
        before the table stops on the fault as it is (a desync names only who disagreed)."""
        if self._suspect is None:
            self._suspect = (fault, time.monotonic())
            self.mesh.broadcast(["want", max(fault.step - WINDOW + 1, 0), fault.step])

    def _check_suspect(self, now: float) -> None:
        if self._suspect is not None and now - self._suspect[1] > EVIDENCE_WAIT:
            self._fault(self._suspect[0])

    def _apply_ready(self) -> None:
        replica = self.replica
        batch = []
        while replica.ready() and not self.result.done() and self._suspect is None:
            try:
                batch.append(replica.apply_next())
            except TableFault as fault:
                if fault.kind in TWIN_SIGNS and not self._replaying:
                    self._look_for_twins(fault)
                else:
                    self._fault(fault)
                return
            if self.journal is not None and not self._replaying:
                for record in replica.frames_at(replica.applied):
                    if record.seat != replica.me or self._adopting:
                        self.journal.append("record", record.raw)
        if not batch:
            return
        if self.journal is not None and not self._replaying:
            # written through to the OS, not fsynced: others' frames can be fetched again,
            # and the fsync before our next frame covers them anyway
            self.journal.flush()
        changed = any(done.entries for done in batch)
        self._chained = batch[-1].chance
        self._quiet = 0 if changed else self._quiet + len(batch)
        for done in batch:
            self._emit(StepApplied(done))
            for seat, heir in done.left:
                self._emit(Notice(f"{replica.name_of(seat)} (seat {seat}) left the table; "
                                  f"{replica.name_of(heir)} (seat {heir}) plays on for it"))
                if seat == replica.me:
                    self._left(Left(done.step, heir))
                    return
                if heir == replica.me:
                    self.bots = BotSeats(replica, self._make_bots(), self.options.think)
        if self._waiting and not self._owed_said:  # the late frames came in
            self._waiting = ()
            self._emit(Waiting(()))
        self._poke()
        if replica.finished:
            self._finish()
            return
        if self.bots is not None and not self._replaying:
            now = time.monotonic()
            self.pending = [(a, now) for a in self.bots.choose(changed)]
        self._wake.set()

    async def _stepper(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.result.done() and not self.replica.finished:
            now = loop.time()
            if self.rejoining is not None and not self._rejoined():
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), TICK)
                continue
            if self.replica.sent() is None and not self._replaying and (
                    self.pending or self.intents or self._chained or self._chance_out()
                    or self._others_stepped() or now >= self._next_send
                    or (self._leaving and self.replica.chance.can_leave())):
                self._send_frame(now)
                continue
            delay = self._next_send - now if self.replica.sent() is None else None
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)

    def _rejoined(self) -> bool:
        """Has the rejoining peer caught up with the others, so that it may sign again?"""
        replica = self.replica
        if not self.rejoining.caught_up(replica, self.progress, self.mesh.broadcast,
                                        time.monotonic()):
            return False
        self.rejoining = None
        self._emit(Notice(f"took seat {replica.me} back at step {replica.applied} from the "
                          "others' copies of its frames"))
        return True

    def _chance_out(self, actions=()):
        """What the chance source adds to this peer's next frame, for the pending request
        (or the end of the match) and this peer's own `actions` in it."""
        replica = self.replica
        return replica.chance.outgoing(replica.game.chance_request(replica.state), actions)

    def _others_stepped(self) -> bool:
        return bool(self.replica.frames.get(self.replica.applied + 1))

    def _send_frame(self, now: float) -> None:
        replica = self.replica
        leaving = self._leaving and replica.chance.can_leave()
        actions = [] if leaving else self.pending + self.intents  # the last frame: no plays
        self.pending, self.intents = [], []
        if leaving:
            self._leaving = False
            replica.chance.leave(replica.heir(replica.me))
        self._adopting = False  # from now on this process signs its own frames
        chance = self._chance_out([a for a, _ in actions])
        payload, secret = chance if chance else (None, None)
        record = replica.own_frame(self.identity, [a for a, _ in actions], payload, leaving)
        if self.journal is not None:
            if secret is not None:
                self.journal.append("secret", secret)
            self.journal.append("record", record.raw)
            self.journal.sync()  # never sign two different frames for one step, even after a crash
        replica.offer(record)
        self.mesh.broadcast(["rec", record.raw])
        self._sent_at = time.monotonic()
        self._next_send = now + self._interval()
        if actions or payload is not None:
            self._emit(Submitted(record.step, tuple(actions), payload))
        self._apply_ready()

    def _interval(self) -> float:
        if self.options.rush:
            return 0.0
        replica = self.replica
        busy = replica.state.timer is not None or replica.game.chance_request(replica.state)
        return self.options.idle_pace if self._quiet > IDLE_STEPS and not busy \
            else self.options.pace

    def _finish(self) -> None:
        replica = self.replica
        self.finished = finished = finished_of(replica)
        if self.journal is not None and not self._replaying:
            self.journal.append("done", finished.final_hash, list(finished.scores),
                                list(finished.winners))
            self.journal.sync()
        self._ended_at = time.monotonic()
        self.mesh.broadcast(["have", replica.applied])
        if replica.chance.summary:
            self._emit(Notice(replica.chance.summary))
        self._emit(self.finished)
        if self.role == "spectator":
            self._settle(self.finished)

    def _fault(self, fault: TableFault) -> None:
        if self.result is not None and not self.result.done():
            self._emit(Fault(fault.kind, fault.step, fault.report))
            self.result.set_result(Fault(fault.kind, fault.step, fault.report))
            self._poke()  # spectators are shown the step that stopped the table

    def _settle(self, outcome) -> None:
        if not self.result.done():
            self.result.set_result(outcome)

    def _left(self, left: Left) -> None:
        if self.journal is not None:  # the seat is not kept: nothing to resume
            self.journal.append("left", left.step)
            self.journal.sync()
        self._emit(left)
        self._settle(left)

    # -- resuming ------------------------------------------------------------------
    def resume(self, entries: list[list]) -> bool:
        """Rebuild from a journal's entries; False if the journal holds no table."""
        if not entries:
            return False
        head = entries[0]
        if len(head) != 4 or head[0] != "table" or not isinstance(head[1], bytes):
            raise CorruptJournal("the journal does not start with its table")
        if head[3] != self.identity.public:
            raise CorruptJournal("the journal belongs to another identity (--config-dir?)")
        self._replaying = True
        # secrets first: the replayed frames remake the decks, which need their seeds
        self._secrets = [entry[1] for entry in entries if entry[0] == "secret" and len(entry) == 2]
        try:
            self._set_table(head[1], head[2])
            for entry in entries[1:]:
                if entry[0] == "record" and len(entry) == 2:
                    self._replay(entry[1])
        finally:
            self._replaying = False
        self.seeds = [(m.host, m.port) for m in self.lobby.state().members.values()]
        own = self.lobby.state().members.get(self.identity.public)
        if own is not None and self.role == "peer":
            self._spawn(self._reclaim_port(own.port))
        self._sent_at = time.monotonic()  # a frame sent before the crash waits from now
        applied = self.replica.applied if self.replica else -1
        self._emit(Notice(f"resumed table {self.name} (id {self.table.hex()[:8]}) from the "
                          f"journal at step {applied}"))
        if self.replica is not None:
            self._emit(GameStarted(self.replica.start, self.replica.me, applied))
            if self.finished is not None:
                self._emit(self.finished)
            else:
                self.pending = [(a, time.monotonic()) for a in self.bots.choose(True)]
        return True

    def _replay(self, raw: bytes) -> None:
        try:
            record = decode(raw)
            if record.kind == LOBBY:
                self._accept_lobby(record, None)
            elif self.replica is not None:
                self.replica.offer(record)
                self._apply_ready()
        except (BadFrame, TableFault) as exc:
            raise CorruptJournal(f"the journal holds a record that fails its checks: {exc}"
                                 ) from None

    # -- messages ----------------------------------------------------------------
    def _hello(self, conn: Conn) -> list:
        return ["hello", PROTOCOL, self.table or b"", self.name, self.role, self.identity.name,
                self.identity.public, self.host, self.mesh.port, conn.nonce]

    def _on_message(self, conn: Conn, message: list) -> None:
        tag, args = message[0], message[1:]
        handler, arity = self._handlers.get(tag, (None, -1))
        if handler is None or len(args) != arity:
            raise BadFrame("malformed", f"unknown message {tag!r} with {len(args)} fields")
        if conn.key is None and tag not in ("hello", "proof"):
            raise BadFrame("malformed", "the first messages must be hello and its proof")
        handler(self, conn, *args)

    def _on_hello(self, conn, version, table, table_name, role, name, key, host, port,
                  nonce) -> None:
        if conn.claim is not None:
            raise BadFrame("malformed", "a second hello")
        if version != PROTOCOL:
            self.mesh.count(conn, "version")
            conn.close()
            return
        if (not isinstance(table, bytes) or not isinstance(key, bytes) or len(key) != 32
                or role not in ("peer", "spectator") or not isinstance(name, str)
                or not isinstance(host, str) or not isinstance(port, int)
                or not isinstance(table_name, str) or not isinstance(nonce, bytes)
                or len(nonce) != handshake.NONCE_SIZE):
            raise BadFrame("malformed", "a bad hello")
        if table and self.table and table != self.table:
            self.mesh.count(conn, "other-table")
            conn.close()
            return
        if key == self.identity.public:
            conn.close()  # dialled ourselves through an old address
            return
        conn.claim = (key, name[:32], role, table, table_name, host, port)
        conn.send(["proof", handshake.prove(self.identity, nonce, key)])

    def _on_proof(self, conn, proof) -> None:
        if conn.claim is None or conn.key is not None:
            raise BadFrame("malformed", "a proof answers a hello, once")
        key, name, role, table, table_name, host, port = conn.claim
        if not handshake.proven(key, proof, conn.nonce, self.identity.public):
            self.mesh.count(conn, "unproven")
            conn.close()
            return
        conn.key, conn.name, conn.role = key, name, role
        if self.table is None and table:
            self._set_table(table, table_name)
        if role == "peer" and port:
            self.addresses[key] = (host, port)
            self._redial.pop(key, None)
        if role == "peer" and self.lobby is not None:
            for record in self.lobby_log:
                conn.send(["relay", record.raw])
        if role == "peer" and self.replica is not None:
            conn.send(["have", self.replica.applied])
            mine = self.replica.sent()
            if mine is not None:
                conn.send(["relay", mine.raw])

    def _on_record(self, conn: Conn, raw: Any, relayed: bool) -> None:
        if relayed and self._seen.holds(raw):
            return  # a copy of a frame taken already (net.gossip)
        record = decode(raw)
        if self.table is None or record.table != self.table:
            raise BadFrame("other-table", f"a record for table {record.table.hex()[:8]}")
        if record.kind == LOBBY:
            self._accept_lobby(record, conn)  # copies are normal: lobby records are flooded
        elif record.kind == STEP:
            self._on_frame(record, conn, relayed)

    def _on_rec(self, conn, raw) -> None:
        self._on_record(conn, raw, relayed=False)

    def _on_relay(self, conn, raw) -> None:
        self._on_record(conn, raw, relayed=True)

    def _on_have(self, conn, applied) -> None:
        if not isinstance(applied, int):
            raise BadFrame("malformed", "have takes a step")
        replica = self.replica
        if replica is not None and conn.key not in replica.players:
            return  # a spectator's, at its end: only the players are waited for
        self.progress[conn.key] = applied
        if replica is not None and applied > replica.applied and conn.role == "peer":
            conn.send(["want", replica.applied + 1, min(applied, replica.applied + WINDOW)])
        self._poke()

    def _on_want(self, conn, first, last) -> None:
        if not isinstance(first, int) or not isinstance(last, int) or self.replica is None:
            raise BadFrame("malformed", "want takes two steps")
        if conn.key not in self.replica.players:  # spectators watch; only
            raise BadFrame("not-seated", "want is for the seated")  # players (even gone) fetch
        top = min(last, first + WINDOW - 1, self.replica.applied + 1)
        for step in range(max(first, 0), top + 1):
            for record in self.replica.frames_at(step):
                conn.send(["relay", record.raw])

    def _on_watch(self, conn, first) -> None:
        if conn.role != "spectator" or not isinstance(first, int):
            raise BadFrame("malformed", "watch is for spectators")
        task = asyncio.get_running_loop().create_task(self._serve_watcher(conn, max(first, 0)))
        self._watchers.add(task)
        task.add_done_callback(self._watchers.discard)

    def _on_ping(self, conn) -> None:
        """A keepalive: the link is alive (the mesh times out a silent one)."""

    def _on_evidence(self, conn, first, second) -> None:
        a, b = decode(first), decode(second)
        replica = self.replica
        if (replica is None or a.kind != STEP or a.slot != b.slot or a.raw == b.raw
                or a.table != self.table or replica.humans.get(a.seat) != a.signer):
            raise BadFrame("malformed", "evidence that proves nothing")
        self._convict(Equivocation(a, b, replica.name_of(a.seat)))

    _handlers = {
        "hello": (_on_hello, 9),
        "proof": (_on_proof, 1),
        "rec": (_on_rec, 1),
        "relay": (_on_relay, 1),
        "have": (_on_have, 1),
        "want": (_on_want, 2),
        "watch": (_on_watch, 1),
        "evidence": (_on_evidence, 2),
        "ping": (_on_ping, 0),
    }

    def _on_lost(self, conn: Conn) -> None:
        self._wake.set()

    # -- spectators ----------------------------------------------------------------
    async def _serve_watcher(self, conn: Conn, step: int) -> None:
        """Stream the lobby and every applied step, in order, from `step` on."""
        sent_lobby = 0
        while not conn.closed:
            moved = self._moved
            for record in self.lobby_log[sent_lobby:]:
                conn.send(["relay", record.raw])
            sent_lobby = len(self.lobby_log)
            while self.replica is not None and step <= self.replica.applied and not conn.closed:
                for record in self.replica.frames_at(step):
                    conn.send(["relay", record.raw])
                step += 1
                if step % 32 == 0:
                    await conn.drain()
            await conn.drain()
            if self.finished is not None and step > self.finished.step:
                conn.send(["have", self.finished.step])
                await conn.drain()
                return
            if self.result.done() and self.replica is not None:
                stopped = self.replica.frames_at(step)  # the proof, if the step was whole
                if len(stopped) == len(self.replica.order):
                    for record in stopped:
                        conn.send(["relay", record.raw])
                await conn.drain()
                return
            await moved.wait()

    def _poke(self) -> None:
        """Wake whoever waits for progress (spectator streams)."""
        self._moved.set()
        self._moved = asyncio.Event()

    # -- upkeep --------------------------------------------------------------------
    async def _maintain(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            self.mesh.keep_alive(now)
            self._check_address(now)
            self._redial_peers(now)
            if self.replica is not None and self.finished is None:
                self._check_suspect(now)
                self._check_stuck(now)
                self._check_owed(now)
                self._check_alone(now)
                self._check_moves(now)
            if self.finished is not None and self.role == "peer" and self._may_leave(now):
                self._settle(self.finished)

    def _check_address(self, now: float) -> None:
        """A laptop that got a new address (a Wi-Fi reconnect) advertises it and says so in
        its hellos; its dead links are closed by the mesh and redialled from the new one."""
        if self.options.interface or self.role != "peer" or now < self._address_due:
            return
        self._address_due = now + ADDRESS_CHECK
        host = advertised_addresses(None)[0]
        if host != self.host and host != LOOPBACK:  # no address for now: wait for the next
            self._emit(Notice(f"this computer's address changed from {self.host} to {host}; "
                              "telling the table"))
            self.host = host
            self._advertise()

    def _peers_wanted(self) -> dict[bytes, tuple[str, int]]:
        if self.replica is not None:
            keys = set(self.replica.humans.values())
        elif self.lobby is not None:
            keys = set(self.lobby.state().members)
        else:
            return {}
        keys.discard(self.identity.public)
        members = self.lobby.state().members if self.lobby else {}
        found = {}
        for key in keys:
            address = self.addresses.get(key) or (
                (members[key].host, members[key].port) if key in members else None)
            if address is not None:
                found[key] = address
        return found

    def _redial_peers(self, now: float) -> None:
        if self.role == "spectator":
            if self.finished is None and not self.mesh.live("peer"):
                self._dial_once("seed", self._fallback_addresses(), now)
            return
        for key, address in self._peers_wanted().items():
            if self.mesh.to(key) is None:
                self._dial_once(key, [address], now)
        if self.replica is not None and not self.mesh.live("peer") and self.replica.order != (
                self.replica.me,):
            self._dial_once("seed", self._fallback_addresses(), now)

    def _fallback_addresses(self) -> list[tuple[str, int]]:
        found = list(self.seeds)
        if self.discovery is not None and self.table is not None:
            listing = self.discovery.tables().get(self.table.hex())
            if listing is not None:
                found = list(listing.addresses) + found
        if self.lobby is not None:
            found += [(m.host, m.port) for k, m in self.lobby.state().members.items()
                      if k != self.identity.public]
        return found

    def _dial_once(self, key, addresses, now: float) -> None:
        due, backoff = self._redial.get(key, (0.0, REDIAL[0]))
        if now < due or not addresses:
            return
        self._redial[key] = (now + backoff, min(backoff * 2, REDIAL[1]))
        self._spawn(self._connect_any(addresses, DIAL_WAIT))

    def _check_stuck(self, now: float) -> None:
        replica = self.replica
        waiting_since = self._sent_at if replica.sent() is not None else None
        if self.role == "spectator" or waiting_since is None or replica.ready():
            return
        overdue = now - waiting_since
        if overdue > self.options.idle_pace + 0.1 and now - self._last_want > 0.25:
            self._last_want = now
            self.mesh.broadcast(["want", replica.applied + 1, replica.applied + 2])
        names = tuple(replica.name_of(s) for s in replica.missing())
        if names and overdue > self.options.void_after:
            self._fault(TableFault("void", replica.applied + 1, self._void_report(overdue)))
            return
        if overdue > WAIT_NOTICE and names and names != self._waiting:
            self._waiting, self._owed_said = names, False
            self._emit(Waiting(names))

    def _check_moves(self, now: float) -> None:
        """Say whose move the game waits for; a bot that never moves is a reported stall."""
        if self.result.done():
            return
        try:
            wait = self.moves.observe(self.replica, now)
        except TableFault as fault:
            self._fault(fault)
            return
        if wait is not None:
            self._emit(wait)

    def _check_alone(self, now: float) -> None:
        """A spectator cut off from every peer keeps dialling; after `void_after` without
        one (the table may have ended and its peers gone) it says it lost the table."""
        if self.role != "spectator" or self.result.done():
            return
        if self.mesh.live("peer"):
            self._alone_since = None
            return
        if self._alone_since is None:
            self._alone_since = now
            self._emit(Notice("lost the link to the table; trying again"))
        elif now - self._alone_since > self.options.void_after:
            self._fault(TableFault("lost", self.replica.applied, f"lost the table: no peer "
                                   f"reachable for {now - self._alone_since:.0f} s after "
                                   f"step {self.replica.applied}"))

    def _check_owed(self, now: float) -> None:
        """Frames flow, but the table may still wait on a message owed inside them (a pass,
        a key share, a seed): say within seconds who owes what, and after `void_after` void
        the hand naming them. Every peer sees the same debts at the same step."""
        replica = self.replica
        if self.result.done() or replica.finished:
            return
        owed = tuple((s, what) for s in replica.order if (what := replica.chance.owed(s)))
        if owed != self._owed:
            self._owed, self._owed_since = owed, now
            if self._owed_said:  # paid, or owed by others now: say afresh
                self._owed_said, self._waiting = False, ()
                self._emit(Waiting(()))
            return
        overdue = now - self._owed_since
        if not owed or overdue <= WAIT_NOTICE:
            return
        if overdue > self.options.void_after:
            whom = " and ".join(f"{replica.name_of(s)} (seat {s}), who owes {what}"
                                for s, what in owed)
            self._fault(TableFault("void", replica.applied, f"the hand is void: the table "
                                   f"waited {overdue:.0f} s on {whom}"))
            return
        names = tuple(f"{replica.name_of(s)} ({what})" for s, what in owed)
        frames_late = replica.sent() is not None and now - self._sent_at > WAIT_NOTICE
        if names != self._waiting and not frames_late:  # else _check_stuck names the late
            self._waiting, self._owed_said = names, True
            self._emit(Waiting(names))

    def _void_report(self, overdue: float) -> str:
        replica = self.replica
        whom = []
        for seat in replica.missing():
            owes = replica.chance.owed(seat)
            whom.append(f"{replica.name_of(seat)} (seat {seat})"
                        + (f", who still owes {owes}" if owes else ""))
        return (f"the hand is void: no word for {overdue:.0f} s from {' and '.join(whom)} "
                f"(step {replica.applied + 1})")

    def _may_leave(self, now: float) -> bool:
        if now - self._ended_at > self.options.linger:
            return True
        others = set(self.replica.humans.values()) - {self.identity.public}
        everyone = all(self.progress.get(k, -1) >= self.finished.step for k in others)
        return everyone and not self._watchers

    # -- discovery -------------------------------------------------------------------
    def _on_listing(self, kind: str, listing) -> None:
        self._emit(TableSeen(kind, listing))

    def _on_ignored(self, instance: str, reason: str) -> None:
        """A table this build cannot join (another protocol version): listed, with why."""
        self._emit(TableSeen("ignored", (instance, reason)))

    def _advertise(self) -> None:
        if self.discovery is None or self.role != "peer" or self.lobby is None:
            return
        if self.replica is not None:
            start = self.replica.start
            advert = Advert(self.table.hex(), start.name, start.game, len(start.seats),
                            len(start.seats), PLAYING_STATE, self.host, self.mesh.port,
                            self.identity.fingerprint)
        else:
            state = self.lobby.state()
            if self.identity.public not in state.members or not state.game:
                return
            advert = Advert(self.table.hex(), state.name, state.game, state.taken,
                            len(state.seats), LOBBY_STATE, self.host, self.mesh.port,
                            self.identity.fingerprint)
        self.discovery.publish(advert)

