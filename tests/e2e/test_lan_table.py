"""Whole games of Dragon between real `hoard peer` processes, found by real multicast
discovery, with hidden hands (the mental-poker deck) and a clean audit at the end.

Every process runs in a private network namespace whose only interface is a
multicast-capable loopback (tools.lab.netns): nothing leaves the machine.
"""

import json
import random
import sys
import time

from tools.lab.processes import Proc, step_of

GAME_TIMEOUT = 60


def peer(lan, tmp_path, i: int, table: str, *extra, game: str = "dragon", seats: int = 4,
         think: int = 1, command=("peer",), hoard: bool = True) -> Proc:
    """`hoard peer` number i at `table`, a greedy bot in its seat, one hand; `command` and
    `hoard` run another program in its place (a cheating peer)."""
    return Proc(lan, [*command, "--table", table, "--game", game, "--seats", str(seats),
                      "--bot", "greedy", "--option", "hands=1", "--name", f"p{i}",
                      "--config-dir", str(tmp_path / f"peer{i}"), "--interface", "lo",
                      "--timeout", str(GAME_TIMEOUT), "--think", str(think), *extra],
                hoard=hoard)


def agree(results: list[dict], lossy: bool = False) -> None:
    """One hash, one score list, a clean audit; and honest peers drop nothing but stray
    records of a merged table — on a `lossy` link also a connection whose hello TCP was
    still resending when the peer's patience for it ran out (lost at 0, 1 and 3 s)."""
    assert len({r["final_hash"] for r in results}) == 1, results
    assert len({tuple(r["scores"]) for r in results}) == 1, results
    assert {r["audit"] for r in results} == {"clean"}, results  # hands were hidden, none lied
    honest = {"other-table", "no-hello"} if lossy else {"other-table"}
    for result in results:
        reasons = {reason for counts in result["dropped"].values() for reason in counts}
        assert reasons <= honest, result["dropped"]


def test_four_peers_play_dragon_and_a_late_spectator_agrees(lan, tmp_path):
    # paced so the game outlives a spectator's start-up and browse even on a busy machine
    peers = [peer(lan, tmp_path, i, "night", think=3) for i in range(4)]
    started = peers[0].wait_line(lambda line: step_of(line) >= 8, GAME_TIMEOUT)
    spectator = Proc(lan, ["peer", "--spectate", "night", "--config-dir",
                           str(tmp_path / "watcher"), "--interface", "lo",
                           "--timeout", str(GAME_TIMEOUT)])
    results = [p.finish(GAME_TIMEOUT) for p in peers]
    watched = spectator.finish(GAME_TIMEOUT)
    agree([*results, watched])
    assert sorted(r["seat"] for r in results) == [0, 1, 2, 3] and watched["seat"] is None
    assert step_of(started) < results[0]["step"]  # the spectator came in mid-game
    assert spectator.wait_line(lambda line: line.startswith("watching table night"), 1)
    first = min(step_of(line) for line in peers[0].lines if step_of(line) >= 0)
    assert any(step_of(line) == first for line in spectator.lines)  # it saw from the start


def test_a_peer_killed_mid_game_comes_back_from_its_journal(lan, tmp_path):
    rng = random.Random()
    victim_index, kill_at = rng.randrange(4), rng.randint(3, 40)
    print(f"killing p{victim_index} at step {kill_at}")  # shown if the test fails
    peers = [peer(lan, tmp_path, i, "dawn") for i in range(4)]
    victim = peers[victim_index]
    victim.wait_line(lambda line: step_of(line) >= kill_at, GAME_TIMEOUT)
    victim.kill()
    witness = peers[(victim_index + 1) % 4]
    witness.wait_line(lambda line: line == f"waiting for p{victim_index}", 15)
    reborn = Proc(lan, victim.argv)  # the very same command
    reborn.wait_line(lambda line: line.startswith("resumed table dawn"), 15)
    results = [p.finish(GAME_TIMEOUT) for p in peers if p is not victim]
    results.append(reborn.finish(GAME_TIMEOUT))
    agree(results)
    assert witness.wait_line(lambda line: line.startswith("no longer waiting"), 1)


def test_a_peer_whose_journal_was_deleted_takes_its_seat_back_and_the_hand_is_void_at_once(
        lan, tmp_path):
    # --void-after is long: the void comes from the rejoined peer's word, not a timeout
    peers = [peer(lan, tmp_path, i, "dusk", "--void-after", "60") for i in range(4)]
    victim = peers[3]
    victim.wait_line(lambda line: step_of(line) >= 5, GAME_TIMEOUT)
    victim.kill()
    (tmp_path / "peer3" / "tables" / "dusk.journal").unlink()
    reborn = Proc(lan, victim.argv)  # the very same command, its journal gone
    reborn.wait_line(lambda line: line.startswith("rejoining table dusk"), 15)
    reborn.wait_line(lambda line: line.startswith("took seat"), 15)
    assert not any(line.startswith("created") for line in reborn.lines)
    reports = set()
    for one in [*peers[:3], reborn]:  # everyone voids the hand at the same step, naming it
        assert one.popen.wait(15) == 3
        result = json.loads(one.lines[-1])
        assert result["fault"] == "void"
        reports.add((result["step"], result["report"]))
    [(_, report)] = reports
    assert "p3 lost its journal" in report


def test_a_stranger_advertising_the_same_name_with_the_lowest_id_pulls_nobody_over(
        lan, tmp_path):
    """Security case 9: two members wait in a lobby; a stranger then advertises a lobby of
    the same name with id 00…0. The merge rule heals only a race at creation, so nobody
    moves, and when a third friend joins the table plays to the end."""
    port = 47011
    first = peer(lan, tmp_path, 0, "capture", "--add-bots", "1", "--port", str(port))
    first.wait_line(lambda line: line.startswith("lobby:"), 20)
    second = peer(lan, tmp_path, 1, "capture")
    first.wait_line(lambda line: "p1" in line and line.startswith("lobby:"), 20)
    time.sleep(1.0)  # the table is up and has company: what appears now is no race
    squatter = Proc(lan, [sys.executable, "-m", "tests.e2e.squatter", "capture", "47012", "8"],
                    hoard=False)
    squatter.wait_line(lambda line: line == "advertising", 20)
    time.sleep(3)  # six looks by the merge rule
    third = peer(lan, tmp_path, 2, "capture", "--connect", f"127.0.0.1:{port}")
    peers = [first, second, third]
    agree([p.finish(GAME_TIMEOUT) for p in peers])
    assert not any("moving to the older table" in line for p in peers for line in p.lines)
    squatter.kill()
