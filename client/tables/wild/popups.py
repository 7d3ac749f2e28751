"""Points laid rise from the seat's score for a moment (the newest lay's only, per seat)."""

from __future__ import annotations

from client.tables.wild.layout import BUTTON_Y, POPUP_TIME
from client.ui import GOOD


class Popups:
    def __init__(self, table):
        self.table = table
        self.up: list[list] = []  # [text, x, y, seconds left]

    def add(self, seat: int, text: str) -> None:
        table = self.table
        if seat == table.me:
            x, y = 900, BUTTON_Y - 12  # over this seat's points
        else:
            x, y, w, _ = table.seat_box(seat)
            x, y = x + w - 36, y + 40
        self.up = [p for p in self.up if p[1] != x]  # the newest lay's points only
        self.up.append([text, x, y, POPUP_TIME])

    def update(self, dt: float) -> None:
        for popup in self.up:
            popup[3] -= dt
        self.up = [p for p in self.up if p[3] > 0]

    def draw(self, surface) -> None:
        for text, x, y, left in self.up:
            rise = (POPUP_TIME - left) * 10
            self.table.view.text(surface, text, (x, y - rise), 20, GOOD, bold=True,
                                 anchor="center")

    def __bool__(self) -> bool:
        return bool(self.up)
