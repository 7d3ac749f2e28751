"""Live nodes on loopback in one process: lobby, game, restart from the journal, spectators."""

import asyncio

from engine.registry import get_game
from net.disk.journal import Journal
from net.face.replay import replay
from net.peer.events import Fault, Finished, StepApplied, Waiting
from net.peer.node import TableNode
from tests.net.helpers import (
    LOOPBACK,
    close_all,
    fast_options,
    identities,
    live_table,
    wait_until,
)

TIMEOUT = 30


def agree(results) -> str:
    assert all(isinstance(r, Finished) for r in results), results
    assert len({r.final_hash for r in results}) == 1
    assert len({r.scores for r in results}) == 1
    return results[0].final_hash


async def results_of(nodes):
    return await asyncio.gather(*(n.wait(TIMEOUT) for n in nodes))


def test_four_nodes_play_dragon_to_one_hash():
    async def go():
        nodes = await live_table(4)
        try:
            agree(await results_of(nodes))
            assert all(not n.mesh.dropped for n in nodes)
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_the_table_outlives_its_first_peer():
    async def go():
        first, second, third, fourth = nodes = [TableNode(i, fast_options())
                                                for i in identities(4)]
        for node in nodes:
            await node.open()
            node.play_with("greedy")
        config, _ = get_game("dragon").configure({"hands": 1}, 4)
        first.create("lasting", "dragon", 4, config)
        first.lobby_op("sit", 0)
        assert await second.join([(LOOPBACK, first.mesh.port)])
        await wait_until(lambda: second.lobby.state().game, what="the lobby")
        second.lobby_op("sit", 1)
        await first.close()  # the creator leaves before the game
        await wait_until(lambda: first.identity.public not in second.lobby.state().members,
                         what="the leave")
        for node, seat in ((third, 0), (fourth, 2)):
            assert await node.join([(LOOPBACK, second.mesh.port)])
            await wait_until(lambda node=node: node.lobby.state().game, what="the lobby")
            node.lobby_op("sit", seat)
        second.lobby_op("bot", 3, "greedy")
        players = [second, third, fourth]
        await wait_until(lambda: all(n.lobby.state().proposal(n.table) for n in players),
                         what="a full table")
        for node in players:
            node.lobby_op("start", node.lobby.state().proposal(node.table).encode())
        try:
            agree(await results_of(players))
            assert third.replica.controls[0] == (0, 3)  # the lowest human hosts the bot
        finally:
            await close_all(players)
    asyncio.run(go())


def test_a_node_that_dies_resumes_from_its_journal_and_the_game_ends(tmp_path):
    async def go():
        seen = []
        journals = [Journal.open(tmp_path / f"j{i}") for i in range(4)]
        nodes = await live_table(4, think=2, listeners=[seen.append, None, None, None],
                                 journals=journals)
        victim = nodes[2]
        await wait_until(lambda: victim.replica.applied > 12, what="a few steps")
        await victim.close()  # as good as a crash: no goodbye, the journal is all it keeps
        await wait_until(lambda: any(isinstance(e, Waiting) and e.names for e in seen),
                         what="the others to wait")
        waited = next(e for e in seen if isinstance(e, Waiting) and e.names)
        assert waited.names == (victim.identity.name,)
        reborn = TableNode(victim.identity, fast_options(), None, Journal.open(tmp_path / "j2"))
        await reborn.open()
        reborn.play_with("greedy", 2)
        assert reborn.resume(reborn.journal.entries)
        assert reborn.replica.applied >= 12
        players = [nodes[0], nodes[1], reborn, nodes[3]]
        try:
            agree(await results_of(players))
        finally:
            await close_all(players)
    asyncio.run(go())


def test_a_spectator_joins_mid_game_and_reaches_the_same_hash():
    async def go():
        nodes = await live_table(4, think=2)
        await wait_until(lambda: nodes[0].replica.applied > 20, what="the game to run")
        spectator = TableNode(identities(1)[0], fast_options(), role="spectator")
        await spectator.open()
        assert await spectator.join([(LOOPBACK, nodes[1].mesh.port)])
        await wait_until(lambda: spectator.replica and spectator.replica.applied > 10,
                         what="the spectator to catch up")
        for conn in nodes[1].mesh.live("spectator"):
            conn.close()  # its peer drops it: it must attach again and go on
        try:
            final = agree(await results_of([*nodes, spectator]))
            assert spectator.seat is None and spectator.replica.me is None
            assert spectator.replica.game.public_hash(spectator.replica.state) == final
            assert spectator.mesh.port == 0  # it never listens, so it never serves frames
        finally:
            await close_all([*nodes, spectator])
    asyncio.run(go())


def test_a_seat_that_goes_quiet_is_played_on_and_the_match_completes(tmp_path):
    """Past the table's patience every other human votes to play on without the silent
    seat: the hand is dealt again without it, the heir's bot plays it, and the match goes
    on — named in every step's news (client.notices words it), never voided. A journal of it
    replays to the same end."""
    heard = [[] for _ in range(4)]
    journals = [Journal.open(tmp_path / f"p{i}.journal") for i in range(4)]

    async def go():
        nodes = await live_table(4, void_after=1.0, listeners=[h.append for h in heard],
                                 journals=journals)
        victim = nodes[3]
        await victim.close()  # gone for good before it could shuffle and lock
        try:
            agree(await results_of(nodes[:3]))
        finally:
            await close_all(nodes)
    asyncio.run(go())
    for said in heard[:3]:  # seat 3 went quiet, and seat 0's bot plays it
        assert [e.applied.quiet for e in said if isinstance(e, StepApplied)
                and e.applied.quiet] == [[(3, 0)]]
    replayed = replay(journals[1].path, own_view=False)
    assert replayed.finished is not None and replayed.finished.final_hash == next(
        e for e in heard[1] if isinstance(e, Finished)).final_hash


def test_two_seats_silent_at_once_void_the_hand_naming_the_silent_never_the_present():
    """Two of four gone: no vote can carry (half the table), so the hand is void, naming
    the seats whose frames the table waits for — both, unless one's frame for the next
    step went out just before it closed — and never a player who is there."""
    async def go():
        nodes = await live_table(4, void_after=1.0)
        for victim in nodes[2:]:
            await victim.close()
        try:
            for fault in await results_of(nodes[:2]):
                assert isinstance(fault, Fault) and fault.kind == "void"
                assert fault.report.startswith("the hand is void: no word for")
                assert "player2" in fault.report or "player3" in fault.report
                assert "player0" not in fault.report and "player1" not in fault.report
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_an_intent_this_peer_knows_is_false_is_not_sent(monkeypatch):
    """Game.vet: what only this peer was shown refuses its own intent before it goes out."""
    from engine.errors import IllegalAction
    from engine.games.dragon.rules import Pass
    from net.peer.events import Notice

    heard = []

    def vet(state, action):
        raise IllegalAction("D1", "this peer knows better")

    async def go():
        nodes = await live_table(4, listeners=[heard.append, None, None, None])
        try:
            monkeypatch.setattr(nodes[0].replica.game, "vet", vet)
            nodes[0].submit(Pass(0))
            assert not nodes[0].stepper.intents
            assert Notice("not sent: this peer knows better (rule D1)") in heard
        finally:
            await close_all(nodes)
    asyncio.run(go())


def fault_of_a_bug(monkeypatch, caplog, part: str, message: str) -> Fault:
    """The fault node 1 of a live table stops with when its stepper's `part` raises: the
    player reads where to look, the log (never the window) has the exception."""
    async def go():
        nodes = await live_table(4)
        try:
            def broken(*args):
                raise RuntimeError(message)

            monkeypatch.setattr(nodes[1].stepper, part, broken)
            return await nodes[1].wait(TIMEOUT)
        finally:
            await close_all(nodes)
    fault = asyncio.run(go())
    assert isinstance(fault, Fault) and fault.kind == "bug"
    assert "hoard.log says how" in fault.report and "Error" not in fault.report
    assert f"RuntimeError: {message}" in caplog.text
    return fault


def test_a_node_task_that_dies_stops_the_table_with_a_report_not_silence(monkeypatch, caplog):
    fault_of_a_bug(monkeypatch, caplog, "send_frame", "a bug in the stepper")


def test_a_bug_while_taking_a_message_in_stops_the_table_with_a_report_not_silence(
        monkeypatch, caplog):
    """A peer that fails on a frame it takes in (here: its bots, as a step is applied)
    stops with a report. It raised on into the link's reader, which died unseen: the step
    stood applied, the peer's next frame was never signed, and the table waited on it in
    silence until the hand was void."""
    assert "message" in fault_of_a_bug(monkeypatch, caplog, "choose", "a bug in the bots").report


def test_a_seat_that_withholds_its_key_shares_is_named_and_the_hand_voided():
    """Its frames keep coming, empty: the table says whom it waits on and for what, and
    after void_after voids the hand naming it."""
    heard = []

    async def go():
        nodes = await live_table(4, void_after=2.0, listeners=[heard.append, None, None, None])
        withholder = nodes[3]
        outbox = withholder.replica.chance.outbox
        queue = outbox.queue

        def withhold(deck, message):
            if message is None or message[0] != "deck.share":
                queue(deck, message)

        outbox.queue = withhold
        try:
            for fault in await results_of(nodes[:3]):
                assert isinstance(fault, Fault) and fault.kind == "void", fault
                assert f"on {withholder.identity.name}, who owes its key share" \
                    in fault.report
            waits = [e for e in heard if isinstance(e, Waiting)]
            assert waits and all("(its key share" in n for e in waits for n in e.names)
            assert len(waits) <= 3  # said once, not again at every step
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_frames_a_seated_peer_sends_again_are_not_counted_as_attacks():
    """After a partition or a journal repair honest peers resend what the others may have
    missed: a copy of a frame already held, or of an applied step, is dropped uncounted."""
    async def go():
        nodes = await live_table(4, think=2)
        try:
            target, sender = nodes[0], nodes[1]
            await wait_until(lambda: target.replica.applied > 5, what="the game to run")
            conn = sender.mesh.to(target.identity.public)
            for record in sender.replica.frames_at(1) + sender.replica.frames_at(2):
                conn.send(["rec", record.raw])
            agree(await results_of(nodes))
            assert not target.mesh.dropped, target.mesh.dropped
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_two_peers_restarted_at_once_listen_where_the_table_knows_them(tmp_path):
    """Each dials the other's port from before the crash: that port is its again."""
    async def go():
        journals = [Journal.open(tmp_path / f"j{i}") for i in range(4)]
        nodes = await live_table(4, think=2, journals=journals)
        await wait_until(lambda: nodes[2].replica.applied > 12, what="a few steps")
        crashed = [nodes[2], nodes[3]]
        ports = [n.mesh.port for n in crashed]
        for node in crashed:
            await node.close()
        reborn = []
        for node, i in zip(crashed, (2, 3), strict=True):
            again = TableNode(node.identity, fast_options(), None,
                              Journal.open(tmp_path / f"j{i}"))
            await again.open()
            again.play_with("greedy", 2)
            assert again.resume(again.journal.entries)
            reborn.append(again)
        await wait_until(lambda: [n.mesh.port for n in reborn] == ports,
                         what="the old ports")
        await wait_until(lambda: reborn[0].mesh.to(reborn[1].identity.public) is not None,
                         what="the two restarted peers to connect")
        players = [nodes[0], nodes[1], *reborn]
        try:
            agree(await results_of(players))
        finally:
            await close_all(players)
    asyncio.run(go())


async def _watching(nodes, **options) -> TableNode:
    spectator = TableNode(identities(1)[0], fast_options(**options), role="spectator")
    await spectator.open()
    assert await spectator.join([(LOOPBACK, nodes[1].mesh.port)])
    await wait_until(lambda: spectator.replica and spectator.replica.applied > 5,
                     what="the spectator to catch up")
    return spectator


def test_a_spectator_cut_off_across_the_end_finishes_with_the_same_hash(monkeypatch):
    async def go():
        nodes = await live_table(4, think=1, linger=10.0)
        spectator = await _watching(nodes)
        monkeypatch.setattr(spectator.links, "_dial", lambda *args: None)  # the link is down
        for conn in spectator.mesh.live("peer"):
            conn.close()
        await wait_until(lambda: all(n.finished for n in nodes), timeout=TIMEOUT,
                         what="the end")
        assert spectator.finished is None
        monkeypatch.undo()  # the link returns while the peers linger
        try:
            agree(await results_of([*nodes, spectator]))
        finally:
            await close_all([*nodes, spectator])
    asyncio.run(go())


def test_a_spectator_whose_table_is_gone_says_it_lost_the_table():
    async def go():
        nodes = await live_table(4, think=2)
        spectator = await _watching(nodes, void_after=1.0)
        await close_all(nodes)  # every peer gone mid-game: nobody to come back to
        try:
            fault = await spectator.wait(TIMEOUT)
            assert isinstance(fault, Fault) and fault.kind == "lost"
            assert fault.report.startswith("lost the table: no peer reachable for")
        finally:
            await spectator.close()
    asyncio.run(go())


def test_a_network_without_multicast_leaves_a_node_that_joins_by_address(monkeypatch):
    """Zeroconf cannot start where no interface carries multicast: the node says so and
    opens anyway, and a table is joined through its address."""
    def no_multicast(*args, **kwargs):
        raise OSError(19, "No such device")

    monkeypatch.setattr("net.finding.discovery.AsyncZeroconf", no_multicast)

    async def go():
        said = []
        ids = identities(2)
        nodes = [TableNode(ids[0], fast_options(discovery=True), said.append),
                 TableNode(ids[1], fast_options(discovery=True))]
        try:
            for node in nodes:
                await node.open()
            assert nodes[0].discovery is None
            assert any("no discovery: no multicast on this network" in getattr(e, "text", "")
                       for e in said)
            nodes[0].create("by hand", "den", 2, {})
            assert await nodes[1].join([(LOOPBACK, nodes[0].mesh.port)])
            await wait_until(lambda: len(nodes[0].lobby.state().members) == 2, 10, "the join")
        finally:
            await close_all(nodes)
    asyncio.run(go())


def test_a_spectator_is_told_the_table_stopped_with_the_players_report():
    """Two of four seats gone: the players void the hand. The spectator's frames show no
    reason (the step never filled), so before it waited out its own patience; now the
    player it watches tells it, and it stops at once with the players' report."""
    async def go():
        nodes = await live_table(4, think=2, void_after=1.0)
        spectator = await _watching(nodes, void_after=60.0)
        for victim in nodes[2:]:
            await victim.close()
        try:
            stopped = await results_of(nodes[:2])
            fault = await spectator.wait(10)
            assert isinstance(fault, Fault) and fault.kind == "void"
            assert (fault.step, fault.report) in {(f.step, f.report) for f in stopped}
        finally:
            await close_all([*nodes, spectator])
    asyncio.run(go())
