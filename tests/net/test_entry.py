"""Getting into a table when the first tries fail (net/finding/entry.py)."""

import asyncio
import time
from dataclasses import replace

from engine.registry import get_game
from net.finding.discovery import LOBBY_STATE, Listing
from net.finding.entry import _oldest_open, deserted, get_in, inside
from net.peer.node import TableNode
from tests.net.helpers import LOOPBACK, close_all, fast_options, identities, wait_until
from tools.lab.peer_table import free_port


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
            async with asyncio.timeout(10):
                assert await trying
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


class LateRelay:
    """A TCP relay to `port` that answers nothing until it is opened: a Wi-Fi slow to
    carry a joiner's first frames (a dial accepted, its hello unanswered)."""

    def __init__(self, port: int):
        self.port, self.open = port, asyncio.Event()
        self.server = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, LOOPBACK, 0)
        return self.server.sockets[0].getsockname()[1]

    async def _relay(self, reader, writer):
        await self.open.wait()
        up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.port)
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))

    @staticmethod
    async def _pump(reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()


def test_a_join_by_address_waits_out_a_slow_network_for_its_whole_patience():
    """`hoard peer --connect` joins through TableNode.join: its default patience is the
    membership's (20 s), not the 5 s it once gave a silent address."""
    async def go():
        first_id, second_id = identities(2)
        first = TableNode(first_id, fast_options())
        await first.open()
        first.create("slow", "dragon", 4, {"hands": 1})
        relay = LateRelay(first.mesh.port)
        relay_port = await relay.start()
        second = TableNode(second_id, fast_options())
        await second.open()
        try:
            joining = asyncio.ensure_future(second.join([(LOOPBACK, relay_port)]))
            await asyncio.sleep(6.5)  # past the old 5 s
            assert not joining.done()
            relay.open.set()
            async with asyncio.timeout(10):
                assert await joining
            await wait_until(lambda: second_id.public in first.lobby.state().members,
                             what="the join at the table")
        finally:
            relay.server.close()
            await close_all([first, second])
    asyncio.run(go())


class Heard:
    """What discovery reports (net.finding.discovery.Discovery.tables): one listing per table."""

    def __init__(self, *listings: Listing):
        self.listings = {listing.table: listing for listing in listings}

    def tables(self) -> dict[str, Listing]:
        return self.listings

    def not_reachable(self, table: str) -> None:
        self.listings.pop(table, None)


def lobby_listing(table: bytes, *addresses) -> Listing:
    return Listing(table.hex(), "night", "dragon", 1, 4, LOBBY_STATE, tuple(addresses))


def test_a_table_only_this_peer_still_advertises_is_given_up_at_once():
    """Its members moved on to an older table of the name just as this peer came in: only
    its own advert keeps the table open, so it is gone, and the peer goes to the older
    table at once (it waited out its whole patience, 20 s, in an empty lobby)."""
    async def go():
        node = TableNode(identities(1)[0], fast_options())
        await node.open()
        ghost, older = bytes(15) + b"\x02", bytes(15) + b"\x01"
        node.discovery = Heard(lobby_listing(ghost, (node.host, node.mesh.port)),
                               lobby_listing(older, (LOOPBACK, free_port())))
        try:
            began = time.monotonic()
            assert not await get_in(node, [(node.host, node.mesh.port)], ghost, "night",
                                    patience=10)
            assert time.monotonic() - began < 5  # one try, not the patience
            assert _oldest_open(node, "night", set()).table == older.hex()
            assert _oldest_open(node, "night", {older.hex()}) is None  # never its own
        finally:
            node.discovery = None  # (the stand-in has nothing to close)
            await node.close()
    asyncio.run(go())


def test_moving_to_another_table_dials_nobody():
    """The move only leaves the lobby and names the table; get_in dials, as long as
    discovery shows the table open (a move that dialled kept a peer 20 s at the door of a
    table whose members had moved on)."""
    async def go():
        node = TableNode(identities(1)[0], fast_options())
        await node.open()
        node.create("night", "dragon", 4, {})
        moved_to = bytes(15) + b"\x01"
        try:
            began = time.monotonic()
            await node.move(moved_to)
            assert time.monotonic() - began < 1
            assert node.table == moved_to and node.name == "night"
            assert not node.lobby.state().members and not node.mesh.live()
        finally:
            await node.close()
    asyncio.run(go())


def test_a_member_answers_for_its_table_through_the_greeting_and_its_hello():
    """The probe that proves a table (net.finding.discovery.answers) reads what a member
    sends first: the greeting, then its hello. It read only a hello, and once links opened
    with the greeting every table looked unreachable and nobody joined anyone's."""
    from net.finding.discovery import answers
    from net.wire.identity import fingerprint

    async def go():
        identity = identities(1)[0]
        node = TableNode(identity, fast_options(discovery=False))
        await node.open()
        node.create("night", "dragon", 4, get_game("dragon").configure({}, 4)[0])
        try:
            mine = (fingerprint(identity.public),)
            here = (LOOPBACK, node.mesh.port, node.table.hex())
            return (await answers(*here, mine),
                    await answers(*here, ("00000000",)),  # a key the adverts do not name
                    await answers(LOOPBACK, node.mesh.port, "ff" * 16, mine))  # another table
        finally:
            await close_all([node])

    assert asyncio.run(go()) == (True, False, False)


def test_a_members_advert_is_believed_at_another_table_only_if_its_key_answers_for_it():
    """Records of a stranger re-using a member's instance name sit beside the member's in
    every cache, so one lookup could read the stranger's table id at the member's address,
    or the stranger's claim alone. Believed, the member's real table vanished from the
    lobbies, and newcomers made tables of their own (a clean-clone CI run: one of three got
    in). Several claims under one name: the one the member's key answers for is believed."""
    from net.finding.claims import Advert
    from net.finding.discovery import Discovery
    from net.wire.identity import fingerprint

    async def go():
        identity = identities(1)[0]
        node = TableNode(identity, fast_options(discovery=False))
        await node.open()
        node.create("night", "dragon", 4, get_game("dragon").configure({}, 4)[0])
        member = fingerprint(identity.public)
        real = Advert(node.table.hex(), "night", "dragon", 1, 4, "lobby", (LOOPBACK,),
                      node.mesh.port, member)
        forged = replace(real, table="ab" * 16)
        silent = replace(forged, port=free_port())  # the stranger's own address
        seen = Discovery()
        seen.adverts[real.instance] = real
        try:
            return (await seen._believed(real.instance, [forged]),
                    await seen._believed(real.instance, [replace(real, taken=2)]),
                    await Discovery()._believed(real.instance, [silent, real]),
                    await Discovery()._believed(real.instance, [forged, silent]),
                    seen.refused)
        finally:
            await close_all([node])

    forged_here, seats_changed, of_two, neither, refused = asyncio.run(go())
    assert forged_here is None and refused == 1
    assert seats_changed is not None and seats_changed.taken == 2
    assert of_two is not None and of_two.port != 0 and of_two.table != "ab" * 16
    assert neither is None


def test_a_ghost_lobby_is_listed_not_reachable_before_anyone_picks_it():
    """Discovery dials a new lobby's member once: a stale advert whose address nobody
    answers at is listed "not reachable" (sorted last, never joined) before anyone clicks
    it; a live one is listed proven once its member answers."""
    from net.finding.claims import Advert
    from net.finding.discovery import Discovery
    from net.wire.identity import fingerprint

    async def go():
        identity = identities(1)[0]
        node = TableNode(identity, fast_options(discovery=False))
        await node.open()
        node.create("night", "dragon", 4, get_game("dragon").configure({}, 4)[0])
        live = Advert(node.table.hex(), "night", "dragon", 1, 4, LOBBY_STATE, (LOOPBACK,),
                      node.mesh.port, fingerprint(identity.public))
        ghost = Advert("00" * 16, "night", "dragon", 1, 4, LOBBY_STATE, (LOOPBACK,),
                       free_port(), "0badc0de")
        seen = Discovery()
        seen.adverts = {live.instance: live, ghost.instance: ghost}
        try:
            before = {listing.proven for listing in seen.tables().values()}
            await asyncio.gather(seen._prove(live), seen._prove(ghost))
            return before, {table: (listing.reachable, listing.proven)
                            for table, listing in seen.tables().items()}
        finally:
            await close_all([node])

    before, after = asyncio.run(go())
    assert before == {False}, "a lobby nobody has answered for yet is not offered as proven"
    assert after.pop("00" * 16)[0] is False and list(after.values()) == [(True, True)]


def test_a_table_whose_members_answer_for_another_is_given_up_before_patience():
    """Its member moved on to an older table of the name while this peer was on its way, and
    discovery still shows the table it left: the member's hello names its new table, so the
    peer gives the old one up after one try (a clean-clone CI run: two peers waited out the
    whole 20 s patience at the door of a table nobody was in, and the game missed its 60 s)."""
    from net.wire.identity import fingerprint

    async def go():
        member_id, newcomer_id = identities(2)
        member = TableNode(member_id, fast_options(discovery=False))
        newcomer = TableNode(newcomer_id, fast_options())
        await member.open()
        await newcomer.open()
        left = bytes(15) + b"\x02"
        member.create("night", "dragon", 4, get_game("dragon").configure({}, 4)[0],
                      table=bytes(15) + b"\x01")  # where it went
        where = (LOOPBACK, member.mesh.port)
        newcomer.discovery = Heard(replace(lobby_listing(left, where),
                                           keys=(fingerprint(member_id.public),)))
        try:
            began = time.monotonic()
            assert not await get_in(newcomer, [where], left, "night", patience=20)
            assert time.monotonic() - began < 8  # one dial's patience, not the table's
        finally:
            newcomer.discovery = None
            await close_all([member, newcomer])
    asyncio.run(go())


def test_a_lobby_everyone_else_left_is_deserted():
    """A peer that holds a table's lobby (its game is known) with nobody else in it: the
    table is gone, whatever discovery's caches say; a lobby whose game is not known yet (the
    peer's own join, before the members' records came) is not."""
    async def go():
        first_id, second_id = identities(2)
        first = TableNode(first_id, fast_options(discovery=False))
        second = TableNode(second_id, fast_options(discovery=False))
        await first.open()
        await second.open()
        first.create("night", "dragon", 4, get_game("dragon").configure({}, 4)[0])
        try:
            assert not deserted(second)  # no table yet
            assert await second.join([(LOOPBACK, first.mesh.port)], first.table, "night")
            await wait_until(lambda: inside(second), what="the lobby with both")
            assert not deserted(second)
            await first.move(bytes(15) + b"\x01")  # it leaves for an older table
            await wait_until(lambda: deserted(second), what="the leave at the other")
        finally:
            await close_all([first, second])
    asyncio.run(go())


def test_a_peer_back_at_a_table_it_moved_away_from_is_a_member_and_sits_again():
    """A race on a lossy Wi-Fi can send a peer to another table and back. Its records at
    the first table go on where they stopped: a fresh count would sign a second record
    numbered like its first join (an equivocation the members refuse), and the peer would
    stand in the lobby for ever, a member to nobody."""
    async def go():
        first_id, second_id = identities(2)
        first = TableNode(first_id, fast_options())
        second = TableNode(second_id, fast_options())
        await first.open()
        await second.open()
        first.create("night", "dragon", 4, get_game("dragon").configure({"hands": 1}, 4)[0])
        table, address = first.table, [(LOOPBACK, first.mesh.port)]
        try:
            assert await second.join(address, table, "night")
            await wait_until(lambda: inside(second), what="the lobby with both")
            second.lobby_op("sit", 2)
            await wait_until(lambda: first.lobby.state().seat_of(second_id.public) == 2,
                             what="the seat taken")
            await second.move(bytes(15) + b"\x01")  # an older table, it thinks
            await wait_until(lambda: second_id.public not in first.lobby.state().members,
                             what="the leave at the first")
            await second.move(table)  # that one was a ghost: back
            # on a slow link its join is signed before the members' records reach it
            second.lobby_op("join", second_id.name, LOOPBACK, second.mesh.port)
            assert await get_in(second, address, table, "night", patience=10)
            await wait_until(lambda: second_id.public in first.lobby.state().members,
                             what="the member back at the first")
            second.lobby_op("sit", 3)
            for node in (first, second):
                await wait_until(lambda n=node: n.lobby.state().seat_of(second_id.public) == 3,
                                 what="the seat taken again")
            await wait_until(lambda: [r.raw for r in first.lobby.ordered()]
                             == [r.raw for r in second.lobby.ordered()],
                             what="one lobby: the same records at both")
        finally:
            await close_all([first, second])
    asyncio.run(go())


def test_a_peer_whose_old_leave_reaches_it_after_its_new_join_joins_again():
    """A peer restarted without its lobby (another process, the same key) joins a table it
    had left: its old records, caught up from the members after its new join, end in its
    old leave, which would leave it a member in nobody's lobby, its own included; it signs a
    join after everything it holds, and takes its seat."""
    async def go():
        first_id, second_id = identities(2)
        first, before = TableNode(first_id, fast_options()), TableNode(second_id, fast_options())
        await first.open()
        await before.open()
        first.create("night", "dragon", 4, get_game("dragon").configure({"hands": 1}, 4)[0])
        table, address = first.table, [(LOOPBACK, first.mesh.port)]
        after = TableNode(second_id, fast_options())
        try:
            assert await before.join(address, table, "night")
            before.lobby_op("sit", 2)
            await before.move(bytes(15) + b"\x01")
            await wait_until(lambda: second_id.public not in first.lobby.state().members,
                             what="the leave at the first")
            await before.close()
            old = [r for r in first.lobby.ordered() if r.signer == second_id.public]
            await after.open()
            after.membership.set_table(table, "night")
            after.lobby_op("join", second_id.name, LOOPBACK, after.mesh.port)
            for record in old[1:]:  # its sit and leave come late (its old join is a twin)
                after.membership.accept(record, None)
            assert after.membership.is_member()
            assert await get_in(after, address, table, "night", patience=10)
            after.lobby_op("sit", 1)
            await wait_until(lambda: first.lobby.state().seat_of(second_id.public) == 1,
                             what="its seat at the first")
        finally:
            await close_all([first, after])
    asyncio.run(go())
