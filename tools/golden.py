"""Regenerate a golden playthrough: `python -m tools.golden GAME [GAME...]`.

A golden file is the seeded selfplay transcript (seed 1, greedy bots, default
options, the game's default players) that tests/engine/test_golden.py replays
and compares, so any change in behaviour shows up as a diff to review.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from client.selfplay import transcript
from engine.registry import game_ids, get_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
CASES = {  # game -> (players, options) when the defaults do not show enough
    "wild": (4, {}),
    "gold": (4, {}),
}


def golden(game_id: str) -> dict:
    game = get_game(game_id)
    players, options = CASES.get(game_id, (None, {}))
    config, seats = game.configure(options, players)
    return transcript(game, config, seats, "greedy", 1)


def main(argv: list[str]) -> int:
    for game_id in argv or game_ids():
        path = GOLDEN / f"{game_id}.json"
        path.write_text(json.dumps(golden(game_id), indent=1) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
