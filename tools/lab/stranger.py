"""A hostile guest on the LAN, built from the project's own modules: it speaks the wire
protocol by hand, so it can say what an honest peer never would (`Stranger`), stand between
two peers passing on their hellos and proofs (`Relay`, `relay_every_pair`: issue 36), or
pass a link on and then swallow it (`Swallower`)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import Counter

from net.wire import greeting, handshake, stream
from net.wire.delivery import ACK_EVERY
from net.wire.identity import Identity

LOOPBACK = "127.0.0.1"
CLOSE_WAIT = 5.0  # a relay is held at least this long, to see whether the peers close it


def message(*fields) -> bytes:
    return stream.encode(list(fields))


def hello_of(table: bytes, role: str, name: str, key: bytes, share: bytes,
             host: str = LOOPBACK, port: int = 0) -> list:
    return ["hello", table, "", role, name, key, host, port, share]


class Stranger:
    """One raw connection to a peer; `hello()` claims a key, proving it unless told not to.
    Once both proofs are out the link is sealed as a peer's is: what it sends through
    `send` is sealed, what it reads opened, and it acknowledges what it reads."""

    def __init__(self, identity: Identity | None = None):
        self.identity = identity or Identity.generate("mallory")
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.their_greeting: list = []
        self.their_hello: list = []
        self.shake = handshake.Handshake(outbound=True)
        self.sealer: stream.Cipher | None = None
        self.opener: stream.Cipher | None = None
        self.received = 0
        self._told = 0  # the count last acknowledged...
        self._acked_at = 0.0  # ...and when
        self.inbox: list[list] = []
        self._reading: asyncio.Task | None = None

    @property
    def label(self) -> str:
        """How the peer counts what this stranger's proven connection sends."""
        return f"{self.identity.name}#{self.identity.public.hex()[:8]}"

    @property
    def table(self) -> bytes:
        return self.their_hello[1]

    async def connect(self, port: int, host: str = LOOPBACK) -> Stranger:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        self.their_greeting = stream.decode(await stream.read_body(self.reader))
        assert self.their_greeting[0] == greeting.TAG, self.their_greeting
        self.their_hello = stream.decode(await stream.read_body(self.reader))
        assert self.their_hello[0] == "hello", self.their_hello
        return self

    def transcript(self, mine: list) -> bytes:
        return self.shake.transcript(mine, self.their_hello)

    async def hello(self, role: str = "peer", key: bytes | None = None, prove: bool = True,
                    table: bytes | None = None, name: str | None = None) -> bool:
        """Say hello as `key` (default: its own) and prove it with its own key; True once
        the peer's own proof arrived (it answers only a well-formed hello)."""
        key = key or self.identity.public
        mine = hello_of(self.table if table is None else table, role,
                        name or self.identity.name, key, self.shake.share)
        self.send(message(*greeting.THIS.message()))
        self.send(message(*mine))
        transcript = self.transcript(mine)
        ciphers = self.shake.ciphers(self.their_hello[8], transcript)
        if prove:
            self.send(message("proof", handshake.prove(self.identity, transcript)))
            self.sealer = ciphers[0]
        await self.drain()
        reply = await self.next_message(5)
        if reply is None or reply[0] != "proof":
            return False
        self.opener = ciphers[1]
        return True

    def send(self, data: bytes) -> None:
        """Send framed messages, each sealed once the link is."""
        if self.sealer is not None:
            data = b"".join(stream.HEADER.pack(len(sealed)) + sealed for sealed in
                            (self.sealer.seal(body) for body in _bodies(data)))
        self.writer.write(data)

    async def drain(self) -> None:
        with contextlib.suppress(ConnectionError):
            await self.writer.drain()

    async def next_message(self, timeout: float) -> list | None:
        """The next message but acknowledgements (acknowledging what came, as a peer does)."""
        while True:
            try:
                async with asyncio.timeout(timeout):
                    body = await stream.read_body(self.reader)
            except (TimeoutError, stream.Closed, ConnectionError,
                    asyncio.IncompleteReadError):
                return None
            found = stream.decode(self.opener.open(body) if self.opener else body)
            if found[0] != "ack":
                self._acknowledge()
                return found

    def _acknowledge(self) -> None:
        if self.opener is None:
            return
        self.received += 1
        self._ack_if_due()

    def _ack_if_due(self) -> None:
        now = asyncio.get_running_loop().time()
        if (self.received > self._told and now - self._acked_at >= ACK_EVERY
                and not self.writer.is_closing()):
            self._told, self._acked_at = self.received, now
            self.send(message("ack", self.received))

    def listen(self) -> None:
        """Gather everything the peer sends from now on into `inbox`, acknowledging it as a
        peer does (the last of it too, when nothing follows)."""
        async def acknowledge_late():
            while True:
                await asyncio.sleep(ACK_EVERY)
                self._ack_if_due()

        async def gather():
            ticker = asyncio.get_running_loop().create_task(acknowledge_late())
            try:
                while (found := await self.next_message(3600)) is not None:
                    self.inbox.append(found)
            finally:
                ticker.cancel()
        self._reading = asyncio.get_running_loop().create_task(gather())

    async def closed_by_peer(self, timeout: float = 5.0) -> bool:
        async def until_eof():
            with contextlib.suppress(ConnectionError):
                while await self.reader.read(1 << 16):
                    pass
            return True
        async with asyncio.timeout(timeout):
            return await until_eof()

    async def leave(self) -> None:
        """Close gracefully: the peer reads everything sent before it sees the end (a plain
        close with unread data here resets the connection, and the peer loses the rest)."""
        if self._reading is not None:
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading
            self._reading = None
        try:
            self.writer.write_eof()
        except OSError:  # the peer closed first, unread bytes and all: it is gone already
            self.close()
            return
        with contextlib.suppress(TimeoutError):
            await self.closed_by_peer(30)
        self.close()

    def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
        if self.writer is not None:
            self.writer.close()


def _bodies(data: bytes):
    """The bodies of the framed messages in `data` (the last one as far as it goes)."""
    while data:
        (length,) = stream.HEADER.unpack(data[:stream.HEADER.size])
        yield data[stream.HEADER.size:stream.HEADER.size + length]
        data = data[stream.HEADER.size + length:]


class Relay:
    """The stranger of issue 36, between two peers: it dials both, says hello to each with
    the other's greeting and hello (its key, its share), passes each one's proof across to
    the other, then swallows whatever either sends."""

    def __init__(self, first: int, second: int, host: str = LOOPBACK):
        self.ports, self.host = (first, second), host
        self.links: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def open(self) -> None:
        """Relay the handshake. The proofs are each made for the link the relay saw them on,
        so neither peer should take the other's (each then closes its link)."""
        opened = [await asyncio.open_connection(self.host, port) for port in self.ports]
        self.links = opened
        heard = [[await stream.read_body(reader) for _ in range(2)] for reader, _ in opened]
        for (_, writer), (greeting_body, hello_body) in zip(opened, reversed(heard),
                                                            strict=True):
            writer.write(_framed(greeting_body) + _framed(hello_body))
        proofs = await asyncio.gather(*(_next_body(reader) for reader, _ in opened))
        for (_, writer), proof in zip(opened, reversed(proofs), strict=True):
            if proof is not None:
                writer.write(_framed(proof))

    async def hold(self, seconds: float) -> list[bool]:
        """Swallow what each peer sends for up to `seconds`; which of them closed its link."""
        async def swallowed(reader: asyncio.StreamReader) -> bool:
            with contextlib.suppress(ConnectionError):
                while await reader.read(1 << 16):
                    pass
            return True
        async def closed(reader: asyncio.StreamReader) -> bool:
            try:
                async with asyncio.timeout(seconds):
                    return await swallowed(reader)
            except TimeoutError:
                return False
        return list(await asyncio.gather(*(closed(reader) for reader, _ in self.links)))

    def close(self) -> None:
        for _, writer in self.links:
            writer.close()


async def relay_every_pair(ports: list[int], seconds: float) -> Counter:
    """Relay between every pair of `ports` for `seconds`: each pair's links are held until
    the peers close them (the last ones at least CLOSE_WAIT) and relayed again a second
    later. Counts `relayed` (handshakes passed on), `closed` (links a peer closed) and
    `kept` (links still open at the end)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    counts: Counter = Counter()

    async def between(pair: tuple[int, int]) -> None:
        while (left := end - loop.time()) > 0:
            relay = Relay(*pair)
            try:
                await relay.open()
                counts["relayed"] += 1
                closed = await relay.hold(max(left, CLOSE_WAIT))
                counts["closed"] += sum(closed)
                counts["kept"] += len(closed) - sum(closed)
            except (ConnectionError, asyncio.IncompleteReadError, stream.Closed):
                counts["refused"] += 1
            finally:
                relay.close()
            await asyncio.sleep(min(1.0, max(0.0, end - loop.time())))
    pairs = [(a, b) for i, a in enumerate(ports) for b in ports[i + 1:]]
    await asyncio.gather(*(between(pair) for pair in pairs))
    return counts


def _framed(body: bytes) -> bytes:
    return stream.HEADER.pack(len(body)) + body


async def _next_body(reader: asyncio.StreamReader) -> bytes | None:
    try:
        async with asyncio.timeout(5):
            return await stream.read_body(reader)
    except (TimeoutError, stream.Closed):
        return None


class Swallower:
    """A TCP relay on loopback to one peer, on a thread of its own: it passes everything on
    both ways until told to `swallow`, then reads and drops whatever either side sends,
    keeping the links open — all a stranger in the middle of a sealed link can still do."""

    def __init__(self, target: int):
        self.target = target
        self.swallowing = False
        self.links = 0
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._accepted, LOOPBACK, 0), self.loop).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    def swallow(self) -> None:
        self.swallowing = True

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)

    async def _accepted(self, reader, writer) -> None:
        try:
            upstream = await asyncio.open_connection(LOOPBACK, self.target)
        except OSError:
            writer.close()
            return
        self.links += 1
        await asyncio.gather(self._pipe(reader, upstream[1]), self._pipe(upstream[0], writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(1 << 16):
                if not self.swallowing:
                    writer.write(data)
        writer.close()
