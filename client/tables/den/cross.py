"""The cross of piles in the centre: where each pile sits on its cell and fans its cards so
each rank corner shows, the stock face down in the middle, the cards flying there from the
hand, the seat that played them or the stock; each pile a place that takes clicks and drops,
named and outlined in gold while it would take what is held."""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite, Tween
from client.tables.common import draw_card, hit
from client.tables.den.layout import CARD, CELL_W, CELLS, COLUMNS, EMPTY_EDGE, FAN, ROWS, STOCK_CELL
from client.ui import DIM, GOLD
from engine.games.den import FOUNDATIONS, PILE_NAMES, DenView, Played

LABEL_ABOVE = 22  # a pile's name this far over its card: clear of the light around it


def cell(column: int, row: int) -> tuple[float, float]:
    return COLUMNS[column], ROWS[row]


def stock_at() -> tuple[float, float]:
    x, y = cell(*STOCK_CELL)
    return x + CELL_W / 2 - CARD[0] / 2, y


def pile_xs(pile: int, count: int) -> list[float]:
    """x of each card of a pile, fanned left to right so each rank corner shows."""
    x, _ = cell(*CELLS[pile])
    if count == 0:
        return []
    gap = FAN if count == 1 else min(FAN, (CELL_W - 20 - CARD[0]) / (count - 1))
    width = CARD[0] + gap * (count - 1)
    start = x + (CELL_W - width) / 2 if CELLS[pile][0] == 1 else (
        x + 10 if CELLS[pile][0] == 2 else x + CELL_W - 10 - width)
    return [start + i * gap for i in range(count)]


class Cross:
    """The cards on the cross (`piled`, by face) and where they came from."""

    def __init__(self, table):
        self.table = table
        self.piled: dict[int, CardSprite] = {}
        self.origins: dict[int, tuple[float, float]] = {}  # face -> the seat that played it

    def on_event(self, event) -> None:
        table = self.table
        if isinstance(event, Played) and event.seat != table.me:
            for face in event.faces:
                self.origins[face] = table.anchor(event.seat)

    def pile_rect(self, pile: int) -> tuple[float, float, float, float]:
        """The area a pile answers clicks and drops in: its fan, or its empty place."""
        piles = self.table.state.piles
        xs = pile_xs(pile, max(1, len(piles[pile])))
        _, y = cell(*CELLS[pile])
        return xs[0], y, xs[-1] + CARD[0] - xs[0], CARD[1]

    def rects(self) -> dict[int, pygame.Rect]:
        if self.table.state is None:
            return {}
        view = self.table.view
        return {pile: view.rect(*self.pile_rect(pile)) for pile in range(len(CELLS))}

    def pile_at(self, pos) -> int | None:
        return hit(self.rects(), pos)

    def sync(self, piles, animate: bool) -> None:
        table = self.table
        on_table = {face for pile in piles for face in pile}
        for face in [f for f in self.piled if f not in on_table]:
            del self.piled[face]  # a new hand: the cross is cleared
        for pile, faces in enumerate(piles):
            _, y = cell(*CELLS[pile])
            for face, x in zip(faces, pile_xs(pile, len(faces)), strict=True):
                sprite = self.piled.get(face)
                if sprite is None:
                    start = table.hand[face].tween.value if face in table.hand else (
                        *self.origins.pop(face, stock_at()), CARD[0], 255)
                    sprite = self.piled[face] = CardSprite(face, Tween(start))
                sprite.selected = pile == table.source
                table._move(sprite, (x, y, CARD[0], 255), animate)

    def mark_source(self) -> None:
        """The pile picked up (the table's `source`) outlined card by card, no other."""
        table = self.table
        for pile, faces in enumerate(table.state.piles):
            for face in faces:
                if face in self.piled:
                    self.piled[face].selected = pile == table.source

    def draw(self, surface, state: DenView) -> None:
        table = self.table
        view = table.view
        lit = table.targets_for_held()
        carried = table.carried()
        for pile, faces in enumerate(state.piles):
            x, y, w, h = self.pile_rect(pile)
            label = PILE_NAMES[pile].replace(" corner", "")
            view.text(surface, label, (x, y - LABEL_ABOVE), 13, GOLD if pile in lit else DIM)
            if not faces:
                self._draw_empty(surface, pile, x, y)
            for face in faces:
                sprite = self.piled.get(face)
                if sprite is not None and id(sprite) not in carried:
                    draw_card(surface, view, "den", sprite, CARD[1] / CARD[0])
            if pile in lit:
                view.ring(surface, view.rect(x - 4, y - 4, w + 8, h + 8), GOLD)
        sx, sy = stock_at()
        if state.stock:
            surface.blit(assets.sprite("back", (view.px(CARD[0]), view.px(CARD[1]))),
                         view.point(sx, sy))
        view.text(surface, f"stock {state.stock}", (sx + CARD[0] / 2, sy - 18), 13,
                  DIM, anchor="midtop")

    def _draw_empty(self, surface, pile: int, x: float, y: float) -> None:
        """An empty pile's outline, marked "Dragon" on a foundation, else "empty"."""
        view = self.table.view
        rect = view.rect(x, y, CARD[0], CARD[1])
        pygame.draw.rect(surface, EMPTY_EDGE, rect, view.px(1.5), border_radius=view.px(6))
        hint = "Dragon" if pile >= FOUNDATIONS else "empty"
        view.text(surface, hint, (x + CARD[0] / 2, y + CARD[1] / 2), 12, DIM, anchor="center")
