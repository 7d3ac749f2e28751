"""The spectators a peer serves: one stream per `watch`, from the lobby to the end.

A spectator is sent every lobby record, then every applied step's frames in order
from the step it asked for, then each new step as it is applied. When the table
stops on a fault, each stream is sent the frames of the step that stopped it, where
they are all in, and the players' report (`stopped`): the spectator stops with the
same report, whether or not the frames show why (a hand voided for a silent seat).
Streams sleep until the node says something moved (`poke`), so an idle table costs
nothing per spectator.

It reads from the node only what any peer may relay: the lobby records, the replica's
applied frames, the end (`finished`) and whether the table is over (`result`).
"""

from __future__ import annotations

import asyncio

from net.peer.events import Fault
from net.wire.mesh import Conn

FLUSH = 1.0  # on closing, how long spectator streams may take to finish
DRAIN_EVERY = 32  # steps sent between two waits for the socket to drain


class Spectators:
    def __init__(self, node):
        self.node = node
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
            lobby_log = self.node.membership.log
            for record in lobby_log[sent_lobby:]:
                conn.send(["relay", record.raw])
            sent_lobby = len(lobby_log)
            step = await self._send_steps(conn, step)
            if await self._ended(conn, step):
                return
            await moved.wait()

    async def _send_steps(self, conn: Conn, step: int) -> int:
        """Every applied step from `step` on; the next step to send."""
        node = self.node
        while node.replica is not None and step <= node.replica.applied and not conn.closed:
            for record in node.replica.records_at(step):
                conn.send(["relay", record.raw])
            step += 1
            if step % DRAIN_EVERY == 0:
                await conn.drain()
        await conn.drain()
        return step

    async def _ended(self, conn: Conn, step: int) -> bool:
        """Send the end, if the table is over for this peer: the final step, or the frames
        of the step that stopped it (the proof, if the step was whole)."""
        node = self.node
        if node.finished is not None and step > node.finished.step:
            conn.send(["have", node.finished.step])
            await conn.drain()
            return True
        if node.result.done() and node.replica is not None:
            stopped = node.replica.frames_at(step)
            if len(stopped) == len(node.replica.order):
                for record in stopped:
                    conn.send(["relay", record.raw])
            outcome = node.result.result()
            if isinstance(outcome, Fault):  # a stop no frame shows (a void): told in words
                conn.send(["stopped", outcome.kind, outcome.step, outcome.report])
            await conn.drain()
            return True
        return False
