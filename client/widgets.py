"""Small drawn widgets shared by the tables: the countdown ring, seat panels, card fans."""

from __future__ import annotations

import math

import pygame

from client.ui import ALERT, DIM, GOLD, Viewport


def countdown_ring(surface: pygame.Surface, view: Viewport, centre: tuple[float, float],
                   radius: float, left: float, total: float) -> None:
    """A ring that empties as the table's timer runs down, with the seconds inside."""
    fraction = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    rect = view.rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2)
    pygame.draw.circle(surface, (10, 30, 22), rect.center, rect.width // 2)
    pygame.draw.circle(surface, DIM, rect.center, rect.width // 2, view.px(3))
    if fraction > 0:
        colour = ALERT if left <= 10 else GOLD
        start = math.pi / 2
        pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * fraction,
                        view.px(7))
    view.text(surface, f"{math.ceil(left)}", centre, radius * 0.8, bold=True, anchor="center")


def fan_positions(count: int, left: float, right: float, card_width: float,
                  widest_gap: float) -> list[float]:
    """x of each card of a fanned row centred between left and right."""
    if count == 0:
        return []
    room = right - left - card_width
    gap = widest_gap if count == 1 else min(widest_gap, room / (count - 1))
    width = card_width + gap * (count - 1)
    start = left + (right - left - width) / 2
    return [start + i * gap for i in range(count)]
