"""`hoard peer`'s lines name players as the window does: the header says who sits where in
position words (the engine counts seats from 0, a person from 1, and "seat 2" read as
either), and a refused action is worded with the table's names, never a seat number."""

from __future__ import annotations

import pytest

from client.peer import Printer
from engine.errors import IllegalAction
from engine.games.dragon.rules import Pass
from net.events import GameStarted, StepApplied
from net.lobby import Seat, StartConfig
from net.lockstep import Applied, Entry
from tests.engine.story_check import problems


@pytest.fixture
def printed(capsys):
    printer = Printer(None)
    start = StartConfig(b"t" * 16, "night", "dragon", (("hands", 1),),
                        (Seat(b"a" * 32, "ana", ""), Seat(b"b" * 32, "Bo Li", ""),
                         Seat(b"", "", "easy"), Seat(b"", "", "hard")))
    printer(GameStarted(start, 1))
    refused = IllegalAction("D7", "it is not {whose} turn", 1)
    printer(StepApplied(Applied(7, [Entry(1, Pass(1), (), str(refused), refused)])))
    return capsys.readouterr().out.splitlines()


def test_the_header_names_the_seats_in_order_and_this_peer_by_position(printed):
    header = printed[0]
    assert header == ("game started: Dragon (hands 1); seated in order: ana, Bo Li, "
                      "Bot 3 · easy and Bot 4 · hard; you are Bo Li, in the 2nd seat")


def test_a_refusal_is_told_with_the_tables_names(printed):
    assert printed[1] == "step 7: your action is refused: it is not your turn (rule D7)"
    assert not [line for line in printed if problems(line)]
