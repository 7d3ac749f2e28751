"""Every kind of Dragon action can be made by clicks, on rigged deals shown to the real table.

The window plays a real solo table; at its first turn the test shows the Dragon table a
rigged view (built by the engine from a rigged deal) and records what the clicks submit.
"""

import pytest

from engine.games.dragon.rules import DeclareDragon, Pass, Play
from tests.client import rigging
from tests.client.rigging import record_submissions
from tests.client.test_window import my_turn, name_yourself, play_with_bots
from tests.engine.dragon_helpers import GAME, cards, pass_, play, rig

OPENING = "3S 3D 3C 3B 4S 4D 5S 5D 6S 6D 7S 9S JS"
DRAGON_HAND = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"


@pytest.fixture
def table(window):
    """The Dragon renderer of a real solo table, with submissions recorded, not sent."""
    name_yourself(window)
    play_with_bots(window)
    window.wait_for(lambda: my_turn(window, None), "this seat's first turn", 60)
    renderer, sent = record_submissions(window)
    return window, renderer, sent


def show(driver, renderer, state, seat=0):
    return rigging.show(driver, renderer, GAME, state, seat)


@pytest.mark.parametrize("text, kind", [
    ("3S", "single"), ("3S 3D", "pair"), ("3S 3D 3C", "triple"), ("3S 3D 3C 3B", "bomb"),
    ("3S 4S 5S", "run"), ("3S 3D 4S 4D 5S 5D", "double run")])
def test_d4_each_combination_is_played_by_clicking_its_cards(table, text, kind):
    driver, renderer, sent = table
    legal = show(driver, renderer, rig({0: OPENING}))
    faces = tuple(sorted(cards(text)))
    for face in faces:
        driver.click(f"card:{face}")
    driver.click("play")
    assert len(sent) == 1 and isinstance(sent[0], Play) and sent[0] in legal
    assert tuple(sorted(sent[0].faces)) == faces
    assert renderer.selected() == []


def test_d7_a_pass_is_made_with_the_pass_button(table):
    driver, renderer, sent = table
    state = rig({1: "3S"})
    play(state, 1, "3S")
    pass_(state, 2)
    pass_(state, 3)
    show(driver, renderer, state)
    driver.click("pass")
    assert sent == [Pass(0)]


def test_d9_a_dragon_is_shown_with_its_button(table):
    driver, renderer, sent = table
    legal = show(driver, renderer, rig({0: DRAGON_HAND}))
    driver.click("dragon")
    assert len(sent) == 1 and isinstance(sent[0], DeclareDragon) and sent[0] in legal


def test_d5_a_play_that_does_not_beat_the_trick_is_refused_in_words(table):
    driver, renderer, sent = table
    state = rig({1: "3S", 2: "9D", 0: "4S"})
    play(state, 1, "3S")
    play(state, 2, "9D")
    pass_(state, 3)
    show(driver, renderer, state)
    driver.click(f"card:{cards('4S')[0]}")
    assert "play" not in driver.targets()
    assert renderer.why_not(renderer.selected()) == (
        "The 4 of Stars does not beat the 9 of Droids: a single must be beaten by a higher "
        "single of as many cards, or by a chop (D5).")
    driver.key("return")
    assert sent == []


@pytest.mark.parametrize("holder", [0, 1])
def test_d3_at_the_opening_the_hint_and_pass_agree(table, holder):
    """Issue 30: at the first trick Pass is not offered (the 3 of Stars must lead), so the
    hint never says pass; a seat without the 3 of Stars is told to wait, not 'your turn'."""
    driver, renderer, sent = table
    show(driver, renderer, rig({holder: "3S"}))
    assert "pass" not in driver.targets() and renderer.pass_action is None
    hint = renderer.why_not([])
    assert "pass" not in hint.lower(), hint
    if holder == 0:
        assert renderer.offered and hint.startswith("Select cards to play")
    else:
        assert not renderer.offered and renderer.plays == {}
        assert hint == "The first play must hold the 3 of Stars: its holder leads, so wait for it."
    assert ("hint" in driver.targets()) == bool(renderer.plays)  # it cycles what is offered
    assert sent == []


def test_d7_the_hint_says_pass_only_when_pass_is_offered(table):
    driver, renderer, _sent = table
    state = rig({0: "3S 4S 5D 6C 7B 8S 9D 10C JB QS KD AC 2S", 1: "2B"})
    play(state, 0, "3S")
    play(state, 1, "2B")
    pass_(state, 2)
    pass_(state, 3)
    show(driver, renderer, state)  # nothing of seat 0's beats the 2 of Blades
    assert "pass" in driver.targets() and renderer.plays == {}
    assert renderer.why_not([]) == "Nothing in your hand beats this trick: pass."


def test_a_shaded_card_keeps_its_rounded_corners(window):
    """A card no play can use is shaded; the shade stayed square and drew black corners
    round the card's rounded ones."""
    import pygame

    from client.anim import CardSprite, Tween
    from client.tables.common import draw_card

    view = window.app.view
    felt = (10, 120, 60)
    surface = pygame.Surface(window.app.screen.get_size())
    surface.fill(felt)
    card = CardSprite(3, Tween((100.0, 100.0, 80.0, 255.0)), lit=False)
    rect = draw_card(surface, view, "dragon", card, 1.4)
    assert surface.get_at(rect.topleft)[:3] == felt, "the corner is the felt's, not a shade"
    assert surface.get_at(rect.center)[:3] != felt
