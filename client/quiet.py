"""Notices that need no answer (no sound): a small icon in the window's bottom-right corner,
not a dialog over the scene; their words show while the mouse rests on it, and in the
settings."""

from __future__ import annotations

import pygame

from client import assets
from client.ui import wrap

ICON = (1250, 694, 24, 24)  # logical: the icon, in the bottom-right corner
TIP_W, TIP_WORDS = 1200, 13  # its words, beside it along the window's bottom edge


class QuietNotes:
    """The window's quiet notes; `mouse` is where the pointer is, while in the window."""

    def __init__(self, view, notes: list[str]):
        self.view, self.notes = view, notes
        self.mouse: tuple[int, int] | None = None

    def icon(self) -> pygame.Rect | None:
        """Where the icon is, if there are any notes."""
        return self.view.rect(*ICON) if self.notes else None

    def tip(self) -> str:
        """The notes' words, while the mouse rests on their icon (else "")."""
        icon = self.icon()
        if icon is None or self.mouse is None or not icon.collidepoint(self.mouse):
            return ""
        return " ".join(self.notes)

    def draw(self, surface) -> None:
        """The icon, and its words beside it while the mouse rests on it."""
        icon = self.icon()
        if icon is None:
            return
        view = self.view
        surface.blit(assets.sprite("badge/mute", icon.size), icon)
        tip = self.tip()
        if not tip:
            return
        font = view.font(TIP_WORDS)
        lines = wrap(font, tip, view.px(TIP_W - 20))
        height = len(lines) * font.get_linesize() + view.px(8)
        box = pygame.Rect(0, 0, min(view.px(TIP_W), max(font.size(line)[0]
                                                        for line in lines) + view.px(20)),
                          height)
        box.bottomright = (icon.left - view.px(6), icon.bottom)  # along the bottom edge,
        view.banner(surface, box)  # under every button (over History and Rules it hid them)
        for i, line in enumerate(lines):
            view.text(surface, line, view.logical((box.x + view.px(10),
                                                   box.y + view.px(4) + i * font.get_linesize())),
                      TIP_WORDS)
