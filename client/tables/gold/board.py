"""The board: four lairs in a row, each Dragon with its treasure beside it and its
attackers under it against its strength, then the pile, the Market's place and the bag,
and the line that says what to do now. A lair is lit when the adventurer in hand can
attack it; with a Magic Object in hand, the attackers and tokens it may take are
targets too."""

from __future__ import annotations

import pygame

from client import assets
from client.tables.common import wrap_text
from client.tables.gold.layout import (
    ATTACKER,
    ATTACKER_ROW,
    BAG_AT,
    BAR,
    DRAGON_CARD,
    GAP,
    INSET,
    LAIR_GAP,
    LAIR_H,
    LAIR_W,
    LAIR_X,
    LAIR_Y,
    LARGE,
    LINE,
    MARGIN,
    PILE_AT,
    PILE_CARD,
    PILE_W,
    PROMPT,
    PROMPT_Y,
    ROW,
    SMALL,
    STRENGTH_H,
    TABLE_W,
    TEXT,
    TINY,
    TOKEN,
    TREASURE_X,
)
from client.tables.gold.panels.parts import draw_token
from client.tables.gold.piece import Piece
from client.tables.gold.targets import Adventurer, Attacker, HoardToken, Lair
from client.ui import DIM, GOLD, INK, PANEL_EDGE
from engine.games.gold import (
    ADVENTURER_FIRST,
    COLOURS,
    MAGIC_FIRST,
    NO_DRAGON_THERE,
    GoldView,
    turn_words,
)
from engine.tell import count

HOARD_TOKEN = TINY + 1  # a treasure token, a colour to a row under the word "treasure"
HOARD_ROW, HOARD_TOP = HOARD_TOKEN + 1, TINY + 3
HOARD_W = LAIR_W - TREASURE_X  # a row's width: its token and its count in words
ATTACKERS_A_ROW = 6
BAR_Y = STRENGTH_H - BAR - 7  # the strength bar, under its words
ATTACKERS_Y = DRAGON_CARD[1] + STRENGTH_H + 6
#: the prompt and the keys run the table's width, under the pile's column (it ends above)
PROMPT_W = TABLE_W - 2 * MARGIN
PILE_WORDS = PILE_CARD[0] + INSET  # the pile's words, beside its card
MARKET_ICON = (30, 42)
BAR_COLOUR = (40, 60, 50)  # the unfilled part of a lair's strength bar
#: all the board draws: its lairs' frames to the table's edge, down under the keys' line
EXTENT = (LAIR_X - GAP / 2, LAIR_Y - GAP / 2, TABLE_W - LAIR_X + GAP / 2,
          PROMPT_Y + ROW + SMALL + GAP - LAIR_Y + GAP / 2)
KEYS_HELP = "attack: an adventurer, then a Dragon (or drag it) · P propose · A accept · " \
    "R reject · E share evenly · H hint · F1: the keys"


def lair_box(slot: int) -> tuple[float, float, float, float]:
    return LAIR_X + slot * (LAIR_W + LAIR_GAP), LAIR_Y, LAIR_W, LAIR_H


def lair_centre(slot: int) -> tuple[float, float]:
    x, y, _, _ = lair_box(slot)
    return x + DRAGON_CARD[0] / 2, y + DRAGON_CARD[1] / 2


class Board(Piece):
    takes = (Lair, Attacker, HoardToken)

    # -- where things are -----------------------------------------------------------
    def rects(self, state: GoldView) -> dict:
        """An attacker or a token comes before the lair that holds it: the first hit
        wins."""
        rects = self._magic_targets(state)
        for slot, lair in enumerate(state.dragons):
            if lair is not None:
                rects[Lair(slot)] = self.view.rect(*lair_box(slot))
        return rects

    def _magic_targets(self, state: GoldView) -> dict:
        """With a Magic Object in hand: the attackers and treasure tokens it may target."""
        out = {}
        wanted = {u.target for u in self.table.held_uses()}
        me = self.table.me
        for slot, lair in enumerate(state.dragons):
            if lair is None:
                continue
            for (owner, kind, _), box in zip(lair.attackers, attacker_boxes(slot, lair),
                                             strict=True):
                if (owner, kind) in wanted or (owner == me and (kind,) in wanted):
                    out[Attacker(owner, kind)] = self.view.rect(*box)
            for colour, rect in self._hoard_rects(slot, lair).items():
                if (slot, colour) in wanted:
                    out[HoardToken(slot, colour)] = rect
        return out

    def _hoard_rects(self, slot: int, lair, surface=None) -> dict[int, pygame.Rect]:
        """A lair's treasure tokens, a colour a row beside the card (drawn when `surface`)."""
        x, y, _, _ = lair_box(slot)
        rects, row = {}, 0
        for colour, n in enumerate(lair.hoard):
            if not n:
                continue
            top = y + HOARD_TOP + row * HOARD_ROW
            if surface is not None:
                draw_token(surface, self.view, colour, x + TREASURE_X, top, HOARD_TOKEN)
                self.view.text(surface, f"{n} {COLOURS[colour]}",
                               (x + TREASURE_X + HOARD_ROW + 2, top - 1), TINY, INK)
            rects[colour] = self.view.rect(x + TREASURE_X, top, HOARD_W, HOARD_TOKEN)
            row += 1
        return rects

    # -- clicks -----------------------------------------------------------------------
    def click(self, target) -> None:
        match target:
            case Lair(slot):
                self.click_lair(slot)
            case Attacker(owner, kind):
                self._use_or_advise((owner, kind), (kind,))
            case HoardToken(slot, colour):
                if not self.table.use_on((slot, colour)):
                    self.click_lair(slot)

    def click_lair(self, slot: int) -> None:
        table = self.table
        if table.use_on((slot,)):
            return
        if not isinstance(table.held, Adventurer):
            self.session.advise(ADVENTURER_FIRST)
            return
        action = self.can.attacks.get((table.held.kind, slot))
        if action is None:
            self.session.advise(NO_DRAGON_THERE)
            table.held = None
            return
        table.submit(action)

    def _use_or_advise(self, *targets) -> None:
        if not any(self.table.use_on(t) for t in targets):
            self.session.advise(MAGIC_FIRST)

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface, state: GoldView) -> None:
        for slot, lair in enumerate(state.dragons):
            self._draw_lair(surface, slot, lair)
        self._draw_pile(surface, state)
        self._draw_prompt(surface, state)

    def _draw_lair(self, surface, slot: int, lair) -> None:
        view = self.view
        x, y, w, h = lair_box(slot)
        held = self.table.held
        lit = isinstance(held, Adventurer) and (held.kind, slot) in self.can.attacks
        edge = GAP / 2  # the lair's frame, just outside what it holds
        view.panel(surface, view.rect(x - edge, y - edge, w + GAP, h + GAP), alpha=120,
                   edge=GOLD if lit else PANEL_EDGE)
        if lair is None:
            view.text(surface, "empty lair", (x + w / 2, y + h / 4), LARGE, DIM,
                      anchor="midtop")
            return
        image = assets.card("gold", lair.dragon, (view.px(DRAGON_CARD[0]),
                                                  view.px(DRAGON_CARD[1])))
        surface.blit(image, view.point(x, y))
        view.text(surface, "treasure", (x + TREASURE_X, y), TINY, DIM)
        self._hoard_rects(slot, lair, surface)
        if lair.hidden:
            view.text(surface, f"+{lair.hidden} hidden",
                      (x + TREASURE_X, y + DRAGON_CARD[1] - HOARD_TOP), TINY, DIM)
        self._draw_strength(surface, lair, x, y + DRAGON_CARD[1] + 7, w)
        for (owner, kind, _), box in zip(lair.attackers, attacker_boxes(slot, lair),
                                         strict=True):
            surface.blit(assets.sprite(f"gold/adv/{self.table.team(owner)}-{kind}",
                                       (view.px(ATTACKER), view.px(ATTACKER))),
                         view.point(box[0], box[1]))

    def _draw_strength(self, surface, lair, x: float, y: float, w: float) -> None:
        """The attack so far against the Dragon's strength, in words and as a bar."""
        view = self.view
        total, strength = lair.total, lair.strength
        view.text(surface, f"attack {total} / {strength}", (x, y), TEXT,
                  GOLD if total else INK, bold=bool(total))
        radius = view.px(BAR / 2)
        pygame.draw.rect(surface, BAR_COLOUR, view.rect(x, y + BAR_Y, w, BAR),
                         border_radius=radius)
        done = view.rect(x, y + BAR_Y, w * min(1.0, total / strength), BAR)
        pygame.draw.rect(surface, GOLD, done, border_radius=radius)

    def _draw_pile(self, surface, state: GoldView) -> None:
        view = self.view
        x, y = PILE_AT
        if state.pile:
            surface.blit(assets.sprite("gold/back", (view.px(PILE_CARD[0]),
                                                     view.px(PILE_CARD[1]))), view.point(x, y))
        right = x + PILE_WORDS
        view.text(surface, f"pile {state.pile}", (right, y), TEXT, INK)
        market_in = state.market_in
        market = "Market: passed" if market_in is None else \
            f"Market in {count(market_in, 'Dragon')}"
        icon_y = y + MARGIN
        surface.blit(assets.sprite("gold/market", (view.px(MARKET_ICON[0]),
                                                   view.px(MARKET_ICON[1]))),
                     view.point(right, icon_y))
        below = icon_y + MARKET_ICON[1] + 4
        for k, line in enumerate(wrap_text(view, market, SMALL, PILE_W - PILE_WORDS - 2)):
            view.text(surface, line, (right, below + k * (SMALL + 3)), SMALL, DIM)
        bag_y = BAG_AT[1]  # the bag and what left the game, under the pile
        draw_token(surface, view, 0, *BAG_AT, TOKEN)
        view.text(surface, f"bag: {count(sum(state.bag), 'token')}",
                  (x + TOKEN + 6, bag_y + 1), TEXT, INK)
        view.text(surface, f"out of the game: {sum(state.box)}", (x, bag_y + TOKEN + 6), SMALL,
                  DIM)
        discards = len(state.discards)
        if discards or self.session.start.config.get("advanced"):
            view.text(surface, f"Magic used: {discards}", (x, bag_y + TOKEN + 6 + SMALL + 6),
                      SMALL, DIM)

    def _draw_prompt(self, surface, state: GoldView) -> None:
        """The engine's line for the turn: whose attack, or what this player picks next."""
        view, table = self.view, self.table
        player = table.me if table.acting else None
        held, uses = table.held, table.held_uses()
        said = turn_words(state, player, self.session.names,
                          held.kind if isinstance(held, Adventurer) else None,
                          uses[0].face if uses else None)
        if not said:
            return
        if state.turn == player:
            view.text(surface, said, (MARGIN, PROMPT_Y), PROMPT, GOLD, bold=True, width=PROMPT_W)
        else:
            view.text(surface, said, (MARGIN, PROMPT_Y), LINE, INK, width=PROMPT_W)
        if table.acting:
            view.text(surface, KEYS_HELP, (MARGIN, PROMPT_Y + ROW), SMALL, DIM, width=PROMPT_W)


def attacker_boxes(slot: int, lair) -> list[tuple[float, float, float, float]]:
    """The attackers under a lair, six to a row."""
    x, y, _, _ = lair_box(slot)
    return [(x + (i % ATTACKERS_A_ROW) * (ATTACKER + 4),
             y + ATTACKERS_Y + (i // ATTACKERS_A_ROW) * ATTACKER_ROW, ATTACKER, ATTACKER)
            for i in range(len(lair.attackers))]
