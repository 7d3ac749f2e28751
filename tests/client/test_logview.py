"""The table's log (client.logview): its rows in view read as the story, never a sentence's
tail alone where the guide panel leaves it a sliver of its column."""

from __future__ import annotations

import pygame
import pytest

from client.logview import LogView
from client.ui import Viewport

LONG = ("Bot 4 draws a card; twelve cards are left in the stock, and the next hand "
        "begins when every seat has pressed Next hand.")


@pytest.fixture
def view():
    pygame.init()
    yield Viewport((1280, 720), False)


def test_a_top_row_whose_line_began_above_starts_with_an_ellipsis(view):
    log = LogView(view, (992, 64, 276, 428))
    log.extend(["Hand 1 begins.", LONG])
    assert log.shown()[0] == "Hand 1 begins.", "the whole column: every line whole"
    log.start_at(442)  # the guide panel above: room for one row
    shown = log.shown()
    assert len(shown) == 1 and shown[0].startswith("…"), shown
    assert LONG.endswith(shown[0][1:]), "the line's last row, marked as going on"
    log.start_at(64)
    assert " ".join(log.shown()) == f"Hand 1 begins. {LONG}", "whole again, unmarked"


def test_rows_leave_room_for_the_ellipsis(view):
    """A row is wrapped short of the panel's edge by the ellipsis, so marked it still fits."""
    log = LogView(view, (992, 64, 276, 60))
    log.extend([LONG])
    font = view.font(15)
    assert all(font.size(words)[0] <= log.rect.width - 2 * log.pad for words in log.shown())
