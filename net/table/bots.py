"""The bots a peer plays: its own seat (headless play) and the bot seats it hosts.

Each bot sees its seat's observation only: a `Witness` per seat is fed what the replica
applied, with the faces that seat may not see taken out. A bot that thinks (a search)
does so in the thinking worker (net.table.thinking), never on the node's event loop nor in
its process's interpreter lock (the window's frames): `choose` starts the thought and hands
its action over on a later call, unless the state changed meanwhile.

A bot seat always answers: a thought that finishes wakes the table at once (`woken`), so
its action goes out without waiting for an unrelated step; a thought that runs past a few
times its bot's budget, or that failed, is abandoned and the easy policy plays that turn
(a hung worker is replaced, net.table.thinking); a stale thought (the table moved on) is
dropped, never waited for. A bot acts once its seat has waited `think` steps since the
state last changed, so a table of bots can be slowed to a watchable pace.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from engine.bots import Bot, make_bot
from engine.chance import Dealt
from engine.observe import Witness
from engine.wire import Action, replace
from net.table.hindsight import first_state
from net.table.lockstep import Replica
from net.table.pause import NextHand
from net.table.takeback import AnswerTakeBack
from net.table.thinking import THINKER

log = logging.getLogger("hoard.net")

THOUGHT_FLOOR = 2.0  # seconds any thought (or a wait for the worker to start) may take
THOUGHT_TIMES = 8  # ... or this many times its bot's own wall-clock bound, if longer


@dataclass(frozen=True, slots=True)
class Thought:
    """A bot's thought for its seat, asked when the history was `at` actions long."""

    at: int
    future: Future
    since: float  # when it was asked (monotonic)
    limit: float  # seconds it may take before the easy policy plays instead
    pool: ProcessPoolExecutor | None  # the worker process it went to (None: a thread)

    def overdue(self, now: float) -> bool:
        return not self.future.done() and now - self.since > self.limit


def thought_limit(bot: Bot) -> float:
    """How long `bot`'s thought may run, queued behind others included: a few times the
    wall-clock bound its search keeps (engine.search), never less than THOUGHT_FLOOR."""
    budget = getattr(bot, "budget", 0.0) * getattr(bot, "stretch", 1.0)
    return max(THOUGHT_FLOOR, THOUGHT_TIMES * budget)


class BotSeats:
    """The bots of the seats one replica's peer plays, and their thoughts."""

    def __init__(self, replica: Replica, bots: dict[int, Bot], think: int = 0,
                 woken: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        """`woken`: called (from any thread) when a thought ends, to look again at once."""
        self.replica = replica
        self.bots = bots
        self.think = think
        self.woken = woken
        self.clock = clock
        self.since = replica.applied
        self.thoughts: dict[int, Thought] = {}
        self.waited: dict[int, float] = {}  # seat -> since when it waits for the worker
        self.last: dict[int, str] = {}  # seat -> how its last turn was played, in words
        self.easy: dict[int, Bot] = {}  # seat -> the game's easy bot, when it stands in
        self._witness_from_start()
        if any(bot.thinks for bot in bots.values()):
            THINKER.warm()

    def _witness_from_start(self) -> None:
        """A witness per seat, fed from the match's start (again, after a rewind)."""
        replica = self.replica
        fresh = first_state(replica.game, replica.start)
        self.witnesses = {s: Witness(replica.game, fresh, s) for s in self.bots}
        self.thoughts.clear()
        self.rewinds = replica.rounds.rewinds

    def _catch_up(self) -> None:
        if self.rewinds != self.replica.rounds.rewinds:  # the history was cut back: feed it afresh
            self._witness_from_start()
        history, chance = self.replica.history, self.replica.chance
        for seat, witness in self.witnesses.items():
            for action in history[witness.fed:]:
                if type(action) is Dealt and action.to_seat == seat and not action.faces:
                    faces = chance.faces_of(action.deck, action.positions)  # a seat handed over
                    action = replace(action, faces=faces) if faces else action
                witness.feed(action)

    def choose(self, changed: bool) -> list[Action]:
        replica = self.replica
        if changed:
            self.since = replica.applied
        game, state = replica.game, replica.state
        if replica.paused is not None:
            return []  # a player stopped the table: no move counts until it resumes
        question = replica.takebacks.question
        if question is not None:  # a take-back is asked: a bot accepts, and plays nothing
            waits = replica.me in self.bots and replica.me in question.waits_for(replica.order)
            return [AnswerTakeBack(replica.me, True)] if waits else []
        pause = replica.rounds.pause
        if pause is not None and replica.me in self.bots and replica.me not in pause.ready:
            return [NextHand(replica.me)]  # a bot reads no results: it plays this seat on
        if replica.over or game.chance_request(state) is not None:
            return []
        if replica.applied - self.since < self.think:
            return []
        self._catch_up()
        acting = game.to_act(state)
        clock = replica.rounds.clock(state, replica.applied)
        chosen = []
        for seat in sorted(self.bots):
            if seat not in acting:
                continue
            bot, witness = self.bots[seat], self.witnesses[seat]
            if not bot.thinks:
                chosen.append(bot.choose(game, witness.observe(bot.wants_worlds, clock)))
            else:
                chosen.append(self._thought(seat, bot, witness, clock))
        return [a for a in chosen if a is not None]

    def _thought(self, seat: int, bot: Bot, witness: Witness, clock: int | None
                 ) -> Action | None:
        """The action a thinking bot settled on for the state as it is now, else None
        (its thought for this state starts, or goes on, in the thinking worker)."""
        now, at = self.clock(), len(self.replica.history)
        held = self.thoughts.get(seat)
        if held is not None and held.at != at:  # stale: the table moved on, never wait for it
            held.future.cancel()  # (if it has not started; else it ends within its budget)
            del self.thoughts[seat]
        elif held is not None and held.future.done():
            del self.thoughts[seat]
            return self._result(seat, held, bot, witness, clock)
        elif held is not None and held.overdue(now):
            del self.thoughts[seat]  # (it may end yet: its worker is only judged hung later)
            return self._easy(seat, bot, witness, clock, "its thought ran too long")
        elif held is not None:
            return None
        if THINKER.hung(now):
            THINKER.replace(THINKER.processes, "a thought ran past its hang limit")
        if not THINKER.ready():
            # the worker is starting (a second or two): a search on a thread of this
            # process meanwhile would share the window's interpreter lock and stall its
            # frames while the deal is animated; the easy policy plays if it takes long
            since = self.waited.setdefault(seat, now)
            if now - since > THOUGHT_FLOOR:
                return self._easy(seat, bot, witness, clock, "its worker was starting")
            return None
        self.waited.pop(seat, None)
        future, pool = THINKER.submit(bot, witness, clock)
        self.thoughts[seat] = Thought(at, future, now, thought_limit(bot), pool)
        if self.woken is not None:
            future.add_done_callback(lambda _: self.woken())
        return None

    def _result(self, seat: int, thought: Thought, bot: Bot, witness: Witness,
                clock: int | None) -> Action | None:
        """A finished thought's action; the easy policy's if the thought failed."""
        try:
            action = thought.future.result()
        except BrokenProcessPool:
            THINKER.replace(thought.pool, "it died")
            return self._easy(seat, bot, witness, clock, "its worker died")
        except Exception as exc:  # a bot's bug must cost a turn's quality, never the table
            log.error("a bot's thought failed: %s: %s", type(exc).__name__, exc)
            return self._easy(seat, bot, witness, clock, f"its thought failed ({exc})")
        self.last[seat] = "its search chose" if action is not None else "its search waited"
        return action

    def _easy(self, seat: int, bot: Bot, witness: Witness, clock: int | None,
              why: str) -> Action | None:
        """The easy policy's action for `seat` now: a bot seat always answers."""
        self.waited.pop(seat, None)
        self.last[seat] = f"the easy policy played: {why}"
        game = self.replica.game
        easy = self.easy.get(seat) or self.easy.setdefault(seat, make_bot(game, "easy", seat))
        return easy.choose(game, witness.observe(easy.wants_worlds, clock))

    def doing(self, seat: int) -> str:
        """What the bot of `seat` is doing, in words, for a stall report."""
        now = self.clock()
        held = self.thoughts.get(seat)
        if held is not None:
            state = "done" if held.future.done() else "running"
            return (f"thinking for {now - held.since:.1f} s (its thought {state}) in "
                    f"{THINKER.describe(now)}")
        if seat in self.waited:
            return f"waiting {now - self.waited[seat]:.1f} s for {THINKER.describe(now)}"
        if self.replica.applied - self.since < self.think:
            return f"waiting {self.think} steps before it moves"
        return self.last.get(seat, "not thinking")
