"""The Gold table's buttons, in one row over your side (and Use it under your Magic
Objects), each shown only while what it does is open to this seat."""

from __future__ import annotations

from client.tables.basics import enable, show
from client.tables.gold.layout import (
    BUTTON_H,
    BUTTON_Y,
    CELL_GAP,
    EDITOR_RIGHT,
    EDITOR_X,
    GAP,
    HINT_BUTTON,
    MAGIC_W,
    MAGIC_X,
    RIGHT_X,
    TABLE_W,
    USE_AT,
)
from client.tables.gold.panels.parts import effect_of
from engine.games.gold import DIVIDE, NEGOTIATE, TARGETS

# the row's ends: the editors' buttons end where the editor does, the answers start at the
# table's half and the rest keep to the table's right edge
RIGHT_END = TABLE_W - GAP
PROPOSE_X = EDITOR_RIGHT - 150
# (id, label, x, width, primary)
ROW = (("even", "Share out evenly", PROPOSE_X - GAP - 160, 160, False),
       ("propose", "Propose", PROPOSE_X, 150, True),
       ("divide", "Divide", PROPOSE_X, 150, True),
       ("accept", "Accept", RIGHT_X, 110, True),
       ("reject", "Reject", RIGHT_X + 110 + CELL_GAP, 100, False),
       ("hourglass", "Turn the Hourglass", RIGHT_END - 140, 140, False),
       ("offer", "Make the offer", EDITOR_X, 150, True),
       ("leave_market", "Leave the Market", RIGHT_END - 180, 180, False))
USE = (*USE_AT, MAGIC_X + MAGIC_W - GAP - USE_AT[0])  # (x, y, width) of Use it
ANSWERS = ("accept", "reject", "leave_market")  # each submits the legal answer it names


class Buttons:
    def __init__(self, table):
        self.table = table

    def build(self) -> None:
        scene = self.table.scene
        for ident, label, x, width, primary in ROW:
            scene.button(ident, label, x, BUTTON_Y, width, BUTTON_H, primary=primary)
        x, y, width = USE
        scene.button("use", "Use it", x, y, width, BUTTON_H, primary=True)
        x, y, width = HINT_BUTTON
        scene.button("hint", "Hint", x, y, width, BUTTON_H)
        self.refresh()

    def refresh(self) -> None:
        table = self.table
        buttons = table.scene.buttons
        if "propose" not in buttons:  # not built yet
            return
        phase = table.state.phase if table.state is not None else None
        editing = table.panels["share"].editing
        show(buttons["even"], editing)
        show(buttons["propose"], editing and phase == NEGOTIATE)
        show(buttons["divide"], editing and phase == DIVIDE)
        for ident in ANSWERS:
            show(buttons[ident], ident in table.can.answers)
        show(buttons["hourglass"], bool(self._hourglass()))
        show(buttons["offer"], table.can.offers is not None)
        enable(buttons["offer"], table.trade.partner is not None)
        held = table.held_uses()
        show(buttons["use"], bool(held) and not TARGETS[effect_of(held[0].face)])
        view = table.session.view
        show(buttons["hint"], table.acting and view is not None and bool(view.legal))

    def _hourglass(self) -> list:
        """The uses that take no target while the sand runs: the Hourglass's."""
        table = self.table
        return [u for uses in table.can.uses.values() for u in uses
                if not u.target and table.state.phase == NEGOTIATE]

    def press(self, ident: str) -> None:
        table = self.table
        answers = table.can.answers
        if ident == "hint":
            table.hints.press()
        elif ident == "even":
            table.panels["share"].evenly()
        elif ident in ("propose", "divide"):
            table.panels["share"].propose()
        elif ident in ANSWERS and ident in answers:
            table.submit(answers[ident])
        elif ident == "hourglass" and self._hourglass():
            table.submit(self._hourglass()[0])
        elif ident == "offer":
            table.panels["market"].make_offer()
        elif ident == "use":
            held = table.held_uses()
            if held and not held[0].target:
                table.submit(held[0])
        self.refresh()
