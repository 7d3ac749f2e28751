"""The Dragon's Gold table played in the real window: whole matches by clicks (through the
real bridge and node), every kind of action on states the engine reaches, and splits the
table refuses in words."""

import pygame
import pytest

from engine.chance import TimeUp
from engine.games.gold import moves
from engine.games.gold.bots.bot import GreedyBot
from engine.games.gold.components import MAGIC_DECK, MAGIC_NAMES
from engine.games.gold.splits import Offers, Splits
from engine.observe import observe
from tests.client import rigging
from tests.client.test_window import my_turn, name_yourself, play_out
from tests.engine.gold_helpers import GAME, Rig, table
from tests.engine.story_check import check_story
from tools.lab.gold_clicks import Chooser, even_split, kind_of, make_by_clicks, parts

FAST = (("negotiation_steps", 100), ("market_steps", 60))  # 5 s to talk, 3 s to trade


def solo_gold(driver, seats: int, options=()) -> None:
    """This window in seat 0 of a real Gold table with bots in the rest."""
    from client.scenes.setup import Setup
    from engine.registry import get_game

    driver.click("solo")
    driver.app.scene._solo(get_game("gold"), seats, FAST + tuple(options))
    driver.app.replace(Setup(driver.app))
    driver.wait_for(lambda: driver.app.scene.name == "table", "the table to open", 20)


def moved_on(action, driver) -> bool:
    """The table moved on before the click landed (an offer withdrawn or replaced at the
    Market, a proposal replaced, the time up): the action is no longer legal."""
    session = driver.app.session
    return session.ending is not None or action not in session.view.legal


@pytest.mark.slow
@pytest.mark.parametrize("seats,options", [
    (3, ()),
    (3, (("strategic", True),)),
    (6, (("advanced", True),)),
])
def test_a_whole_gold_match_is_played_by_clicks_and_ends_with_the_nodes_scores(
        window, seats, options, monkeypatch):
    name_yourself(window)
    solo_gold(window, seats, options)
    rasterised = []  # the table warmed every picture it draws (GoldTable.sprites_to_warm)
    load = pygame.image.load_sized_svg
    monkeypatch.setattr(pygame.image, "load_sized_svg",
                        lambda path, size: rasterised.append((path, size)) or load(path, size))
    kinds = play_out(window, Chooser(), make_by_clicks, kind_of, moved_on)
    assert rasterised == [], "pictures first drawn mid-game, a stalled frame each"
    session = window.app.session
    finished = session.bridge.node.finished
    assert session.ending.kind == "finished"
    assert session.ending.scores == finished.scores and finished.audit == "clean"
    assert "Attack" in kinds, kinds  # the Market's kinds: it may close on offers unanswered
    assert ("Divide" in kinds or "Choose" in kinds) if dict(options).get("strategic") else \
        ("Propose" in kinds or "Accept" in kinds), kinds
    check_story(session.log, session.names.seats, session.seat)  # the window's story, in words


# -- every kind of action, on states the engine reaches -----------------------------------

@pytest.fixture
def rigged(window):
    """The Gold renderer of a real 3-seat table, to be shown engine states; what the window
    submits is recorded, not sent."""
    name_yourself(window)
    solo_gold(window, 3)
    window.wait_for(lambda: my_turn(window, None), "this seat's first turn", 60)
    renderer, sent = rigging.record_submissions(window)
    return window, renderer, sent


def show_as(driver, renderer, state, seat: int):
    """The renderer is shown `seat`'s view of `state`, as that seat's window."""
    renderer.me = renderer.bottom = driver.app.session.seat = seat
    return rigging.show(driver, renderer, GAME, state, seat)


def offered(state, kind, effect=None):
    """(seat, action) for the first seat awaited that may make an action of `kind` (a
    Magic Object: of `effect`), or None."""
    for seat in GAME.to_act(state):
        head, tail = parts(GAME.legal_actions(state, seat))
        if kind is moves.Propose and isinstance(tail, Splits) and state.phase == "negotiate":
            return seat, tail.wrap((tail.hoard,) + ((0,) * 9,) * (tail.k - 1))
        if kind is moves.Divide and isinstance(tail, Splits) and state.phase == "divide":
            return seat, tail.wrap(even_split(tail))
        if kind is moves.Offer and isinstance(tail, Offers):
            return seat, Chooser()._market([], tail)
        for action in head:
            if type(action) is kind and (effect is None or MAGIC_DECK[action.face] == effect):
                return seat, action
    return None


def reach(kind, effect=None, **options):
    """An engine state at which some seat may make an action of `kind`: greedy bots play
    from a seeded deal (the next seed if the game ends first)."""
    for seed in range(8):
        state, rig = table(3, Rig(seed=seed), **options)
        if kind in (moves.TakeOffer, moves.Decline):
            if not advance(state, rig, lambda s: offered(s, moves.Offer) is not None):
                continue
            GAME.apply(state, offered(state, moves.Offer)[1])  # its partner answers by clicks
        if advance(state, rig, lambda s: offered(s, kind, effect) is not None):
            return state
    raise AssertionError(f"no game reached a {kind.__name__}")


def advance(state, rig, until) -> bool:
    """Play on until `until(state)`; False if the game ends first. When every bot waits
    for the sand timer, it runs out."""
    bots = [GreedyBot(s) for s in range(state.seats)]
    while not until(state):
        if GAME.outcome(state) is not None:
            return False
        if (request := GAME.chance_request(state)) is not None:
            GAME.apply(state, rig.answer(state, request))
            continue
        action = next((a for s in GAME.to_act(state)
                       if (a := bots[s].choose(GAME, observe(GAME, state, s))) is not None), None)
        GAME.apply(state, action or TimeUp(state.timer.key))
    return True


KINDS = [(moves.Attack, None, {}), (moves.Propose, None, {}), (moves.Accept, None, {}),
         (moves.Reject, None, {}), (moves.Steal, None, {}), (moves.Take, None, {}),
         (moves.Offer, None, {}), (moves.TakeOffer, None, {}), (moves.Decline, None, {}),
         (moves.LeaveMarket, None, {}), (moves.Divide, None, {"strategic": True}),
         (moves.Choose, None, {"strategic": True})]
KINDS += [(moves.UseMagic, effect, {"advanced": True}) for effect in range(len(MAGIC_NAMES))]


def test_every_kind_of_gold_action_is_made_by_clicks(rigged):
    """One window is shown each state in turn (a window per kind cost CI 20 s)."""
    driver, renderer, sent = rigged
    for kind, effect, options in KINDS:
        state = reach(kind, effect, **options)
        seat, action = offered(state, kind, effect)
        show_as(driver, renderer, state, seat)
        make_by_clicks(driver, action)
        name = kind.__name__ if effect is None else MAGIC_NAMES[effect]
        assert sent == [action], f"{name}: the clicks sent {sent}, not {action}"
        sent.clear()


# -- splits the table refuses, in words ------------------------------------------------

def test_g7_2_an_incomplete_split_cannot_be_proposed_and_says_why(rigged):
    driver, renderer, sent = rigged
    state = reach(moves.Propose)
    seat, _ = offered(state, moves.Propose)
    show_as(driver, renderer, state, seat)
    hoard = renderer.editor.hoard
    colour = next(c for c in range(9) if hoard[c])
    driver.click(f"cell:{colour}:0:+")
    driver.click("propose")
    left = sum(hoard) - 1
    assert sent == []
    assert driver.app.session.advice.startswith(f"{left} token") and "(G7.2)" in \
        driver.app.session.advice
    driver.click("even")
    driver.click("propose")
    assert len(sent) == 1 and isinstance(sent[0], moves.Propose)


def test_g9_2_a_division_with_an_empty_share_cannot_be_made_and_says_why(rigged):
    driver, renderer, sent = rigged
    state = reach(moves.Divide, strategic=True)
    seat, _ = offered(state, moves.Divide)
    show_as(driver, renderer, state, seat)
    hoard = renderer.editor.hoard
    for colour in range(9):
        for _ in range(hoard[colour]):
            driver.click(f"cell:{colour}:0:+")  # every token in the first share
    driver.click("divide")
    assert sent == []
    assert driver.app.session.advice == "Each share must hold at least one token (G9.2)."


def test_an_adventurer_that_cannot_attack_says_why(rigged):
    driver, renderer, sent = rigged
    state = reach(moves.Attack)
    seat, _ = offered(state, moves.Attack)
    others = (seat + 1) % 3
    show_as(driver, renderer, state, others)  # not this seat's turn
    driver.click("adv:0")
    assert sent == [] and driver.app.session.advice == "You attack on your own turn (G4.5)."


# -- the still picture (client.tables.still; tests/client/test_still_layer.py) ------------

def painted(renderer, monkeypatch) -> list:
    """Each time the renderer's still part is painted, a None in the list."""
    paints, draw_still = [], renderer.draw_still
    monkeypatch.setattr(renderer, "draw_still", lambda surface: paints.append(None) or
                        draw_still(surface))
    return paints


def test_the_still_picture_is_painted_again_only_when_what_it_shows_changes(
        rigged, monkeypatch):
    window, renderer, _ = rigged
    state = reach(moves.Propose)
    seat, _ = offered(state, moves.Propose)
    paints = painted(renderer, monkeypatch)
    show_as(window, renderer, state, seat)
    assert renderer.editor is not None and len(paints) == 1
    window.step(5)  # the table's steps come and go: nothing it shows changed
    assert len(paints) == 1
    colour = next(c for c in range(9) if renderer.editor.hoard[c])
    window.click(f"cell:{colour}:0:+")
    assert len(paints) == 2  # a token given in the editor
    window.step(3)
    assert len(paints) == 2
    show_as(window, renderer, reach(moves.Attack), seat)
    assert len(paints) == 3  # a new view


def kept_is_painted_now(scene) -> bool:
    """The still picture the scene blits equals its still part painted afresh now."""
    kept = scene.still.image
    fresh = pygame.Surface(kept.get_size(), 0, kept)
    scene._draw_still(fresh)
    return pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_the_kept_still_picture_is_the_table_as_it_is_now(rigged):
    """Shown a view, and after the clicks that pick up, edit and submit an action of each
    kind of stage (the board, the talks, the Market, a theft)."""
    driver, renderer, sent = rigged
    scene = driver.app.scene
    for kind, options in ((moves.Attack, {}), (moves.Propose, {}), (moves.Offer, {}),
                          (moves.Steal, {}), (moves.UseMagic, {"advanced": True})):
        state = reach(kind, **options)
        seat, action = offered(state, kind)
        show_as(driver, renderer, state, seat)
        assert kept_is_painted_now(scene), kind.__name__
        make_by_clicks(driver, action)
        driver.step(2)
        assert sent and kept_is_painted_now(scene), kind.__name__
        sent.clear()
