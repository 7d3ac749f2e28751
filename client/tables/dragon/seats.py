"""The seats' panels: each other seat's with its hand's backs fanned along the bottom, and
this seat's lines right of the buttons (cards, chips, status) with the advice or the keys
above the buttons."""

from __future__ import annotations

from client import assets
from client.tables.dragon.layout import BUTTON_Y, KEYS_HELP
from client.ui import DIM, GOLD, INK
from client.widgets import fan_positions
from engine.games.dragon import OVER, DragonView, waiting_words
from engine.tell import count as count_words


class SeatPanels:
    def __init__(self, table):
        self.table = table

    def draw_other(self, surface, seat: int, state: DragonView) -> None:
        """The seat's panel with its hand's backs fanned along the bottom."""
        table = self.table
        table.draw_seat(surface, seat, state, "chip")
        view = table.view
        x, y, w, h = table.seat_box(seat)
        xs = fan_positions(min(state.counts[seat], 13), x + 10, x + w - 10, 26, 12)
        if xs:
            offsets = tuple(view.px(bx - xs[0]) for bx in xs)
            surface.blit(assets.fanned("back", (view.px(26), view.px(36)), offsets),
                         view.point(xs[0], y + h - 40))

    def draw_me(self, surface, state: DragonView) -> None:
        table = self.table
        view = table.view
        table.draw_hidden_hand(surface, state)
        status, colour = table.status(table.bottom, state)
        if table.offered and table.acting and state.phase != OVER:
            status, colour = "your turn", GOLD
        elif waiting := waiting_words(state):  # the engine's words for a wait its rules make
            status, colour = waiting, DIM
        count = state.counts[table.bottom]
        chips = count_words(table.scores[table.bottom].value, "chip")
        view.text(surface, f"{table.bottom_name()} · {count_words(count, 'card')} · {chips}",
                  (975, BUTTON_Y), 15, INK, anchor="topright")
        view.text(surface, status, (975, BUTTON_Y + 22), 15, colour, bold=True,
                  anchor="topright")
        if not table.acting:
            return
        selected = table.selected()
        reason = table.why_not(selected) if table.me in state.to_act and selected else ""
        table.draw_advice(surface, BUTTON_Y - 26, KEYS_HELP, reason)
