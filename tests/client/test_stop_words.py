"""A table's stop as a player reads it (issue 38): a title by the fault's kind — never the
kind itself — and the report under it, with no step number and no sentence said twice
("The table stopped (stall). the table stalled at step 3100: …")."""

import pytest

from client.story import stop_report, stop_title, stop_words
from net.peer.events import Fault


@pytest.mark.parametrize("kind, report, said", [
    ("stall", "the game waits for Bo to play: Bo is played by Ana's bot, which made no "
              "move for 31 s", "The table stopped: a bot made no move. The game waits for Bo "
              "to play: Bo is played by Ana's bot, which made no move for 31 s."),
    ("void", "the hand is void: no word for 12 s from Bo",
     "The hand is void. No word for 12 s from Bo."),
    ("lost", "lost the table: no peer reachable for 20 s",
     "Lost the table. No peer reachable for 20 s."),
    ("something-new", "a peer said so", "The table stopped. A peer said so."),
])
def test_a_stop_is_titled_by_its_kind_and_told_once(kind, report, said):
    fault = Fault(kind, 3100, report)
    assert stop_words(fault) == said
    assert f"({kind})" not in stop_title(fault) and "step" not in stop_words(fault)
    assert stop_words(fault) == f"{stop_title(fault)}. {stop_report(fault)}"
