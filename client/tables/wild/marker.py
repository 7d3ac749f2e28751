"""The round marker: this round's points a card, on a track from 8 down to 1."""

from __future__ import annotations

import pygame

from client.tables.wild.layout import ROUND_BOX
from client.ui import DIM, GOLD, INK
from engine.games.wild import WildView, round_points
from engine.tell import count as count_words


class RoundMarker:
    def __init__(self, table):
        self.table = table

    def draw(self, surface, state: WildView) -> None:
        view = self.table.view
        x, y, w, h = ROUND_BOX
        now = state.round
        view.panel(surface, view.rect(x, y, w, h))
        view.text(surface, f"Round {now} · {count_words(round_points(now), 'point')} a card",
                  (x + 10, y + 5), 14, INK, bold=True, width=w - 20)
        for k in range(8):
            points = 8 - k
            cx, cy = x + 20 + k * 26, y + 35
            here = points == round_points(now)
            pygame.draw.circle(surface, GOLD if here else (40, 70, 55), view.point(cx, cy),
                               view.px(10))
            view.text(surface, str(points), (cx, cy), 12, (20, 14, 10) if here else DIM,
                      bold=here, anchor="center")
