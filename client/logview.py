"""The table's log: every line rendered once, wrapped to the panel, drawn from the newest up.

pygame_gui's text box re-lays out its whole text on every append (30 ms once a match's
log is long), which broke the frame budget each time a play was logged; this panel
renders only the new line and blits cached surfaces.
"""

from __future__ import annotations

import pygame

from client.ui import DIM, INK, Viewport, wrap

LINE_SIZE = 15  # logical points
KEPT = 400  # wrapped lines kept for scrolling back
ELLIPSIS = "…"


class LogView:
    def __init__(self, view: Viewport, rect: tuple[float, float, float, float]):
        self.view = view
        self.box = rect  # logical: the column it has, all of it while nothing is above it
        self.rect = view.rect(*rect)
        self.font = view.font(LINE_SIZE)
        self.pad = view.px(6)
        # each wrapped row: its picture, its words, and whether it begins a line of the log
        self.rows: list[tuple[pygame.Surface, str, bool]] = []
        self.back = 0  # wrapped lines scrolled back from the newest; 0 follows the newest
        self.image: pygame.Surface | None = None  # the panel as last drawn, until it changes

    def extend(self, lines: list[str]) -> None:
        width = self._width()
        for line in lines:
            for i, row in enumerate(wrap(self.font, line, width)):
                self.rows.append((self.font.render(row, True, self.view.colour(INK)), row,
                                  i == 0))
        if self.back:  # a reader scrolled back keeps their place
            self.back += sum(len(wrap(self.font, line, width)) for line in lines)
        del self.rows[:-KEPT]
        self.back = min(self.back, self._most_back())
        self.image = None

    def start_at(self, top: float) -> None:
        """Keep to the column below logical `top` (the guide panel is above it), or, at
        the column's own top, all of it; the newest lines stay in view."""
        x, y, w, h = self.box
        top = min(top, y + h)
        rect = self.view.rect(x, top, w, y + h - top)
        if rect != self.rect:
            self.rect = rect
            self.back = min(self.back, self._most_back())
            self.image = None

    def scroll(self, event) -> bool:
        """A wheel turned over the panel scrolls it; True when the event was the log's."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        self.back = max(0, min(self._most_back(), self.back + 3 * event.y))
        self.image = None
        return True

    def page(self, back: bool) -> None:
        """PgUp goes a panel's worth back in the log, PgDn a panel's worth forward."""
        step = self._fits() - 1 if back else 1 - self._fits()
        self.back = max(0, min(self._most_back(), self.back + step))
        self.image = None

    def _width(self) -> int:
        """The width a line is wrapped to: the panel's, less room for a "…" before a row
        that goes on from one out of view."""
        return self.rect.width - 2 * self.pad - self.font.size(ELLIPSIS)[0]

    def _most_back(self) -> int:
        return max(0, len(self.rows) - self._fits())

    def _fits(self) -> int:
        return max(1, (self.rect.height - 2 * self.pad) // self.font.get_linesize())

    def picture(self) -> pygame.Surface:
        """The panel as it is drawn now (a new picture only when it changed)."""
        if self.image is None:
            self.image = self._render()
        return self.image

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.picture(), self.rect)
        if self.view.recording(surface):  # its own panel was drawn on its cached picture
            self.view.drawn.append(("panel", self.rect, "", False))

    def shown(self) -> list[str]:
        """The words of the rows in view, oldest first."""
        return [words for _, words in self._shown()]

    def _shown(self) -> list[tuple[pygame.Surface | None, str]]:
        """The rows in view, each its picture and words; a top row whose line began above
        the panel is "…" and its words, to be drawn (never a sentence's tail alone)."""
        rows = self.rows[max(0, len(self.rows) - self.back - self._fits()):
                         len(self.rows) - self.back]
        shown = [(row, words) for row, words, _ in rows]
        if rows and not rows[0][2]:
            shown[0] = (None, ELLIPSIS + rows[0][1])
        return shown

    def _render(self) -> pygame.Surface:
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self.view.panel(image, image.get_rect(), alpha=235)
        step = self.font.get_linesize()
        shown = self._shown()
        y = image.get_height() - self.pad - step * len(shown)
        for row, words in shown:
            if row is None:
                row = self.font.render(words, True, self.view.colour(INK))
            image.blit(row, (self.pad, y))
            y += step
        if self.back:
            note = self.view.font(12).render(f"↓ {self.back} newer lines", True,
                                            self.view.colour(DIM))
            image.blit(note, note.get_rect(bottomright=(image.get_width() - self.pad,
                                                        image.get_height() - 2)))
        return image
