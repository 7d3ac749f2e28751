"""The end: every screen revealed, scored by category, the winners starred, a liar's
forfeit said, and the match's ending in words, all as the engine's end view and advice
say them. Nothing on it takes a click."""

from __future__ import annotations

from client.night.tonight import NIGHT_TOP
from client.tables.common import wrap_text
from client.tables.gold.layout import (
    BANNER,
    END_BOX,
    HEADING,
    INSET,
    LARGE,
    LINE,
    MARGIN,
    SMALL,
    TEXT,
    TINY,
    TOKEN_SMALL,
)
from client.tables.gold.panels.parts import draw_tokens
from client.tables.gold.piece import Panel
from client.ui import ALERT, DIM, GOLD, GOOD, INK
from engine.games.gold import CATEGORIES, GAME, GoldView, SeatScore

NAME_X, NAME_W = MARGIN, 170  # a row: the name, the screen's tokens, the points by category
TOKENS_X, TOKENS_W = NAME_X + NAME_W, 220
SCORES_X, SCORE_W = TOKENS_X + TOKENS_W + INSET, 72
VALUE_RIGHT = SCORE_W - 12  # a category's points, right-aligned in its column
BANNER_Y = 12
RULES_Y = BANNER_Y + 32  # the rules the screens were scored by, under the verdict
HEADER_Y = RULES_Y + 28
ROWS_Y, ROW = HEADER_Y + 22, 44
ENDING_LINES = 3  # the ending's words (the audit's verdict among them), under the rows
SCORE_COLUMNS = (*CATEGORIES, "total")


class EndPanel(Panel):
    @property
    def box(self) -> tuple[float, float, float, float]:
        """Over the lairs and your side; over the night's standings' top no further, when
        the window shows them under it (they covered its rows and its edges), and down to
        them: a gap between the two showed your adventurers' tops through it."""
        x, y, w, h = END_BOX
        if self.table.scene.night is not None:
            h = NIGHT_TOP - y
        return x, y, w, h

    @property
    def row(self) -> float:
        """A seat's row: closer together where six seats fill a short box."""
        room = self.box[3] - ROWS_Y - INSET - ENDING_LINES * (LARGE + 6)
        return min(ROW, room / len(self.session.start.seats))

    def draw(self, surface, state: GoldView) -> None:
        view, end = self.view, state.end
        if self.table.scene.night is not None:  # the table behind its rounded corners
            x, y, w, _ = self.box
            view.veil(surface, view.rect(x, y, w, NIGHT_TOP - y))
        self.frame(surface)
        if end is None:
            return
        x, y, w, _ = self.box
        advised = GAME.advice(state, self.table.me, self.session.names)  # the engine's words
        view.text(surface, advised.title, (x + w / 2, y + BANNER_Y), BANNER, GOLD, bold=True,
                  anchor="midtop", width=w - 2 * MARGIN)
        for line in advised.lines[:1]:
            view.text(surface, line, (x + w / 2, y + RULES_Y), TEXT, DIM, anchor="midtop")
        columns = [x + SCORES_X + k * SCORE_W for k in range(len(SCORE_COLUMNS))]
        for label, cx in zip(SCORE_COLUMNS, columns, strict=True):
            view.text(surface, label, (cx + VALUE_RIGHT, y + HEADER_Y), SMALL, DIM,
                      anchor="topright")
        for seat, scored in enumerate(end.scores):
            self._draw_row(surface, seat, scored, end.screens[seat], columns,
                           seat in end.winners)
        self._draw_ending(surface, y + ROWS_Y + len(end.scores) * self.row + INSET)

    def _draw_row(self, surface, seat: int, scored: SeatScore, screen, columns,
                  won: bool) -> None:
        view = self.view
        x, y = self.box[0], self.box[1] + ROWS_Y + seat * self.row
        view.text(surface, ("★ " if won else "") + self.name(seat, True), (x + NAME_X, y), LINE,
                  GOLD if won else INK, bold=won, width=NAME_W)
        if scored.forfeit is not None:
            view.text(surface, scored.forfeit.why, (x + NAME_X, y + LINE + 4), TINY, ALERT,
                      width=SCORES_X - NAME_X - MARGIN)
        draw_tokens(surface, view, screen, x + TOKENS_X, y, TOKEN_SMALL, TOKENS_W)
        for value, cx in zip((*scored.points, scored.total), columns, strict=True):
            view.text(surface, str(value), (cx + VALUE_RIGHT, y), HEADING, INK,
                      bold=cx == columns[-1], anchor="topright")

    def _draw_ending(self, surface, top: float) -> None:
        ending = self.session.ending
        x, _, w, _ = self.box
        text = ending.text if ending is not None else ""
        clean = ending is not None and ending.audit == "clean"
        for k, line in enumerate(wrap_text(self.view, text, LARGE,
                                           w - 2 * MARGIN)[:ENDING_LINES]):
            self.view.text(surface, line, (x + MARGIN, top + k * (LARGE + 6)), LARGE,
                           GOOD if clean else INK)
