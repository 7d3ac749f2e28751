"""The deck and the discard at the table's right: the deck face down with its count and the
turnovers left, the discard's top cards fanned; each a place that takes clicks and drops
('pile:deck', 'pile:discard'), outlined while a draw from it is open or the card held may
go there."""

from __future__ import annotations

import pygame

from client import assets
from client.tables.wild.cards import draw_wild
from client.tables.wild.layout import (
    DECK_AT,
    DISCARD_AT,
    DISCARD_FAN,
    DISCARD_SHOWN,
    EMPTY_EDGE,
    PILE_CARD,
)
from client.ui import DIM, GOLD
from engine.games.wild import WildView
from engine.tell import count as count_words


class Piles:
    def __init__(self, table):
        self.table = table

    @staticmethod
    def discard_places(state: WildView) -> dict[int, tuple[float, float, float]]:
        """Where the discard's top cards lie: face -> (x, y, width)."""
        top = state.discard[-DISCARD_SHOWN:]
        x, y = DISCARD_AT
        return {face: (x + k * DISCARD_FAN, y, PILE_CARD[0]) for k, face in enumerate(top)}

    def rects(self) -> dict[str, pygame.Rect]:
        view = self.table.view
        return {"pile:deck": view.rect(*DECK_AT, *PILE_CARD),
                "pile:discard": view.rect(*DISCARD_AT, PILE_CARD[0] + 2 * DISCARD_FAN,
                                          PILE_CARD[1])}

    def draw(self, surface, state: WildView, held: set[str]) -> None:
        table = self.table
        view = table.view
        deck = state.deck
        dx, dy = DECK_AT
        if deck:
            surface.blit(assets.sprite("back", (view.px(PILE_CARD[0]), view.px(PILE_CARD[1]))),
                         view.point(dx, dy))
        else:
            self._empty(surface, DECK_AT)
        if not state.discard:
            self._empty(surface, DISCARD_AT)
        view.text(surface, f"deck {deck}", (dx, dy - 36), 13, DIM)
        turns = state.turnovers
        view.text(surface, f"{count_words(turns, 'turnover')} left", (dx, dy - 20),
                  12, DIM)
        draws = table.can.draws
        lit = "pile:discard" in held or (draws.get(True) is not None)
        view.text(surface, f"discard {len(state.discard)}", (DISCARD_AT[0], dy - 36),
                  13, GOLD if lit else DIM)
        for face in state.discard[-DISCARD_SHOWN:]:
            sprite = table.cards.tabled.get(face)
            if sprite is not None:
                draw_wild(surface, view, sprite, PILE_CARD)
        if "pile:discard" in held:
            x, y = DISCARD_AT
            pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 4, PILE_CARD[0] +
                                                      2 * DISCARD_FAN + 8, PILE_CARD[1] + 8),
                             view.px(3), border_radius=view.px(8))
        for from_discard in draws:
            x, y = DISCARD_AT if from_discard else DECK_AT
            pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 4, PILE_CARD[0] + 8,
                                                      PILE_CARD[1] + 8),
                             view.px(2), border_radius=view.px(8))

    def _empty(self, surface, at) -> None:
        view = self.table.view
        pygame.draw.rect(surface, EMPTY_EDGE, view.rect(*at, *PILE_CARD), view.px(1.5),
                         border_radius=view.px(6))
