"""The thread-safe bridge between a UI thread (pygame) and a table node on its own loop.

The node's asyncio loop runs in a daemon thread. The UI puts intents on
`intents` with `send()` and reads `updates`: every node event (net.peer.node) as
it happens, plus a `ViewUpdate` after each applied step with what this seat
may see and do. Neither side ever touches the other's objects: the engine
state stays on the loop thread, views and legal actions are copied out.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError
from engine.wire import Action
from net.disk.journal import Journal
from net.errors import CorruptJournal
from net.face.again import Again, AgainOpened, AgainPlan, AgainRefused, plan_again, reopen
from net.face.hints import Hinted, Hinter
from net.peer.events import GameStarted, LobbyChanged, NodeOptions, StepApplied
from net.peer.node import TableNode
from net.table.lobby import LobbyState, Op
from net.table.lockstep import Replica
from net.table.takeback import NoQuestion, Question
from net.wire.start import StartConfig

START_TIMEOUT = 10.0
SEATLESS = NoQuestion("Only a player at the table takes back their own move.")
HINT_RETRY = 0.2  # seconds between looks at a thinking worker that is still starting


@dataclass(frozen=True)
class ViewUpdate:
    """What this seat sees and may do after a step that changed something (seat None: a
    spectator, shown the public view, with nothing to do)."""

    step: int
    seat: int | None
    view: dict[str, Any]
    legal: Sequence[Action]  # a tuple, or a lazy sequence that holds nothing of the state
    deadline: int | None  # the step at which the open timer runs out, for a countdown
    pause: int | None = None  # the step at which the pause between hands ends (net.table.pause)
    pausing: tuple[int, ...] = ()  # the seated humans the pause still waits for
    paused_by: int | None = None  # the seat of the player who stopped the table, if one did
    resuming: tuple[int, ...] = ()  # the other seated humans who asked to resume
    #: why this seat may not ask to take back its last action now, in the engine's words
    #: (None: it may); a take-back asked and not decided yet (net.table.takeback)
    no_takeback: EngineError | None = None
    question: Question | None = None
    answering: tuple[int, ...] = ()  # the seated humans the question still waits for


@dataclass(frozen=True)
class LobbyUpdate:
    """The lobby as it is now, the start it would vote for and who has voted for that start."""

    state: LobbyState
    proposal: StartConfig | None
    agreed: frozenset[bytes]


def handed_out(legal) -> Sequence[Action]:
    """Legal actions safe to hand to another thread: copied, unless a lazy sequence that
    holds nothing of the state (a hoard's billions of splits cannot be copied)."""
    return legal if getattr(legal, "detached", False) else tuple(legal)


def view_update(replica: Replica, seat: int | None) -> ViewUpdate:
    """What `seat` (None: anyone) is shown of the replica now, and may do."""
    state = replica.state
    legal = () if seat is None else handed_out(replica.game.legal_actions(state, seat))
    pause, stopped, question = replica.rounds.pause, replica.paused, replica.takebacks.question
    return ViewUpdate(replica.applied, seat, replica.game.view(state, seat), legal,
                      replica.rounds.deadline if state.timer is not None else None,
                      None if pause is None else pause.until,
                      () if pause is None else pause.waits_for(replica.order),
                      None if stopped is None else stopped.by,
                      () if stopped is None else tuple(sorted(stopped.resuming)),
                      SEATLESS if seat is None else replica.takeback_refusal(seat),
                      question, () if question is None else question.waits_for(replica.order))


# -- intents ------------------------------------------------------------------------

@dataclass(frozen=True)
class Create:
    name: str
    game: str
    seats: int
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Join:
    addresses: tuple[tuple[str, int], ...]
    table: bytes | None = None


@dataclass(frozen=True)
class JoinFailed:
    """Nothing at `addresses` let this peer in: no answer, or no table there."""

    addresses: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class LobbyOp:
    """sit, stand, bot, unbot, config, leave, or start (args: the proposal's encoding)."""

    op: str
    args: tuple = ()


@dataclass(frozen=True)
class Resume:
    """Take this peer's seat back at the table its journal holds, and play on."""


@dataclass(frozen=True)
class ResumeFailed:
    """The journal could not be resumed from (`reason` says why)."""

    reason: str


@dataclass(frozen=True)
class Vote:
    """Agree to start with the lobby as it is now."""


@dataclass(frozen=True)
class Submit:
    action: Action


@dataclass(frozen=True)
class PlayWith:
    """Let a bot of this kind play this peer's seat (None: the UI's submissions do)."""

    bot: str | None
    think: int = 0


@dataclass(frozen=True)
class AskHint:
    """What would the hard bot play at this seat now? (An update `Hinted` answers, if the
    table is still where it was asked by the time it is thought.)"""


@dataclass(frozen=True)
class Leave:
    """Leave the game: the seat passes to the lowest other human (an update `Left` follows)."""


class Updates(queue.Queue):
    """The UI thread's news from the node's thread. Each one rings `wake`, so a window that
    sleeps between looks at its news (client.app) reads it at once, not up to a look later:
    a table's gathering passes through every window several times (a seat offered, a vote
    asked, the start, the deal)."""

    def __init__(self, wake: Callable[[], None] | None = None):
        super().__init__()
        self._wake = wake

    def put(self, item, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        if self._wake is not None:
            self._wake()


class NetBridge:
    def __init__(self, identity, options: NodeOptions | None = None,
                 journal: Journal | None = None, role: str = "peer",
                 wake: Callable[[], None] | None = None):
        self.intents: queue.Queue = queue.Queue()
        self.updates: Updates = Updates(wake)
        self._args = (identity, options, journal, role)
        self.journal = journal  # what Resume rebuilds the table from
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hoard-net", daemon=True)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._failure: BaseException | None = None
        self.node: TableNode | None = None
        self.host, self.port = "127.0.0.1", 0  # where others reach this node (port 0: nowhere)
        self._joining: asyncio.Task | None = None
        self._hinter: Hinter | None = None
        self._playing_with: PlayWith | None = None  # who plays this seat, for a next table too
        self._agreeing: AgainPlan | None = None  # Play again: vote for this start when it is up
        self._closing: set[asyncio.Task] = set()  # nodes of finished tables, closing

    # -- the UI thread's side ----------------------------------------------------
    def start(self) -> None:
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT) or self._failure is not None:
            raise RuntimeError(f"the network thread did not start: {self._failure}")

    def send(self, intent) -> None:
        self.intents.put(intent)
        self._loop.call_soon_threadsafe(self._drain)

    def stop(self, timeout: float = 10.0) -> None:
        if self._loop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop may have just ended
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    # -- the loop thread's side ----------------------------------------------------
    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        identity, options, journal, role = self._args
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.node = TableNode(identity, options, self._on_event, journal, role)
        try:
            await self.node.open()
            self.host, self.port = self.node.host, self.node.mesh.port
        except OSError as exc:
            self._failure = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.node.close()
            if self._closing:
                await asyncio.wait(self._closing)

    def _on_event(self, event) -> None:
        self.updates.put(event)
        node = self.node
        if isinstance(event, LobbyChanged):
            update = self._lobby_update(event.state)
            self.updates.put(update)
            self._agree_again(update)
        changed = isinstance(event, GameStarted) or (
            isinstance(event, StepApplied) and (event.applied.entries or event.applied.takeback))
        if changed and (node.seat is not None or node.role == "spectator"):
            self.updates.put(view_update(node.replica, node.seat))  # a spectator: public

    def _hint(self, ask: bool = False) -> None:
        """Think the hint in the worker and hand it to the UI when done (never on this loop)."""
        replica = self.node.replica if self.node is not None else None
        if replica is None or replica.me is None:
            return
        if self._hinter is None or self._hinter.replica is not replica:
            self._hinter = Hinter(replica)
        if ask:
            self._hinter.ask()
        answer = self._hinter.poll()
        if isinstance(answer, Hinted):
            self.updates.put(answer)
        elif answer is True:
            self._loop.call_later(HINT_RETRY, self._hint)
        elif answer is not False:
            answer.add_done_callback(self._rehint)

    def _rehint(self, _thought) -> None:
        """A hint's thought ended (in the worker's thread): look again on the loop."""
        with contextlib.suppress(RuntimeError):  # the loop may have ended meanwhile
            self._loop.call_soon_threadsafe(self._hint)

    def _resume(self) -> None:
        journal = self.journal
        try:
            resumed = journal is not None and self.node.resume(journal.entries)
        except CorruptJournal as exc:
            self.updates.put(ResumeFailed(str(exc)))
            return
        if not resumed:
            self.updates.put(ResumeFailed("the journal holds no table"))

    async def _join(self, intent: Join) -> None:
        if not await self.node.join(list(intent.addresses), intent.table):
            self.updates.put(JoinFailed(intent.addresses))

    def _lobby_update(self, state: LobbyState) -> LobbyUpdate:
        proposal = state.proposal(self.node.table)
        return LobbyUpdate(state, proposal, frozenset(state.votes))

    async def _again(self, intent: Again) -> None:
        """Close this table's node and open the next table's (net.face.again)."""
        plan = plan_again(self.node)
        if isinstance(plan, str):
            self.updates.put(AgainRefused(plan))
            return
        identity, _, _, role = self._args
        self.journal = intent.journal
        try:
            self.node, closing = await reopen(self.node, lambda options: TableNode(
                identity, options, self._on_event, intent.journal, role))
        except OSError as exc:  # its port was taken meanwhile: the others dial it there
            self.updates.put(AgainRefused(f"this computer could not listen again ({exc})"))
            return
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)
        self.updates.put(AgainOpened(plan.start.table))
        if self._playing_with is not None:
            self.node.play_with(self._playing_with.bot, self._playing_with.think)
        self._agreeing = plan if intent.agree else None
        plan.open(self.node)
        self.node.spawn(plan.gather(self.node))

    def _agree_again(self, update: LobbyUpdate) -> None:
        """Play again was this player's vote for the match's seating: cast it once the
        lobby proposes exactly that (after this record's handling: not inside it)."""
        plan, me = self._agreeing, self.node.identity.public
        if plan is not None and plan.matches(update.proposal) and me not in update.agreed:
            self._loop.call_soon(self._vote, update.proposal.encode())

    def _vote(self, proposal: bytes) -> None:
        node = self.node
        current = node.lobby.state().proposal(node.table) if node.lobby is not None else None
        if node.replica is None and current is not None and current.encode() == proposal and \
                node.identity.public not in node.lobby.state().votes:
            node.lobby_op(Op.START, proposal)

    def _drain(self) -> None:
        while True:
            try:
                intent = self.intents.get_nowait()
            except queue.Empty:
                return
            self._handle(intent)

    def _handle(self, intent) -> None:
        node = self.node
        if isinstance(intent, Submit):
            node.submit(intent.action)
        elif isinstance(intent, PlayWith):
            self._playing_with = intent
            node.play_with(intent.bot, intent.think)
        elif isinstance(intent, AskHint):
            self._hint(ask=True)
        elif isinstance(intent, Leave):
            node.leave()
        elif isinstance(intent, Resume):
            self._resume()
        elif isinstance(intent, LobbyOp):
            node.lobby_op(intent.op, *intent.args)
        elif isinstance(intent, Vote):
            proposal = node.lobby.state().proposal(node.table) if node.lobby else None
            if proposal is not None:
                node.lobby_op(Op.START, proposal.encode())
        elif isinstance(intent, Create):
            node.create(intent.name, intent.game, intent.seats, dict(intent.options))
        elif isinstance(intent, Join):
            self._joining = self._loop.create_task(self._join(intent))
        elif isinstance(intent, Again):
            self._joining = self._loop.create_task(self._again(intent))
        else:
            raise TypeError(f"not an intent: {intent!r}")
