"""Where bots think: one worker process shared by every table of this process.

A search holds neither the node's event loop nor, through Python's one interpreter lock,
the window's thread: it runs in the worker. A bot that cannot be remade in another process
(no recipe), or a machine where no process can be started, thinks on a worker thread.

The worker is kept alive by mechanism, not by hope: a worker that died (its pool broke)
or hangs (a thought it was given has run HUNG_AFTER seconds) is killed and replaced by a
fresh one, started on a thread of its own so that nobody waits for it; the bot seats play
the easy policy for the turns it missed (net.table.bots). A worker that is only slow (a
busy machine) is kept: a fresh one would be slower still, starting. A fresh worker loads
the games before it is called ready, so its first thought is no slower than the next.
Only when a fresh worker cannot be started at all does thinking move to a thread for good.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import pickle
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine.bots import Bot, remote_choice
from engine.observe import HISTORY, Witness

log = logging.getLogger("hoard.net")

START_WAIT = 60.0  # seconds a worker process may take to come up before threads think
HUNG_AFTER = 20.0  # seconds a thought may run before its worker is judged hung
STARTS_BEFORE_THREADS = 3  # workers that failed to start in a row before threads think


class Thinker:
    """The worker process (or thread) bots think in, replaced whenever it dies or hangs."""

    def __init__(self):
        self.processes: ProcessPoolExecutor | None = None
        self.threads: ThreadPoolExecutor | None = None
        self.broken = False  # no process can be started here: threads think
        self.replaced = 0  # workers killed and replaced (dead or hung), for reports
        self.starting_since: float | None = None  # when the worker being started was asked
        self.given: list[tuple[float, Future]] = []  # the worker's thoughts not done yet
        self._failed_starts = 0
        self._lock = threading.Lock()

    def ready(self) -> bool:
        """Is the thinking worker process up (or known never to come: a thread thinks then)?"""
        return self.processes is not None or self.broken

    def warm(self) -> None:
        """Start the worker process on a thread of its own: starting a process takes a
        while, which the node's loop must not wait out (a thinking bot waits for it, or
        plays the easy policy meanwhile, see net.table.bots)."""
        with self._lock:
            if self.processes is not None or self.broken or self.starting_since is not None:
                return
            self.starting_since = time.monotonic()
        threading.Thread(target=self._start, name="bot-worker-start", daemon=True).start()

    def _start(self) -> None:
        pool = None
        try:
            pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            pool.submit(load_games).result(timeout=START_WAIT)  # up, its games loaded
        except Exception as exc:  # no process here (or not in time): try again, then threads
            log.warning("the bots' worker process did not start: %s", exc)
            if pool is not None:
                _kill(pool)
            pool = None
        with self._lock:
            self.starting_since = None
            if pool is not None:
                self.processes, self._failed_starts = pool, 0
                return
            self._failed_starts += 1
            self.broken = self._failed_starts >= STARTS_BEFORE_THREADS
        if not self.broken:
            self.warm()

    def submit(self, bot: Bot, witness: Witness, clock: int | None
               ) -> tuple[Future, ProcessPoolExecutor | None]:
        """Start `bot`'s thought on what `witness` knows now: its action is the future's;
        the pool is the worker process it went to (None: a thread thinks it)."""
        recipe = getattr(bot, "recipe", None)
        pool = self.processes
        if recipe is not None and pool is not None:
            known = pickle.dumps(witness.state, pickle.HIGHEST_PROTOCOL)  # now, not later
            history = tuple(witness.history[-HISTORY:])
            try:
                future = pool.submit(remote_choice, recipe, known, witness.seat, history,
                                     clock)
            except (BrokenProcessPool, RuntimeError, OSError):
                self.replace(pool, "it was gone when a thought was asked")
            else:
                self.given = [(t, f) for t, f in self.given if not f.done()]
                self.given.append((time.monotonic(), future))
                return future, pool
        if self.threads is None:
            self.threads = ThreadPoolExecutor(1, thread_name_prefix="bot")
        return self.threads.submit(bot.choose, witness.game, witness.observe(True, clock)), None

    def hung(self, now: float) -> bool:
        """Has a thought the worker process was given run HUNG_AFTER seconds?"""
        return any(now - since > HUNG_AFTER and not future.done()
                   for since, future in self.given)

    def replace(self, pool: ProcessPoolExecutor | None, why: str) -> None:
        """The worker `pool` died or hangs: kill it and start a fresh one (once, however many
        seats noticed). A thread that hangs cannot be killed: a fresh thread thinks next."""
        with self._lock:
            if pool is None:
                hung, self.threads = self.threads, None
                if hung is not None:
                    hung.shutdown(wait=False, cancel_futures=True)
                return
            if pool is not self.processes:
                return  # replaced already
            self.processes, self.given = None, []
            self.replaced += 1
        log.warning("the bots' worker process is replaced: %s", why)
        _kill(pool)
        self.warm()

    def worker_alive(self) -> bool | None:
        """Is the worker process alive now? None when no process is the worker (a thread
        thinks, or one is starting)."""
        pool = self.processes
        if pool is None:
            return None
        processes = getattr(pool, "_processes", None) or {}
        return any(p.is_alive() for p in processes.values())

    def describe(self, now: float) -> str:
        """The worker's state in words, for a stall report."""
        if self.broken:
            return "its thinking thread"
        if self.starting_since is not None:
            return f"its worker process, starting for {now - self.starting_since:.0f} s"
        alive = self.worker_alive()
        state = "alive" if alive else "not alive" if alive is False else "not started"
        replaced = f", replaced {self.replaced} times" if self.replaced else ""
        return f"its worker process ({state}{replaced})"


def load_games() -> None:
    """(In a fresh worker.) Import every game and its bots before the first thought."""
    from engine.registry import game_ids, get_game

    for game in game_ids():
        get_game(game)


def _kill(pool: ProcessPoolExecutor) -> None:
    """Stop a worker pool now, its process too even if it hangs (shutdown alone would wait for
    the thought it runs). The pool keeps its processes in a private map: the only handle."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):  # gone already
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


#: the one thinker of this process: every table's bots and the window's hints share it
THINKER = Thinker()


def thinking_ready() -> bool:
    """Is the thinking worker process up (or known never to come: a thread thinks then)?"""
    return THINKER.ready()
