"""The spectators a peer serves: one stream per `watch`, from the lobby to the end.

A spectator is sent every lobby record, then every applied step's frames in order
from the step it asked for, then each new step as it is applied. When the table
stops on a fault, each stream is sent the frames of the step that stopped it, where
they are all in, and the players' report (`stopped`): the spectator stops with the
same report, whether or not the frames show why (a hand voided for a silent seat).
Streams sleep until the node says something moved (`poke`), so an idle table costs
nothing per spectator.

It reads of its peer only what any peer may relay (its `SpectatorsPorts`): the lobby
records, the replica's applied frames, the end (`finished`) and how the table ended for
this peer, if it did (`outcome`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from net.peer.events import Fault, Finished
from net.table.lockstep import Replica
from net.wire.frames import Record
from net.wire.mesh import Conn

FLUSH = 1.0  # on closing, how long spectator streams may take to finish
DRAIN_EVERY = 32  # steps sent between two waits for the socket to drain


@dataclass(frozen=True)
class SpectatorsPorts:
    """What the spectators' streams read of their peer, and nothing more."""

    lobby_log: Callable[[], list[Record]]  # the lobby records, in the order taken
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    finished: Callable[[], Finished | None]  # the end, once the game finished
    outcome: Callable[[], object | None]  # how the table ended for this peer (None: on)


class Spectators:
    def __init__(self, ports: SpectatorsPorts):
        self.ports = ports
        self.streams: set[asyncio.Task] = set()
        self._moved = asyncio.Event()

    def watch(self, conn: Conn, first: int) -> None:
        """Serve `conn` from step `first` on."""
        task = asyncio.get_running_loop().create_task(self._serve(conn, max(first, 0)))
        self.streams.add(task)
        task.add_done_callback(self.streams.discard)

    def poke(self) -> None:
        """Wake every stream: something was applied, recorded or ended."""
        self._moved.set()
        self._moved = asyncio.Event()

    async def close(self) -> None:
        """Let the streams finish what they are sending, briefly, then stop them."""
        if self.streams:
            await asyncio.wait(list(self.streams), timeout=FLUSH)
        for task in list(self.streams):
            task.cancel()

    async def _serve(self, conn: Conn, step: int) -> None:
        sent_lobby = 0
        while not conn.closed:
            moved = self._moved  # taken before sending, so no poke in between is missed
            lobby_log = self.ports.lobby_log()
            for record in lobby_log[sent_lobby:]:
                conn.send(["relay", record.raw])
            sent_lobby = len(lobby_log)
            step = await self._send_steps(conn, step)
            if await self._ended(conn, step):
                return
            await moved.wait()

    async def _send_steps(self, conn: Conn, step: int) -> int:
        """Every applied step from `step` on; the next step to send."""
        while (replica := self.ports.replica()) is not None and step <= replica.applied \
                and not conn.closed:  # (read each time: a rebuild replaces the replica)
            for record in replica.records_at(step):
                conn.send(["relay", record.raw])
            step += 1
            if step % DRAIN_EVERY == 0:
                await conn.drain()
        await conn.drain()
        return step

    async def _ended(self, conn: Conn, step: int) -> bool:
        """Send the end, if the table is over for this peer: the final step, or the frames
        of the step that stopped it (the proof, if the step was whole)."""
        ports = self.ports
        finished, outcome, replica = ports.finished(), ports.outcome(), ports.replica()
        if finished is not None and step > finished.step:
            conn.send(["have", finished.step])
            await conn.drain()
            return True
        if outcome is not None and replica is not None:
            stopped = replica.frames_at(step)
            if len(stopped) == len(replica.order):
                for record in stopped:
                    conn.send(["relay", record.raw])
            if isinstance(outcome, Fault):  # a stop no frame shows (a void): told in words
                conn.send(["stopped", outcome.kind, outcome.step, outcome.report])
            await conn.drain()
            return True
        return False
