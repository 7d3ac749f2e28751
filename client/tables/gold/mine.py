"""Your side of the table: your status line, your four adventurers (lit when they can
attack, picked up by a click or a drag) and what is behind your screen. Also the
adventurers in miniature on the other players' panels."""

from __future__ import annotations

import pygame

from client import assets
from client.tables.gold.layout import (
    ADV_AT,
    ADV_SIZE,
    ADV_STEP,
    GAP,
    INSET,
    LINE,
    MARGIN,
    MINE_Y,
    SCREEN_BOX,
    SMALL,
    TEXT,
    TINY,
)
from client.tables.gold.panels.parts import draw_token
from client.tables.gold.piece import Piece
from client.tables.gold.targets import Adventurer
from client.ui import DIM, GOLD, GOOD, INK
from engine.games.gold import ADVENTURERS, COLOURS, DRAGONS, SCREEN_UNKNOWN, Choice, GoldView

AWAY_ALPHA = 110  # an adventurer away at a Dragon is drawn faded
MINI, MINI_AWAY_ALPHA = 16, 90  # the adventurers in miniature on another seat's panel
MINI_STEP = MINI + 2
SCREEN_ICON = (54, 30)
SCREEN_WORDS_X = GAP + SCREEN_ICON[0] + GAP  # the screen's words, beside its picture
SCREEN_TOKEN = 22
SCREEN_COLUMN, SCREEN_ROW = SCREEN_TOKEN + 100, SCREEN_TOKEN + 6  # three colours a column
SCREEN_ROWS_Y = SCREEN_ICON[1] + MARGIN - 4  # the tokens, under the picture


def adventurer_sprite(team: int, kind: int, place) -> str:
    return f"gold/adv/{team}-{'down' if place == 'down' else kind}"


def is_away(place) -> bool:
    """At a Dragon: neither home face up nor home face down."""
    return place not in ("up", "down")


def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    image = image.copy()
    image.set_alpha(alpha)
    return image


def draw_minis(table, surface, seat: int, state: GoldView, x: float, y: float) -> None:
    """Another player's adventurers in miniature, on its panel."""
    view = table.view
    for kind, place in enumerate(state.adventurers[seat]):
        image = assets.sprite(adventurer_sprite(table.team(seat), kind, place),
                              (view.px(MINI), view.px(MINI)))
        if is_away(place):
            image = faded(image, MINI_AWAY_ALPHA)
        surface.blit(image, view.point(x + kind * MINI_STEP, y))


def adventurer_box(kind: int) -> tuple[float, float, float, float]:
    return ADV_AT[0] + kind * ADV_STEP, ADV_AT[1], ADV_SIZE, ADV_SIZE


class Mine(Piece):
    takes = (Adventurer,)

    def rects(self, state: GoldView) -> dict:
        return {Adventurer(kind): self.view.rect(*adventurer_box(kind)) for kind in range(4)}

    def click(self, target: Adventurer) -> None:
        """Pick up an adventurer that can attack (again: put it down); with a Magic Object
        in hand that takes one of yours, it is that object's target."""
        table = self.table
        if table.use_on((target.kind,)):
            return
        if self.can.can_attack_with(target.kind):
            table.held = None if table.held == target else target
        else:
            self.session.advise(table.refusal(Choice(kind="adventurer", card=target.kind)))

    def draw(self, surface, state: GoldView) -> None:
        seat = self.table.bottom
        status, colour = self.table.status(seat, state)
        self.view.text(surface, f"{self.table.bottom_name()} · screen {state.screens[seat]} · "
                       f"magic {state.hands[seat]}" + (f" · {status}" if status else ""),
                       (MARGIN, MINE_Y), LINE, GOLD if colour == GOLD else INK,
                       bold=colour == GOLD)
        for kind, place in enumerate(state.adventurers[seat]):
            self._draw_adventurer(surface, seat, kind, place)
        self._draw_screen(surface, state)

    def _draw_adventurer(self, surface, seat: int, kind: int, place) -> None:
        view, table = self.view, self.table
        x, y, w, h = adventurer_box(kind)
        image = assets.sprite(adventurer_sprite(table.team(seat), kind, place),
                              (view.px(w), view.px(h)))
        if is_away(place):
            image = faded(image, AWAY_ALPHA)
        surface.blit(image, view.point(x, y))
        where = self._lair_name(place) if is_away(place) else place
        view.text(surface, ADVENTURERS[kind], (x + w / 2, y + h + 2), TINY, INK, anchor="midtop")
        view.text(surface, where, (x + w / 2, y + h + TINY + 4), TINY, DIM, anchor="midtop",
                  width=ADV_STEP - 4)  # "at Gloomtalon" is wider than its slot
        if table.acting and self.can.can_attack_with(kind):
            held = table.held == Adventurer(kind)
            pygame.draw.circle(surface, GOLD if held else GOOD, view.point(x + w / 2, y + h / 2),
                               view.px(w / 2 + 3), view.px(3 if held else 1.5))

    def _lair_name(self, slot: int) -> str:
        lair = self.table.state.dragons[slot]
        return f"at {DRAGONS[lair.dragon].name}" if lair else "fighting"

    def _draw_screen(self, surface, state: GoldView) -> None:
        view, table = self.view, self.table
        x, y, w, h = SCREEN_BOX
        view.panel(surface, view.rect(x, y, w, h))
        surface.blit(assets.sprite("gold/screen", (view.px(SCREEN_ICON[0]),
                                                   view.px(SCREEN_ICON[1]))),
                     view.point(x + GAP, y + GAP - 2))
        mine = state.my_screen
        words_at, words_w = (x + SCREEN_WORDS_X, y + INSET + 2), w - SCREEN_WORDS_X - INSET
        if table.me is None:
            view.text(surface, f"{state.screens[table.bottom]} tokens, hidden behind the "
                      "screen", words_at, TEXT, DIM, width=words_w)
            return
        view.text(surface, "Behind your screen (only you see it)", words_at, TEXT, INK,
                  width=words_w)
        left, top = x + INSET + 2, y + SCREEN_ROWS_Y
        if mine is None:
            view.text(surface, SCREEN_UNKNOWN, (left, top + 4), SMALL, DIM,
                      width=w - 2 * (left - x))
            return
        if not any(mine):
            view.text(surface, "nothing yet", (left, top + 4), TEXT, DIM)
        held = [(c, n) for c, n in enumerate(mine) if n]
        for i, (c, n) in enumerate(held):  # three colours to a column
            col, row = divmod(i, 3)
            tx, ty = left + col * SCREEN_COLUMN, top + row * SCREEN_ROW
            draw_token(surface, view, c, tx, ty, SCREEN_TOKEN)
            view.text(surface, f"{n} {COLOURS[c]}", (tx + SCREEN_ROW, ty + 3), TEXT, INK,
                      width=SCREEN_COLUMN - SCREEN_ROW - 4)
