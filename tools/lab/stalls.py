"""Issue 40's stress run: many whole matches — solo and two people, every game, normal and
hard bots — beside a CPU-bound process, each person slow to open a hand (longer than the
stall watch's patience): `python -m tools.lab.stalls [--rounds N]`. Prints one JSON object:
the matches played, how each ended, and the stalls (the goal: none).

Each person is a peer process of its own (tools.lab.people) on this machine's loopback; the
first hosts every bot seat.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"dragon": ["hands=2"], "den": ["hands=2"], "wild": ["hands=2"],
         "gold": ["negotiation_steps=200", "market_steps=200"]}
LEVELS = ("normal", "hard")
TABLES = {"solo": ([0], [1, 2, 3]), "two": ([0, 2], [1, 3])}  # (people's seats, bot seats)
SLOW, STALL_AFTER = 6.0, 5.0  # a person takes longer to open a hand than a bot may take
MATCH_TIMEOUT = 600.0


def match(game: str, level: str, table: str) -> list[dict]:
    """One match; how it ended for each person's peer."""
    people, bots = TABLES[table]
    common = [sys.executable, "-m", "tools.lab.people", "--game", game, "--seats", "4",
              "--level", level, "--bots", ",".join(map(str, bots)), "--slow", str(SLOW),
              "--stall-after", str(STALL_AFTER), "--pace", "0.05", "--timeout",
              str(MATCH_TIMEOUT), *(f"--option={o}" for o in GAMES[game])]
    host = subprocess.Popen([*common, "--seat", str(people[0])], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    guests = []
    try:
        port = host.stdout.readline().strip()
        guests = [subprocess.Popen([*common, "--seat", str(seat), "--connect", port], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True) for seat in people[1:]]
        return [_end(p) for p in (host, *guests)]
    finally:
        for process in (host, *guests):
            process.kill()


def _end(process: subprocess.Popen) -> dict:
    try:
        out, _ = process.communicate(timeout=MATCH_TIMEOUT + 60)
    except subprocess.TimeoutExpired:
        return {"kind": "hung", "report": "the peer process did not end"}
    lines = out.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        return {"kind": "crashed", "report": out[-500:]}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="times to play the whole set")
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    results, started = [], time.monotonic()
    try:
        for _ in range(args.rounds):
            for game in args.game or GAMES:
                for level in LEVELS:
                    for table in TABLES:
                        begun = time.monotonic()
                        ends = match(game, level, table)
                        results.append({"game": game, "level": level, "table": table,
                                        "seconds": round(time.monotonic() - begun, 1),
                                        "ends": [e["kind"] for e in ends],
                                        "reports": [e["report"] for e in ends if e["report"]]})
                        print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    finally:
        hog.kill()
    stalls = [r for r in results if "stall" in r["ends"]]
    print(json.dumps({"matches": len(results), "stalls": len(stalls),
                      "not_finished": [r for r in results if set(r["ends"]) != {"finished"}],
                      "seconds": round(time.monotonic() - started, 1)}))


if __name__ == "__main__":
    main(sys.argv[1:])
