"""Faults at a table of real `hoard peer` processes: random kill-and-restart points.

Each trial starts a table (Dragon with 4 peers or Dragons Wild with 3, alternating) in a
private loopback namespace, kills one peer with SIGKILL at a random step and restarts it
with the very same command. A trial completes when every peer ends with the same final
hash and a clean audit. "restart_to_playing_s" is the time from the restart to the first
step the restarted peer applies after those in its journal. Then `--pairs` Dragon games
with two peers killed and restarted at once are timed against as many clean ones.

Leave schedules: `--leave-games` four-peer games (Dragon and Dragons Wild, alternating)
for 2 and for 3 players leaving in turn (Ctrl-C) at random steps, the last-started first:
how many complete with every remaining peer agreeing, and the time from the last leave to
the end. A second process: `--seconds` games where, mid-game, a second `hoard peer` is
started with one peer's very command (same identity, same journal): it must be refused,
the table must complete with nobody named a cheater, and the journal must read back.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from net.disk.journal import read_entries
from net.errors import CorruptJournal
from tools.lab.netns import LoopbackNamespace
from tools.lab.processes import Proc, step_of

GAMES = (("dragon", 4), ("wild", 3))
TIMEOUT = 120.0
EXIT_IN_USE = 4  # hoard peer's exit code when its identity or journal is in use elsewhere
RESUMED = re.compile(r"from the journal at step (-?\d+)$")


def add_arguments(parser) -> None:
    parser.add_argument("--trials", type=int, default=40, help="random kill points")
    parser.add_argument("--pairs", type=int, default=3,
                        help="games with two simultaneous restarts (and as many clean ones)")
    parser.add_argument("--leave-games", type=int, default=20,
                        help="games for each leave schedule (2 and 3 leaves in turn)")
    parser.add_argument("--seconds", type=int, default=3,
                        help="games with a second process on one peer's identity")
    parser.add_argument("--seed", type=int, default=None)


def _table(lan, folder: Path, name: str, game: str, seats: int, think: int = 1) -> list[Proc]:
    return [Proc(lan, ["peer", "--table", name, "--game", game, "--seats", str(seats),
                       "--bot", "greedy", "--option", "hands=1", "--name", f"p{i}",
                       "--config-dir", str(folder / f"{name}-{i}"), "--interface", "lo",
                       "--timeout", str(TIMEOUT), "--think", str(think)])
            for i in range(seats)]


def _result(peer: Proc) -> dict | None:
    try:
        return peer.finish(TIMEOUT)
    except (AssertionError, json.JSONDecodeError):
        return None


def _agree(results: list[dict | None]) -> bool:
    return (all(r is not None and "final_hash" in r for r in results)
            and len({r["final_hash"] for r in results}) == 1
            and {r["audit"] for r in results} == {"clean"})


def _kill_and_restart(lan, peers: list[Proc], victims: list[int], at: int) -> list[Proc]:
    """Kill `victims` once the first of them printed step `at`, and start them again."""
    peers[victims[0]].wait_line(lambda line: step_of(line) >= at, TIMEOUT)
    for v in victims:
        peers[v].kill()
    return [Proc(lan, peers[v].argv) for v in victims]


def back_in_play(peer: Proc, timeout: float = TIMEOUT) -> float:
    """Seconds from now (its restart) until `peer` applies a step beyond its journal."""
    started = time.monotonic()
    resumed = int(RESUMED.search(peer.wait_line(RESUMED.search, timeout)).group(1))
    peer.wait_line(lambda line: step_of(line) > resumed, timeout)
    return time.monotonic() - started


def _trial(lan, folder: Path, index: int, rng: random.Random) -> dict:
    game, seats = GAMES[index % len(GAMES)]
    peers = _table(lan, folder, f"k{index}", game, seats)
    victim, at = rng.randrange(seats), rng.randint(2, 40)
    trial = {"game": game, "victim": victim, "step": at, "restart_s": None}
    try:
        [peers[victim]] = _kill_and_restart(lan, peers, [victim], at)
        trial["restart_s"] = round(back_in_play(peers[victim]), 3)
    except AssertionError as missing:  # the game ended before `at`, or the peer never resumed
        trial["error"] = str(missing)[:300]
    trial["completed"] = _agree([_result(p) for p in peers])
    return trial


def _timed_game(lan, folder: Path, name: str, restarts: bool, rng) -> float | None:
    peers = _table(lan, folder, name, "dragon", 4)
    started = time.monotonic()
    if restarts:
        victims = rng.sample(range(4), 2)
        for v, reborn in zip(victims, _kill_and_restart(lan, peers, victims,
                                                        rng.randint(5, 20)), strict=True):
            peers[v] = reborn
    results = [_result(p) for p in peers]
    return time.monotonic() - started if _agree(results) else None


def _leaves_in_turn(lan, folder: Path, name: str, game: str, leaves: int, rng) -> dict:
    """Four peers; `leaves` of them press Ctrl-C in turn, a few steps apart."""
    peers = _table(lan, folder, name, game, 4, think=2)
    leavers, stay = peers[::-1][:leaves], peers[::-1][leaves:]
    game_run = {"game": game, "leaves": leaves, "left": 0, "after_last_leave_s": None}
    at = rng.randint(5, 20)
    try:
        for leaver in leavers:
            leaver.wait_line(lambda line, at=at: step_of(line) >= at, TIMEOUT)
            if leaver.interrupt() != 130:
                break  # the match ended first: nothing more to leave
            game_run["left"] += 1
            at = json.loads(leaver.lines[-1])["left"] + rng.randint(3, 15)
    except AssertionError as late:  # the match ended before the next leave
        game_run["error"] = str(late)[:200]
    last_leave = time.monotonic()
    game_run["completed"] = _agree([_result(p) for p in stay])
    if game_run["completed"]:
        game_run["after_last_leave_s"] = round(time.monotonic() - last_leave, 2)
    return game_run


def _leave_schedules(lan, folder: Path, games: int, rng) -> dict:
    found = {}
    for leaves in (2, 3):
        runs = []
        for i in range(games):
            game = GAMES[0][0] if i % 2 == 0 else "wild"
            runs.append(_leaves_in_turn(lan, folder, f"l{leaves}-{i}", game, leaves, rng))
            print(json.dumps(runs[-1]), file=sys.stderr, flush=True)  # progress
        full = [r for r in runs if r["left"] == leaves]
        found[f"{leaves}_leaves"] = {
            "games": len(runs), "all_leaves_made": len(full),
            "completed_agreeing": sum(r["completed"] for r in full),
            "after_last_leave_s": _median([r["after_last_leave_s"] for r in full
                                           if r["after_last_leave_s"] is not None], 2),
            "failed": [r for r in full if not r["completed"]],
        }
    return found


def _second_process(lan, folder: Path, name: str, rng) -> dict:
    """Mid-game, a second `hoard peer` on one peer's very command (identity and journal)."""
    peers = _table(lan, folder, name, "dragon", 4, think=2)
    twin_of = rng.randrange(4)
    peers[twin_of].wait_line(lambda line: step_of(line) >= rng.randint(5, 20), TIMEOUT)
    twin = Proc(lan, peers[twin_of].argv)
    twin.popen.wait(TIMEOUT)
    results = [_result(p) for p in peers]
    reports = " ".join(r.get("report", "") for r in results if r)
    journals = [j for j in (folder / f"{name}-{twin_of}").rglob("*.journal*")
                if not j.name.endswith(".lock")]
    return {"refused": twin.popen.returncode == EXIT_IN_USE,
            "completed_agreeing": _agree(results),
            "cheater_named": "cheat" in reports or "equivocation" in reports,
            "journal_reads_back": bool(journals) and all(_reads_back(j) for j in journals)}


def _reads_back(path: Path) -> bool:
    try:
        read_entries(path)
    except CorruptJournal:
        return False
    return True


def _median(values: list[float], digits: int) -> float | None:
    return round(statistics.median(values), digits) if values else None


def run(args) -> dict:
    rng = random.Random(args.seed)
    trials = []
    with tempfile.TemporaryDirectory() as tmp, LoopbackNamespace() as lan:
        folder = Path(tmp)
        for i in range(args.trials):
            trials.append(_trial(lan, folder, i, rng))
            print(json.dumps(trials[-1]), file=sys.stderr, flush=True)  # progress
        clean = [_timed_game(lan, folder, f"c{i}", False, rng) for i in range(args.pairs)]
        twice = [_timed_game(lan, folder, f"r{i}", True, rng) for i in range(args.pairs)]
        leaves = _leave_schedules(lan, folder, args.leave_games, rng)
        seconds = [_second_process(lan, folder, f"s{i}", rng) for i in range(args.seconds)]
    restarted = [t for t in trials if t["restart_s"] is not None]
    ok_clean, ok_twice = [s for s in clean if s], [s for s in twice if s]
    return {
        "trials": len(trials),
        "restarted_mid_game": len(restarted),
        "completed": sum(t["completed"] for t in trials),
        "failed": [t for t in trials if not t["completed"]],
        "restart_to_playing_s": {
            "median": _median([t["restart_s"] for t in restarted], 3),
            "worst": max((t["restart_s"] for t in restarted), default=None),
        },
        "two_restarts": {
            "clean_s": _median(ok_clean, 2),
            "restarted_s": _median(ok_twice, 2),
            "ratio": round(statistics.median(ok_twice) / statistics.median(ok_clean), 2)
            if ok_clean and ok_twice else None,
            "completed": f"{len(ok_clean)}/{len(clean)} clean, "
                         f"{len(ok_twice)}/{len(twice)} with two restarts",
        },
        "leaves_in_turn": leaves,
        "second_process": {
            "games": len(seconds),
            "refused": sum(s["refused"] for s in seconds),
            "completed_agreeing": sum(s["completed_agreeing"] for s in seconds),
            "cheater_named": sum(s["cheater_named"] for s in seconds),
            "journal_reads_back": sum(s["journal_reads_back"] for s in seconds),
        },
    }
