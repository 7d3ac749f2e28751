"""What moves on the Gold table between views: tokens and adventurers flying from where
they were to where they go, and one popup with the latest news on the strip under your
side (NEWS_AT), where it covers nothing."""

from __future__ import annotations

import pygame

from client import assets
from client.anim import Tween
from client.tables.gold.layout import NEWS_AT, TOKEN
from client.ui import GOLD

FLIGHT = 0.6  # seconds a token or an adventurer takes to fly
POPUP_TIME = 1.8
POPUP_WORDS = 20
POPUP_PADDING = (24, 10)  # logical px its banner adds around its words
TOKEN_SIZE = TOKEN + 2
TOKENS_FLOWN = 6  # of a colour at most: a big hoard flies as a stream, not a swarm


class Motion:
    def __init__(self, table):
        self.table = table
        self.flights: list[list] = []  # [sprite name, Tween((x, y, size, alpha))]
        self.popups: list[list] = []  # [text, x, y, seconds left]

    def fly(self, name: str, start, end, size: float, delay: float = 0.0) -> None:
        tween = Tween((start[0] - size / 2, start[1] - size / 2, size, 255))
        tween.to((end[0] - size / 2, end[1] - size / 2, size, 255), FLIGHT, delay)
        self.flights.append([name, tween])

    def fly_tokens(self, counts, start, end) -> None:
        shown = 0
        for colour, n in enumerate(counts):
            for _ in range(min(n, TOKENS_FLOWN)):
                self.fly(f"gold/token/{colour}", start, end, TOKEN_SIZE, shown * 0.05)
                shown += 1

    def popup(self, text: str) -> None:
        """One popup at a time: the newest news replaces the last (no words on words)."""
        self.popups = [[text, POPUP_TIME]]

    def update(self, dt: float) -> None:
        for _, tween in self.flights:
            tween.update(dt)
        self.flights = [f for f in self.flights if f[1].moving]
        for popup in self.popups:
            popup[1] -= dt
        self.popups = [p for p in self.popups if p[1] > 0]

    @property
    def view(self):
        return self.table.view

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.popups)

    def draw_flights(self, surface) -> None:
        view = self.view
        for name, tween in self.flights:
            x, y, size, _ = tween.value
            surface.blit(assets.sprite(name, (view.px(size), view.px(size)), True),
                         view.point(x, y))

    def draw_popups(self, surface) -> None:
        """Each popup on a banner of its own, on the strip under your side: over the lairs
        it hid the hoard and the sharing's first lines ("Sootwing is slain!" over them)."""
        view = self.view
        for text, _ in self.popups:
            width, height = view.font(POPUP_WORDS, True).size(text)
            banner = pygame.Rect(0, 0, width + view.px(POPUP_PADDING[0]),
                                 height + view.px(POPUP_PADDING[1]))
            banner.center = view.point(*NEWS_AT)
            view.banner(surface, banner, edge=GOLD)
            view.text(surface, text, NEWS_AT, POPUP_WORDS, GOLD, bold=True, anchor="center")
