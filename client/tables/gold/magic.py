"""Your Magic Objects, bottom right: each card lit when it can be used, picked up by a
click; what the one in hand does written under them. A use that needs no target is
made by the Use it button; the others by clicking their target on the board or your
side. Also what the Crystal Ball showed, and the others' Magic Objects face down on
their panels (how many, never which)."""

from __future__ import annotations

import pygame

from client import assets
from client.tables.common import wrap_text
from client.tables.gold.layout import (
    CELL_GAP,
    FORESEEN_Y,
    GAP,
    INSET,
    MAGIC_BOX,
    MAGIC_CARD,
    MAGIC_WORDS_AT,
    MARGIN,
    PILE_AT,
    ROW,
    SMALL,
    TEXT,
    USE_AT,
)
from client.tables.gold.panels.parts import effect_of
from client.tables.gold.piece import Piece
from client.tables.gold.targets import MagicCard
from client.ui import DIM, GOLD, GOOD, INK
from engine.games.gold import DRAGONS, MAGIC_NAMES, Choice, GoldView, magic_words
from engine.tell import join_words

LIFT = GAP  # the card in hand stands up this much
BACK_STEP = MAGIC_CARD[0] / 2  # a spectator's view of face-down cards
CARDS_Y = ROW  # the cards, under the box's label
MINI_BACK, MINI_SHOWN = (10, 14), 6  # face down on another seat's panel
MINI_STEP = MINI_BACK[0] + 2
WORDS_W = USE_AT[0] - MAGIC_WORDS_AT[0] - MARGIN  # clear of the Use it button


def draw_backs(table, surface, count: int, x: float, y: float) -> None:
    """Another player's Magic Objects, face down on its panel."""
    view = table.view
    image = assets.sprite("gold/magic/back", (view.px(MINI_BACK[0]), view.px(MINI_BACK[1])))
    for i in range(min(count, MINI_SHOWN)):
        surface.blit(image, view.point(x + i * MINI_STEP, y))


class Magic(Piece):
    takes = (MagicCard,)

    def rects(self, state: GoldView) -> dict:
        cards = [m.card for m in state.my_magic or ()]
        x, y, w, _ = MAGIC_BOX
        step = min(MAGIC_CARD[0] + CELL_GAP,
                   (w - 2 * INSET - MAGIC_CARD[0]) / max(1, len(cards) - 1))
        held = self.table.held
        return {MagicCard(card): self.view.rect(
            x + INSET + i * step, y + CARDS_Y - (LIFT if held == MagicCard(card) else 0),
            *MAGIC_CARD)
            for i, card in enumerate(cards)}

    def click(self, target: MagicCard) -> None:
        table = self.table
        if not self.can.uses.get(target.card):
            self.session.advise(table.refusal(Choice(kind="magic", card=target.card)))
            return
        table.held = None if table.held == target else target

    def draw(self, surface, state: GoldView) -> None:
        view, table = self.view, self.table
        x, y, w, h = MAGIC_BOX
        view.panel(surface, view.rect(x, y, w, h))
        count = state.hands[table.bottom]
        view.text(surface, "Magic Objects" if count else "No Magic Objects",
                  (x + INSET, y + CELL_GAP), TEXT, INK if count else DIM)
        self._draw_cards(surface, state)
        if table.me is None and count:
            for i in range(count):
                surface.blit(assets.sprite("gold/magic/back", (view.px(MAGIC_CARD[0]),
                                                               view.px(MAGIC_CARD[1]))),
                             view.point(x + INSET + i * BACK_STEP, y + CARDS_Y))
        self._draw_held_words(surface)
        if state.foreseen:
            names = join_words([DRAGONS[d].name for d in state.foreseen])
            view.text(surface, f"The next Dragons (Crystal Ball): {names}",
                      (MARGIN, FORESEEN_Y), TEXT, GOLD, width=PILE_AT[0] - MARGIN)

    def _draw_cards(self, surface, state: GoldView) -> None:
        view = self.view
        faces = {m.card: m.face for m in state.my_magic or ()}
        for target, rect in self.rects(state).items():
            face = faces[target.card]
            surface.blit(assets.sprite(f"gold/magic/{effect_of(face)}", rect.size), rect)
            if target.card in self.can.uses:
                selected = self.table.held == target
                pygame.draw.rect(surface, GOLD if selected else GOOD, rect, view.px(
                    3 if selected else 1.5), border_radius=view.px(6))

    def _draw_held_words(self, surface) -> None:
        held = self.table.held_uses()
        if not held:
            return
        face = held[0].face
        words = f"{MAGIC_NAMES[effect_of(face)]}: {magic_words(face)}"
        x, y = MAGIC_WORDS_AT
        for k, line in enumerate(wrap_text(self.view, words, SMALL, WORDS_W)[:2]):
            self.view.text(surface, line, (x, y + k * (SMALL + 4)), SMALL, GOLD)
