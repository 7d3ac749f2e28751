"""Issue 38: nothing of a hand is left behind on screen. A real solo table of each game with
hands (bots, played by clicks as tools.screens plays it) is stepped through a hand's end into
the next hand, and every frame the window draws is read (client.ui.Viewport.drawn): the hand
row holds exactly the cards of the current view — never the card this seat went out with
beside "0 cards" — and "Next hand" is never drawn without the result it belongs to (it was,
over Den's piles, once the pause ran out between the update and the drawing of a frame)."""

from __future__ import annotations

import pytest

from tests.client.test_window import name_yourself
from tools.shots import first_hand

pytestmark = pytest.mark.slow

GAMES = ("dragon", "den", "wild")  # Gold plays no hands


class Frames:
    """Every frame the window draws, read as it is drawn: what is wrong with it."""

    def __init__(self, app):
        self.app, self.wrong = app, []
        self.results = 0  # frames drawn with a hand's result up
        draw = app._draw

        def reading() -> None:
            app.view.drawn = []
            try:
                draw()
                self.read(app.view.drawn)
            finally:
                app.view.drawn = None

        app._draw = reading

    def read(self, drawn) -> None:
        scene = self.app.scene
        renderer = getattr(scene, "renderer", None)
        if renderer is None or self.app.session.view is None:
            return
        result = any(kind == "label" and words.endswith(" is over") for kind, _, words, _ in
                     drawn)
        self.results += result
        if result and self.app.session.view.view.to_act:
            self.wrong.append("a hand's result is drawn while the next hand plays")
        button = scene.buttons.get("next")
        if button is not None and button.visible and not result:
            self.wrong.append("Next hand is drawn with no hand's result")
        if result:  # the game's buttons (Sort, Hint…) are not drawn over the result
            self.wrong += [f"{ident} is drawn over the hand's result"
                           for ident in renderer.result.under if scene.buttons[ident].visible]


def hand_row(app, drawn) -> list[str]:
    """The faces drawn in this seat's hand row (a lifted card included), left to right."""
    renderer = app.scene.renderer
    _, _, y, lift, _ = renderer.hand_row
    top = app.view.point(0, y - lift - 4)[1]
    return [words for kind, rect, words, _ in sorted(drawn, key=lambda d: d[1].x)
            if kind == "card" and rect.top >= top]


def drawn_now(app) -> list:
    app.view.drawn = []
    try:
        app.scene.draw(app.screen)
        return app.view.drawn
    finally:
        app.view.drawn = None


def cards_at_rest(driver) -> None:
    """Wait until no card moves (scores may still count: the hand row is what is read), or
    the result is taken down — which the caller's next assertion then names."""
    renderer = driver.app.scene.renderer
    driver.wait_for(lambda: not renderer.result.up() or not any(
        sprite.tween.moving for sprite in renderer.sprites()), "the cards to come to rest", 10)


def test_the_hand_row_shows_the_views_cards_at_a_hands_end_and_after(window, game):
    app = window.app
    name_yourself(window)
    frames = Frames(app)
    first_hand(app, window, game, lambda name: None, lambda view, action: None)
    cards_at_rest(window)
    renderer = app.scene.renderer
    assert renderer.result.up(), "the first hand's result is still up once its cards rest"
    mine = sorted(str(face) for face in app.session.view.view.cards or ())
    assert sorted(hand_row(app, drawn_now(app))) == mine, \
        f"the hand row at {game}'s hand end holds only this seat's cards, {mine}"
    # nobody says Next hand: the pause runs out, as it did when the button was left behind
    window.wait_for(lambda: not renderer.result.up() and app.session.view.view.cards,
                    "the next hand's cards to be dealt", 60)
    window.wait_for(lambda: sorted(hand_row(app, drawn_now(app))) == sorted(
        str(face) for face in app.session.view.view.cards), "the new hand in its row", 10)
    assert frames.results, "the result was drawn"
    assert not frames.wrong, frames.wrong[:3]


@pytest.fixture(params=GAMES)
def game(request):
    return request.param
