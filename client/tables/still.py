"""What a table draws that stands still between changes (the felt, the log, a game's panels
and words), kept as one opaque picture of the window and blitted whole at each frame until
what it is drawn from changes; what moves (a timer's ring, flights, the pointer's) is drawn
over it.

A Gold frame drew ~90 blits and ~50 lines of words over the felt through the sand timer's
talks, each blit handing the GIL to the node's thread and back: 4.2 ms of the window's CPU a
frame, where the ring alone changed. The picture is painted on the felt itself, not on a
transparent layer, so each pixel is blended exactly as it was straight on the window."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class StillLayer:
    def __init__(self):
        self.image: pygame.Surface | None = None
        self.key: Hashable | None = None  # what `image` was painted from

    def draw(self, surface: pygame.Surface, key: Hashable | None,
             paint: Callable[[pygame.Surface], None]) -> None:
        """`paint` draws the still part on the surface it is given; `key` holds everything
        it draws from, by value (None: nothing can be kept, it paints `surface` itself)."""
        if key is None:
            self.image = self.key = None
            paint(surface)
            return
        size = surface.get_size()
        if self.image is None or self.image.get_size() != size:
            self.image, self.key = pygame.Surface(size, 0, surface), None
        if key != self.key:
            paint(self.image)
            self.key = key
        surface.blit(self.image, (0, 0))
