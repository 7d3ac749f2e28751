"""Hostile guests and cheating seats against tables of real `hoard peer` processes on loopback.

`hostile_run`: --inputs hostile inputs (tests/net/hostile_run.py) against one peer of a Dragon
table mid-game: what was tried, what the peer counted as dropped and why, whether the game
completed with one hash, and the table's pace (steps/s) before and during the run.
`idle_connections`: 3,000 connections that never say hello: the peer's memory growth and its
counter labels. `cheats`: for each cheat kind, which peers named the cheating seat, and how
long after the cheat was sent the last of them did.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tools.lab.hostile_run import hostile_run, idle_connections
from tools.lab.peer_table import TIMEOUT, PeerTable
from tools.lab.processes import step_of
from tools.lab.stranger import Stranger

CHEATS = {  # kind -> (module, environment, game, seats, humans)
    "equivocation to some peers": ("tools.lab.cheats", {"CHEAT": "twin-some"}, "dragon", 4, 3),
    "equivocation to every peer": ("tools.lab.cheats", {"CHEAT": "twin-all"}, "dragon", 4, 3),
    "malformed chance message": ("tools.lab.cheats", {"CHEAT": "bad-chance"}, "dragon", 4, 3),
    "a card it does not hold": ("tools.lab.cheater", {}, "den", 3, 3),
}
CHEATED = re.compile(r"^cheated at step (\d+)$")


def add_arguments(parser) -> None:
    parser.add_argument("--inputs", type=int, default=10_000, help="hostile inputs to send")
    parser.add_argument("--connections", type=int, default=3_000, help="idle connections")


def _pace(peer, since: float, until: float) -> float:
    """Steps per second the peer applied between two moments (its output's arrival times)."""
    steps = [step_of(line) for line, at in zip(peer.lines, peer.times, strict=False)
             if since <= at <= until and step_of(line) >= 0]
    return round((max(steps) - min(steps)) / (until - since), 1) if len(steps) > 1 else 0.0


def _hostile(folder: Path, inputs: int) -> dict:
    table = PeerTable(folder / "run", think=3, hands=8)
    try:
        table.playing()
        target = table.peers[0]
        before = time.monotonic()
        time.sleep(2.0)
        started = time.monotonic()
        run = table.attack(hostile_run(table.port, inputs, seed=7))
        ended = time.monotonic()
        results = table.results()
    finally:
        table.kill()
    reasons: Counter = Counter()
    for counts in results[0]["dropped"].values():
        reasons.update(counts)
    return {**run, "seconds": round(ended - started, 2),
            "dropped": dict(reasons.most_common()), "dropped_total": reasons.total(),
            "answered_or_let_go": run["inputs"] - reasons.total(),
            "completed": len({r.get("final_hash") for r in results}) == 1
            and "final_hash" in results[0],
            "others_dropped": sum(len(r["dropped"]) for r in results[1:]),
            "steps_per_s_before": _pace(target, before, started),
            "steps_per_s_during": _pace(target, started, ended)}


def _idle(folder: Path, count: int) -> dict:
    table = PeerTable(folder / "idle", think=3, hands=2)
    try:
        table.playing()
        before = table.peers[0].rss_kib()

        async def attack():
            await idle_connections(table.port, count)
            await asyncio.sleep(0.5)  # the last batch's ends reach the peer
            guest = await Stranger().connect(table.port)  # the peer still answers
            answered = await guest.hello()
            await guest.leave()
            return answered
        answered = asyncio.run(attack())
        grown = table.peers[0].rss_kib() - before
        results = table.results()
    finally:
        table.kill()
    return {"connections": count // 300 * 300, "rss_growth_kib": grown,
            "labels": sorted(results[0]["dropped"]), "counted": results[0]["dropped"],
            "still_answers": answered, "completed": "final_hash" in results[0]}


def _cheat(folder: Path, kind: str) -> dict:
    """Which peers name the cheating seat, and how long after the cheat the last one did.
    The cheat's own process is asked too, but may never see its cheat (it applied its
    honest frame itself): it is stopped once the honest peers are done."""
    module, env, game, seats, humans = CHEATS[kind]
    table = PeerTable(folder / module.rsplit(".", 1)[-1] / env.get("CHEAT", "cards"),
                      humans=humans, game=game, seats=seats, cheat=module, cheat_env=env)
    try:
        honest = [peer.finish(TIMEOUT, codes=(0, 3)) for peer in table.peers[:-1]]
        cheat = table.peers[-1]
        try:
            own = cheat.finish(3.0, codes=(0, 3))
        except AssertionError:
            own = {}
    finally:
        table.kill()
    sent = cheat.arrival(CHEATED.match)
    # a report names the player, never its seat number ("p2 signed two different frames")
    who = re.compile(rf"\bp{humans - 1}\b")
    named, delays = [], []
    for i, (peer, result) in enumerate(zip(table.peers, [*honest, own], strict=True)):
        if who.search(result.get("report", "")):
            named.append("the cheat itself" if i == humans - 1 else f"p{i}")
            stopped = peer.arrival(lambda line: line.startswith("table stopped:"))
            if sent is not None and stopped is not None:
                delays.append(stopped - sent)
    return {"named_by": named, "honest_peers": humans - 1,
            "fault": sorted({r.get("fault", "none") for r in honest}),
            "last_named_ms": round(max(delays) * 1000) if delays else None}


def run(args) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out = {"hostile_run": _hostile(folder, args.inputs)}
        print(f"hostile run: {out['hostile_run']}", file=sys.stderr, flush=True)
        out["idle_connections"] = _idle(folder, args.connections)
        out["cheats"] = {}
        for kind in CHEATS:
            out["cheats"][kind] = _cheat(folder, kind)
            print(f"{kind}: {out['cheats'][kind]}", file=sys.stderr, flush=True)
    return out
