"""The pieces the Gold table is made of. Each knows where it takes clicks (`rects`, keyed by
typed targets), draws itself from one layout so a click lands where the thing is drawn,
and acts on a click on one of the target types it `takes`."""

from __future__ import annotations

from abc import ABC, abstractmethod

import pygame

from client.tables.basics import PACE
from client.tables.gold.layout import GAP, PANEL_BOX, RING, STEPPER, TEXT
from client.tables.gold.targets import Target
from client.ui import DIM, GOLD, INK, PANEL_EDGE
from client.widgets import countdown_ring
from engine.games.gold import GoldView

CHIP = (24, 52, 40)  # a button drawn on a panel
CHIP_SELECTED = (60, 46, 20)
RADIUS = 6  # a chip's corners (a stepper's are a little tighter)


class Piece(ABC):
    takes: tuple[type[Target], ...] = ()

    def __init__(self, table):
        self.table = table

    @property
    def view(self):
        return self.table.view

    @property
    def session(self):
        return self.table.session

    @property
    def can(self):
        """This seat's choices now (client.tables.gold.choices.Choices)."""
        return self.table.can

    def name(self, seat: int, capital: bool = False) -> str:
        return self.session.seat_name(seat, capital)

    def whose(self, seat: int) -> str:
        """'Your' or "Bo's", opening a line."""
        names = self.session.names
        return names.whose(seat, start=True) if names is not None else self.name(seat, True)

    def rects(self, state: GoldView) -> dict[Target, pygame.Rect]:
        return {}

    @abstractmethod
    def draw(self, surface, state: GoldView) -> None:
        """Draw the piece from `state`, where `rects` says it takes clicks."""

    def click(self, target: Target) -> None:
        """Act on a target of one of the types in `takes`; the table sends no other here,
        and a piece that takes none (the end panel) is never sent one."""
        raise TypeError(f"{type(self).__name__} takes no {type(target).__name__} target")


class Panel(Piece):
    """A piece drawn over the lairs in its own gold-edged box while its stage runs."""
    box = PANEL_BOX
    #: the sand timer's ring shows at its top right while a timer runs: the table draws it
    #: over the panel's still picture at every frame (client.tables.still)
    timed = False

    def frame(self, surface) -> None:
        self.view.panel(surface, self.view.rect(*self.box), alpha=255, edge=GOLD)

    def hides(self, box: tuple[float, float, float, float]) -> bool:
        """Does this panel's frame (opaque) cover all of `box`: need what is under it be drawn?"""
        x, y, w, h = self.box
        return x <= box[0] and y <= box[1] and x + w >= box[0] + box[2] \
            and y + h >= box[1] + box[3]

    def ring(self, surface, state: GoldView) -> None:
        """The sand timer's ring at the top right, while a timer runs."""
        left = self.session.seconds_left(PACE)
        if state.timer and left is not None:
            x, y, w, _ = self.box
            countdown_ring(surface, self.view, (x + w - RING - 12, y + RING + GAP), RING, left,
                           self.table.timer_total)

    def chip(self, surface, box, text: str, lit: bool, selected: bool = False) -> None:
        view = self.view
        rect = view.rect(*box)
        radius = view.px(RADIUS)
        pygame.draw.rect(surface, CHIP_SELECTED if selected else CHIP, rect,
                         border_radius=radius)
        pygame.draw.rect(surface, GOLD if selected or lit else PANEL_EDGE, rect,
                         view.px(2 if selected else 1), border_radius=radius)
        x, y, w, h = box
        view.text(surface, text, (x + w / 2, y + h / 2), TEXT, INK if lit else DIM,
                  anchor="center", width=w - GAP)

    def sign(self, surface, sign: str, x: float, y: float, size: int, fill: bool) -> None:
        """A stepper's − or + button (filled on the split editor, an outline at the
        Market)."""
        view = self.view
        rect = view.rect(x, y, STEPPER, STEPPER)
        if fill:
            pygame.draw.rect(surface, CHIP, rect, border_radius=view.px(RADIUS - 2))
        pygame.draw.rect(surface, PANEL_EDGE, rect, view.px(1), border_radius=view.px(RADIUS - 2))
        view.text(surface, sign, (x + STEPPER / 2, y + STEPPER / 2), size, INK, bold=fill,
                  anchor="center")
