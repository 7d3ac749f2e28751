"""Scores drawn on a table say their noun in agreement with the number, below nought too
(the engine's words: engine.tell.count): "\\u22121 point", not "\\u22121 points"."""

from dataclasses import replace

import msgspec

from tests.client.rigging import rigged_window
from tools.layout import drawn


def test_a_seat_at_minus_one_point_reads_in_the_singular(window):
    driver, renderer, _ = rigged_window(window, "den")
    session = driver.app.session
    view = msgspec.structs.replace(session.view.view, scores=(-1, -5))
    session.view = replace(session.view, view=view)
    renderer.sync(animate=False)
    driver.step(2)
    words = " | ".join(d.words for d in drawn(driver.app))
    assert "\u22121 point" in words and "\u22121 points" not in words, words
    assert "\u22125 points" in words, words
    assert "to 15 or \u221215 points, 1 hand at most" in words, words  # a 1-hand table
