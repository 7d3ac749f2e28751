"""The table's still picture (client.tables.still): the felt, the log and the Gold table's
still part are painted once and blitted until what they are drawn from changes, and the
window shows exactly what it shows when every frame is drawn straight."""

import time

import pygame
import pytest

from client.tables.still import StillLayer
from tests.client.test_gold_table import solo_gold
from tests.client.test_window import name_yourself, play_out
from tools.lab.gold_clicks import Chooser, kind_of, make_by_clicks


class Clock:
    """time.monotonic, held still while a frame is drawn twice (the ring and the wait line
    read it)."""

    def __init__(self):
        self.held: float | None = None

    def monotonic(self) -> float:
        return time.monotonic() if self.held is None else self.held

    def strftime(self, *args) -> str:
        return time.strftime(*args)


def straight(draw, scene, surface) -> bytes:
    """The scene drawn (by TableScene.draw, `draw`) with nothing kept, as every frame was
    before the still picture; the scene's own kept picture is left as it was."""
    kept, scene.still = scene.still, StillLayer()
    scene.renderer.still_key = lambda: None
    try:
        draw(scene, surface)
    finally:
        scene.still = kept
        del scene.renderer.still_key
    return pygame.image.tobytes(surface, "RGB")


@pytest.fixture
def compared(monkeypatch):
    """Every table frame is drawn twice, kept and straight, at one instant; the frames
    compared and those whose two pictures differed are counted."""
    import client.scenes.table as table_scene
    import client.session as session_module
    import client.table_words as table_words

    clock, counts = Clock(), {"frames": 0, "differed": 0}
    monkeypatch.setattr(session_module, "time", clock)
    monkeypatch.setattr(table_words, "time", clock)  # the session's clocks
    monkeypatch.setattr(table_scene, "time", clock)
    draw = table_scene.TableScene.draw

    def twice(scene, surface):
        clock.held = time.monotonic()
        try:
            draw(scene, surface)
            if scene.renderer is None:
                return
            kept = pygame.image.tobytes(surface, "RGB")
            counts["frames"] += 1
            counts["differed"] += kept != straight(draw, scene, surface)
        finally:
            clock.held = None

    monkeypatch.setattr(table_scene.TableScene, "draw", twice)
    return counts


@pytest.mark.slow
def test_a_gold_match_looks_the_same_with_its_still_picture_kept(window, compared):
    name_yourself(window)
    solo_gold(window, 3, (("advanced", True),))
    play_out(window, Chooser(), make_by_clicks, kind_of,
             lambda action, driver: driver.app.session.ending is not None or
             action not in driver.app.session.view.legal)
    assert compared["frames"] > 200
    assert compared["differed"] == 0, compared


def test_the_felt_and_the_log_are_kept_at_every_table(window):
    """A table that keeps nothing of its own still (its still key is empty) keeps the felt
    and the log: one picture, painted again when the log gets a line."""
    from tests.client.test_window import play_with_bots

    name_yourself(window)
    play_with_bots(window)
    scene = window.app.scene
    window.step(3)
    image = scene.still.image
    assert image is not None and scene.still.key[0] == ()
    scene.log.extend(["A line of the table's story."])
    window.step(1)
    assert scene.still.key[1] is scene.log.picture() and scene.still.image is image
