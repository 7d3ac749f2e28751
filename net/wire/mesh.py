"""TCP connections between the peers of a table, and the drop counters.

The mesh listens, dials, frames messages (net.wire.stream), opens a link with the
greeting (net.wire.greeting) and the hello, seals it once the handshake allows
(net.wire.handshake), keeps count of what each link delivers (net.wire.delivery) and
hands each opened message to its owner. To each peer it sends on the link that delivers:
a working one before a new one, a new one before a failing one, and among equals the
newest — a newer link never replaces one that works.

Whatever a connection sends that cannot be used is dropped and counted against that
connection's sender — by the name and key fingerprint it proved (net.wire.handshake),
else by its host address — and the peer carries on. Only an oversize, truncated or
forged message closes the connection, because the stream can no longer be cut into
messages (or opened) after one.

What strangers can make a peer hold is bounded: at most MAX_UNPROVEN
connections may be waiting to prove a key at once, and at most
MAX_UNPROVEN_PER_HOST from one host, so one busy host cannot keep others out
(more are closed on arrival and counted `busy`); unproven ones are counted by
host, not by host and port, and at most MAX_LABELS senders get counters of
their own (the rest share one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter, defaultdict
from collections.abc import Callable

from net.errors import BadFrame
from net.wire import greeting, handshake, stream
from net.wire.delivery import NEW, Delivery
from net.wire.greeting import Greeting

log = logging.getLogger("hoard.net")
DIAL_TIMEOUT = 2.0
HELLO_TIMEOUT = 5.0
#: a proven connection says something at least this often (a ping when it has nothing)...
KEEPALIVE = 2.0
#: ...so one silent this long is dead (a closed lid, an address gone): closed and redialled,
#: well before a table voids a seat; a half-open link no longer looks "established" forever
SILENT_LIMIT = 15.0
#: a peer that lets this much pile up unread is dropped
MAX_BACKLOG = 8 * 1024 * 1024
FLUSH_ON_CLOSE = 1.0  # seconds closing links may take to send what is queued on them
FATAL = ("oversize", "truncated", "forged")
MAX_UNPROVEN = 64  # connections still to prove their key, at once...
#: ...and from any one host. A host's honest burst is more than its peer's one dial now: a
#: peer proves each advert it is shown and dials all of a table's addresses at once
#: (net.finding), so four restarted peers on one host reached 8 and refused each other
#: 'busy'; 16 of the 64 still leaves most room to every other host
MAX_UNPROVEN_PER_HOST = 16
MAX_LABELS = 64  # senders with drop counters of their own
#: refusals a dialled peer will give again at every dial (a hoard of another protocol):
#: its address counts as refused, so a join by address gives up at once instead of
#: dialling it for the whole of its patience
FINAL_REFUSALS = frozenset({"version"})
OTHERS = "others"  # the counters every further sender shares


class Conn:
    """One TCP connection, before and after the other side said who it is."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 outbound: bool):
        self.reader, self.writer, self.outbound = reader, writer, outbound
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.host = str(peer[0])
        self.address = (self.host, peer[1])  # for a dialled link: where it was dialled
        self.handshake = handshake.Handshake(outbound)  # this side's fresh X25519 share
        self.hello: list = []  # the hello this side sent, as signed in the transcript
        self.greeting: Greeting | None = None  # which hoard the other side runs
        self.claim: tuple | None = None  # (key, name, role, ...) its hello claimed, until proven
        self.key: bytes | None = None  # set once proven
        self.name = ""
        self.role = ""
        self.listen: tuple[str, int] | None = None
        self.sealer: stream.Cipher | None = None  # once this side sent its proof
        self.opener: stream.Cipher | None = None  # once the other side's proof checked out
        self.delivery = Delivery(time.monotonic())
        self.closed = False
        self.finished = False  # nothing more is sent: the stream ends after what is queued
        self.last_sent = time.monotonic()

    @property
    def label(self) -> str:
        return f"{self.name}#{self.key.hex()[:8]}" if self.key else self.host

    def send(self, message: list) -> None:
        """Send on the sealed channel; nothing goes out before this side's proof (only
        the greeting, the hello and the proof travel unsealed, by `send_plain`)."""
        if self.sealer is None:
            return
        if self._write(stream.encode(message, self.sealer)) and message[0] != "ack":
            self.delivery.sending()

    def send_plain(self, message: list) -> None:
        self._write(stream.encode(message))

    def _write(self, data: bytes) -> bool:
        if self.closed or self.finished:
            return False
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping %s: it stopped reading", self.label)
            self.close()
            return False
        self.writer.write(data)
        self.last_sent = time.monotonic()
        return True

    def opened(self, body: bytes) -> list | None:
        """The message in `body`, opened if the link is sealed; None for an
        acknowledgement, which is taken here (net.wire.delivery)."""
        if self.opener is None:
            return stream.decode(body)
        body = self.opener.open(body)
        try:
            message = stream.decode(body)
        except BadFrame:
            self.delivery.receiving()  # it arrived: what it says is the sender's problem
            raise
        if message[0] == "ack":
            if len(message) != 2:
                raise BadFrame("malformed", "ack takes a count")
            self.delivery.acknowledged(message[1])
            return None
        self.delivery.receiving()
        return message

    def look(self, now: float) -> None:
        """Acknowledge what came in, keep the link from going silent, and judge whether
        what it was sent comes back acknowledged."""
        count = self.delivery.ack_due(now)
        if count is not None:
            self.send(["ack", count])
        elif now - self.last_sent > KEEPALIVE:
            self.send(["ping"])
        self.delivery.look(now)

    async def drain(self) -> None:
        await self.writer.drain()

    def finish(self) -> None:
        """End the stream after what is queued on it (a FIN), reading on: the other side
        gets every byte sent before, then the end."""
        if self.closed or self.finished:
            return
        self.finished = True
        if not self.writer.can_write_eof():
            self.close()
            return
        try:
            self.writer.write_eof()
        except (OSError, RuntimeError):  # the link is gone already
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Mesh:
    """Listening socket, outgoing dials and live connections of one peer."""

    def __init__(self, greet: Callable[[Conn], list], handle: Callable[[Conn, list], None],
                 lost: Callable[[Conn], None]):
        self.greet, self.handle, self.lost = greet, handle, lost
        self.conns: dict[Conn, None] = {}  # insertion-ordered: the newest last
        self.dropped: dict[str, Counter] = defaultdict(Counter)
        self.refused: set[tuple[str, int]] = set()  # addresses whose last dial was refused
        self.server: asyncio.base_events.Server | None = None
        self.port = 0
        self._tasks: set[asyncio.Task] = set()
        self.closing = False  # stopping: links are read to their end, nothing heeded

    async def listen(self, host: str, port: int) -> int:
        self.server = await asyncio.start_server(self._accepted, host, port)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def relisten(self, host: str, port: int) -> int:
        """Listen on `port` instead (OSError if it is taken: the old socket stays)."""
        server = await asyncio.start_server(self._accepted, host, port)
        old, self.server = self.server, server
        self.port = server.sockets[0].getsockname()[1]
        if old is not None:
            old.close()
        return self.port

    def stop_listening(self) -> None:
        """Let the port go now, for another node of this peer's (its links stay)."""
        if self.server is not None:
            self.server.close()

    async def dial(self, host: str, port: int) -> Conn | None:
        try:
            async with asyncio.timeout(DIAL_TIMEOUT):
                reader, writer = await asyncio.open_connection(host, port)
        except ConnectionRefusedError:  # an answer: nothing listens there
            self.refused.add((host, port))
            return None
        except (OSError, TimeoutError):  # no answer yet: on a lossy link, worth trying again
            return None
        self.refused.discard((host, port))
        return self._start(reader, writer, outbound=True)

    def keep_alive(self, now: float) -> None:
        """Acknowledge and ping on every proven connection (Conn.look); close one that
        has delivered nothing for FAILING_LIMIT."""
        for conn in list(self.conns):
            if conn.key is None or conn.closed:
                continue
            conn.look(now)
            if conn.delivery.dead(now):
                log.warning("closing a link to %s: nothing sent on it has been acknowledged "
                            "for %.0f s (a relay swallowing it, or a peer that stopped "
                            "reading)", conn.label, now - conn.delivery.failing_since)
                conn.close()

    def count(self, conn: Conn, reason: str) -> None:
        label = conn.label
        if label not in self.dropped and len(self.dropped) >= MAX_LABELS:
            label = OTHERS
        self.dropped[label][reason] += 1
        if reason in FINAL_REFUSALS and conn.outbound:
            self.refused.add(conn.address)

    def live(self, role: str = "peer") -> list[Conn]:
        return [c for c in self.conns if c.role == role and not c.closed]

    def to(self, key: bytes) -> Conn | None:
        """The live connection to the peer with this key that delivers best."""
        return self._best(self.live("peer")).get(key)

    def dialling(self, address: tuple[str, int]) -> bool:
        """Is a dial to `address` still waiting for the other side to prove its key? (A peer
        that is asleep answers none: one dial at a time, not a queue of them to wake to.)"""
        return any(conn.outbound and conn.key is None and not conn.closed
                   and conn.address == address for conn in self.conns)

    def linked(self, key: bytes) -> bool:
        """Is there a link to this peer that is not failing (else it is worth redialling)?"""
        conn = self.to(key)
        return conn is not None and conn.delivery.rank >= NEW

    def broadcast(self, message: list, role: str = "peer", exclude: Conn | None = None) -> None:
        """Send to every peer (or spectator) once, on the link that delivers best."""
        for key, conn in self._best(self.live(role)).items():
            if exclude is None or key != exclude.key:
                conn.send(message)

    @staticmethod
    def _best(conns: list[Conn]) -> dict[bytes, Conn]:
        """Each key's best link: the highest rank, then the newest (conns come oldest
        first)."""
        best: dict[bytes, Conn] = {}
        for conn in conns:
            held = best.get(conn.key)
            if held is None or conn.delivery.rank >= held.delivery.rank:
                best[conn.key] = conn
        return best

    def _accepted(self, reader, writer) -> None:
        """A plain function, not a coroutine: for a coroutine asyncio's streams make a task
        whose done callback, on Python 3.11, raises if the task was cancelled before it
        ran — a link accepted as the peer shut down wrote a traceback to its stderr (a
        clean-clone rehearsal; `Exception in callback ... streams.py:248`)."""
        conn = Conn(reader, writer, outbound=False)
        unproven = [c.host for c in self.conns if c.key is None]
        if len(unproven) >= MAX_UNPROVEN or unproven.count(conn.host) >= MAX_UNPROVEN_PER_HOST:
            self.count(conn, "busy")
            conn.close()
            return
        self._serve_conn(conn)

    def _start(self, reader, writer, outbound: bool) -> Conn:
        return self._serve_conn(Conn(reader, writer, outbound))

    def _serve_conn(self, conn: Conn) -> Conn:
        self.conns[conn] = None
        task = asyncio.get_running_loop().create_task(self._serve(conn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return conn

    async def _serve(self, conn: Conn) -> None:
        try:
            conn.send_plain(greeting.THIS.message())
            conn.hello = self.greet(conn)
            conn.send_plain(conn.hello)
            await self._read(conn)
        except (ConnectionError, OSError):
            pass
        finally:
            self.conns.pop(conn, None)
            conn.close()
            if not (self.closing or conn.finished):  # an ended link is not missed
                self.lost(conn)

    async def _read(self, conn: Conn) -> None:
        while not conn.closed:
            try:
                timeout = SILENT_LIMIT if conn.key else HELLO_TIMEOUT
                async with asyncio.timeout(timeout):
                    body = await stream.read_body(conn.reader)
                unheeded = self.closing or conn.finished
                if unheeded and conn.opener is None:
                    # this side ended the link mid-handshake and took no key: what the
                    # other side sealed since cannot be opened, and is no fault of its own
                    continue
                message = conn.opened(body)  # opened even when closing: the count goes on
                if message is not None and not unheeded:
                    self.handle(conn, message)
                # one message a turn of the loop: a link with much buffered (a flood) would
                # otherwise be read to its end before any other link or timer is heard
                await asyncio.sleep(0)
            except stream.Closed:
                return
            except TimeoutError:
                if conn.key is None:
                    self.count(conn, "no-hello")
                else:
                    log.info("closing the link to %s: silent for %.0f s", conn.label,
                             SILENT_LIMIT)
                return
            except BadFrame as exc:
                self.count(conn, exc.reason)
                log.debug("dropped from %s: %s", conn.label, exc)
                if exc.reason in FATAL:
                    return

    async def end_links(self, timeout: float = FLUSH_ON_CLOSE) -> None:
        """End every link after what is queued on it, read on unheeded until the other side
        ends it too (at most `timeout`), then close what is left: this peer leaves the table
        and its last words (a signed leave) must reach the members. Closed at once, with
        unread bytes in it, a link sent a reset that could drop them on a lossy Wi-Fi: the
        one left sat beside a member long gone (a clean-clone rehearsal)."""
        conns = list(self.conns)
        for conn in conns:
            conn.finish()
        deadline = time.monotonic() + timeout
        while any(conn in self.conns for conn in conns) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        for conn in conns:
            conn.close()

    async def close(self) -> None:
        """Stop: each link ends its stream after what is queued (the evidence that names a
        cheat, a final `have`) and is read on, unheeded, until the other side ends it too,
        for at most FLUSH_ON_CLOSE. A socket closed with unread bytes in it sends a reset,
        and a reset can make the other side drop what it was sent last before reading it:
        a cheat never learned it was named, and waited for peers long gone."""
        if self.server is not None:
            self.server.close()
        self.closing = True
        conns = list(self.conns)
        for conn in conns:
            conn.finish()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=FLUSH_ON_CLOSE)
        for conn in conns:
            conn.close()
        closing = [asyncio.ensure_future(conn.writer.wait_closed()) for conn in conns]
        if closing:
            await asyncio.wait(closing, timeout=FLUSH_ON_CLOSE)
        for task in closing:
            task.cancel()
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._tasks, return_exceptions=True)
