"""A hostile guest's run of many inputs against one peer of a table in play: malformed and
lying greetings and hellos, lobby records, forged, replayed, re-encoded and misplaced
frames, want, have and watch with any arguments, evidence that proves nothing, and junk.
Built from the project's own modules; used by tests/net/test_strangers.py and
tools/bench/hostile.py."""

from __future__ import annotations

import asyncio
import os
import random
from collections import Counter

import msgpack

from net.table.lockstep import WINDOW
from net.wire import greeting, handshake, stream
from net.wire.frames import LOBBY, PROTOCOL, STEP, decode, sign
from tools.lab.stranger import LOOPBACK, Stranger, hello_of, message

KINDS = ("hello", "lobby", "step", "want", "have", "watch", "evidence", "junk")
ODD_VALUES = (None, True, -1, 2**63, 1.5, "x", b"\x00" * 3, [], {}, [1, [2]], {"a": 1})


def repacked(raw: bytes) -> bytes:
    """The same record with its ints packed as 8-byte ints: other bytes, the same fields."""
    fields = msgpack.unpackb(raw, raw=False)
    out = bytearray([0x90 | len(fields)])
    for value in fields:
        out += (b"\xcf" + value.to_bytes(8, "big")) if isinstance(value, int) and value >= 0 \
            else msgpack.packb(value, use_bin_type=True)
    return bytes(out)


def flipped(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


class Hostile:
    """Makes one input of each kind from what the stranger learnt of the table."""

    def __init__(self, guest: Stranger, rng: random.Random, shown: list[list]):
        """`shown`: the messages a spectator was sent (the lobby and the frames so far)."""
        self.guest, self.rng = guest, rng
        records = [decode(fields[0]) for tag, *fields in shown if tag == "relay"]
        self.frames = [r for r in records if r.kind == STEP]
        self.lobby = [r for r in records if r.kind == LOBBY]
        self.seq = 0

    def odd(self):
        return self.rng.choice(ODD_VALUES)

    def lobby_input(self) -> bytes:
        rng, me = self.rng, self.guest.identity
        if rng.random() < 0.5:
            self.seq += 1
            op = rng.choice([["join", "m" * rng.randrange(2000), LOOPBACK, 1], ["sit", 1],
                             ["config", "t", "wild", 3, []], ["start", os.urandom(40)]])
            return message("rec", sign(me, LOBBY, self.guest.table, -1, self.seq, b"",
                                       [10**6 + self.seq, *op]).raw)
        honest = rng.choice(self.lobby).raw
        return message(rng.choice(["rec", "relay"]), rng.choice(
            [honest, flipped(honest, rng), repacked(honest), honest[:-1]]))

    def step_input(self) -> bytes:
        rng, me = self.rng, self.guest.identity
        honest = rng.choice(self.frames)
        choice = rng.randrange(6)
        if choice == 0:
            raw = flipped(honest.raw, rng)
        elif choice == 1:
            raw = repacked(honest.raw)
        elif choice == 2:
            raw = sign(me, STEP, self.guest.table, honest.seat, honest.step + rng.randrange(
                3 * WINDOW), honest.prev, [[], None, os.urandom(16)]).raw
        elif choice == 3:
            raw = sign(me, STEP, os.urandom(16), 0, 1, b"", []).raw
        elif choice == 4:
            raw = msgpack.packb([STEP, self.guest.table, self.odd(), self.odd(), b"", b"",
                                 me.public, os.urandom(64)], use_bin_type=True)
        else:
            raw = honest.raw
        return message(rng.choice(["rec", "relay"]), raw)

    def evidence_input(self) -> bytes:
        rng = self.rng
        a, b = rng.choice(self.frames), rng.choice(self.frames)
        pair = rng.choice([(a.raw, b.raw), (a.raw, a.raw), (a.raw, repacked(a.raw)),
                           (a.raw, flipped(a.raw, rng)), (self.odd(), a.raw)])
        return message("evidence", *pair)

    def junk_input(self) -> bytes:
        rng = self.rng
        choice = rng.randrange(4)
        if choice == 0:
            body = os.urandom(rng.randrange(1, 64))
            return stream.HEADER.pack(len(body)) + body
        if choice == 1:
            return message(rng.choice(["dance", "hello", "proof", "rec"]), self.odd())
        if choice == 2:
            return message("rec", *[self.odd() for _ in range(rng.randrange(3))])
        return stream.HEADER.pack(1) + b"\xc1"

    def make(self, kind: str) -> bytes:
        rng = self.rng
        if kind == "want":
            return message("want", *rng.choice([(self.odd(), self.odd()), (-5, 10**9),
                                                (0, rng.randrange(200))]))
        if kind == "have":
            return message("have", rng.choice([self.odd(), rng.randrange(10**6)]))
        if kind == "watch":
            return message("watch", rng.choice([self.odd(), 0]))
        return getattr(self, f"{kind}_input")()


async def idle_connections(port: int, count: int, batch: int = 300) -> None:
    """`count` connections that never say hello, `batch` at a time, each closed 0.2 s on.
    One the peer resets at once (it is busy, and the machine too) is one fewer to close."""
    for _ in range(count // batch):
        opened = await asyncio.gather(*(asyncio.open_connection(LOOPBACK, port)
                                        for _ in range(batch)), return_exceptions=True)
        await asyncio.sleep(0.2)
        for link in opened:
            if isinstance(link, ConnectionError):
                continue
            if isinstance(link, BaseException):
                raise link
            link[1].close()


async def hello_input(port: int, table: bytes, rng: random.Random) -> None:
    """One greeting and hello that should not get anywhere, on a connection of its own."""
    guest = await Stranger().connect(port)
    fields = hello_of(table, "peer", "mallory", guest.identity.public, guest.shake.share)
    choice = rng.randrange(6)
    if choice == 0:
        fields[rng.randrange(1, len(fields))] = rng.choice(ODD_VALUES)
    elif choice == 1:
        fields = fields[:rng.randrange(1, len(fields))]
    elif choice == 2:
        fields[5] = guest.their_hello[5]  # claims the peer's own key
    elif choice == 3:
        fields[5] = os.urandom(32)  # claims another key, proves its own
    guest.send(message(*(greeting.THIS.message() if choice != 5 else
                         rng.choice([["hoard", rng.choice(ODD_VALUES)], ["hoard", PROTOCOL + 1,
                                                                         "9.9"]]))))
    guest.send(stream.encode(fields))
    if choice == 3:
        guest.send(message("proof", handshake.prove(guest.identity, guest.transcript(fields))))
    elif choice == 4:
        guest.send(message("proof", os.urandom(64)))
    await guest.leave()


async def hostile_run(port: int, count: int, seed: int = 0) -> dict:
    """Send `count` hostile inputs to the peer at `port`; what was sent, by kind."""
    rng = random.Random(seed)
    watcher = await Stranger().connect(port)  # what a spectator is shown, to lie with
    await watcher.hello(role="spectator")
    watcher.listen()
    watcher.send(message("watch", 0))
    await asyncio.sleep(0.5)
    guest = await Stranger().connect(port)
    await guest.hello()
    guest.listen()
    hostile = Hostile(guest, rng, watcher.inbox)
    await watcher.leave()
    sent: Counter = Counter()
    hellos = []
    while sum(sent.values()) < count:
        kind = rng.choice(KINDS)
        sent[kind] += 1
        if kind == "hello":
            hellos.append(hello_input(port, guest.table, rng))
            if len(hellos) == 8:
                await asyncio.gather(*hellos)
                hellos = []
        else:
            guest.send(hostile.make(kind))
            if sent.total() % 100 == 0:
                await guest.drain()
                await asyncio.sleep(0)  # read what the peer answers
    await asyncio.gather(*hellos)
    await guest.leave()
    return {"inputs": sent.total(), "by_kind": dict(sorted(sent.items()))}
