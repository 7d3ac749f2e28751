"""A lossy Wi-Fi: four `hoard peer` processes started at once, through a lossy, slow relay.

Each game is a fresh LAN of four namespaces joined by the userspace relay
(tools/lab/relay.py: `--loss` of the frames lost, each delayed `--delay` ± `--jitter` ms,
real mDNS through it). Four peers are started at the same moment with `--table` of one
name, so they race to create it and must merge (docs/net.md, "Create or join"), then
play one hand of Dragon with greedy bots. `started`: games where all four began play;
`completed`: games where all four ended with one final hash and a clean audit.
`p50_ms` / `p99_ms`: from an action's submission (its bot decided) to its application
on every peer, pooled over the completed games. `start_s`: from the launch to the last
peer's start of play (the four sit down). `game_s`: from the first peer's start
of play to the last peer's end; `total_s`: from launch to the last end.

`--events` then plays a game night's events on the same lossy link, each on a fresh LAN
(tools/lab/wifi_events.py): a lid closed 20 s (within the table's patience) and 150 s
(past it), an address change mid-hand, and a Wi-Fi without multicast joined by address
from a window. Each: `completed`, `agreeing` and `recover_s`, the seconds from the
event's end to the table going on for the player it hit.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.bench.lockstep import latencies, percentile
from tools.lab.processes import Proc
from tools.lab.relay import Link, LossyLan
from tools.lab.wifi_events import address_change, lid, no_multicast

SEATS = 4
EVENTS = ("lid20", "lid150", "address", "nomulticast")


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=10, help="games to play")
    parser.add_argument("--loss", type=float, default=0.10, help="share of frames lost")
    parser.add_argument("--delay", type=float, default=100.0, help="one-way delay (ms)")
    parser.add_argument("--jitter", type=float, default=20.0, help="± delay (ms)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a game may take")
    parser.add_argument("--think", type=int, default=0, help="steps a bot waits to act")
    parser.add_argument("--seed", type=int, default=0, help="the relay's first seed")
    parser.add_argument("--keep", metavar="DIR", help="keep each peer's output here")
    parser.add_argument("--events", default=",".join(EVENTS),
                        help=f"game-night events to play after the games, comma-separated "
                             f"among {', '.join(EVENTS)} ('' for none)")


def _peer(host, folder: Path, table: str, i: int, args) -> Proc:
    return Proc(host, ["peer", "--table", table, "--game", "dragon", "--seats", str(SEATS),
                       "--bot", "greedy", "--option", "hands=1", "--name", f"p{i}",
                       "--config-dir", str(folder / f"p{i}"), "--timeout", str(args.timeout),
                       "--think", str(args.think), "--trace", str(folder / f"trace{i}.jsonl")])


def _final(peer: Proc, timeout: float) -> dict | None:
    try:
        peer.popen.wait(timeout)
    except subprocess.TimeoutExpired:  # a peer that hangs is a failed game
        peer.kill()
    with peer.changed:
        peer.changed.wait_for(lambda: peer.closed_pipes == 2, 5)
        last = peer.lines[-1] if peer.lines else ""
    try:
        return json.loads(last)
    except json.JSONDecodeError:
        return None


def play(index: int, args, folder: Path) -> dict:
    """One game on a fresh lossy LAN: what happened."""
    link = Link(args.loss, args.delay, args.jitter, args.seed + index)
    table = f"wifi{index}"
    with LossyLan(SEATS, link) as lan:
        launched = time.monotonic()
        peers = [_peer(host, folder, table, i, args) for i, host in enumerate(lan.hosts)]
        finals = [_final(p, args.timeout + 15) for p in peers]
        ended = time.monotonic()
    begun = [p.arrival(lambda line: line.startswith("game started")) for p in peers]
    game = {"game": index, "started": all(t is not None for t in begun),
            "moves": sum(1 for p in peers for line in p.lines if line.startswith("moving to")),
            "relay": lan.counts}
    ok = all(f is not None and "final_hash" in f for f in finals)
    game["completed"] = ok and len({f["final_hash"] for f in finals}) == 1 and \
        {f["audit"] for f in finals} == {"clean"}
    if game["started"]:
        game["start_s"] = round(max(begun) - launched, 2)  # all four launched to all seated
        game["game_s"] = round(ended - min(begun), 2)
    game["total_s"] = round(ended - launched, 2)
    if game["completed"]:
        rows = [{"rows": [json.loads(line) for line in
                          (folder / f"trace{i}.jsonl").read_text().splitlines()]}
                for i in range(SEATS)]
        game["latency_ms"] = [round(v, 1) for v in latencies(rows)]
    else:
        game["tails"] = [p.lines[-3:] + p.errors[-2:] for p in peers]
    if args.keep:
        keep = Path(args.keep) / table
        keep.mkdir(parents=True, exist_ok=True)
        for i, p in enumerate(peers):
            (keep / f"out{i}.txt").write_text("\n".join(p.lines + p.errors) + "\n")
    return game


def event(name: str, args, folder: Path) -> dict:
    """One game-night event on a fresh lossy LAN (tools.lab.wifi_events)."""
    link = Link(args.loss, args.delay, args.jitter, args.seed)
    timeout = max(args.timeout, 240.0)  # a lid closed 150 s, then the match's end
    try:
        if name.startswith("lid"):
            return lid(link, folder, float(name[3:]), timeout)
        if name == "address":
            return address_change(link, folder, timeout)
        return no_multicast(link, folder, timeout)
    except AssertionError as exc:  # a wait that ran out: the event failed, say how
        return {"completed": False, "agreeing": False, "error": str(exc)[-600:]}


def events(args, tmp: str) -> dict:
    chosen = [name for name in args.events.split(",") if name]
    unknown = set(chosen) - set(EVENTS)
    if unknown:
        raise SystemExit(f"wifi: unknown --events {', '.join(sorted(unknown))}; choose among "
                         f"{', '.join(EVENTS)}")
    found = {}
    for name in chosen:
        folder = Path(tmp) / name
        folder.mkdir()
        found[name] = event(name, args, folder)
        print(json.dumps({name: found[name]}), file=sys.stderr, flush=True)  # progress
    return found


def _spread(seconds: list[float]) -> dict | None:
    return {"median": round(statistics.median(seconds), 1), "worst": max(seconds)} \
        if seconds else None


def run(args) -> dict:
    games = []
    with tempfile.TemporaryDirectory(prefix="hoard-wifi-") as tmp:
        for index in range(args.games):
            folder = Path(tmp) / f"g{index}"
            folder.mkdir()
            game = play(index, args, folder)
            games.append(game)
            shown = {k: v for k, v in game.items() if k != "latency_ms"}
            print(json.dumps(shown), file=sys.stderr, flush=True)  # progress
        happened = events(args, tmp)
    samples = [v for g in games for v in g.get("latency_ms", ())]
    done = [g for g in games if g["completed"]]
    return {
        "link": {"loss": args.loss, "delay_ms": args.delay, "jitter_ms": args.jitter},
        "games": len(games),
        "started": sum(g["started"] for g in games),
        "completed": sum(g["completed"] for g in games),
        "actions": len(samples),
        "p50_ms": round(statistics.median(samples), 1) if samples else None,
        "p99_ms": round(percentile(samples, 0.99), 1) if samples else None,
        "start_s": _spread([g["start_s"] for g in games if g["started"]]),
        "game_s": _spread([g["game_s"] for g in done]),
        "failed": [{k: g[k] for k in ("game", "started", "moves", "tails") if k in g}
                   for g in games if not g["completed"]],
        "events": happened,
    }
