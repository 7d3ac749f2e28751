"""Hidden hands between real `hoard peer` processes: Dragon Den and Dragons Wild played to
the end over the mental-poker deck, what a peer received shows it no other seat's card, and
a peer that plays a card it does not hold is named by every peer.
"""

import json
import sys

import pytest

from net.disk.journal import read_entries
from tests.e2e.test_lan_table import GAME_TIMEOUT, agree
from tests.e2e.test_lan_table import peer as lan_peer
from tests.net.secrecy import journal_records, replay_and_check
from tools.lab.processes import Proc, step_of

#: headless peers with room to spare in their waits (12 s of 60): beside the serial group
pytestmark = pytest.mark.alongside

WATCHED_PORT = 47001  # the namespace is the test's own: any port is free


def peer(lan, tmp_path, i: int, table: str, game: str, seats: int, *extra, **kwargs) -> Proc:
    # think 2: a watchable pace, so the spectator finds the table in time
    return lan_peer(lan, tmp_path, i, table, *extra, game=game, seats=seats, think=2, **kwargs)


def spectator(lan, tmp_path, table: str, port: int) -> Proc:
    """A spectator of the peer listening on `port` (straight there: no discovery wait)."""
    return Proc(lan, ["peer", "--spectate", table, "--connect", f"127.0.0.1:{port}",
                      "--no-discovery", "--config-dir", str(tmp_path / "watcher"),
                      "--timeout", str(GAME_TIMEOUT)])


@pytest.mark.parametrize("game,port", [("den", 47002), ("wild", 47003)])
def test_three_peers_play_with_hidden_hands_to_a_clean_audit(lan, tmp_path, game, port):
    # the watcher is seated in the lobby, before any deal: a short game cannot end first
    first = peer(lan, tmp_path, 0, game, game, 3, "--port", str(port))
    first.wait_line(lambda line: line.startswith("created"), GAME_TIMEOUT)
    watcher = spectator(lan, tmp_path, game, port)
    watcher.wait_line(lambda line: line.startswith("watching"), GAME_TIMEOUT)
    peers = [first, *(peer(lan, tmp_path, i, game, game, 3) for i in (1, 2))]
    results = [p.finish(GAME_TIMEOUT) for p in peers]
    agree([*results, watcher.finish(GAME_TIMEOUT)])
    assert all(p.wait_line(lambda line: line.startswith("audit clean"), 1) for p in peers)
    # everything peer 1 received is in its journal: replayed as seat 1 and as a spectator,
    # no step shows a card of another seat's hand before it is turned up
    journal = tmp_path / "peer1" / "tables" / f"{game}.journal"
    start, frames, secrets = journal_records(read_entries(journal)[0])
    for who, kept in ((results[1]["seat"], secrets), (None, ())):
        replica = replay_and_check(start, frames, who, kept)
        assert replica.game.public_hash(replica.state) == results[0]["final_hash"]


def test_a_peer_interrupted_mid_game_hands_its_seat_on_and_the_others_finish(lan, tmp_path):
    peers = [peer(lan, tmp_path, i, "rest", "wild", 3) for i in range(3)]
    leaver = peers[2]
    leaver.wait_line(lambda line: step_of(line) >= 20, GAME_TIMEOUT)
    assert leaver.stop() == 130  # SIGTERM: leave gracefully
    left = json.loads(leaver.lines[-1])
    assert left["left"] >= 20 and left["heir"] != left["seat"]
    results = [p.finish(GAME_TIMEOUT) for p in peers[:2]]
    agree(results)
    heir = next(p for p, r in zip(peers, results, strict=False) if r["seat"] == left["heir"])
    leaver_name = f"p{peers.index(leaver)}"
    assert heir.wait_line(lambda line: line == f"{leaver_name} left the table; you play on "
                                              "for them.", 1)  # client.notices.left


def test_a_peer_that_plays_a_card_it_does_not_hold_is_named_by_every_peer(lan, tmp_path):
    # three hands, not one: a hand can end before the cheat has laid any card at all
    longer = ("--option", "hands=3")
    honest = peer(lan, tmp_path, 1, "cheat", "den", 2, "--port", str(WATCHED_PORT), *longer)
    honest.wait_line(lambda line: line.startswith("created"), GAME_TIMEOUT)
    watcher = spectator(lan, tmp_path, "cheat", WATCHED_PORT)  # watching from the lobby on
    watcher.wait_line(lambda line: line.startswith("watching"), GAME_TIMEOUT)
    cheat = peer(lan, tmp_path, 0, "cheat", "den", 2, *longer, command=(sys.executable, "-m",
                 "tools.lab.cheater", "peer"), hoard=False)
    for proc in (cheat, honest, watcher):
        assert proc.popen.wait(GAME_TIMEOUT) == 3, proc.lines[-3:]
        stopped = proc.wait_line(lambda line: line.startswith("table stopped:"), 5)
        assert stopped.startswith("table stopped: p0 cheated")
        assert "cheated: played a card it does not hold" in stopped
