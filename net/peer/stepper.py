"""The stepper of a seated node: when to sign this peer's next frame, and what goes in it.

Pacing: a peer signs its frame for step s once it has applied step s-1, and sends it at
once when it has something to say (actions, a chance message), when another peer's
frame for step s has arrived, or when step s-1 carried a chance message (deck passes
come in chains); otherwise when its pace interval has run out (`pace`, or `idle_pace`
after IDLE_STEPS quiet steps with no timer running). So steps fly as fast as frames
when there is work, tick at ~50 ms when there is none, and slow down when the table is
idle.

What goes in a frame: the intents submitted for this peer's seat and the actions its
bots chose (for its own seat if a bot plays it, the bot seats it hosts and the seats it
inherited from players who left), the chance source's messages, and — once leaving was
asked and nothing under way needs this peer — the mark that it is the seat's last.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, make_bot
from engine.wire import Action
from net.peer.events import NodeOptions, Notice, Submitted
from net.peer.rejoin import Rejoin
from net.table.bots import BotSeats
from net.table.lockstep import Applied, Replica
from net.wire.frames import Record
from net.wire.identity import Identity

TICK = 0.1  # how often a rejoining peer looks whether it caught up
IDLE_STEPS = 40  # quiet steps after which the table paces at `idle_pace`
TAKE_OVER = "greedy"  # the bot that plays a seat whose player left, if the heir has none

Timed = tuple[Action, float]  # an action and when it was submitted or chosen


@dataclass(frozen=True)
class StepperPorts:
    """What the stepper reaches of its peer, and nothing more."""

    identity: Identity  # signs this peer's frames
    options: NodeOptions  # the pace (read as it changes)
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    progress: dict[bytes, int]  # how far each peer said it applied
    emit: Callable[[object], None]  # tell the listener
    replaying: Callable[[], bool]  # the journal is being read back
    over: Callable[[], bool]  # the table is over for this peer
    away: Callable[[], bool]  # this peer's seat is away: it follows (net.peer.returns)
    follow: Callable[[float], None]  # follow the table and ask to be let back
    welcomed: Callable[[], frozenset[int]]  # the seats away this peer's frame welcomes
    journal_frame: Callable[[Record, Any], None]  # journal this peer's frame and its secret
    broadcast: Callable[..., None]  # a message to every linked peer
    apply_ready: Callable[[], None]  # apply every step whose frames are in


class Stepper:
    def __init__(self, ports: StepperPorts):
        self.ports = ports
        self.bots: BotSeats | None = None
        self.bot_kind: str | None = None  # a bot plays this peer's own seat (headless)
        self.intents: list[Timed] = []  # submitted for this peer's seat
        self.pending: list[Timed] = []  # chosen by its bots for the next frame
        self.leaving = False  # leave() was asked: the next frame it can be is the last
        self.rejoining: Rejoin | None = None  # taking the seat back, journal lost
        self.sent_at = 0.0  # when this peer's last frame went out
        self._wake = asyncio.Event()
        self._next_send = 0.0
        self._quiet = 0  # steps in a row that changed nothing
        self._chained = False  # the last step carried chance messages: more are coming

    def wake(self) -> None:
        """Look again now whether to send: something arrived, changed or was asked."""
        self._wake.set()

    def leave(self) -> None:
        """Make the next frame that can be this seat's last its last (net.peer.node leave)."""
        self.leaving = True
        self.wake()

    def rejoin(self) -> None:
        """This peer lost its journal: it signs again once the others' copies of its frames
        are back (net.peer.rejoin), and a frame of its own from before waits from now."""
        self.rejoining = Rejoin()
        self.waits_from(time.monotonic())

    def waits_from(self, now: float) -> None:
        """A frame this peer sent before `now` (before a sleep or a crash) is waited on from
        `now`: the table is not blamed for the time this peer was not there."""
        self.sent_at = max(self.sent_at, now)

    def submit(self, action: Action) -> None:
        """An intent for this peer's seat; it goes out in the next frame, unless what only
        this peer was shown (its own cards) proves it false: the others could not refuse
        it alike (engine Game.vet)."""
        replica = self.ports.replica()
        if replica is not None and not replica.seated:
            self.ports.emit(Notice("not sent: you are away from the table until the next hand "
                                  "is dealt"))
            return
        if replica is not None:
            try:
                replica.game.vet(replica.state, action)
            except ValueError as exc:
                self.ports.emit(Notice(f"not sent: {exc}"))
                return
        self.intents.append((action, time.monotonic()))
        self.wake()

    # -- bots ------------------------------------------------------------------------
    def play_with(self, bot_kind: str | None, think: int) -> None:
        self.bot_kind = bot_kind
        replica = self.ports.replica()
        if replica is not None and replica.me is not None:
            self.seat_bots(think)
            self.wake()

    def seat_bots(self, think: int) -> None:
        """(Re)make the bots of the seats this peer plays (at the start, or an heir's)."""
        self.bots = BotSeats(self.ports.replica(), self._make_bots(), think, self._woken())

    def _woken(self):
        """What a bot's thought calls as it ends (in the worker's thread): `thought_done`,
        on this node's loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (made outside a loop: nothing to wake)
            return None

        def woken() -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self.thought_done)
        return woken

    def thought_done(self) -> None:
        """A bot's thought ended: its action goes out in this peer's next frame now, not
        after some unrelated step (if that frame is out already, the next step takes it)."""
        replica = self.ports.replica()
        if (self.bots is None or self.pending or self.ports.replaying()
                or replica.finished or replica.sent() is not None):
            return
        self.choose(False)
        if self.pending:
            self.wake()

    def _make_bots(self) -> dict[int, Bot]:
        """Bots for this peer's seat (if a bot plays it) and for the bot seats it hosts."""
        replica, bots = self.ports.replica(), {}
        if replica.me is None:
            return bots
        start = replica.start
        base = int.from_bytes(start.table[:4], "big")
        for seat in replica.controls.get(replica.me, ()):
            kind = start.seats[seat].bot or (
                self.bot_kind if seat == replica.me else self.bot_kind or TAKE_OVER)
            if kind:
                bots[seat] = make_bot(replica.game, kind, base + seat)
        return bots

    def choose(self, changed: bool) -> None:
        """The bots' actions for the next frame, after a step (changed: it did something)."""
        now = time.monotonic()
        self.pending = [(a, now) for a in self.bots.choose(changed)]

    def applied(self, batch: list[Applied]) -> bool:
        """Steps were applied: pace by what they did. True if any did something."""
        changed = any(done.entries for done in batch)
        self._chained = batch[-1].chance
        self._quiet = 0 if changed else self._quiet + len(batch)
        return changed

    # -- the loop ----------------------------------------------------------------------
    async def run(self) -> None:
        ports = self.ports
        loop = asyncio.get_running_loop()
        while not ports.over() and not ports.replica().finished:
            now = loop.time()
            if self.rejoining is not None and not self._rejoined():
                await self._sleep(TICK)
                continue
            if ports.away():  # it went quiet: follow, and ask back
                ports.follow(time.monotonic())
                await self._sleep(TICK)
                continue
            unsent = ports.replica().sent() is None
            if unsent and not ports.replaying() and self._due(now):
                self.send_frame(now)
                continue
            await self._sleep(self._next_send - now if unsent else None)

    async def _sleep(self, delay: float | None) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(delay):
                await self._wake.wait()

    def _due(self, now: float) -> bool:
        replica = self.ports.replica()
        return bool(self.pending or self.intents or self._chained or self._chance_out()
                    or replica.frames.get(replica.applied + 1)  # the others stepped
                    or now >= self._next_send
                    or (self.leaving and replica.chance.can_leave()))

    def _rejoined(self) -> bool:
        """Has the rejoining peer caught up with the others, so that it may sign again?"""
        ports = self.ports
        replica = ports.replica()
        if not self.rejoining.caught_up(replica, ports.progress, ports.broadcast,
                                        time.monotonic()):
            return False
        self.rejoining = None
        if replica.seated:  # (one away takes its seat back at a hand: net.peer.returns)
            ports.emit(Notice(f"took seat {replica.me} back at step {replica.applied} from the "
                             "others' copies of its frames"))
        return True

    def _chance_out(self, actions=()):
        """What the chance source adds to this peer's next frame, for the pending request
        (or the end of the match) and this peer's own `actions` in it."""
        replica = self.ports.replica()
        return replica.chance.outgoing(replica.game.chance_request(replica.state), actions)

    def send_frame(self, now: float) -> None:
        ports = self.ports
        replica = ports.replica()
        leaving = self.leaving and replica.chance.can_leave()
        actions = [] if leaving else self.pending + self.intents  # the last frame: no plays
        self.pending, self.intents = [], []
        if leaving:
            self.leaving = False
            replica.chance.leave(replica.heir(replica.me))
        chance = self._chance_out([a for a, _ in actions])
        payload, secret = chance if chance else (None, None)
        record = replica.own_frame(ports.identity, [a for a, _ in actions], payload, leaving,
                                   ports.welcomed())
        ports.journal_frame(record, secret)
        replica.offer(record)
        ports.broadcast(["rec", record.raw])
        self.sent_at = time.monotonic()
        self._next_send = now + self._interval()
        if actions or payload is not None:
            ports.emit(Submitted(record.step, tuple(actions), payload))
        ports.apply_ready()

    def _interval(self) -> float:
        options, replica = self.ports.options, self.ports.replica()
        if options.rush:
            return 0.0
        busy = replica.state.timer is not None or replica.game.chance_request(replica.state)
        return options.idle_pace if self._quiet > IDLE_STEPS and not busy else options.pace
