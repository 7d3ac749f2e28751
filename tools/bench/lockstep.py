"""Lockstep on loopback: `hoard peer` processes play whole Dragon matches.

p50_ms / p99_ms: from an action's submission (the moment its bot decided) to
its application on every peer, with the normal step pacing.
p99_ms_apart_from_audits: the same for actions applied at any step but one whose
frames carry the seats' seeds: applying such a step audits a finished deck, and
at a hand's end every seat's "next hand" waits for it. steps_per_s: steps
applied per second with --rush, where every peer signs and sends its next
frame as soon as the previous step is applied, so all peers send a frame at
every step. next_hand_ms {p50, p99}: from the last seat's "next hand" (the
last action any peer submitted before the next hand's first deal) to every seat
holding its new cards (the last peer's last own-cards deal of that hand).
peer_rss_mb: the highest peak resident memory of any peer that played a whole
match. Peers find each other with --connect (no multicast).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEATS = 4
TIMEOUT = 300


def add_arguments(parser) -> None:
    parser.add_argument("--peers", type=int, default=4, help="peer processes (1-4); bots fill")
    parser.add_argument("--hands", type=int, default=4, help="hands in each match")
    parser.add_argument("--pace", type=float, default=50.0, help="step interval (ms)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait(process: subprocess.Popen) -> tuple[int, float]:
    """Exit code and peak RSS (MB) of a child, from the kernel's accounting."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return process.returncode, usage.ru_maxrss / 1024
        time.sleep(0.02)
    process.kill()
    raise RuntimeError("a peer did not finish in time")


def _first_line(path: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while "\n" not in path.read_text():
        if time.monotonic() > deadline:
            raise RuntimeError("the first peer did not start")
        time.sleep(0.02)


def play(peers: int, pace: float, rush: bool, folder: Path, game: str = "dragon",
         seats: int = SEATS, options: tuple[str, ...] = ()) -> list[dict]:
    """One match; per peer its trace rows, final JSON and peak RSS."""
    port = _free_port()
    common = [sys.executable, "-m", "client.cli", "peer", "--table", "bench", "--game", game,
              "--seats", str(seats), "--bot", "greedy", "--no-discovery",
              "--interface", "127.0.0.1", "--pace", str(pace), "--timeout", str(TIMEOUT)]
    common += [arg for option in options for arg in ("--option", option)]
    if rush:
        common.append("--rush")
    processes = []
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(peers):
        extra = ["--port", str(port), "--add-bots", str(seats - peers)] if i == 0 else [
            "--connect", f"127.0.0.1:{port}"]
        trace = folder / f"trace{i}.jsonl"
        # files, not pipes: a long match prints more than a pipe holds while we wait on another
        with open(folder / f"out{i}.txt", "w") as out:
            processes.append(subprocess.Popen(
                [*common, *extra, "--config-dir", str(folder / f"peer{i}"), "--trace",
                 str(trace)], cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL, text=True))
        if i == 0:
            _first_line(folder / "out0.txt")  # it listens before it prints
    peers_out = []
    for i, process in enumerate(processes):
        code, rss = _wait(process)
        output = (folder / f"out{i}.txt").read_text()
        if code != 0:
            raise RuntimeError(f"peer {i} exited {code}: {output.splitlines()[-3:]}")
        rows = [json.loads(line) for line in (folder / f"trace{i}.jsonl").read_text().splitlines()]
        peers_out.append({"rows": rows, "final": json.loads(output.splitlines()[-1]), "rss": rss})
    if len({p["final"]["final_hash"] for p in peers_out}) != 1:
        raise RuntimeError("the peers disagree on the final state")
    return peers_out


def latencies(peers: list[dict]) -> list[float]:
    submitted = {(r["submitted"], r["seat"]): r["t"] for p in peers for r in p["rows"]
                 if "submitted" in r}
    applied: dict[tuple, list[float]] = {}
    for p in peers:
        for r in p["rows"]:
            if "applied" in r:
                applied.setdefault((r["applied"], r["seat"]), []).append(r["t"])
    return [(max(times) - submitted[key]) * 1000 for key, times in applied.items()
            if key in submitted and len(times) == len(peers)]


def audit_steps(peers: list[dict]) -> set[int]:
    """Steps whose frames carry a seat's seed: applying one audits a finished deck."""
    return {r["sent"] for p in peers for r in p["rows"] if r.get("message") == "deck.seed"}


def latencies_apart(peers: list[dict], steps: set[int]) -> list[float]:
    """Like `latencies`, for the actions applied at any step but `steps`."""
    kept = [{"rows": [r for r in p["rows"] if r.get("submitted", r.get("applied")) not in steps]}
            for p in peers]
    return latencies(kept)


def steps_per_second(peers: list[dict]) -> float:
    rates = []
    for p in peers:
        rows = [r for r in p["rows"] if "applied" in r]
        first, last = rows[0], rows[-1]
        rates.append((last["applied"] - first["applied"]) / (last["t"] - first["t"]))
    return min(rates)


def next_hands(peers: list[dict]) -> list[float]:
    """Per hand after the first, ms from the last seat's "next hand" to every seat holding
    its new cards. Dragon numbers a hand's deck by the hand; between a hand's end and the
    next deal a peer submits nothing but its "next hand", so its last submission before the
    next deck's first deal is that; the hand's last own-cards deal ends it."""
    ends: dict[int, list[tuple[float, float]]] = {}
    for p in peers:
        rows = p["rows"]
        for deck in sorted({r["dealt"] for r in rows if "dealt" in r})[1:]:
            dealt = [r["t"] for r in rows if r.get("dealt") == deck]
            asked = [r["t"] for r in rows if "submitted" in r and r["t"] < min(dealt)]
            held = [r["t"] for r in rows if r.get("dealt") == deck and r["shown"]]
            if asked and held:
                ends.setdefault(deck, []).append((max(asked), max(held)))
    return [(max(h for _, h in pairs) - max(a for a, _ in pairs)) * 1000
            for pairs in ends.values() if len(pairs) == len(peers)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(args) -> dict:
    if not 1 <= args.peers <= SEATS:
        raise SystemExit("--peers takes 1 to 4")
    with tempfile.TemporaryDirectory(prefix="hoard-bench-") as tmp:
        hands = (f"hands={args.hands}",)
        paced = play(args.peers, args.pace, False, Path(tmp) / "paced", options=hands)
        rushed = play(args.peers, args.pace, True, Path(tmp) / "rushed", options=hands)
    samples = latencies(paced)
    apart = latencies_apart(paced, audit_steps(paced))
    hands = next_hands(paced)
    return {
        "peers": args.peers,
        "hands": args.hands,
        "actions": len(samples),
        "p50_ms": round(statistics.median(samples), 2),
        "p99_ms": round(percentile(samples, 0.99), 2),
        "p99_ms_apart_from_audits": round(percentile(apart, 0.99), 2),
        "next_hand_ms": {"p50": round(statistics.median(hands), 1),
                         "p99": round(percentile(hands, 0.99), 1)},
        "steps_per_s": round(steps_per_second(rushed), 1),
        "peer_rss_mb": round(max(p["rss"] for p in paced + rushed), 1),
    }
