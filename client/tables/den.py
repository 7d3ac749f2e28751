"""The Dragon Den table: the cross of piles in the centre, your hand at the bottom, the
other seats along the top.

Moves come only from `legal`: cards selected in the hand (or a foundation pile picked
up) go where a legal Play (or MovePile) takes them, by click-then-click or by drag and
drop; the piles that would take them are lit. A drop anywhere else snaps back and says
why in the engine's words (`Game.why_not`).
"""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite, Tween
from client.tables import register
from client.tables.basics import enable
from client.tables.common import TableRenderer, draw_card, draw_ending, hit, told
from client.ui import ALERT, DIM, GOLD, GOOD
from engine.games.den.cards import rank
from engine.games.den.rules import (
    FOUNDATIONS,
    GAME,
    PILE_NAMES,
    CardsDealt,
    DenView,
    Drew,
    Drop,
    EndTurn,
    HandOver,
    MatchOver,
    MovePile,
    PileMoved,
    Play,
    Played,
    TurnEnded,
)
from engine.games.den.words import how_won
from engine.tell import count as count_words
from engine.tell import signed
from net.bridge import ViewUpdate

CARD = (64, 90)  # a card on the cross
COLUMNS = (20, 340, 660)
CELL_W = 300
ROWS = (132, 244, 356)
FAN = 22  # px of each covered card that shows: its rank corner
#: where each pile sits on the 3 x 3 cross (column, row): N E S W, then NE SE SW NW
CELLS = ((1, 0), (2, 1), (1, 2), (0, 1), (2, 0), (2, 2), (0, 2), (0, 0))
STOCK_CELL = (1, 1)
BUTTON_Y = 522
DEAL_STAGGER = 0.05
KEYS_HELP = ("click cards, then a pile (or drag them there) · click a pile, then another, to "
             "move it · E end turn · H hint · F1: the keys")
#: the keys, as the rules list them
KEYS_LIST = "←/→ ↑ a card · Tab a pile, Enter there · E end turn · H hint · O next hand"


@register("den")
class DenTable(TableRenderer):
    table_card = CARD

    def __init__(self, scene):
        super().__init__(scene)
        self.piled: dict[int, CardSprite] = {}  # faces on the cross
        self.plays: dict[tuple[int, frozenset], Play] = {}
        self.moves: dict[tuple[int, int], MovePile] = {}
        self.end_action: EndTurn | None = None
        self.source: int | None = None  # a foundation pile picked up to move
        self.origins: dict[int, tuple[float, float]] = {}
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view --------------------------------------------------------------------
    @staticmethod
    def cell(column: int, row: int) -> tuple[float, float]:
        return COLUMNS[column], ROWS[row]

    def stock_at(self) -> tuple[float, float]:
        x, y = self.cell(*STOCK_CELL)
        return x + CELL_W / 2 - CARD[0] / 2, y

    def pile_xs(self, pile: int, count: int) -> list[float]:
        """x of each card of a pile, fanned left to right so each rank corner shows."""
        x, _ = self.cell(*CELLS[pile])
        if count == 0:
            return []
        gap = FAN if count == 1 else min(FAN, (CELL_W - 20 - CARD[0]) / (count - 1))
        width = CARD[0] + gap * (count - 1)
        start = x + (CELL_W - width) / 2 if CELLS[pile][0] == 1 else (
            x + 10 if CELLS[pile][0] == 2 else x + CELL_W - 10 - width)
        return [start + i * gap for i in range(count)]

    def pile_rect(self, pile: int) -> tuple[float, float, float, float]:
        """The area a pile answers clicks and drops in: its fan, or its empty place."""
        piles = self.state.piles
        xs = self.pile_xs(pile, max(1, len(piles[pile])))
        _, y = self.cell(*CELLS[pile])
        return xs[0], y, xs[-1] + CARD[0] - xs[0], CARD[1]

    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        state = update.view
        self._choices(update.legal)
        self._sync_piles(state.piles, animate)
        self._sync_hand(state.cards or (), animate)
        self.set_scores(state.scores, animate)
        self.refresh_buttons()

    def _choices(self, legal) -> None:
        self.plays, self.moves, self.end_action = {}, {}, None
        for action in legal:
            if isinstance(action, Play):
                self.plays[(action.pile, frozenset(action.faces))] = action
            elif isinstance(action, MovePile):
                self.moves[(action.source, action.target)] = action
            elif isinstance(action, EndTurn):
                self.end_action = action
        if self.source is not None and not any(s == self.source for s, _ in self.moves):
            self.source = None

    def _sync_piles(self, piles, animate: bool) -> None:
        on_table = {face for pile in piles for face in pile}
        for face in [f for f in self.piled if f not in on_table]:
            del self.piled[face]  # a new hand: the cross is cleared
        for pile, faces in enumerate(piles):
            _, y = self.cell(*CELLS[pile])
            for face, x in zip(faces, self.pile_xs(pile, len(faces)), strict=True):
                sprite = self.piled.get(face)
                if sprite is None:
                    start = self.hand[face].tween.value if face in self.hand else (
                        *self.origins.pop(face, self.stock_at()), CARD[0], 255)
                    sprite = self.piled[face] = CardSprite(face, Tween(start))
                sprite.selected = pile == self.source
                self._move(sprite, (x, y, CARD[0], 255), animate)

    def _sync_hand(self, faces, animate: bool) -> None:
        for face in [f for f in self.hand if f not in faces]:
            del self.hand[face]
        new = sorted(f for f in faces if f not in self.hand)
        for i, face in enumerate(new):
            sprite = CardSprite(face, Tween((*self.stock_at(), CARD[0], 255)))
            sprite.tween.delay = i * DEAL_STAGGER if animate else 0.0
            self.hand[face] = sprite
        playable = {face for _, faces in self.plays for face in faces}
        for face, sprite in self.hand.items():
            sprite.lit = face in playable or not playable
        self.lay_out_hand(animate)

    def ordered(self) -> list[int]:
        return sorted(self.hand, key=lambda f: (-rank(f), f))

    # -- news ------------------------------------------------------------------------
    def on_event(self, event) -> None:
        if isinstance(event, Played) and event.seat != self.me:
            for face in event.faces:
                self.origins[face] = self.anchor(event.seat)
        elif isinstance(event, HandOver):
            self.result.show(event)
        elif isinstance(event, MatchOver):
            self.result.match_over = event

    # -- choosing --------------------------------------------------------------------
    def targets_for_held(self) -> set[int]:
        """The piles that would take what is held (selected cards or a picked-up pile)."""
        if self.source is not None:
            return {t for s, t in self.moves if s == self.source}
        chosen = frozenset(self.selected())
        return {p for p, faces in self.plays if faces == chosen} if chosen else set()

    def drop_on(self, pile: int) -> None:
        """What is held goes to `pile`, if a legal action takes it there; else why not."""
        if self.source is not None:
            action = self.moves.get((self.source, pile))
            if pile == self.source:
                self.let_go()
                return
        else:
            action = self.plays.get((pile, frozenset(self.selected())))
        if action is None:
            self.session.advise(self.why_not(pile))
            self.let_go()
            return
        self.session.submit(action)
        self.plays, self.moves, self.end_action = {}, {}, None
        self.let_go()

    def pick_pile(self, pile: int) -> None:
        """A click on a pile: the drop of what is held, or picking the pile up to move."""
        if self.selected() or self.source is not None:
            self.drop_on(pile)
        elif any(s == pile for s, _ in self.moves):
            self.source = pile
            self._mark_source()
        else:
            self.session.advise(self.why_not(pile))

    def let_go(self) -> None:
        self.source = None
        self._mark_source()
        super().let_go()

    def _mark_source(self) -> None:
        for pile, faces in enumerate(self.state.piles):
            for face in faces:
                if face in self.piled:
                    self.piled[face].selected = pile == self.source

    def preselect(self, action) -> None:
        """The bot's cards lifted (their piles lit), or the pile it would move picked up."""
        self.let_go()
        if isinstance(action, MovePile):
            self.source = action.source
            self._mark_source()
        elif isinstance(action, Play):
            for face in action.faces:
                self.hand[face].selected = True
            self.lay_out_hand()
            self.refresh_buttons()

    def toggle(self, face: int) -> None:
        if self.source is not None:
            self.source = None
            self._mark_source()
        self.hand[face].selected = not self.hand[face].selected
        self.lay_out_hand()
        self.refresh_buttons()

    def why_not(self, pile: int) -> str:
        """Why what is held cannot go to `pile`, in the engine's words."""
        drop = Drop(pile, tuple(self.selected()), self.source)
        refusal = GAME.why_not(self.state, self.me, drop, self.session.names)
        return told(refusal, "That move is not open now.")

    # -- buttons ---------------------------------------------------------------------
    def build(self) -> None:
        scene = self.scene
        assets.preload([*(f"den/{face}" for face in range(52)), "back"],
                       (self.view.px(CARD[0]), self.view.px(CARD[1])))
        scene.button("end", "End turn", 30, BUTTON_Y, 150, 44, primary=True)
        scene.button("hint", "Hint", 190, BUTTON_Y, 90, 44)
        self.result.build()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        buttons = self.scene.buttons
        if "end" not in buttons:
            return
        enable(buttons["end"], self.end_action is not None)
        enable(buttons["hint"], bool(self.plays or self.moves or self.end_action))

    def on_button(self, ident: str) -> None:
        if ident == "hint":
            self.hints.press()
        elif ident == "end" and self.end_action is not None:
            self.session.submit(self.end_action)
            self.plays, self.moves, self.end_action = {}, {}, None
            self.let_go()

    # -- input -----------------------------------------------------------------------
    keys = {pygame.K_e: "end"}

    def place_at(self, pos) -> int | None:
        return self.pile_at(pos)

    def click(self, kind: str, ident: int) -> None:
        if kind == "card":
            self.toggle(ident)
        else:
            self.pick_pile(ident)

    def begin_drag(self, kind: str, ident: int) -> bool:
        if kind == "card" and not self.hand[ident].selected:
            self.toggle(ident)
        elif kind == "place" and self.source != ident:
            self.pick_pile(ident)
        return bool(self.held_sprites())

    def held_sprites(self) -> list[CardSprite]:
        if self.source is not None:
            faces = self.state.piles[self.source]
            return [self.piled[f] for f in faces if f in self.piled]
        return [s for s in self.hand.values() if s.selected]

    def drop(self, pos) -> None:
        pile = self.pile_at(pos)
        if pile is None or (self.source is None and not self.selected()):
            self.session.advise("Drop the cards on a pile of the cross.")
            self.let_go()
        else:
            self.drop_on(pile)
        self._snap_back()

    def _snap_back(self) -> None:
        """Cards still here after a drop go back where they belong (animated)."""
        self.lay_out_hand()
        self._sync_piles(self.state.piles, animate=True)

    def pile_rects(self) -> dict[int, pygame.Rect]:
        if self.state is None:
            return {}
        return {pile: self.view.rect(*self.pile_rect(pile)) for pile in range(len(CELLS))}

    def places(self) -> dict[int, pygame.Rect]:
        return self.pile_rects()

    def pile_at(self, pos) -> int | None:
        return hit(self.pile_rects(), pos)

    def targets(self) -> dict[str, pygame.Rect]:
        found = {f"card:{face}": rect for face, rect in self.card_rects().items()}
        found.update({f"pile:{pile}": rect for pile, rect in self.pile_rects().items()})
        return found

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        yield from self.piled.values()
        yield from super().sprites()

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: DenView) -> None:
        view = self.view
        hand = self.result.hand_shown(state.hand_number)
        view.text(surface, f"Dragon Den · hand {hand}", (20, 12), 22, GOLD, bold=True)
        view.text(surface, self._goal(state), (330, 18), 15, DIM)
        for seat in self.others():
            self.draw_seat(surface, seat, state)
        self._draw_cross(surface, state)
        self._draw_me(surface, state)
        carried = self.carried()
        in_hand = self.hand_card[1] / self.hand_card[0]
        for face in self.ordered():
            if id(self.hand[face]) not in carried:
                draw_card(surface, view, "den", self.hand[face], in_hand)
        for sprite in self.held_sprites() if carried else ():  # on top while carried
            aspect = in_hand if sprite.face in self.hand else CARD[1] / CARD[0]
            draw_card(surface, view, "den", sprite, aspect)
        self.result.draw(surface)
        if self.session.ending is not None:
            draw_ending(surface, view, self.session, "point")

    def _goal(self, state: DenView) -> str:
        """What ends the match: the target, either way with bust, and the hand limit."""
        config = GAME.configure(self.session.start.config if self.session.start else {})[0]
        target, hands = state.target, config["hands"]
        goal = f"to {target} or {count_words(-target, 'point')}" if config["bust"] \
            else f"first to {count_words(target, 'point')}"
        return f"{goal}, {count_words(hands, 'hand')} at most" if hands else goal

    def _draw_cross(self, surface, state: DenView) -> None:
        view = self.view
        lit = self.targets_for_held()
        carried = self.carried()
        for pile, faces in enumerate(state.piles):
            x, y, w, h = self.pile_rect(pile)
            label = PILE_NAMES[pile].replace(" corner", "")
            view.text(surface, label, (x, y - 18), 13, GOLD if pile in lit else DIM)
            if not faces:
                rect = view.rect(x, y, CARD[0], CARD[1])
                pygame.draw.rect(surface, (120, 160, 130), rect, view.px(1.5),
                                 border_radius=view.px(6))
                hint = "Dragon" if pile >= FOUNDATIONS else "empty"
                view.text(surface, hint, (x + CARD[0] / 2, y + CARD[1] / 2), 12, DIM,
                          anchor="center")
            for face in faces:
                sprite = self.piled.get(face)
                if sprite is not None and id(sprite) not in carried:
                    draw_card(surface, view, "den", sprite, CARD[1] / CARD[0])
            if pile in lit:
                pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 4, w + 8, h + 8),
                                 view.px(3), border_radius=view.px(8))
        sx, sy = self.stock_at()
        if state.stock:
            surface.blit(assets.sprite("back", (view.px(CARD[0]), view.px(CARD[1]))),
                         view.point(sx, sy))
        view.text(surface, f"stock {state.stock}", (sx + CARD[0] / 2, sy - 18), 13,
                  DIM, anchor="midtop")

    def _draw_me(self, surface, state: DenView) -> None:
        self.draw_hidden_hand(surface, state)
        self.draw_my_lines(surface, state, BUTTON_Y, "point")
        if self.acting:
            self.draw_advice(surface, BUTTON_Y - 30, KEYS_HELP, size=13)

    result_heads = ("points", "score")

    def result_line(self, event) -> str:
        return how_won(event, self.session.names, start=True)  # the engine's words

    def result_rows(self, event) -> list[tuple[int, str, tuple]]:
        return [(seat, signed(points), GOOD if points > 0 else ALERT)
                for seat, points in enumerate(event.points)]


DenTable.sounds = {CardsDealt: "deal", Drew: "deal", Played: "play", PileMoved: "play",
                   TurnEnded: "pass", HandOver: "coins"}
