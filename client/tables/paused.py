"""A player's pause (net.table.pause) as the window shows it: Pause beside Leave (or F2),
and, while the table stands, a veil over it saying who paused it and who asked to play on,
with Resume for the pauser and Play on for the others. Spectators see the veil alone.

The table decides, from the frames: this only sends a seat's PauseTable or ResumeTable and
reads the view's `paused_by` and `resuming`, so every laptop shows the same pause.
"""

from __future__ import annotations

import pygame

from client import notices
from client.tables.common import wrap_text
from client.ui import DIM, GOLD, INK, TABLE_AREA
from net.table.pause import PauseTable, ResumeTable

PAUSE_KEYS = (pygame.K_F2, pygame.K_PAUSE)
KEYS_HELP = "F2 pause or resume the table"
PANEL = (300, 250, 380, 180)  # x, y, w, h over the table's middle


class PauseChrome:
    """The pause's button, key and veil for one table scene."""

    def __init__(self, scene):
        self.scene, self.session = scene, scene.session

    @property
    def by(self) -> int | None:
        """The seat of the player who paused the table, while it stands paused."""
        view = self.session.view
        return None if view is None else view.paused_by

    def seated(self) -> bool:
        """Only a seated player of a match in play may pause it or ask to play on."""
        session = self.session
        return session.seat is not None and not session.watching and session.ending is None

    def asked(self) -> bool:
        """Has this player asked to play on (a pause that is not theirs)?"""
        return self.session.seat in self.session.view.resuming

    def build(self) -> None:
        if not self.seated():
            return
        by, scene = self.by, self.scene
        x, y, w, h = PANEL
        if by is None:
            scene.button("pause", "Pause", 1022, 10, 118, 40,
                         tip="Stop every clock at the table until you resume (F2)")
        elif by == self.session.seat:
            scene.button("resume", "Resume", x + w / 2 - 90, y + h - 56, 180, 44, primary=True)
        else:
            scene.button("resume", "Play on", x + w / 2 - 90, y + h - 56, 180, 44,
                         primary=True, enabled=not self.asked(),
                         tip="Ask to play on: the table resumes when whoever paused it "
                             "does, or when everyone else asks to")

    def press(self) -> None:
        """Pause, or resume (ask to play on): the button or the key."""
        if not self.seated():
            return
        by, seat = self.by, self.session.seat
        if by is None:
            self.session.submit(PauseTable(seat))
        elif by == seat or not self.asked():
            self.session.submit(ResumeTable(seat))

    def draw(self, surface) -> None:
        by = self.by
        if by is None:
            return
        view, (x, y, w, h) = self.scene.view, PANEL
        view.veil(surface, view.rect(*TABLE_AREA))
        view.panel(surface, view.rect(x, y, w, h), alpha=250, edge=GOLD)
        view.text(surface, "Paused", (x + w / 2, y + 14), 24, GOLD, bold=True, anchor="midtop")
        words = notices.pause_line(self.session.names, by, self.session.view.resuming)
        for i, line in enumerate(wrap_text(view, words, 15, w - 40)[:3]):
            view.text(surface, line, (x + w / 2, y + 50 + i * 21), 15, INK, anchor="midtop",
                      width=w - 40)
        if not self.seated():
            view.text(surface, "Every clock at the table stands.", (x + w / 2, y + h - 40), 14,
                      DIM, anchor="midtop", width=w - 40)
