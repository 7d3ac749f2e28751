"""Whole matches told to every listener: each game's story reads as a person would tell it
(engine.tell), for the option sets that change the story (Gold's three modes, Wild's
match kinds, where the buying window opens every turn)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from client.selfplay import transcript
from engine.bots import make_bot
from engine.chance import TimeUp
from engine.errors import BadNames
from engine.games.dragon.cards import parse
from engine.games.dragon.combos import play_words
from engine.games.wild.cards import parse as wild
from engine.games.wild.words import grown_words, meld_words
from engine.local import play
from engine.registry import get_game
from engine.tell import Names, count, join_words, spectator_names, third_person
from tests.engine.story_check import check_story, problems

#: names as players type them: lower case, inner capitals, a space, a twin's tag
NAMES = ("ana", "McKay", "Bo Li", "Cy#1a2b", "Di", "Ed")
CASES = [
    ("dragon", 4, {"hands": 1}),
    ("den", 3, {"hands": 2}),
    ("wild", 3, {"match": "deals"}),
    ("wild", 4, {"match": "points", "target": 60}),
    ("gold", 3, {}),
    ("gold", 4, {"advanced": True}),
    ("gold", 3, {"strategic": True}),
]


def told(game_id: str, seats: int, options: dict, seed: int = 5) -> dict:
    """One seeded match with easy bots, told to a spectator and to every seat."""
    game = get_game(game_id)
    config, seats = game.configure(options, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", seed * 10 + s) for s in range(seats)]
    events = [e for _, happened in play(game, state, bots, seed) for e in happened]
    names = NAMES[:seats]
    return {listener: [game.tell(e, Names(names, listener)) for e in events]
            for listener in (None, *range(seats))}


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES,
                         ids=[f"{g}-{s}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, s, o in CASES])
def test_every_line_of_a_whole_match_reads_as_words_to_every_listener(game_id, seats, options):
    stories = told(game_id, seats, options)
    for listener, lines in stories.items():
        check_story(lines, NAMES[:seats], listener)
    assert any(line.startswith("You ") for line in stories[0])
    assert len(stories[None]) == len(stories[0]) > 10


def test_every_event_a_game_makes_has_its_own_words():
    """The generic fallback (its type's name) is for actions only."""
    for game_id in ("dragon", "den", "wild", "gold"):
        game = get_game(game_id)
        module = type(game).__module__.rsplit(".", 1)[0]
        from engine.wire import Event, wire_types
        events = [t for t in wire_types().values()
                  if issubclass(t, Event) and t.__module__.startswith(module)]
        assert events and not [t for t in events if t not in game.tellers], game_id


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES,
                         ids=[f"{g}-{s}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, s, o in CASES])
def test_an_action_that_makes_no_event_is_told_in_words_or_not_at_all(game_id, seats,
                                                                      options):
    """A draw that waits for the deck, a chance answer, a thief's pick make no event of
    their own: the events that follow tell them (never their type's name, 'Bo: draw.');
    Wild's no to buying is one the table hears, in the game's words."""
    game = get_game(game_id)
    config, seats = game.configure(options, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", 50 + s) for s in range(seats)]
    quiet = [action for action, happened in play(game, state, bots, 5) if not happened]
    for listener in (None, *range(seats)):
        names = Names(NAMES[:seats], listener)
        said = [line for a in quiet for line in game.told(a, (), names)]
        assert not [line for line in said if problems(line)]
        if game_id == "wild":
            assert said and all(line.endswith(" to buy.") for line in said)
        else:
            assert said == []


def test_wilds_buying_window_running_out_is_told():
    """W10.2: the window's timer closes it with no event; the table hears that it did (it
    was 'Time up.', its type's name)."""
    assert get_game("wild").told(TimeUp(3), (), Names(NAMES[:3], 0)) == \
        ("The time to ask to buy is up.",)


@pytest.mark.parametrize("game_id", ["dragon", "den", "wild", "gold"])
def test_the_command_lines_story_names_bots_and_reads_as_words(game_id):
    game = get_game(game_id)
    config, seats = game.configure({}, None if game_id == "dragon" else 3)
    log = transcript(game, config, seats, "easy", 2)["log"]
    check_story(log, spectator_names(seats).seats, None)


def test_names_speak_of_you_and_of_others_in_agreement():
    names = Names(("ana", "Bo", "Cy"), 0)
    assert names.does(0, "pass") == "You pass" and names.does(1, "pass") == "Bo passes"
    assert names.does(0, "be") == "You are" and names.does(2, "have") == "Cy has"
    assert names.group_acts((1, 2), "win") == "Bo and Cy win"
    assert names.group_acts((0,), "win", start=True) == "You win"
    assert names.group((2, 0, 1)) == "Cy, you and Bo"
    assert Names(("ana", "Bo"), None).does(0, "carry") == "ana carries"  # as typed
    assert names.whose(0, start=True) == "Your" and names.whose(1) == "Bo's"
    assert third_person("go") == "goes" and third_person("play") == "plays"
    assert count(1, "card") == "1 card" and count(1200, "chip") == "1,200 chips"
    assert count(-1, "point") == "\u22121 point" and count(-5, "point") == "\u22125 points"
    assert count(0, "point") == "0 points"
    assert join_words(["a", "b", "c"]) == "a, b and c"


@pytest.mark.parametrize("seats, listener", [((), None), (("a", ""), None), (("a",), 1)])
def test_names_that_cannot_tell_a_story_are_refused(seats, listener):
    with pytest.raises(BadNames):
        Names(seats, listener)


@pytest.mark.parametrize("line", [
    "McKay plays a run (3S 4B 5D 6S).",  # Dragon's codes in brackets
    "Ana lays down a meld of 4Un 4Ba D4 for 24 points.",  # Wild's, bare
    "7Ba is on offer to Bo.",
    "Bo lays KTN on the north pile.",  # Den's
    "The hoard, 3s 1g 2B, goes to Ana.",  # Gold's tokens
])
def test_a_card_or_token_code_in_a_line_fails_the_story(line):
    assert problems(line)


def test_combinations_and_melds_are_told_as_a_player_says_them():
    assert play_words([parse(c) for c in ["3S", "4B", "5D", "6S"]]) == \
        "a run of 3 to 6, up to the 6 of Stars"
    assert play_words([parse(c) for c in ["QS", "QC"]]) == "a pair of Queens (Stars and Coins)"
    assert play_words([parse(c) for c in ["2S", "2D", "2C", "2B"]]) == "four 2s"
    assert play_words([parse(c) for c in ["3S", "3D", "4S", "4C", "5S", "5B"]]) == \
        "a double run of 3s to 5s, up to the 5 of Blades"
    assert meld_words([wild(c) for c in ["6Ph", "D1", "8Ph"]]) == \
        "a run of Phoenixes from 6 to 8 (a Dragon as the 7)"
    assert meld_words([wild(c) for c in ["4Un", "4Ba", "D4"]]) == \
        "three 4s (Unicorns, Basilisks and a Dragon)"
    assert grown_words([wild(c) for c in ["3Gr", "4Gr", "5Gr", "6Gr"]]) == \
        "the run of Griffins, now from 3 to 6"


def test_no_refusal_in_the_engine_says_a_seat_number():
    """An IllegalAction reaches players (the advice line, `hoard peer`): one that speaks of a
    seat carries it and says "{who}"/"{whose}", worded with the table's names at the boundary
    (IllegalAction.explain), never "seat 2"."""
    engine = Path(__file__).resolve().parents[2] / "engine"
    said = []
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction":
                text = ast.unparse(node)
                if re.search(r"\bseats? \{|\{seat\}", text, re.IGNORECASE):
                    said.append(f"{path.name}: {text}")
    assert not said, said
