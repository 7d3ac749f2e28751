"""The seats of a card table: the other seats' panels along the top, this seat's lines
and its hidden hand at the bottom, and how a seat's status and absence read."""

from __future__ import annotations

from client import assets
from client.ui import ALERT, DIM, GOLD, INK, PANEL_EDGE
from client.widgets import fan_positions
from engine.game import View
from engine.tell import count as count_words


class SeatPanels:
    """Every seat of a table drawn the same way in every game: a game's renderer
    (client.tables.common.TableRenderer) sets its sizes (`hand_row`, `hand_card`,
    `table_card`, `seat_row`), has a `state`, `session`, `view`, `me`, `bottom`, `player`
    and `scores`, and adds its marks (`seat_marks` wide, `draw_seat_marks`)."""

    def others(self) -> list[int]:
        """The other seats, left to right in turn order after this one."""
        seats = len(self.state.counts) if self.state is not None else 0
        return [(self.bottom + i) % seats for i in range(1, seats)]

    def seat_box(self, seat: int) -> tuple[float, float, float, float]:
        others = self.others()
        i = others.index(seat) if seat in others else 0
        y, height = self.seat_row
        width = (960 - 20 - 10 * (len(others) - 1)) / max(1, len(others))
        return 20 + i * (width + 10), y, width, height

    def anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards come from and go to."""
        if seat == self.bottom:
            left, right, y, _, _ = self.hand_row
            return (left + right) / 2 - self.hand_card[0] / 2, y
        x, y, w, _ = self.seat_box(seat)
        return x + w / 2 - self.table_card[0] / 2, y

    def bottom_name(self) -> str:
        """Who the bottom of the table is, in the words of its status line."""
        return "You" if self.me is not None else \
            self.session.seat_name(self.bottom, True)

    def draw_hidden_hand(self, surface, state: View) -> None:
        """A spectator's bottom seat: its hand's backs along the hand's row."""
        if self.me is not None:
            return
        left, right, y, _, gap = self.hand_row
        width, height = self.hand_card
        count = state.counts[self.bottom]
        xs = fan_positions(count, left, right, width, width + gap)
        if xs:
            view = self.view
            offsets = tuple(view.px(x - xs[0]) for x in xs)
            surface.blit(assets.fanned("back", (view.px(width), view.px(height)), offsets),
                         view.point(xs[0], y))

    def status(self, seat: int, state: View) -> tuple[str, tuple]:
        """A seat's status line and its colour (GOLD: the seat is to act)."""
        absent = self.absence(seat)
        if absent is not None:
            return absent
        if seat in state.to_act:
            return ("your turn" if seat == self.player else "to play"), GOLD
        return "", DIM  # (a bot's name says it is one: "Bot 2 · normal")

    seat_marks = 0  # the width a game's marks take at the right of a seat's panel

    def draw_seat(self, surface, seat: int, state: View, unit: str = "point") -> None:
        """A seat's panel: its name, what it holds (`seat_line`) with the game's marks
        beside it (`draw_seat_marks`), and its status."""
        view = self.view
        x, y, w, h = self.seat_box(seat)
        status, colour = self.status(seat, state)
        view.panel(surface, view.rect(x, y, w, h), edge=GOLD if colour == GOLD else PANEL_EDGE)
        view.text(surface, self.session.seat_label(seat), (x + 10, y + 5), 15, INK, bold=True,
                  width=w - 20)
        view.text(surface, self.seat_line(seat, state, unit), (x + 10, y + 24), 13, INK,
                  width=w - 20 - self.seat_marks)
        self.draw_seat_marks(surface, seat, state, x + w - self.seat_marks, y)
        view.text(surface, status, (x + 10, y + 40), 13, colour, width=w - 20)

    def draw_my_lines(self, surface, state: View, y: float, unit: str) -> None:
        """This seat's cards and score, its status under them, right of the buttons."""
        status, colour = self.status(self.bottom, state)
        mine = self.seat_line(self.bottom, state, unit)
        self.view.text(surface, f"{self.bottom_name()} · {mine}", (975, y), 15, INK,
                       anchor="topright")
        self.view.text(surface, status, (975, y + 22), 15, colour, bold=True, anchor="topright")

    def seat_line(self, seat: int, state: View, unit: str) -> str:
        return f"{count_words(state.counts[seat], 'card')} · " \
               f"{count_words(self.scores[seat].value, unit)}"

    def draw_seat_marks(self, surface, seat: int, state: View, x: float, y: float) -> None:
        """The game's pictures at the right of a seat's panel (`seat_marks` wide)."""

    def absence(self, seat: int) -> tuple[str, tuple] | None:
        """A seat's status when its player left or the table waits for it, else None."""
        if seat in self.session.gone:
            return f"left · {self.session.seat_acts(self.session.gone[seat], 'play')} on", DIM
        if self.session.seat_name(seat) in self.session.waiting:
            return "waiting for this player…", ALERT
        return None
