"""The Wild table's buttons: Lay meld, Discard, Sort and Hint in a row over your hand, the
three places the Dragon may stand in their stead while you choose one, and the buying
window's answers at its foot; each shown only while what it does is open to this seat."""

from __future__ import annotations

from client.tables.basics import enable, show
from client.tables.wild.layout import BUTTON_Y
from engine.games.wild import FIRST_DRAGON, LAYING, RUN, AddToMeld, new_meld, number

WILD_CHOICES = 3  # the most places a Dragon may stand in one lay
ANSWERS = (("buy", "buying"), ("decline", "buying"), ("allow", "answers"),
           ("refuse", "answers"))  # each button, and the choices that show it


def place_words(kind: str, faces, wild_as: int) -> str:
    """Where a Dragon stands in a run after a lay: its number and which end or inside."""
    if kind != RUN:
        return "Dragon in the set"
    numbers = [number(f) for f in faces if f < FIRST_DRAGON] + [wild_as]
    where = "low end" if wild_as == min(numbers) else "high end" if wild_as == max(numbers) \
        else "inside"
    return f"Dragon as {wild_as} ({where})"


class Buttons:
    def __init__(self, table):
        self.table = table

    def build(self) -> None:
        scene = self.table.scene
        scene.button("meld", "Lay meld", 30, BUTTON_Y, 130, 44, primary=True)
        scene.button("discard", "Discard", 170, BUTTON_Y, 120, 44)
        scene.button("sort", "Sort: by number", 300, BUTTON_Y, 160, 44)
        scene.button("hint", "Hint", 470, BUTTON_Y, 90, 44)
        for i in range(WILD_CHOICES):  # where the Dragon stands: in the place of the buttons
            scene.button(f"wild{i}", "", 30 + i * 165, BUTTON_Y, 160, 44, primary=True)
        self.table.buying.build(scene)

    def refresh(self) -> None:
        table = self.table
        buttons = table.scene.buttons
        if "meld" not in buttons:
            return
        choosing, can = table.choosing, table.can
        laying = table.my_turn(LAYING)
        show(buttons["meld"], laying and not choosing)
        show(buttons["discard"], laying and not choosing)
        # lit only for a selection that lays a new meld (M on anything else says why not)
        enable(buttons["meld"], (-1, frozenset(table.selected())) in can.lays)
        enable(buttons["discard"], len(table.selected()) == 1)
        buttons["sort"].set_text("Sort: by suit" if table.by_suit else "Sort: by number")
        show(buttons["sort"], not choosing)
        show(buttons["hint"], not choosing)
        view = table.session.view
        enable(buttons["hint"], table.acting and view is not None and bool(view.legal))
        for i in range(WILD_CHOICES):
            button = buttons[f"wild{i}"]
            shown = i < len(choosing)
            if shown:
                action = choosing[i]
                button.set_text(place_words(self._kind_after(action), action.faces,
                                            action.wild_as))
            show(button, shown)
        for ident, ready in ANSWERS:
            show(buttons[ident], bool(getattr(can, ready)))

    def _kind_after(self, action) -> str:
        """The kind of meld a lay makes or adds to (where its Dragon stands is told by it)."""
        table = self.table
        if isinstance(action, AddToMeld):
            return table.state.melds[action.meld].kind
        return new_meld(table.me, action.faces, action.wild_as).kind
