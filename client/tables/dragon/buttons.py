"""The Dragon table's buttons, in a row over your hand: Play, Pass (No Dragon while the
Dragon may be shown), Hint, Sort, and Show my Dragon! only while this seat may show one."""

from __future__ import annotations

from client.tables.basics import enable, show
from client.tables.dragon.layout import BUTTON_Y
from engine.games.dragon import DRAGON_STAGE


class Buttons:
    def __init__(self, table):
        self.table = table

    def build(self) -> None:
        table = self.table
        scene = table.scene
        scene.button("play", "Play", 30, BUTTON_Y, 120, 44, primary=True)
        scene.button("pass", "Pass", 160, BUTTON_Y, 100, 44)
        scene.button("hint", "Hint", 270, BUTTON_Y, 90, 44)
        scene.button("sort", "Sort", 370, BUTTON_Y, 130, 44)
        scene.button("dragon", "Show my Dragon!", 510, BUTTON_Y, 190, 44, primary=True)

    def refresh(self) -> None:
        table = self.table
        buttons, can = table.scene.buttons, table.can
        if "play" not in buttons:
            return
        enable(buttons["play"], table.selected_play() is not None)
        enable(buttons["pass"], can.pass_action is not None)
        dragons = table.state is not None and table.state.phase == DRAGON_STAGE
        buttons["pass"].set_text("No Dragon" if dragons else "Pass")
        enable(buttons["hint"], bool(can.plays))
        buttons["sort"].set_text("Sort: by suit" if table.by_suit else "Sort: by rank")
        show(buttons["dragon"], can.dragon_action is not None)
