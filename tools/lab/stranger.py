"""A hostile guest on the LAN, built from the project's own modules: it speaks the wire
protocol by hand, so it can say what an honest peer never would."""

from __future__ import annotations

import asyncio
import contextlib

from net.wire import handshake, stream
from net.wire.frames import PROTOCOL
from net.wire.identity import Identity

LOOPBACK = "127.0.0.1"


def message(*fields) -> bytes:
    return stream.encode(list(fields))


class Stranger:
    """One raw connection to a peer; `hello()` claims a key, proving it unless told not to."""

    def __init__(self, identity: Identity | None = None):
        self.identity = identity or Identity.generate("mallory")
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.their_hello: list = []
        self.inbox: list[list] = []
        self._reading: asyncio.Task | None = None

    @property
    def label(self) -> str:
        """How the peer counts what this stranger's proven connection sends."""
        return f"{self.identity.name}#{self.identity.public.hex()[:8]}"

    @property
    def table(self) -> bytes:
        return self.their_hello[2]

    async def connect(self, port: int, host: str = LOOPBACK) -> Stranger:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        self.their_hello = stream.decode(await stream.read_body(self.reader))
        assert self.their_hello[0] == "hello", self.their_hello
        return self

    async def hello(self, role: str = "peer", key: bytes | None = None, prove: bool = True,
                    table: bytes | None = None, name: str | None = None) -> bool:
        """Say hello as `key` (default: its own) and answer the peer's nonce; True once the
        peer's own proof arrived (it answers only a well-formed hello)."""
        key = key or self.identity.public
        self.send(message("hello", PROTOCOL, self.table if table is None else table, "",
                          role, name or self.identity.name, key, LOOPBACK, 0,
                          handshake.nonce()))
        if prove:
            self.send(message("proof", handshake.prove(self.identity, self.their_hello[-1],
                                                       self.their_hello[6])))
        await self.drain()
        reply = await self.next_message(5)
        return reply is not None and reply[0] == "proof"

    def send(self, data: bytes) -> None:
        self.writer.write(data)

    async def drain(self) -> None:
        with contextlib.suppress(ConnectionError):
            await self.writer.drain()

    async def next_message(self, timeout: float) -> list | None:
        try:
            return stream.decode(await asyncio.wait_for(stream.read_body(self.reader), timeout))
        except (TimeoutError, stream.Closed, ConnectionError, asyncio.IncompleteReadError):
            return None

    def listen(self) -> None:
        """Gather everything the peer sends from now on into `inbox`."""
        async def gather():
            while (found := await self.next_message(3600)) is not None:
                self.inbox.append(found)
        self._reading = asyncio.get_running_loop().create_task(gather())

    async def closed_by_peer(self, timeout: float = 5.0) -> bool:
        async def until_eof():
            with contextlib.suppress(ConnectionError):
                while await self.reader.read(1 << 16):
                    pass
            return True
        return await asyncio.wait_for(until_eof(), timeout)

    async def leave(self) -> None:
        """Close gracefully: the peer reads everything sent before it sees the end (a plain
        close with unread data here resets the connection, and the peer loses the rest)."""
        if self._reading is not None:
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading
            self._reading = None
        self.writer.write_eof()
        with contextlib.suppress(TimeoutError):
            await self.closed_by_peer(30)
        self.close()

    def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
        if self.writer is not None:
            self.writer.close()
