"""The search's race among candidates, and what Dragon's plays say of a hand."""

from __future__ import annotations

from engine.games.dragon import clues
from engine.games.dragon.cards import parse
from engine.games.dragon.rules import HandOver, HandStarted, Passed, Played, TrickWon
from engine.search import _prune


def hand(*cards: str) -> dict[int, int]:
    """A hand as a clue reads it: {card ref: face} (refs are made up: clues read faces)."""
    return {i: parse(c) for i, c in enumerate(cards)}


def test_the_race_drops_the_clearly_behind_and_the_same_but_keeps_default_and_leader():
    results = [
        [1, 0, 1, 0],  # the default: always stays
        [2, 2, 2, 2],  # the leader
        [2, 2, 2, 2],  # plays out as the leader does: no world tells them apart
        [0, -1, 0, -1],  # a standard error and more behind the leader
        [2, 1, 2, 3],  # close to the leader: still in
    ]
    assert _prune([0, 1, 2, 3, 4], results) == [0, 1, 4]


def test_the_race_keeps_the_default_even_when_behind():
    assert _prune([0, 1, 2], [[0, 0, 0, 0], [5, 5, 5, 6], [5, 5, 5, 6]]) == [0, 1]


def contradicted(history, held: dict[int, int], seat: int = 1) -> bool:
    return any(c.contradicts(held) for c in clues.pass_clues(history, False) if c.seat == seat)


def led(*cards: str, seat: int = 1) -> list:
    faces = tuple(sorted(parse(c) for c in cards))
    return [HandStarted(1, 0), TrickWon(0, seat),
            Played(seat, faces, "single" if len(faces) == 1 else "set", False)]


def test_a_thrifty_single_lead_says_no_longer_combination_was_held():
    assert contradicted(led("4S"), hand("5S", "5D"))  # a pair would have gone first
    assert contradicted(led("4S"), hand("7S", "8D", "9C"))  # so would a run
    assert contradicted(led("4S"), hand("3D"))  # a lower single would have led
    assert not contradicted(led("4S"), hand("5S", "7D", "KC"))
    assert not contradicted(led("4S"), hand("2S", "2D"))  # 2s are kept for need


def test_a_thrifty_beat_says_no_lower_beat_was_held():
    history = [HandStarted(1, 0), TrickWon(0, 0), Played(0, (parse("5S"),), "single", False),
               Played(1, (parse("9S"),), "single", False)]
    assert contradicted(history, hand("7D"))  # 7 beats 5 more cheaply than 9
    assert not contradicted(history, hand("4D", "10C", "2S"))


def test_the_first_lead_of_an_opening_and_a_finished_hand_say_nothing():
    opening = [HandStarted(1, -1), Played(1, (parse("3S"),), "single", False)]
    assert not contradicted(opening, hand("5S", "5D"))  # the 3 of Stars had to lead
    over = [*led("4S"), Passed(2), HandOver(1, (1, 0, 2, 3), (60, 30, 10, 0), (0,) * 4)]
    assert not contradicted(over, hand("5S", "5D"))  # a new deal: the old plays are done
