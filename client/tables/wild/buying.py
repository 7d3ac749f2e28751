"""The buying window under the round marker: the offer in the rules' words with its
countdown, who asked, and the answer; its buttons (Buy, No thanks; Yes, No, I take it) sit
at its foot."""

from __future__ import annotations

from client.tables.basics import PACE
from client.tables.common import wrap_text
from client.tables.wild.layout import BUY_BOX
from client.ui import GOLD, INK
from client.widgets import countdown_ring
from engine.games.wild import ANSWERING, BUYING, DRAWING, GAME, LAYING, WildView

EDGE = (70, 110, 90)  # the panel's edge while this seat has nothing to answer


class BuyingPanel:
    def __init__(self, table):
        self.table = table
        self.timer_total = 0.0  # the buying window's whole time, for its countdown ring

    def sync(self, state: WildView) -> None:
        self.timer_total = state.timer.steps * PACE if state.timer else 0.0

    def build(self, scene) -> None:
        x, y, w, h = BUY_BOX
        scene.button("buy", "Buy", x + 10, y + h - 52, 100, 42, primary=True)
        scene.button("decline", "No thanks", x + 118, y + h - 52, w - 128, 42)
        scene.button("allow", "Yes", x + 10, y + h - 52, 80, 42)
        scene.button("refuse", "No, I take it", x + 98, y + h - 52, w - 108, 42,
                     primary=True)

    def draw(self, surface, state: WildView) -> None:
        phase = state.phase
        if phase not in (BUYING, ANSWERING, DRAWING, LAYING):
            return
        table = self.table
        view, can = table.view, table.can
        x, y, w, h = BUY_BOX
        view.panel(surface, view.rect(x, y, w, h), edge=GOLD if can.buying or can.answers
                   else EDGE)
        advised = GAME.advice(state, table.player, table.session.names)  # the rules' words
        title, lines = (advised.title, advised.lines) if advised else ("", ())
        timed = phase == BUYING and state.timer is not None
        view.text(surface, title, (x + 10, y + 8), 15, GOLD, bold=True,
                  width=w - (70 if timed else 20))
        row = y + 44
        for text in lines:
            for line in wrap_text(view, text, 13, w - 20):
                if row < y + h - 66:  # above the answer buttons
                    view.text(surface, line, (x + 10, row), 13, INK)
                row += 17
        left = table.session.seconds_left(PACE)
        if timed and left is not None:
            countdown_ring(surface, view, (x + w - 28, y + 24), 18, left, self.timer_total)
