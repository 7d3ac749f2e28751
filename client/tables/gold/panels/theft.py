"""A theft after a hoard is shared: a thief's owner picks the victim; with the wizard's help
it then sees the victim's tokens and takes one. The others are told who robs whom."""

from __future__ import annotations

import pygame

from client.tables.gold.layout import GAP, INSET, MARGIN, PAD, TEXT, THEFT_BOX, TITLE
from client.tables.gold.panels.parts import draw_token
from client.tables.gold.piece import RADIUS, Panel
from client.tables.gold.targets import Take, Victim
from client.ui import DIM, GOLD, GOOD
from engine.games.gold import GAME, GoldView

VICTIM_W, VICTIM_H = 166, 48
VICTIM_STEP = VICTIM_W + INSET
TOKEN, TOKENS_A_ROW = 36, 16  # the tokens a wizard shows, face up to be taken
LOOKED_EDGE = GAP / 2 - 1  # a token shown inside its lit frame
LOOKED_TOKEN = TOKEN - 2 * LOOKED_EDGE
TOKEN_STEP = TOKEN + GAP
TITLE_Y = PAD
HINT_Y = TITLE_Y + TITLE + 12
ROWS_Y = HINT_Y + 2 * (TEXT + 4)  # the victims' or the tokens' row, under two lines of hint


class TheftPanel(Panel):
    takes = (Victim, Take)
    box = THEFT_BOX

    def _victim_boxes(self) -> dict[int, tuple]:
        x, y, _, _ = self.box
        return {s: (x + MARGIN + i * VICTIM_STEP, y + ROWS_Y, VICTIM_W, VICTIM_H)
                for i, s in enumerate(sorted(self.can.steals))}

    def _take_boxes(self, state: GoldView) -> dict[int, tuple]:
        x, y, _, _ = self.box
        return {p: (x + MARGIN + (p % TOKENS_A_ROW) * TOKEN_STEP,
                    y + ROWS_Y + (p // TOKENS_A_ROW) * TOKEN_STEP, TOKEN, TOKEN)
                for p in range(len(state.looking_at or ()))}

    def rects(self, state: GoldView) -> dict:
        view = self.view
        out = {Victim(s): view.rect(*box) for s, box in self._victim_boxes().items()}
        out.update({Take(p): view.rect(*box) for p, box in self._take_boxes(state).items()
                    if p in self.can.takes})
        return out

    def click(self, target) -> None:
        match target:
            case Victim(seat) if seat in self.can.steals:
                self.table.submit(self.can.steals[seat])
            case Take(position) if position in self.can.takes:
                self.table.submit(self.can.takes[position])

    def draw(self, surface, state: GoldView) -> None:
        view = self.view
        self.frame(surface)
        x, y, w, _ = self.box
        title, hint = self._words(state)
        view.text(surface, title, (x + MARGIN, y + TITLE_Y), TITLE, GOLD, bold=True,
                  width=w - 2 * MARGIN)
        view.text(surface, hint, (x + MARGIN, y + HINT_Y), TEXT, DIM, width=w - 2 * MARGIN)
        for seat, box in self._victim_boxes().items():
            self.chip(surface, box, f"{self.name(seat, True)} · {state.screens[seat]} tokens",
                      True)
        looked = state.looking_at or ()
        for p, box in self._take_boxes(state).items():
            draw_token(surface, view, looked[p], box[0] + LOOKED_EDGE, box[1] + LOOKED_EDGE,
                       LOOKED_TOKEN)
            if p in self.can.takes:
                pygame.draw.rect(surface, GOOD, view.rect(*box), view.px(1.5),
                                 border_radius=view.px(RADIUS))

    def _words(self, state: GoldView) -> tuple[str, str]:
        """The title and the hint under it, for the thief's owner or an onlooker: the rules'
        words (Game.advice)."""
        advised = GAME.advice(state, self.table.me, self.session.names)
        return (advised.title, " ".join(advised.lines)) if advised else ("", "")
