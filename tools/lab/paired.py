"""Two versions of a bot weighed on the same matches: `python -m tools.lab.paired A B`,
A and B the --per-match files of two `tools.bench bots` runs (one per version, the same
--seed). Prints one JSON object.

At one seed the bench's n-th match deals the same cards in every run, whatever the bots
do, and the seat under test sits in the same place; so two versions' results on the same
match move together (a seat dealt a strong hand wins with either), and the difference
match by match is less noisy than two win rates set side by side. Two runs of one
version (Dragon Den's hard against normal, 400 matches at seed 61, 2026-11-29) agreed
with a correlation of 0.41: paired, the interval was 5.2 points wide each side where two
unpaired runs' would be 6.7, as if 1.7 times the matches were played. Per game and
pairing: the matches both runs played, each run's win
rate on them, B's gain over A with its 95 % interval (matches as the unit: the normal
approximation to the mean difference), the correlation, and the half-width two unpaired
runs of as many matches would have.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from pathlib import Path

from tools.lab.truth import correlation

#: z of a two-sided 95 % interval
Z95 = 1.96


class BadRun(ValueError):
    """A --per-match file that cannot be read as one."""


def read_run(path: Path) -> dict[tuple, dict[int, float]]:
    """(game, pairing, seed) -> match number -> the subject's share of that match."""
    runs: dict[tuple, dict[int, float]] = defaultdict(dict)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BadRun(f"{path}: cannot be read ({exc})") from exc
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            key = (str(row["game"]), str(row["pairing"]), int(row["seed"]))
            match, share = int(row["match"]), float(row["share"])
        except (ValueError, KeyError, TypeError) as exc:
            raise BadRun(f"{path}, line {number}: not a match's result ({exc})") from exc
        if not 0.0 <= share <= 1.0:
            raise BadRun(f"{path}, line {number}: a share of {share} is not between 0 and 1")
        runs[key][match] = share
    return runs


def compare(a: dict[int, float], b: dict[int, float]) -> dict:
    """B against A on the matches both played."""
    both = sorted(a.keys() & b.keys())
    n = len(both)
    if n < 2:
        return {"matches": n}
    pairs = [(a[m], b[m]) for m in both]
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    diffs = [y - x for x, y in pairs]
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n)
    unpaired = Z95 * math.sqrt((statistics.variance(xs) + statistics.variance(ys)) / n)
    gain = statistics.fmean(diffs)
    return {
        "matches": n, "a_win_rate": round(statistics.fmean(xs), 3),
        "b_win_rate": round(statistics.fmean(ys), 3), "gain": round(gain, 3),
        "interval95": [round(gain - half, 3), round(gain + half, 3)],
        "correlation": correlation(pairs),  # None where a run won (or lost) every match
        "unpaired_half_width": round(unpaired, 3),
    }


def report(a_path: Path, b_path: Path) -> dict:
    a, b = read_run(a_path), read_run(b_path)
    shared = sorted(a.keys() & b.keys())
    if not shared:
        raise BadRun(f"{a_path} and {b_path} share no game, pairing and seed: nothing to pair")
    return {"lab": "paired", "a": str(a_path), "b": str(b_path),
            "pairings": [{"game": g, "pairing": p, "seed": s, **compare(a[g, p, s], b[g, p, s])}
                         for g, p, s in shared]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.paired", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=Path, help="the --per-match file of the version before")
    parser.add_argument("b", type=Path, help="the --per-match file of the version weighed")
    args = parser.parse_args(argv)
    try:
        print(json.dumps(report(args.a, args.b)))
    except BadRun as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    main()
