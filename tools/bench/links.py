"""The cost of sealed links (net.wire.handshake): a link's handshake, and each message's seal.

handshake_ms: wall time on loopback from dialling a peer (a TableNode with a table, in
this process) to the first sealed message it sends, both ends' work included: greeting,
hello, the X25519 exchange, both proofs. handshake_cpu_us: one side's handshake
arithmetic alone (a fresh X25519 pair, the exchange and key derivation, signing its proof
and checking the other's); proof_cpu_us: the part the old handshake had (the signature
and its check). seal_open_us: sealing then opening one message of `size` bytes;
frame_encode_us: framing it unsealed, for scale; record_verify_us: checking one frame's
Ed25519 signature, which every frame costs anyway.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time

from net.peer.events import NodeOptions
from net.peer.node import TableNode
from net.wire import handshake, stream
from net.wire.frames import STEP, decode, sign
from net.wire.identity import Identity
from tools.lab.stranger import LOOPBACK, Stranger, hello_of

SIZES = (256, 4096)


def add_arguments(parser) -> None:
    parser.add_argument("--links", type=int, default=50, help="links dialled")
    parser.add_argument("--rounds", type=int, default=2000, help="repeats of each cost")


def _per_call_us(work, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1e6, 1)


def _handshake_side(me: Identity, other: Identity) -> None:
    mine, theirs = handshake.Handshake(True), handshake.Handshake(False)
    my_hello = hello_of(b"t" * 16, "peer", me.name, me.public, mine.share)
    their_hello = hello_of(b"t" * 16, "peer", other.name, other.public, theirs.share)
    transcript = mine.transcript(my_hello, their_hello)
    mine.ciphers(theirs.share, transcript)
    handshake.prove(me, transcript)
    handshake.proven(me.public, handshake.prove(me, transcript), transcript)


def _proof_only(me: Identity) -> None:
    transcript = os.urandom(32)
    handshake.proven(me.public, handshake.prove(me, transcript), transcript)


async def _handshakes(links: int) -> list[float]:
    node = TableNode(Identity.generate("host"), NodeOptions(interface=LOOPBACK, discovery=False))
    await node.open()
    node.create("bench", "dragon", 4, {})
    times = []
    try:
        for _ in range(links):
            started = time.perf_counter()
            guest = await Stranger().connect(node.mesh.port, LOOPBACK)
            assert await guest.hello()
            assert await guest.next_message(5) is not None  # the first sealed message
            times.append(time.perf_counter() - started)
            guest.close()
    finally:
        await node.close()
    return times


def run(args) -> dict:
    me, other = Identity.generate("a"), Identity.generate("b")
    times = asyncio.run(_handshakes(args.links))
    result = {
        "links": args.links,
        "handshake_ms": round(statistics.median(times) * 1e3, 2),
        "handshake_max_ms": round(max(times) * 1e3, 2),
        "handshake_cpu_us": _per_call_us(lambda: _handshake_side(me, other), args.rounds // 10),
        "proof_cpu_us": _per_call_us(lambda: _proof_only(me), args.rounds // 10),
    }
    record = sign(me, STEP, b"t" * 16, 0, 1, b"", [[], None, os.urandom(16)])
    result["record_verify_us"] = _per_call_us(lambda: decode(record.raw), args.rounds)
    for size in SIZES:
        keys = os.urandom(32)
        sealer, opener = stream.Cipher(keys), stream.Cipher(keys)
        message = ["relay", os.urandom(size)]
        result[f"seal_open_us_{size}"] = _per_call_us(
            lambda m=message, s=sealer, o=opener: o.open(s.seal(stream.encode(m)[4:])),
            args.rounds)
        result[f"frame_encode_us_{size}"] = _per_call_us(lambda m=message: stream.encode(m),
                                                         args.rounds)
    return result
