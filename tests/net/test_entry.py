"""Getting into a table when the first tries fail (net/entry.py)."""

import asyncio
import socket

from engine.registry import get_game
from net.entry import get_in, inside
from net.node import TableNode
from tests.net.helpers import LOOPBACK, close_all, fast_options, identities, wait_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def test_a_joiner_whose_first_dials_fail_keeps_trying_until_it_is_in():
    async def go():
        port = free_port()
        first_id, second_id = identities(2)
        second = TableNode(second_id, fast_options())
        await second.open()
        table = bytes(16)
        trying = asyncio.ensure_future(get_in(second, [(LOOPBACK, port)], table, "late",
                                              patience=10))
        await asyncio.sleep(1.0)  # nothing listens there yet: dials fail
        assert not trying.done() and not inside(second)
        first = TableNode(first_id, fast_options(port=port))
        await first.open()
        first.membership.set_table(table, "late")  # the table it was looking for comes up
        first.lobby_op("join", first.identity.name, LOOPBACK, port)
        config, _ = get_game("dragon").configure({"hands": 1}, 4)
        first.lobby_op("config", "late", "dragon", 4, tuple(sorted(config.items())))
        try:
            assert await asyncio.wait_for(trying, 10)
            assert inside(second)
            await wait_until(lambda: second_id.public in first.lobby.state().members,
                             what="the join at the table")
        finally:
            await close_all([first, second])
    asyncio.run(go())


def test_a_joiner_gives_up_once_patience_runs_out():
    async def go():
        node = TableNode(identities(1)[0], fast_options())
        await node.open()
        try:
            assert not await get_in(node, [(LOOPBACK, free_port())], bytes(16), "gone",
                                    patience=1)
        finally:
            await node.close()
    asyncio.run(go())
