"""Every wait says what it waits for (net.table.liveness): whose move, since when; a bot that
never moves, or a wait on nobody, stops the table with a report instead of silence."""

import asyncio

import pytest

from engine.games.dragon.bot import GreedyBot
from net.errors import TableFault
from net.peer.events import Fault, Left
from net.table.liveness import MoveWait, MoveWatch
from tests.net.helpers import LocalTable, close_all, deal, identities, live_table, start_config


def frozen_at(table: LocalTable, seat: int):
    """Step with bots until `seat` alone is to act, then stop every bot: nobody moves again."""
    first = table.replicas[min(table.replicas)]
    deal(table)
    while tuple(first.game.to_act(first.state)) != (seat,):
        table.step()
    for bots in table.bots.values():
        bots.bots.clear()
    return first


def test_after_a_few_seconds_every_peer_says_whose_move_it_waits_for():
    ids = identities(4)
    table = LocalTable(start_config(ids), ids)
    replica = frozen_at(table, 2)
    watch = MoveWatch(notice=5, stall=30)
    assert watch.observe(replica, 100.0) is None  # the wait begins
    assert watch.observe(replica, 104.0) is None  # a move may take a few seconds
    said = watch.observe(replica, 106.0)
    assert said == MoveWait((2,), ("player2",), 100.0)
    assert watch.observe(replica, 107.0) is None  # said once
    assert watch.observe(replica, 1000.0) is None  # a person may think: no stall


def test_a_bot_that_never_moves_stops_the_table_naming_the_seat_and_its_host():
    ids = identities(3)
    table = LocalTable(start_config(ids, bots={3: "greedy"}), ids)
    replica = frozen_at(table, 3)
    watch = MoveWatch(notice=5, stall=30)
    watch.observe(replica, 0.0)
    assert watch.observe(replica, 29.0).seats == (3,)
    with pytest.raises(TableFault) as stalled:
        watch.observe(replica, 31.0)
    assert stalled.value.kind == "stall" and stalled.value.step == replica.applied
    assert "Bot 4 · easy is played by player0's bot, which made no move for 31 s" in \
        stalled.value.report
    assert "step" not in stalled.value.report, "a player's words: the fault holds its step"


def test_once_the_game_moves_the_wait_is_taken_back():
    ids = identities(4)
    table = LocalTable(start_config(ids), ids)
    replica = frozen_at(table, 1)
    watch = MoveWatch(notice=5, stall=30)
    watch.observe(replica, 0.0)
    assert watch.observe(replica, 6.0).seats == (1,)
    table.bots = {s: table._seat_bots(s) for s in table.replicas}
    while 1 in replica.game.to_act(replica.state):
        table.step()
    assert watch.observe(replica, 7.0) == MoveWait((), (), 0.0)


def test_a_live_table_whose_heirs_bot_stops_moving_ends_with_a_stall_report(monkeypatch):
    """A bug that silences the bot playing a leaver's seat ends the table with a report
    naming the seat, its heir and what the bot was doing, not a silent wait. The heir
    says it (only it knows whether the seat has a move to make: in Dragon's opening every
    seat is waited on, and only the holder of the Three of Stars can lead); the others
    stop too — with such a report when the game waits on that seat alone, else once the
    heir, stopped, is silent past their patience (and the next heir's bot plays it)."""
    honest = GreedyBot.choose
    monkeypatch.setattr(GreedyBot, "choose", lambda self, game, obs: None
                        if obs.seat == 3 else honest(self, game, obs))

    async def go():
        nodes = await live_table(4, stall_after=1.0, void_after=2.0)
        try:
            nodes[3].leave()
            assert isinstance(await nodes[3].wait(30), Left)
            heir = await nodes[0].wait(30)
            assert isinstance(heir, Fault) and heir.kind == "stall", heir
            assert "player3 is played by player0's bot, which made no move for" in \
                heir.report and heir.report.endswith(": not thinking"), heir.report
            for fault in await asyncio.gather(*(n.wait(30) for n in nodes[1:3])):
                assert isinstance(fault, Fault), fault
                assert fault.kind != "stall" or "player3 is played by player" in \
                    fault.report, fault  # (by player0's bot, or by the next heir's)
        finally:
            await close_all(nodes)
    asyncio.run(go())
