"""The end: every screen revealed, scored by category, the winners starred, a liar's
forfeit said, and the match's ending in words. Nothing on it takes a click."""

from __future__ import annotations

from client.tables.common import wrap_text
from client.tables.gold.layout import BANNER, END_BOX, HEADING, LARGE, LINE, SMALL, TEXT, TINY
from client.tables.gold.parts import SCORE_COLUMNS, draw_tokens, liars_of, score_rows
from client.tables.gold.piece import Panel
from client.ui import ALERT, DIM, GOLD, GOOD, INK
from engine.games.gold.views import GoldView

SCORES_X, SCORE_W = 420, 72  # the categories' columns, right-aligned 60 in
HEADER_Y, ROWS_Y, ROW = 72, 94, 44


def who_won(names: list[str], you_alone: bool) -> str:
    """"Bot 2 wins", "You win", "Ana and you win", "Nobody wins"."""
    if not names:
        return "Nobody wins"
    return f"{' and '.join(names)} {'win' if len(names) > 1 or you_alone else 'wins'}"


class EndPanel(Panel):
    box = END_BOX

    def draw(self, surface, state: GoldView) -> None:
        view = self.view
        self.frame(surface)
        x, y, w, _ = self.box
        revealed, scores = state.revealed or (), state.scores or ()
        winners = state.winners or ()
        advanced = bool(self.session.start.config.get("advanced"))
        liars = liars_of(revealed, scores, advanced)
        won = who_won([self.name(s, True) for s in winners], tuple(winners) == (self.table.me,))
        view.text(surface, f"The game is over: {won}",
                  (x + w / 2, y + 12), BANNER, GOLD, bold=True, anchor="midtop", width=w - 40)
        rules = "advanced rules" if advanced else "basic rules"
        view.text(surface, f"Every screen revealed and scored by the {rules}",
                  (x + w / 2, y + 44), TEXT, DIM, anchor="midtop")
        columns = [x + SCORES_X + k * SCORE_W for k in range(len(SCORE_COLUMNS))]
        for label, cx in zip(SCORE_COLUMNS, columns, strict=True):
            view.text(surface, label, (cx + 60, y + HEADER_Y), SMALL, DIM, anchor="topright")
        rows = score_rows(revealed, advanced, liars)
        for seat, row in enumerate(rows):
            self._draw_row(surface, seat, row, revealed[seat], columns, winners, liars)
        self._draw_ending(surface, y + ROWS_Y + len(rows) * ROW + 10)

    def _draw_row(self, surface, seat, row, screen, columns, winners, liars) -> None:
        view = self.view
        x, y = self.box[0], self.box[1] + ROWS_Y + seat * ROW
        won = seat in winners
        view.text(surface, ("★ " if won else "") + self.name(seat, True), (x + 20, y), LINE,
                  GOLD if won else INK, bold=won, width=170)
        if seat in liars:
            view.text(surface, "forfeits: traded tokens it did not hold", (x + 20, y + 20), TINY,
                      ALERT, width=380)
        draw_tokens(surface, view, screen, x + 190, y, 14, 220)
        for value, cx in zip(row, columns, strict=True):
            view.text(surface, str(value), (cx + 60, y), HEADING, INK, bold=cx == columns[-1],
                      anchor="topright")

    def _draw_ending(self, surface, top: float) -> None:
        ending = self.session.ending
        x, _, w, _ = self.box
        text = ending.text if ending is not None else ""
        clean = ending is not None and ending.audit == "clean"
        for k, line in enumerate(wrap_text(self.view, text, LARGE, w - 40)[:3]):
            self.view.text(surface, line, (x + 20, top + k * 20), LARGE, GOOD if clean else INK)
