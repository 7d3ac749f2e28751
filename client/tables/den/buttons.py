"""The Dragon Den table's buttons over your hand: End turn, while the turn may end, and
Hint, while anything is open to this seat."""

from __future__ import annotations

from client.tables.basics import enable
from client.tables.den.layout import BUTTON_Y


class Buttons:
    def __init__(self, table):
        self.table = table

    def build(self) -> None:
        table = self.table
        table.scene.button("end", "End turn", 30, BUTTON_Y, 150, 44, primary=True)
        table.scene.button("hint", "Hint", 190, BUTTON_Y, 90, 44)

    def refresh(self) -> None:
        table = self.table
        buttons = table.scene.buttons
        if "end" not in buttons:
            return
        enable(buttons["end"], table.can.end_action is not None)
        enable(buttons["hint"], table.can.offered)
