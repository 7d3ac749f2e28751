"""Peers killed (SIGKILL) at every kind of point in a hand and restarted with the same
command, in real `hoard peer` processes: each resumes from its journal and the match
completes with agreeing hashes and a clean audit.

A kill point is read from the victim's own `--trace` (written line by line): the deck
messages it sent, the actions it submitted, the cards dealt. After each kill the test
checks the victim's trace to confirm the kill landed inside the window it aimed at.
"""

import json
import re
import time

import pytest

from tests.e2e.test_lan_table import GAME_TIMEOUT, agree, peer
from tools.bench.faults import back_in_play
from tools.lab.processes import Proc

pytestmark = pytest.mark.slow

SEAT = re.compile(r"you are .+, in the (\d+)(?:st|nd|rd|th) seat")


def _sent(kind: str):
    return lambda row: row.get("message") == kind


def _submitted(row: dict) -> bool:
    return "submitted" in row


def _dealt(row: dict) -> bool:
    return "dealt" in row


# a point: the trace row that arms the kill, and rows that must not follow it before the kill
POINTS = {
    "after its commitment": (_sent("deck.commit"), None),
    "after its commitment, before its shuffle": (_sent("deck.commit"), _sent("deck.shuffle")),
    "between its shuffle and its lock": (_sent("deck.shuffle"), _sent("deck.lock")),
    "during the key shares": (_sent("deck.share"), None),
    "mid-trick": (_submitted, None),
    "after a draw": (_dealt, None),
}
PLANS = {
    "dragon": [(2, "after its commitment, before its shuffle"),
               (3, "between its shuffle and its lock"),
               (1, "during the key shares"),
               ((0, 2), "mid-trick"),
               (0, "after its commitment"),
               ((1, 3), "during the key shares")],
    "wild": [(1, "after its commitment, before its shuffle"),
             (2, "between its shuffle and its lock"),
             (0, "during the key shares"),
             (1, "mid-trick"),
             (2, "after a draw"),
             (0, "after its commitment"),
             ((1, 2), "after its commitment, before its shuffle")],
}


class Seat:
    """One seat's peer process, restarted in place, and its trace."""

    def __init__(self, proc: Proc, trace):
        self.proc, self.trace = proc, trace

    def rows(self) -> list[dict]:
        text = self.trace.read_text() if self.trace.exists() else ""
        return [json.loads(line) for line in text.splitlines() if line.endswith("}")]

    def wait_row(self, predicate, since: int) -> int:
        deadline = time.monotonic() + GAME_TIMEOUT
        while time.monotonic() < deadline and self.proc.popen.poll() is None:
            rows = self.rows()
            found = next((i for i in range(since, len(rows)) if predicate(rows[i])), None)
            if found is not None:
                return found
            time.sleep(0.005)
        raise AssertionError(f"{self.proc.argv[:3]} never reached that point: "
                             f"{self.proc.lines[-3:]}")

    def restart(self, lan) -> None:
        self.proc.kill()
        self.proc = Proc(lan, self.proc.argv)

    def back_in_play(self) -> None:
        back_in_play(self.proc, GAME_TIMEOUT)


def _seats(lan, tmp_path, game: str, count: int) -> dict[int, Seat]:
    # eight hands: room for every kill point, most of which wait for a fresh deck (the next
    # hand's, once this one's is past it); five left none to spare, and a quick match ended
    # with a point still to come
    options = ["--option", "hands=8"] + (["--option", "match=points", "--option",
                                          "target=100000"] if game == "wild" else [])
    peers = [peer(lan, tmp_path, i, f"restart-{game}", *options, "--trace",
                  str(tmp_path / f"trace{i}.jsonl"), game=game, seats=count, think=0)
             for i in range(count)]
    seats = {}
    for i, proc in enumerate(peers):
        seat = int(SEAT.search(proc.wait_line(SEAT.search, GAME_TIMEOUT))[1]) - 1  # said from 1
        seats[seat] = Seat(proc, tmp_path / f"trace{i}.jsonl")
    return seats


def _kill_at(lan, seats: dict[int, Seat], victims: tuple[int, ...], point: str) -> None:
    arm, forbidden = POINTS[point]
    first = seats[victims[0]]
    mark = len(first.rows())
    hit = first.wait_row(arm, mark)
    for victim in victims:
        seats[victim].proc.kill()
    if forbidden is not None:  # the kill landed inside the window it aimed at
        assert not any(forbidden(row) for row in first.rows()[hit + 1:]), point
    for victim in victims:
        seats[victim].restart(lan)
    for victim in victims:
        seats[victim].back_in_play()


@pytest.mark.parametrize("game,count", [("dragon", 4), ("wild", 3)])
def test_peers_killed_and_restarted_at_every_kind_of_point_complete_the_match(
        lan, tmp_path, game, count):
    seats = _seats(lan, tmp_path, game, count)
    for victims, point in PLANS[game]:
        _kill_at(lan, seats, victims if isinstance(victims, tuple) else (victims,), point)
    agree([seat.proc.finish(GAME_TIMEOUT) for seat in seats.values()])
