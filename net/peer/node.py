"""A peer at a table: the lobby, the lockstep, the journal and the spectators, over the mesh.

One `TableNode` runs on one asyncio loop. It reports what happens through a listener
callback (net.peer.events) and takes intents through its methods; the bridge (net.face.bridge)
wraps both for a UI thread.

The node is where its collaborators meet; each is a module of its own, read one at a
time, and each is built from a small `…Ports` record of the callables it uses (made in
wiring.py), never from the node itself, so that one helper never reaches into another:

  protocol.py    the hello/proof handshake and every message's handler
  membership.py  which table, the lobby records, this peer's own lobby ops
  links.py       discovery, dialling and redialling, this peer's own address
  stepper.py     when to sign this peer's next frame and what goes in it (pacing, bots)
  scribe.py      every journal write, and when not to write (replaying, adopting)
  spectators.py  the streams this peer serves to spectators
  upkeep.py      the periodic look at the table: liveness decisions (net.table.liveness)
  returns.py     a player away (gone quiet) follows the table and comes back to it
  intake.py      frames and votes from the table, and the evidence of twin frames
  resume.py      a restart read back from the journal

What stays here is the game itself: starting it, applying the steps whose frames are in,
and how the table ends for this peer (finished, left, or stopped on a fault).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from engine.wire import Action
from net.disk.journal import Journal
from net.errors import BadFrame, FaultKind, TableFault
from net.peer.events import (
    Fault,
    Finished,
    GameStarted,
    Left,
    NodeOptions,
    Notice,
    StepApplied,
    finished_of,
)
from net.peer.greeter import Greeter
from net.peer.intake import Intake
from net.peer.links import Address, Links
from net.peer.membership import JOIN_PATIENCE, Membership
from net.peer.protocol import Protocol
from net.peer.resume import resume
from net.peer.returns import Returns
from net.peer.scribe import Scribe
from net.peer.spectators import Spectators
from net.peer.stepper import Stepper
from net.peer.upkeep import Upkeep
from net.peer.wiring import (
    greeter_ports,
    intake_ports,
    links_ports,
    membership_ports,
    protocol_ports,
    resume_ports,
    returns_ports,
    spectators_ports,
    stepper_ports,
    upkeep_ports,
)
from net.table.liveness import Suspect
from net.table.lobby import Lobby, Op
from net.table.lockstep import Applied, Replica
from net.wire.gossip import Seen
from net.wire.mesh import Conn, Mesh
from net.wire.start import StartConfig

log = logging.getLogger("hoard.net")


class TableNode:
    """One peer (or spectator) at one table: the facade the bridge and `hoard peer` drive,
    and the owner its collaborators' ports (net.peer.wiring) reach each other through."""

    def __init__(self, identity, options: NodeOptions | None = None, listener=None,
                 journal: Journal | None = None, role: str = "peer"):
        self.identity = identity
        self.options = options or NodeOptions()
        self.listener = listener or (lambda event: None)
        self.journal = journal
        self.role = role
        self.discovery = None
        self.replica: Replica | None = None
        self.progress: dict[bytes, int] = {}  # how far each peer said it applied
        self.result: asyncio.Future | None = None
        self.finished: Finished | None = None
        self.scribe = Scribe(journal)
        self.suspect = Suspect()
        self.protocol = Protocol(protocol_ports(self), Greeter(greeter_ports(self)))
        self.membership = Membership(membership_ports(self))
        self.links = Links(links_ports(self))
        self.stepper = Stepper(stepper_ports(self))
        self.spectators = Spectators(spectators_ports(self))
        self.upkeep = Upkeep(upkeep_ports(self))
        self.returns = Returns(returns_ports(self))
        self.intake = Intake(intake_ports(self))
        self.mesh = Mesh(self.protocol.greeter.hello, self.protocol.on_message, self._on_lost)
        self.seen = Seen()  # frames taken lately (net.wire.gossip)
        self.secrets: list[Any] = []  # journaled chance secrets, restored into the replica
        self._read_back: list = []  # the steps applied from the journal, to be retold
        self._tasks: set[asyncio.Task] = set()

    # -- what the lobby side holds -------------------------------------------------------
    @property
    def table(self) -> bytes | None:
        return self.membership.table

    @property
    def name(self) -> str:
        return self.membership.name

    @property
    def lobby(self) -> Lobby | None:
        return self.membership.lobby

    @property
    def host(self) -> str:
        """The address this peer's hellos and adverts say first (net.peer.links)."""
        return self.links.host

    @property
    def seat(self) -> int | None:
        return None if self.replica is None else self.replica.me

    # -- lifecycle -----------------------------------------------------------------------
    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        self.result = loop.create_future()
        await self.links.open()
        if self.options.discovery:
            self.discovery = await self.links.discover()
        self.spawn(self.upkeep.run())

    async def close(self) -> None:
        if self.lobby is not None and self.replica is None and self.role == "peer":
            with contextlib.suppress(Exception):
                self.lobby_op(Op.LEAVE)
                await asyncio.sleep(0.05)  # let the leave reach the others
        await self.spectators.close()
        for task in list(self._tasks):
            task.cancel()
        if self.discovery is not None:
            await self.discovery.close()
        await self.mesh.close()
        self.scribe.close()

    async def wait(self, timeout: float | None = None):
        """Finished or Fault, once the table is over for this peer."""
        assert self.result is not None
        async with asyncio.timeout(timeout):
            return await asyncio.shield(self.result)

    def abort(self, kind: FaultKind, report: str) -> None:
        self.fault(TableFault(kind, -1, report))

    def spawn(self, coroutine) -> asyncio.Task:
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
        self.fault(TableFault(FaultKind.BUG, step, "hoard on this computer stopped playing "
                              "(hoard.log says how)", f"{type(exc).__name__}: {exc}"))

    def emit(self, event) -> None:
        """Tell the listener, unless the journal is being read back (it was told then): of
        that, the steps are kept to be told again with the game's start (`read_back`)."""
        if not self.scribe.replaying:
            self.listener(event)
        elif isinstance(event, StepApplied):
            self._read_back.append(event.applied)

    def read_back(self) -> tuple:
        """The steps the journal's reading applied (net.peer.resume), once."""
        steps, self._read_back = tuple(self._read_back), []
        return steps

    def _on_lost(self, conn: Conn) -> None:
        self.stepper.wake()

    # -- tables (net.peer.membership) ---------------------------------------------------------
    def create(self, name: str, game: str, seats: int, options: dict[str, Any],
               table: bytes | None = None) -> None:
        """A new table with this peer as its first member (`table`: its id, if known)."""
        self.membership.create(name, game, seats, options, table)

    async def join(self, addresses: list[Address], table: bytes | None = None,
                   name: str = "", timeout: float = JOIN_PATIENCE) -> bool:
        """Join (or, as a spectator, watch) the table at one of `addresses`, dialling a
        silent one again until `timeout` (a join by address has no discovery to fall
        back on: `hoard peer --connect` gave up on a slow Wi-Fi after 5 s)."""
        return await self.membership.join(addresses, table, name, timeout)

    async def rejoin(self, addresses: list[Address], table: bytes, name: str) -> bool:
        """Take this peer's seat back at a table in play when its journal was lost."""
        return await self.membership.rejoin(addresses, table, name)

    async def move(self, table: bytes) -> None:
        """Leave this lobby for another table (two peers created the same table at once);
        net.finding.entry.get_in gets into it."""
        await self.membership.move(table)

    async def forget(self) -> None:
        """Leave this lobby (if in it) and forget the table, to join or create another."""
        await self.membership.leave_table()

    def lobby_op(self, op: Op | str, *args) -> None:
        """Sign and share one lobby record of this peer's (UnknownOp: no op has that name)."""
        self.membership.op(op, *args)

    # -- the game: intents -----------------------------------------------------------------
    def play_with(self, bot_kind: str | None, think: int = 0) -> None:
        """Who plays this peer's own seat: a bot of that kind, or None for submitted intents."""
        self.options.think = think
        self.stepper.play_with(bot_kind, think)

    def submit(self, action: Action) -> None:
        """An intent for this peer's seat, for its next frame (net.peer.stepper)."""
        self.stepper.submit(action)

    def leave(self) -> None:
        """Leave the game at the first step nothing under way needs this peer: its last frame
        hands its cards to the lowest other human, who plays on for it (the result is Left)."""
        replica = self.replica
        if replica is None or replica.me is None or self.result.done():
            return
        if replica.order == (replica.me,):
            self.left(Left(replica.applied, -1))  # nobody to play on: the table ends
            return
        self.stepper.leave()

    # -- the game: frames in, steps applied ------------------------------------------------
    def begin(self, start: StartConfig) -> None:
        """The lobby holds a start: make the replica and, if seated, start stepping."""
        me = start.seat_of(self.identity.public) if self.role == "peer" else None
        if self.role == "peer" and me is None:
            watch = f"; watch it with --spectate {start.name!r}" if self.stepper.rejoining else ""
            self.abort(FaultKind.LEFT_OUT, f"table {start.name} started without this peer{watch}")
            return
        self.replica = Replica(start, me, secrets=self.secrets)
        self.reseat_bots()
        for record in self.intake.take_early():
            with contextlib.suppress(BadFrame, TableFault):
                self.replica.offer(record)
        self.emit(GameStarted(start, me))
        self.links.advertise()
        if me is not None:
            self.spawn(self.stepper.run())
        self.apply_ready()

    def vote_quiet(self, seat: int, silent: float) -> None:
        """Say, signed, that this peer plays on without `seat` from the next step: it has
        been silent `silent` seconds. Journaled before it goes out."""
        replica = self.replica
        record = replica.vote_quiet(self.identity, seat)
        self.scribe.own_vote(record)
        self.mesh.broadcast(["rec", record.raw])
        self.emit(Notice(f"no word from {replica.name_of(seat)} for {silent:.0f} s: asking "
                         "the table to play on without them"))
        self.apply_ready()

    def apply_ready(self) -> None:
        """Apply every step whose frames are all in, then tell and pace by what they did."""
        batch = self._apply_batch()
        if not batch:
            return
        self.scribe.steps_done()
        changed = self.stepper.applied(batch)
        for done in batch:
            if self.returns.report(done):
                return
        self.upkeep.stepped()
        self.spectators.poke()
        if self.replica.finished:
            self._finish()
            return
        if self.stepper.bots is not None and not self.scribe.replaying:
            self.stepper.choose(changed)
        self.stepper.wake()

    def _apply_batch(self) -> list[Applied]:
        replica, batch = self.replica, []
        while replica.ready() and not self.result.done() and self.suspect.fault is None:
            try:
                batch.append(replica.apply_next())
            except TableFault as fault:
                if self.suspect.worth(fault) and not self.scribe.replaying:
                    self.intake.look_for_twins(fault)
                else:
                    self.fault(fault)
                return []
            self.scribe.step(replica)
        return batch

    # -- how the table ends for this peer --------------------------------------------------
    def _finish(self) -> None:
        replica = self.replica
        self.finished = finished = finished_of(replica)
        self.scribe.done(finished.final_hash, list(finished.scores), list(finished.winners))
        self.upkeep.ended(time.monotonic())
        self.mesh.broadcast(["have", replica.applied])
        if replica.chance.summary:
            self.emit(Notice(replica.chance.summary))
        self.emit(finished)
        if self.role == "spectator":
            self.settle(finished)

    def fault(self, fault: TableFault) -> None:
        if self.result is not None and not self.result.done():
            log.warning("the table stopped (%s) at step %d: %s%s", fault.kind, fault.step,
                        fault.report, f" ({fault.detail})" if fault.detail else "")
            self.emit(Fault(fault.kind, fault.step, fault.report))
            self.result.set_result(Fault(fault.kind, fault.step, fault.report))
            self.spectators.poke()  # spectators are shown the step that stopped the table

    def settle(self, outcome) -> None:
        if not self.result.done():
            self.result.set_result(outcome)

    def left(self, left: Left) -> None:
        """This peer left the table: journaled, told, and the table is over for it."""
        self.scribe.left(left.step)
        self.emit(left)
        self.settle(left)

    def start_rejoining(self) -> None:
        """This peer lost its journal of a table in play: its frames, its own too, come back
        from the others (net.peer.rejoin), and a frame of its own from before waits from now."""
        self.stepper.rejoin()
        self.scribe.adopt()

    def reseat_bots(self) -> None:
        """The seats this peer's bots play changed (an heir's, a seat taken back)."""
        self.stepper.seat_bots(self.options.think)

    def rebuild(self) -> Replica:
        """Start afresh from the table's frames, keeping every secret: this peer stepped
        on alone while the others voted it quiet (net.peer.returns). The old replica."""
        old = self.replica
        secrets = old.chance.secrets()
        self.scribe.restart()
        self.scribe.table(self.table, self.name, self.identity.public)
        for record in self.membership.log:
            self.scribe.lobby(record)
        self.scribe.secret(secrets)
        self.replica = Replica(old.start, old.me, secrets=[secrets])
        self.seen = Seen()  # the frames it took before come again, to a replica that has none
        self.suspect.clear()  # a desync its lone step caused is no twin's: nothing to name
        self.scribe.adopt()  # its own frames come back from the others
        self.reseat_bots()
        self.stepper.wake()  # it may wait on a frame of its own that will never be taken
        return old

    # -- resuming --------------------------------------------------------------------------
    def resume(self, entries: list[list]) -> bool:
        """Rebuild from a journal's entries; False if the journal holds no table."""
        return resume(resume_ports(self), entries)

