"""The Dragon Den table played in the real window: whole matches by clicks (through the real
bridge and node), every kind of move, and drag and drop with its snap-back."""

import pygame
import pytest

from engine.games.den.rules import FOUNDATIONS, EndTurn, MovePile, Play
from tests.client import rigging
from tests.client.rigging import record_submissions
from tests.client.test_window import my_turn, name_yourself, play_out
from tests.engine.story_check import check_story
from tests.engine.test_den_rules import GAME, Table
from tools.lab.den_clicks import choose, kind_of, make_by_clicks


def den_with_bots(driver, seats: int, hands: int) -> None:
    rigging.solo_with_bots(driver, "den", seats, hands)


def kind_in(action, view) -> str:
    """The kind of move, a play onto an emptied foundation told apart."""
    vacated = isinstance(action, Play) and action.pile < FOUNDATIONS and \
        not view.piles[action.pile]
    return "vacated foundation" if vacated else kind_of(action)


@pytest.mark.slow
@pytest.mark.parametrize("seats,hands", [(2, 3), (4, 2)])
def test_a_whole_den_match_is_played_by_clicks_and_ends_with_the_nodes_scores(
        window, seats, hands):
    name_yourself(window)
    den_with_bots(window, seats, hands)
    kinds = play_out(window, choose, make_by_clicks, kind_in)
    session = window.app.session
    finished = session.bridge.node.finished
    assert session.ending.kind == "finished"
    assert session.ending.scores == finished.scores and finished.audit == "clean"
    assert {"card", "end turn"} <= kinds, kinds
    check_story(session.log, session.names.seats, session.seat)  # the window's story, in words


@pytest.fixture
def den_table(window):
    """The Den renderer at this seat's first turn of a real 2-seat table; what the window
    submits is recorded, not sent."""
    name_yourself(window)
    den_with_bots(window, 2, 1)
    view = window.wait_for(lambda: my_turn(window, None), "this seat's first turn", 60)
    while not _singles(view.legal):  # end turns (drawing each time) until a card fits
        window.click("end")
        view = window.wait_for(lambda seen=view: my_turn(window, seen), "the next turn", 60)
        assert view != "over", "the hand ended before a single card could be played"
    renderer, sent = record_submissions(window)  # this window sits in seat 0
    return window, renderer, view, sent


def _singles(legal) -> list[Play]:
    return [a for a in legal if isinstance(a, Play) and len(a.faces) == 1]


def drag(driver, start, end) -> None:
    """Press at `start`, move in steps to `end` with the button held, release."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 5):
        at = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    driver.step(3)


def test_dn4_a_card_dragged_onto_a_pile_that_takes_it_is_played(den_table):
    driver, _renderer, view, sent = den_table
    action = _singles(view.legal)[0]
    targets = driver.targets()
    drag(driver, targets[f"card:{action.faces[0]}"].center, targets[f"pile:{action.pile}"].center)
    assert sent == [action]


def test_dn4_1_a_drop_on_a_pile_that_does_not_take_it_snaps_back_and_says_why(den_table):
    driver, renderer, view, sent = den_table
    face = view.view.cards[0]
    wrong = next(p for p in range(8) if (p, frozenset([face])) not in renderer.plays)
    home = renderer.hand[face].tween.end
    targets = driver.targets()
    drag(driver, targets[f"card:{face}"].center, targets[f"pile:{wrong}"].center)
    assert sent == []
    assert renderer.hand[face].tween.end[:2] == home[:2] and not renderer.hand[face].selected
    said = driver.app.session.advice
    assert "(DN" in said or "Dragon may start" in said, said


def test_held_cards_light_exactly_the_piles_that_take_them(den_table):
    driver, renderer, view, _sent = den_table
    for action in _singles(view.legal):
        driver.click(f"card:{action.faces[0]}")
        lit = renderer.targets_for_held()
        assert action.pile in lit
        assert lit == {p for p in range(8) if (p, frozenset(action.faces)) in renderer.plays}
        driver.key("escape")
        assert renderer.selected() == []


@pytest.fixture
def rigged(window):
    """The Den renderer of a real 2-seat table at its first turn, to be shown rigged views;
    what the window submits is recorded, not sent."""
    return rigging.rigged_window(window, "den")


def show(driver, renderer, table) -> tuple:
    """The renderer is shown seat 0's view of a rigged hand; its legal actions."""
    return rigging.show(driver, renderer, GAME, table.state)


def vacated_north():
    table = Table({0: "1TN VSG KTN"}, "5TN 6SG 8SN 9TN")
    table.move(0, 0, 1)
    return table


@pytest.mark.parametrize("kind, table, expected", [
    ("card", lambda: Table({0: "4SG"}, "5TN 7TN 2SG 9TG"),
     lambda t: t.play_action(0, 0, "4SG")),
    ("run", lambda: Table({0: "4SG 3TN"}, "5TN 7TN 2SG 9TG"),
     lambda t: t.play_action(0, 0, "4SG 3TN")),
    ("corner Dragon", lambda: Table({0: "DTN"}, "5TN 7TN 2SG 9TG"),
     lambda t: t.play_action(0, 4, "DTN")),
    ("pile move", lambda: Table({}, "5TN 6SG 8SN 9TN"), lambda t: MovePile(0, 0, 1)),
    ("vacated foundation", vacated_north, lambda t: t.play_action(0, 0, "1TN VSG KTN")),
    ("end turn", lambda: Table({}, "5TN 7TN 2SG 9TG"), lambda t: EndTurn(0)),
])
def test_every_kind_of_den_move_is_made_by_clicks(rigged, kind, table, expected):
    driver, renderer, sent = rigged
    table = table()
    action = expected(table)
    legal = show(driver, renderer, table)
    assert action in legal
    assert kind_of(action) == kind or kind == "vacated foundation"
    make_by_clicks(driver, action)
    assert sent == [action]


def test_dn6_1_a_pile_that_does_not_fit_is_refused_in_words(rigged):
    driver, renderer, sent = rigged
    show(driver, renderer, Table({}, "5TN 6SG 8SN 9TN"))
    driver.click("pile:0")  # picked up: north may move onto east only
    assert renderer.targets_for_held() == {1}
    driver.click("pile:2")
    assert sent == []
    assert "does not go on the 8 of Shaoyin (Yin): one rank lower and the other force " \
           "(DN6.1)" in driver.app.session.advice
