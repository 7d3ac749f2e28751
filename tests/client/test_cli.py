"""The `hoard` command line, run as a player would run it."""

import json
import subprocess
import sys

import pytest

from client.cli import main
from engine.tell import spectator_names
from tests.engine.story_check import check_story


def hoard(*args):
    return subprocess.run(
        [sys.executable, "-m", "client.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_selfplay_plays_a_whole_match_and_ends_with_scores(capsys):
    assert main(["selfplay", "dragon", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("Final scores:")
    assert sum(1 for line in lines if line.startswith("Hand") and "is over:" in line) == 4
    assert lines[-2].startswith("The match is over:")
    check_story(lines[1:], spectator_names(4).seats, None)


def test_selfplay_json_has_the_final_hash_and_is_reproducible(capsys):
    main(["selfplay", "dragon", "--seed", "9", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["selfplay", "dragon", "--seed", "9", "--json"])
    assert json.loads(capsys.readouterr().out) == first
    assert len(first["final_hash"]) == 32 and sum(first["scores"]) == 4000


def test_selfplay_options_change_the_match(capsys):
    main(["selfplay", "dragon", "--json", "--option", "hands=1", "--option", "stake=10"])
    result = json.loads(capsys.readouterr().out)
    assert result["options"]["hands"] == 1
    assert sorted(result["scores"]) == [990, 994, 1002, 1014]  # pot 40 pays 24, 12, 4, 0


def test_selfplay_help_lists_the_games_options():
    out = hoard("selfplay", "dragon", "--help").stdout
    assert "overchop" in out and "chop_in" in out and "lead=" in out


@pytest.mark.parametrize(
    "args",
    [["selfplay", "nope"], ["selfplay", "dragon", "--players", "3"],
     ["selfplay", "dragon", "--option", "hands"], ["selfplay", "dragon", "--option", "x=1"],
     ["selfplay", "dragon", "--seed", "abc"], ["selfplay", "dragon", "--bot", "genius"],
     ["nonsense"], ["--bogus"]],
)
def test_bad_arguments_print_one_line_and_exit_2(args):
    result = hoard(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("hoard: error:")
    assert "Traceback" not in result.stderr


def test_an_unknown_option_is_named_not_taken_for_a_missing_command():
    """`hoard --bogus` was told "the following arguments are required: command", though
    `hoard` alone opens the window."""
    assert "unrecognized arguments: --bogus" in hoard("--bogus").stderr


def test_selfplay_names_its_bots_by_level_and_help_lists_the_levels(capsys):
    assert main(["selfplay", "den", "--seed", "2", "--bot", "greedy", "--option", "hands=1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "easy bots" in first and "greedy" not in first  # the old name still plays
    out = hoard("selfplay", "den", "--help").stdout
    assert all(level in out for level in ("easy", "normal", "hard"))
