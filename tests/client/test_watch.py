"""Watching: from the lobby, a window watches a table of real `hoard peer` processes in play,
seatless — the public view only, no hand — snapped to the present, to the same final scores."""

import asyncio

import pytest

from net.finding.discovery import Listing
from net.peer.events import TableSeen
from tests.client.test_left_behind import Frames
from tests.client.test_window import name_yourself
from tools.lab.peer_table import PeerTable
from tools.lab.stranger import Stranger

pytestmark = pytest.mark.slow


def table_id(port: int) -> bytes:
    async def ask():
        guest = await Stranger().connect(port)
        guest.close()
        return guest.table
    return asyncio.run(ask())


def list_table(driver, port: int, table: bytes) -> str:
    """The lobby is shown the table as discovery would list it."""
    key = table.hex()
    listing = Listing(key, "night", "dragon", 4, 4, "playing", (("127.0.0.1", port),))
    driver.app.session.bridge.updates.put(TableSeen("appeared", listing))
    driver.wait_for(lambda: key in driver.app.session.tables, "the table to be listed")
    return key


def test_a_window_watches_a_game_in_play_from_the_lobby_to_the_same_end(window, tmp_path):
    """Every frame the spectator draws is read: the first hand's result is shown between
    the hands, and never once the next hand plays (issue 38: a spectator who arrived saw
    the last hand's result for seconds into the next)."""
    table = PeerTable(tmp_path, humans=1, think=2, hands=2)
    try:
        table.playing(20)
        driver = window
        frames = Frames(driver.app)
        name_yourself(driver)
        key = list_table(driver, table.port, table_id(table.port))
        driver.click(f"table:{key}")
        driver.click("watch")  # two clicks from the lobby to watching
        driver.wait_for(lambda: driver.app.scene.name == "table", "the table to show", 20)
        session, renderer = driver.app.session, driver.app.scene.renderer
        assert session.watching and session.seat is None
        driver.wait_for(lambda: session.ending is not None, "the match to end", 90)
        assert not renderer.hand and session.view.view.cards is None
        assert "stop" not in driver.targets() and "lobby" in driver.targets()
        [result] = table.results()  # the peer's own end, once it has printed it
        assert session.ending.kind == "finished" and list(session.ending.scores) == \
            result["scores"]
        assert list(session.view.view.chips) == result["scores"]
        assert frames.results and not frames.wrong, frames.wrong
    finally:
        table.kill()
