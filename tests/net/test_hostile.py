"""Hostile input against a live table: everything is dropped and counted, the game goes on.

An equivocating peer is the exception: the table stops, every peer with the same report.
"""

import asyncio
import os

import msgpack

from net.peer.events import Fault
from net.table.lockstep import WINDOW
from net.wire import stream
from net.wire.frames import STEP, sign
from net.wire.identity import Identity
from tests.net.helpers import LOOPBACK, close_all, live_table, wait_until
from tests.net.test_node import agree, results_of
from tools.lab.hostile_run import repacked
from tools.lab.stranger import Stranger, message

ATTACKER = Identity.generate("mallory")


async def stranger(node, hello: bool = True) -> Stranger:
    """A raw connection to `node` as ATTACKER, its hello said and proven unless not."""
    guest = await Stranger(ATTACKER).connect(node.mesh.port)
    if hello:
        await guest.hello()
    return guest


def unsigned(raw: bytes) -> bytes:
    fields = msgpack.unpackb(raw, raw=False)
    return msgpack.packb(fields[:7], use_bin_type=True)


def forged(raw: bytes) -> bytes:
    fields = msgpack.unpackb(raw, raw=False)
    fields[7] = bytes([fields[7][0] ^ 1]) + fields[7][1:]
    return msgpack.packb(fields, use_bin_type=True)


def test_hostile_input_is_dropped_and_counted_and_the_game_goes_on():
    async def go():
        nodes = await live_table(4, think=2)
        target = nodes[0]
        try:
            await wait_until(lambda: target.replica.applied > 5, what="the game to run")
            # random bytes in well-sized messages, then a message cut short
            junk = await stranger(target, hello=False)
            for _ in range(3):
                junk.send(stream.HEADER.pack(24) + os.urandom(24))
            junk.send(stream.HEADER.pack(100) + os.urandom(50))
            await junk.drain()
            junk.close()
            # an oversize claim is refused at once: no body is ever sent
            big = await stranger(target, hello=False)
            big.send(stream.HEADER.pack(10**9))
            await big.drain()
            assert await big.closed_by_peer()
            # a connection that says hello, then lies
            liar = await stranger(target)
            real = target.replica.frames_at(1)[1]
            seat3 = nodes[3].identity
            far = target.replica.applied + WINDOW + 5
            for data in (
                message("rec", forged(real.raw)),
                message("rec", unsigned(real.raw)),
                message("rec", real.raw),  # a replay of a frame already applied
                message("rec", sign(ATTACKER, STEP, os.urandom(16), 1, 3, b"", []).raw),
                message("rec", sign(seat3, STEP, target.table, 3, far, b"", []).raw),
                message("rec", sign(ATTACKER, STEP, target.table, 1, far - 1, b"", []).raw),
                message("want", "all", "of it"),
                message("dance", 1),
                b"\x00\x00\x00\x03\xc1\xc1\xc1",
            ):
                liar.send(data)
            await liar.drain()
            agree(await results_of(nodes))
            dropped = target.mesh.dropped
            # unproven connections are counted by host: one label, however many ports
            assert dropped[LOOPBACK] == {"malformed": 3, "truncated": 1, "oversize": 1}
            assert dropped[liar.label] == {
                "bad-signature": 1, "unsigned": 1, "replayed": 1, "other-table": 1,
                "out-of-window": 1, "not-seated": 1, "malformed": 3}
            assert all(not n.mesh.dropped for n in nodes[1:])
            liar.close()
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_a_hello_for_another_table_is_counted_and_closed():
    async def go():
        nodes = await live_table(4, think=1)
        try:
            guest = await stranger(nodes[1], hello=False)
            await guest.hello(table=os.urandom(16), prove=False)
            assert await guest.closed_by_peer()
            agree(await results_of(nodes))
            assert nodes[1].mesh.dropped == {LOOPBACK: {"other-table": 1}}
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_an_equivocating_peer_stops_the_table_with_one_report_everywhere():
    async def go():
        nodes = await live_table(4, think=2)
        target = nodes[0]
        try:
            await wait_until(lambda: target.replica.applied > 5, what="the game to run")
            cheat = nodes[3]
            step = target.replica.applied
            sent = target.replica.frames_at(step)[3]
            twin = sign(cheat.identity, STEP, sent.table, 3, step, sent.prev,
                        [[["dragon.pass", 3]], None, sent.payload()[2]])
            assert twin.raw != sent.raw
            liar = await stranger(target)
            liar.send(message("rec", twin.raw))
            await liar.drain()
            results = await results_of(nodes)
            assert all(isinstance(r, Fault) and r.kind == "equivocation" for r in results)
            assert {r.step for r in results} == {step}
            assert {r.report for r in results} == {
                "player3 signed two different moves for one turn"}
            liar.close()
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_a_re_encoded_honest_frame_frames_nobody():
    """Security case 1: a stranger re-sends an honest seat's frame re-packed, as a record
    and as 'evidence' of equivocation; the frame is the same frame, so it is a replay and
    the evidence proves nothing: the table plays on to the end, nobody named."""
    async def go():
        nodes = await live_table(4, think=2)
        target = nodes[0]
        try:
            await wait_until(lambda: target.replica.applied > 5, what="the game to run")
            honest = target.replica.frames_at(target.replica.applied)[2]
            twin = repacked(honest.raw)
            assert twin != honest.raw
            liar = await stranger(target)
            liar.send(message("rec", twin) + message("evidence", honest.raw, twin))
            await liar.drain()
            agree(await results_of(nodes))
            assert target.mesh.dropped[liar.label] == {
                "replayed": 1, "malformed": 1}
            liar.close()
        finally:
            await close_all(nodes)
    asyncio.run(go())
