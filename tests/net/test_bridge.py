"""The bridge: a UI thread drives a seat through queues while the loop runs in its own thread."""

import queue
import threading
import time

from engine.registry import get_game
from net.face.bridge import (
    Create,
    Join,
    JoinFailed,
    LobbyOp,
    NetBridge,
    PlayWith,
    Submit,
    ViewUpdate,
    Vote,
)
from net.peer.events import Finished, GameStarted, LobbyChanged, StepApplied
from tests.net.helpers import LOOPBACK, fast_options, identities

DEADLINE = 30


def next_update(bridge, until):
    remaining = until - time.monotonic()
    assert remaining > 0, "the bridge went quiet"
    return bridge.updates.get(timeout=remaining)


def wait_for(bridge, kind, until, check=lambda u: True):
    while True:
        update = next_update(bridge, until)
        if isinstance(update, kind) and check(update):
            return update


def test_a_ui_thread_plays_a_seat_through_the_bridge():
    bridges = [NetBridge(i, fast_options()) for i in identities(4)]
    for bridge in bridges:
        bridge.start()
    until = time.monotonic() + DEADLINE
    try:
        ui = bridges[0]
        assert threading.current_thread() is not ui._thread
        config, _ = get_game("dragon").configure({"hands": 1}, 4)
        ui.send(Create("bridged", "dragon", 4, tuple(config.items())))
        ui.send(LobbyOp("sit", (0,)))
        for seat, bridge in enumerate(bridges[1:], start=1):
            bridge.send(Join(((LOOPBACK, ui.port),)))
            wait_for(bridge, LobbyChanged, until, lambda u: u.state.game == "dragon")
            bridge.send(LobbyOp("sit", (seat,)))
            bridge.send(PlayWith("greedy"))
        for bridge in bridges:  # vote once this peer sees every seat filled
            wait_for(bridge, LobbyChanged, until, lambda u: u.state.taken == 4)
            bridge.send(Vote())
        started = wait_for(ui, GameStarted, until)
        assert started.seat == 0
        submitted = steps = 0
        while True:
            update = next_update(ui, until)
            if isinstance(update, StepApplied):
                steps += 1
            if isinstance(update, ViewUpdate) and update.legal:
                assert update.seat == 0 and update.view.cards is not None
                ui.send(Submit(update.legal[0]))
                submitted += 1
            if isinstance(update, Finished):
                break
        finals = {wait_for(b, Finished, until).final_hash for b in bridges[1:]}
        assert finals == {update.final_hash} and submitted > 0 and steps > 0
    finally:
        for bridge in bridges:
            bridge.stop()
    assert not any(b._thread.is_alive() for b in bridges)


def test_updates_are_a_plain_thread_safe_queue():
    bridge = NetBridge(identities(1)[0], fast_options())
    bridge.start()
    try:
        assert isinstance(bridge.updates, queue.Queue) and bridge.port > 0
        bridge.send(Create("solo", "dragon", 4, ()))
        update = wait_for(bridge, LobbyChanged, time.monotonic() + 5,
                          lambda u: u.state.game == "dragon")
        assert update.state.name == "solo" and len(update.state.seats) == 4
    finally:
        bridge.stop()


def test_a_join_where_nothing_answers_is_reported():
    bridge = NetBridge(identities(1)[0], fast_options())
    bridge.start()
    try:
        assert (bridge.host, bridge.port > 0) == (LOOPBACK, True)
        nowhere = ((LOOPBACK, 1),)  # nothing listens on port 1
        bridge.send(Join(nowhere))
        failed = wait_for(bridge, JoinFailed, time.monotonic() + 10)
        assert failed.addresses == nowhere
    finally:
        bridge.stop()
