"""The Dragons Wild table played in the real window: whole matches by clicks (through the real
bridge and node), every kind of action on rigged hands, and drops that snap back."""

import pytest

from client.tables.wild import DECK_AT
from engine.games.wild import rules
from tests.client import rigging
from tests.client.test_den_table import drag
from tests.client.test_window import name_yourself, play_out
from tests.engine.story_check import check_story
from tests.engine.test_wild_rules import (
    GAME,
    Table,
    _both_melded,
    _five_six_wild,
    _seat0_melded,
)
from tools.lab.wild_clicks import choose, kind_of, make_by_clicks


def window_closed(action, driver) -> bool:
    """A Decline not clicked because the buying window closed first (its time ran out, or a
    nearer seat's ask settled it): the question is gone, as a person would find it."""
    view = driver.app.session.view
    return isinstance(action, rules.DeclineToBuy) and (
        driver.app.session.ending is not None
        or not any(isinstance(a, rules.AskToBuy) for a in view.legal))


@pytest.mark.slow
@pytest.mark.parametrize("seats,hands", [(2, 0), (6, 0)])  # 0: a hand per player (W13.2)
def test_a_whole_wild_match_is_played_by_clicks_and_ends_with_the_nodes_scores(
        window, seats, hands):
    name_yourself(window)
    rigging.solo_with_bots(window, "wild", seats, hands)
    kinds = play_out(window, choose, make_by_clicks, kind_of, window_closed)
    session = window.app.session
    finished = session.bridge.node.finished
    assert session.ending.kind == "finished"
    assert session.ending.scores == finished.scores and finished.audit == "clean"
    assert {"draw from the deck", "discard", "buy declined"} <= kinds, kinds
    check_story(session.log, session.names.seats, session.seat)  # the window's story, in words


@pytest.fixture
def rigged(window):
    """The Wild renderer of a real 2-seat table, to be shown rigged views; what the window
    submits is recorded, not sent."""
    return rigging.rigged_window(window, "wild")


def show(driver, renderer, table) -> tuple:
    """The renderer is shown seat 0's view of a rigged hand; its legal actions."""
    return rigging.show(driver, renderer, GAME, table.state)


def drawing():
    """Seat 0 to draw, the 1 of Griffins on the discard (nobody bought it)."""
    table = Table({0: "5Un 5Ke 5Ph 2Un 3Un 4Un 8Hy"}, discard="1Gr")
    table.no_buys()
    return table


def laying(text: str = "5Un 5Ke 5Ph 2Un 3Un 4Un 8Hy"):
    table = Table({0: text}, discard="1Gr")
    table.draw(0)
    return table


def offered_to_me():
    """Seat 1 is in turn and seat 0 may ask to buy the discard."""
    table = Table({0: "5Un 6Un 7Un 8Hy"}, discard="1Gr", stock="2Gr 3Gr 4Gr")
    table.pass_turn(0)
    return table


def buyer_asks():
    """Seat 0 is in turn and seat 1 asked to buy the discard."""
    table = Table({}, discard="1Gr", stock="2Gr 3Gr")
    table.do(rules.AskToBuy(1))
    return table


def own_meld():
    """Seat 0 laid 5-6-7 of Unicorns a turn ago and holds the 8: it may add to its meld."""
    table = _seat0_melded()
    table.pass_turn(1)
    table.draw(0)
    return table


def discard_action(table, text):
    face = table.cards(text)[0]
    return rules.Discard(0, (table.state.face_ref[face],), (face,))


@pytest.mark.parametrize("kind, table, expected", [
    ("draw from the deck", drawing, lambda t: rules.Draw(0, False)),
    ("draw from the discard", drawing, lambda t: rules.Draw(0, True)),
    ("buy asked", offered_to_me, lambda t: rules.AskToBuy(0)),
    ("buy declined", offered_to_me, lambda t: rules.DeclineToBuy(0)),
    ("buyer let buy", buyer_asks, lambda t: rules.AnswerBuyer(0, True)),
    ("buyer refused", buyer_asks, lambda t: rules.AnswerBuyer(0, False)),
    ("new set", laying, lambda t: t.meld_action(0, "5Un 5Ke 5Ph")),
    ("new run", laying, lambda t: t.meld_action(0, "2Un 3Un 4Un")),
    ("add to own meld", own_meld, lambda t: t.add_action(0, 0, "8Un")),
    ("add to another's meld", _both_melded, lambda t: t.add_action(0, 1, "4Gr")),
    ("wild moved to the other end", _five_six_wild, lambda t: t.add_action(0, 0, "4Un", 3)),
    ("discard", laying, lambda t: discard_action(t, "8Hy")),
])
def test_every_kind_of_wild_action_is_made_by_clicks(rigged, kind, table, expected):
    driver, renderer, sent = rigged
    table = table()
    action = expected(table)
    legal = show(driver, renderer, table)
    assert action in legal
    assert kind_of(action, GAME.view(table.state, 0)) == kind
    make_by_clicks(driver, action)
    assert sent == [action]


def test_w7_1_1_where_the_dragon_could_stand_at_either_end_the_table_asks(rigged):
    driver, renderer, sent = rigged
    table = _five_six_wild()
    show(driver, renderer, table)
    driver.click(f"card:{table.cards('4Un')[0]}")
    driver.click("meld:0")
    assert sent == [] and [a.wild_as for a in renderer.choosing] == [3, 7]
    labels = [driver.app.scene.buttons[f"wild{i}"].text for i in range(2)]
    assert labels == ["Dragon as 3 (low end)", "Dragon as 7 (high end)"]
    driver.click("wild1")
    assert sent == [table.add_action(0, 0, "4Un", 7)]


def test_held_cards_light_exactly_where_they_may_go(rigged):
    driver, renderer, _sent = rigged
    table = laying()
    show(driver, renderer, table)
    assert "meld" not in driver.targets(), "Lay meld is lit only for cards that make one"
    for face in table.cards("5Un 5Ke 5Ph"):
        driver.click(f"card:{face}")
    assert renderer.targets_for_held() == {"meld:new"}
    assert "meld" in driver.targets()
    driver.key("escape")
    driver.click(f"card:{table.cards('8Hy')[0]}")
    assert renderer.targets_for_held() == {"pile:discard"}


def test_w5_2_a_drop_that_makes_no_meld_snaps_back_and_says_why(rigged):
    driver, renderer, sent = rigged
    table = laying()
    show(driver, renderer, table)
    faces = table.cards("2Un 3Un 8Hy")
    homes = {face: renderer.hand[face].tween.end for face in faces}
    for face in faces[1:]:
        driver.click(f"card:{face}")
    targets = driver.targets()
    drag(driver, targets[f"card:{faces[0]}"].center, targets["meld:new"].center)
    assert sent == []
    assert all(renderer.hand[f].tween.end[:2] == homes[f][:2] for f in faces)
    assert renderer.selected() == []
    said = driver.app.session.advice
    assert said.endswith("(W5.2)."), said


def test_w6_2_adding_before_a_meld_of_ones_own_is_refused_in_words(rigged):
    driver, renderer, sent = rigged
    table = Table({0: "4Gr 8Hy 1Ba", 1: "4Un 4Ke 4Ph"}, discard="1Gr", stock="2Gr 3Gr 5Hy")
    table.pass_turn(0)
    table.draw(1)
    table.meld(1, "4Un 4Ke 4Ph")
    table.discard(1, "3Gr")
    table.draw(0)
    refused_by_clicks(driver, renderer, sent, table, "4Gr", "meld:0", "W6.2")


def refused_by_clicks(driver, renderer, sent, table, card: str, target: str, clause: str):
    """Clicking `card` and then `target` sends nothing, and the log says the clause why."""
    show(driver, renderer, table)
    driver.click(f"card:{table.cards(card)[0]}")
    driver.click(target)
    assert sent == []
    assert f"({clause})" in driver.app.session.advice


def test_w9_3_the_card_taken_from_the_discard_cannot_go_straight_back(rigged):
    driver, renderer, sent = rigged
    table = drawing()
    table.do(rules.Draw(0, True))
    refused_by_clicks(driver, renderer, sent, table, "1Gr", "pile:discard", "W9.3")


def test_a_dragon_in_a_meld_wears_the_card_it_stands_for(rigged):
    driver, renderer, _sent = rigged
    table = _five_six_wild()
    show(driver, renderer, table)
    view = GAME.view(table.state, 0)
    assert view.melds[0].wild_as == 7
    driver.step(5)  # drawn without error with the badge; the tile is a click target
    assert "meld:0" in driver.targets()


def test_w11_1_the_discard_pile_turning_over_flies_face_down_to_the_deck(rigged):
    driver, renderer, _sent = rigged
    table = laying()
    show(driver, renderer, table)
    shown = list(renderer.cards.shown_discard)
    assert shown
    renderer.on_event(rules.DeckTurned(len(shown)))
    assert len(renderer.flying) == len(shown)
    assert all(s.face is None and s.tween.end[:2] == DECK_AT for s in renderer.flying)
    assert not any(face in renderer.cards.tabled for face in shown)
    driver.wait_for(lambda: not renderer.flying, "the turned-over cards to reach the deck", 5)
