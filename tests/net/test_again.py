"""Play again through the bridge (net.face.again): the next table is met without discovery, a
late player folds into it, and a player who stands up leaves a seat a bot takes."""

import time

from engine.registry import get_game
from net.face.again import Again, AgainOpened, AgainRefused
from net.face.bridge import Create, Join, LobbyOp, LobbyUpdate, NetBridge, PlayWith, Vote
from net.peer.events import Finished, GameStarted, LobbyChanged
from net.wire.start import successor
from tests.net.helpers import LOOPBACK, fast_options, identities
from tests.net.test_bridge import wait_for

DEADLINE = 60


def _first_match(until) -> tuple[list[NetBridge], GameStarted]:
    """Two players and a bot play one hand of Dragon Den to its end, bots for everyone."""
    bridges = [NetBridge(i, fast_options()) for i in identities(2)]
    for bridge in bridges:
        bridge.start()
        bridge.send(PlayWith("greedy"))
    host, guest = bridges
    config, _ = get_game("den").configure({"hands": 1}, 3)
    host.send(Create("again", "den", 3, tuple(config.items())))
    host.send(LobbyOp("sit", (0,)))
    host.send(LobbyOp("bot", (2, "easy")))
    guest.send(Join(((LOOPBACK, host.port),)))
    wait_for(guest, LobbyChanged, until, lambda u: u.state.game == "den")
    guest.send(LobbyOp("sit", (1,)))
    for bridge in bridges:
        wait_for(bridge, LobbyChanged, until, lambda u: u.state.taken == 3)
        bridge.send(Vote())
    started = wait_for(host, GameStarted, until)
    for bridge in bridges:
        wait_for(bridge, Finished, until)
    return bridges, started


def test_both_play_again_the_late_one_folds_in_and_the_next_match_starts():
    until = time.monotonic() + DEADLINE
    bridges, first = _first_match(until)
    try:
        host, guest = bridges
        host.send(Again(None))
        wait_for(host, AgainOpened, until)
        time.sleep(0.5)  # the guest still shows the result: its node refuses the host's dials
        guest.send(Again(None))
        starts = [wait_for(b, GameStarted, until) for b in bridges]
        assert {s.start.table for s in starts} == {successor(first.start.table)}
        assert all(s.start.seats == first.start.seats for s in starts)
        assert [s.seat for s in starts] == [0, 1]
        for bridge in bridges:
            wait_for(bridge, Finished, until)  # the bots play the second match out too
    finally:
        for bridge in bridges:
            bridge.stop()


def test_a_player_who_stands_up_leaves_a_seat_the_others_give_a_bot():
    until = time.monotonic() + DEADLINE
    bridges, first = _first_match(until)
    try:
        host, _guest = bridges  # the guest goes back to the lobby: it never opens the next
        host.send(Again(None))
        wait_for(host, LobbyUpdate, until, lambda u: u.state.taken == 2)
        host.send(LobbyOp("bot", (1, "easy")))
        wait_for(host, LobbyUpdate, until, lambda u: u.proposal is not None)
        host.send(Vote())  # the seating changed: Play again's vote was for the old one
        started = wait_for(host, GameStarted, until)
        assert started.start.seats[1].bot == "easy" and started.start.seats[0] == \
            first.start.seats[0]
    finally:
        for bridge in bridges:
            bridge.stop()


def test_play_again_before_the_match_ends_is_refused_in_words():
    bridge = NetBridge(identities(1)[0], fast_options())
    bridge.start()
    try:
        bridge.send(Again(None))
        refused = wait_for(bridge, AgainRefused, time.monotonic() + 10)
        assert refused.reason == "the match has not finished"
    finally:
        bridge.stop()
