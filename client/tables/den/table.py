"""The Dragon Den table: the cross of piles in the centre, your hand at the bottom, the
other seats along the top.

Moves come only from `legal`: cards selected in the hand (or a foundation pile picked
up) go where a legal Play (or MovePile) takes them, by click-then-click or by drag and
drop; the piles that would take them are lit. A drop anywhere else snaps back and says
why in the engine's words (`Game.why_not`).

The table holds what its pieces share (the choices, the hand, the pile picked up) and
turns keys, clicks and buttons into actions; its pieces each do one part of it: the cross
of piles, what is held and where it drops, the buttons.
"""

from __future__ import annotations

import pygame

from client.anim import CardSprite
from client.tables import register
from client.tables.common import TableRenderer, draw_card, draw_ending
from client.tables.den.buttons import Buttons
from client.tables.den.choices import Choices
from client.tables.den.cross import Cross, stock_at
from client.tables.den.drops import Drops
from client.tables.den.layout import BUTTON_Y, CARD, DEAL_STAGGER, KEYS_HELP
from client.ui import ALERT, DIM, GOLD, GOOD
from engine.games.den import (
    GAME,
    CardsDealt,
    DenView,
    Drew,
    HandOver,
    MatchOver,
    MovePile,
    PileMoved,
    Play,
    Played,
    TurnEnded,
    how_won,
    rank,
)
from engine.tell import signed
from net.face.bridge import ViewUpdate


@register("den")
class DenTable(TableRenderer):
    table_card = CARD
    deck = (*(f"den/{face}" for face in range(52)), "back")

    def __init__(self, scene):
        super().__init__(scene)
        self.can = Choices()
        self.source: int | None = None  # a foundation pile picked up to move
        self.cross, self.drops, self.buttons = Cross(self), Drops(self), Buttons(self)
        if self.session.view is not None:
            self.sync(animate=False)

    @property
    def plays(self) -> dict[tuple[int, frozenset], Play]:
        """The legal plays by (pile, faces), as the table's tests read them."""
        return self.can.plays

    # -- the view --------------------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        state = update.view
        self.can = Choices.of(update.legal)
        if self.source is not None and not self.can.movable(self.source):
            self.source = None
        self.cross.sync(state.piles, animate)
        self._sync_hand(state.cards or (), animate)
        self.set_scores(state.scores, animate)
        self.refresh_buttons()

    def _sync_hand(self, faces, animate: bool) -> None:
        for face in [f for f in self.hand if f not in faces]:
            del self.hand[face]
        self.deal_into_hand(faces, lambda face: (*stock_at(), CARD[0], 255), DEAL_STAGGER,
                            animate, self.can.usable())

    def ordered(self) -> list[int]:
        return sorted(self.hand, key=lambda f: (-rank(f), f))

    def on_event(self, event) -> None:
        self.cross.on_event(event)
        if isinstance(event, HandOver):
            self.result.show(event)
        elif isinstance(event, MatchOver):
            self.result.match_over = event

    # -- choosing --------------------------------------------------------------------
    def targets_for_held(self) -> set[int]:
        """The piles that would take what is held (selected cards or a picked-up pile)."""
        return self.drops.targets()

    def let_go(self) -> None:
        self.source = None
        self.cross.mark_source()
        super().let_go()

    def preselect(self, action) -> None:
        """The bot's cards lifted (their piles lit), or the pile it would move picked up."""
        self.let_go()
        if isinstance(action, MovePile):
            self.source = action.source
            self.cross.mark_source()
        elif isinstance(action, Play):
            for face in action.faces:
                self.hand[face].selected = True
            self.lay_out_hand()
            self.refresh_buttons()

    def toggle(self, face: int) -> None:
        if self.source is not None:
            self.source = None
            self.cross.mark_source()
        self.hand[face].selected = not self.hand[face].selected
        self.lay_out_hand()
        self.refresh_buttons()

    # -- buttons ---------------------------------------------------------------------
    def on_button(self, ident: str) -> None:
        if ident == "hint":
            self.hints.press()
        elif ident == "end" and self.can.end_action is not None:
            self.session.submit(self.can.end_action)
            self.can = Choices()
            self.let_go()

    # -- input -----------------------------------------------------------------------
    keys = {pygame.K_e: "end"}
    wait_at = (490, 458)  # between the cross and the keys' line
    key_words = {"end": "end turn"}

    def place_at(self, pos) -> int | None:
        return self.cross.pile_at(pos)

    def places(self) -> dict[int, pygame.Rect]:
        return self.cross.rects()

    def click(self, kind: str, ident: int) -> None:
        if kind == "card":
            self.toggle(ident)
        else:
            self.drops.pick_pile(ident)

    def begin_drag(self, kind: str, ident: int) -> bool:
        if kind == "card" and not self.hand[ident].selected:
            self.toggle(ident)
        elif kind == "place" and self.source != ident:
            self.drops.pick_pile(ident)
        return bool(self.held_sprites())

    def held_sprites(self) -> list[CardSprite]:
        return self.drops.held_sprites()

    def drop(self, pos) -> None:
        self.drops.drop(pos)

    def targets(self) -> dict[str, pygame.Rect]:
        found = {f"card:{face}": rect for face, rect in self.card_rects().items()}
        found.update({f"pile:{pile}": rect for pile, rect in self.cross.rects().items()})
        return found

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        yield from self.cross.piled.values()
        yield from super().sprites()

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: DenView) -> None:
        view = self.view
        hand = self.result.hand_shown(state.hand_number)
        view.text(surface, f"Dragon Den · hand {hand}", (20, 12), 22, GOLD, bold=True)
        view.text(surface, self._goal(state), (330, 18), 15, DIM)
        for seat in self.others():
            self.draw_seat(surface, seat, state)
        self.cross.draw(surface, state)
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
            draw_ending(surface, view, self.session)

    def _goal(self, state: DenView) -> str:
        """What ends the match, in the engine's words."""
        start = self.session.start
        config, seats = GAME.configure(start.config if start else {}, len(state.counts))
        return GAME.goal_words(config, seats)

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
