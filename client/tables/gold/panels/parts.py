"""Pieces of the Dragon's Gold table that hold no view of their own: the split editor
(every token of a hoard assigned to a column by steppers), the Market's offer editor,
tokens drawn as rows of shapes, and a Magic Object's effect.

A token is drawn with its own shape (tools/art/gold.py), so colours are never the only
difference; the counts beside them are words a player reads.
"""

from __future__ import annotations

import pygame

from client import assets
from client.tables.gold.layout import CELL_GAP
from client.ui import INK
from engine.games.gold import MAGIC_DECK

COUNT_SCALE = 0.72  # a count's words beside its token, to the token's size
DIGIT_W = 9  # room for a digit of a count
LINE_GAP = 4  # between the rows of tokens that wrap


def effect_of(face: int) -> int:
    return MAGIC_DECK[face]


def draw_token(surface, view, colour: int, x: float, y: float, size: float,
               moving: bool = False) -> pygame.Rect:
    image = assets.sprite(f"gold/token/{colour}", (view.px(size), view.px(size)), moving)
    at = view.point(x, y)
    surface.blit(image, at)
    return pygame.Rect(at, image.get_size())


def draw_tokens(surface, view, counts, x: float, y: float, size: float, width: float,
                colour=INK) -> dict[int, pygame.Rect]:
    """Each colour held as its shape and its count, left to right, wrapping inside `width`;
    the screen rect of each colour drawn."""
    rects = {}
    step = size + count_width(counts) + CELL_GAP
    left = x
    for c, n in enumerate(counts):
        if not n:
            continue
        if x + step > left + width and x > left:
            x, y = left, y + size + LINE_GAP
        rects[c] = draw_token(surface, view, c, x, y, size)
        view.text(surface, f"{n}", (x + size + 2, y + size / 2), size * COUNT_SCALE, colour,
                  anchor="midleft")
        x += step
    return rects


def count_width(counts) -> float:
    """Room for the widest count beside a token."""
    return DIGIT_W * len(str(max(counts, default=0)))


class SplitEditor:
    """Every token of a hoard given to a column (an involved player, or a share) with
    steppers; complete when no token is left over."""

    def __init__(self, hoard, columns: int):
        self.hoard = tuple(hoard)
        self.cells = [[0] * 9 for _ in range(columns)]

    def left(self, colour: int) -> int:
        return self.hoard[colour] - sum(col[colour] for col in self.cells)

    def unassigned(self) -> int:
        return sum(self.left(c) for c in range(9))

    def step(self, colour: int, column: int, delta: int) -> None:
        """One token of `colour` into (delta 1) or out of (-1) a column, if there is one."""
        cell = self.cells[column][colour] + delta
        if cell >= 0 and (delta < 0 or self.left(colour) > 0):
            self.cells[column][colour] = cell

    def evenly(self) -> None:
        """Each colour dealt round the columns, one token at a time, the first colour
        from the first column and each next colour from where the last one stopped."""
        self.cells = [[0] * 9 for _ in self.cells]
        turn = 0
        for c in range(9):
            for _ in range(self.hoard[c]):
                self.cells[turn % len(self.cells)][c] += 1
                turn += 1

    def load(self, split) -> None:
        if len(split) == len(self.cells) and tuple(map(sum, zip(*split, strict=True))) == \
                self.hoard:
            self.cells = [list(share) for share in split]

    def split(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(col) for col in self.cells)


class OfferEditor:
    """A Market offer being made: to whom, what to give and what to get, each colour
    bounded by what the legal offers allow (your screen; the partner's count)."""

    def __init__(self):
        self.partner: int | None = None
        self.give = [0] * 9
        self.get = [0] * 9

    def step(self, side: str, colour: int, delta: int, most: int) -> None:
        counts = self.give if side == "give" else self.get
        counts[colour] = max(0, min(most, counts[colour] + delta))

    def clear(self) -> None:
        self.give, self.get = [0] * 9, [0] * 9
