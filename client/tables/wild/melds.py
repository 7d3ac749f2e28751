"""The melds' area: every meld as a tile, grouped by who laid it (you first), at the largest
card size that lets them all fit, with the new-meld space after them while you may lay one;
each tile a place that takes clicks and drops ('meld:N', 'meld:new')."""

from __future__ import annotations

import pygame

from client import assets
from client.tables.wild.cards import draw_wild
from client.tables.wild.layout import EMPTY_EDGE, MELD_LABEL, MELD_WIDTHS, MELDS
from client.ui import DIM, GOLD
from engine.games.wild import FIRST_DRAGON, NO_MELDS, WildView, number


class MeldArea:
    def __init__(self, table):
        self.table = table
        self.tiles: dict[int, tuple[float, float, float, float, float]] = {}
        self.new_tile: tuple[float, float, float, float] | None = None

    def lay_out(self, state: WildView, new_space: bool) -> None:
        """Every meld as a tile, grouped by who laid it (you first), at the largest card size
        that lets them all fit; the new-meld space after them when `new_space`."""
        entries = state.melds
        seats = len(state.counts) or 1
        me = self.table.me
        order = sorted(range(len(entries)),
                       key=lambda i: ((entries[i].owner - (me or 0)) % seats, i))
        for width in MELD_WIDTHS:
            placed = self._flow(entries, order, width, new_space)
            if placed is not None:
                break
        self.tiles, self.new_tile = placed

    @staticmethod
    def _flow(entries, order, width: float, new_space: bool):
        """Tiles left to right, wrapping; None when they overflow the area."""
        ax, ay, aw, ah = MELDS
        height, step = width * 1.4, width * 0.46
        x, y = ax, ay
        tiles = {}
        sizes = [(i, width + step * (len(entries[i].faces) - 1)) for i in order]
        if new_space:
            sizes.append((-1, width * 1.6))
        for i, tile_w in sizes:
            if x + tile_w > ax + aw and x > ax:
                x, y = ax, y + MELD_LABEL + height + 12
            if y + MELD_LABEL + height > ay + ah:
                return None
            tiles[i] = (x, y + MELD_LABEL, width, step, tile_w)
            x += tile_w + 16
        new = tiles.pop(-1, None)
        return tiles, (new[0], new[1], new[4], height) if new else None

    def card_places(self, state: WildView) -> dict[int, tuple[float, float, float]]:
        """Where each meld's cards lie: face -> (x, y, width)."""
        places = {}
        for i, faces in enumerate(m.faces for m in state.melds):
            x, y, width, step, _ = self.tiles[i]
            for k, face in enumerate(faces):
                places[face] = (x + k * step, y, width)
        return places

    def rects(self) -> dict[str, pygame.Rect]:
        """Every meld's tile, its owner's name included, and the new-meld space."""
        view = self.table.view
        rects = {f"meld:{i}": view.rect(x, y - MELD_LABEL, tile_w, MELD_LABEL + width * 1.4)
                 for i, (x, y, width, _, tile_w) in self.tiles.items()}
        if self.new_tile is not None:
            rects["meld:new"] = view.rect(*self.new_tile)
        return rects

    def draw(self, surface, state: WildView, lit: set[str]) -> None:
        table = self.table
        view = table.view
        carried = table.carried()
        entries = state.melds
        if not entries and self.new_tile is None:
            x, y, w, h = MELDS
            view.text(surface, NO_MELDS, (x + w / 2, y + 60), 15, DIM, anchor="midtop")
        for i, (owner, _kind, faces, wild_as) in enumerate(
                (m.owner, m.kind, m.faces, m.wild_as) for m in entries):
            x, y, width, _, tile_w = self.tiles[i]
            key = f"meld:{i}"
            name = "You" if owner == table.me else table.session.seat_name(owner)
            view.text(surface, name, (x, y - MELD_LABEL), 13, GOLD if owner == table.me else DIM,
                      width=max(tile_w, 60))
            for face in faces:
                sprite = table.cards.tabled.get(face)
                if sprite is not None and id(sprite) not in carried:
                    rect = draw_wild(surface, view, sprite, (width, width * 1.4))
                    if face >= FIRST_DRAGON and not sprite.tween.moving:
                        self._stands_for(surface, rect, faces, wild_as)
            if key in lit:  # its top edge stays below the owner's name over the meld
                pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 1, tile_w + 8,
                                                          width * 1.4 + 5),
                                 view.px(3), border_radius=view.px(8))
        if self.new_tile is not None:
            x, y, w, h = self.new_tile
            colour = GOLD if "meld:new" in lit else EMPTY_EDGE
            pygame.draw.rect(surface, colour, view.rect(x, y, w, h), view.px(2),
                             border_radius=view.px(6))
            view.text(surface, "new", (x + w / 2, y + h / 2 - 9), 13, colour, anchor="center")
            view.text(surface, "meld", (x + w / 2, y + h / 2 + 9), 13, colour, anchor="center")

    def _stands_for(self, surface, rect: pygame.Rect, faces, wild_as: int) -> None:
        """A Dragon in a meld wears the number it stands for at the bottom left, which shows
        even when the next card covers the rest (a run's suit is its other cards' colour,
        and an initial beside the number read as a puzzle: "=3U")."""
        naturals = [f for f in faces if f < FIRST_DRAGON]
        text = f"={wild_as or number(naturals[0])}"
        view = self.table.view
        image = assets.text(text, view.px(13), True, GOLD)
        box = image.get_rect(bottomleft=(rect.left + view.px(4), rect.bottom - view.px(3)))
        pygame.draw.rect(surface, (20, 14, 10), box.inflate(view.px(6), view.px(2)),
                         border_radius=view.px(4))
        surface.blit(image, box)
