"""Leaving mid-game, as the table asks it: the Leave button or closing the window asks
first — hand the seat to a bot (a graceful leave: the heir's bot plays on before the window
goes), or keep it and come back (the window goes, its journal stays, and the lobby offers
to resume; the others see the seat away and the table's rules decide how long it waits).
"""

from __future__ import annotations

import time

from client.ui import TABLE_AREA
from net.face.bridge import Leave

CHOICES = ("leave:bot", "leave:later", "leave:stay")
PATIENCE = 6.0  # seconds a graceful leave may take before the window goes anyway
PANEL = (350, 210, 580, 280)


class Leaving:
    """The leave question and a leave under way, for one table scene; `gone()` is called
    when the window should go (to the lobby, or closed when that is what was asked)."""

    def __init__(self, scene, gone):
        self.scene, self.session, self.gone_to = scene, scene.session, gone
        self.since: float | None = None  # a graceful leave was sent then
        self.quit_after = False  # the window closes once the seat is handed on
        self.asking = False  # the question is open: the table waits behind it

    def build(self) -> None:
        scene = self.scene
        scene.label("Leave the table?", 370, 220, 540, 48, "title")
        scene.label("A bot can play your seat on, or it can wait for you.", 370, 268, 540)
        scene.button("leave:bot", "Hand my seat to a bot and leave", 400, 312, 480, 48,
                     primary=True)
        scene.button("leave:later", "Keep my seat: I will come back", 400, 370, 480, 44,
                     tip="The lobby offers to resume this game; until then the others "
                         "wait for you as the table's rules say.")
        scene.button("leave:stay", "Stay at the table", 400, 424, 480, 40)

    def ask(self) -> None:
        if self.session.ending is not None or self.session.seat is None:
            self.gone()  # nothing to hand on: a spectator, or the game is over
            return
        self.asking = True
        self.scene.layout()

    def answer(self, choice: str) -> None:
        self.asking = False
        if choice == "leave:later":
            self.gone()  # the node closes without a leave; its journal stays
            return
        self.scene.layout()
        if choice == "leave:bot":
            self._leave()
        else:
            self.quit_after = False

    def _leave(self) -> None:
        if self.session.ending is not None or self.session.seat is None:
            self.gone()
            return
        self.session.send(Leave())
        self.since = time.monotonic()
        self.session.say("Leaving: handing your seat on…")

    def quit_requested(self) -> None:
        """Closing the window mid-game asks what becomes of the seat; asked to close again
        while asking, the window goes and the seat waits for its return (nothing is lost:
        the journal stays)."""
        if self.asking:
            self.answer("leave:later")
            return
        self.quit_after = True
        if self.since is None:
            self.ask()

    def overdue(self) -> bool:
        """A graceful leave that took too long: the window goes anyway."""
        return self.since is not None and time.monotonic() - self.since > PATIENCE

    def gone(self) -> None:
        self.gone_to(self.quit_after)

    def draw(self, surface) -> None:
        if self.asking:  # a question: the table waits, dimmed, behind it
            view = self.scene.view
            view.veil(surface, view.rect(*TABLE_AREA))
            view.panel(surface, view.rect(*PANEL), alpha=245)
