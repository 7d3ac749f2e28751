"""The Dragon table: your hand fanned at the bottom, three seats around, the trick in the centre.

Choices come only from `legal`: a selection can be played when it is exactly
the cards of one legal Play; otherwise the engine says why (`Game.why_not`).

The table holds what its pieces share (the choices, the hand and the trick's sprites) and
turns clicks, keys and buttons into actions; its pieces each do one part of it: the trick
in the centre, the seats' panels, the buttons.
"""

from __future__ import annotations

import pygame

from client.anim import CardSprite
from client.tables import register
from client.tables.basics import PACE
from client.tables.common import TableRenderer, draw_ending, told
from client.tables.dragon.buttons import Buttons
from client.tables.dragon.choices import Choices
from client.tables.dragon.layout import (
    CARD,
    DEAL_STAGGER,
    DECK_AT,
    HAND_LEFT,
    HAND_RIGHT,
    HAND_Y,
    LIFT,
    SEAT_PANELS,
)
from client.tables.dragon.seats import SeatPanels
from client.tables.dragon.trick import TrickArea, draw_dragon
from client.ui import ALERT, DIM, GOLD, GOOD
from client.widgets import countdown_ring
from engine.games.dragon import (
    GAME,
    OPENING,
    CardsDealt,
    DragonDeclared,
    DragonView,
    HandOver,
    MatchOver,
    Pass,
    Passed,
    Play,
    Played,
    TrickWon,
    gains,
    how_won,
    rank,
    suit,
)
from engine.tell import signed
from net.face.bridge import ViewUpdate


@register("dragon")
class DragonTable(TableRenderer):
    hand_card = table_card = CARD
    hand_row = (HAND_LEFT, HAND_RIGHT, HAND_Y, LIFT, 4)
    deck = (*(f"dragon/{face}" for face in range(52)), "back")

    def __init__(self, scene):
        super().__init__(scene)
        self.can = Choices()
        self.trick: dict[int, CardSprite] = {}  # the trick's cards, by face
        self.by_suit = False
        self.focus = 0
        self.timer_total = 0.0
        self.trick_area, self.seats, self.buttons = TrickArea(self), SeatPanels(self), \
            Buttons(self)
        if self.session.view is not None:
            self.sync(animate=False)

    @property
    def plays(self) -> dict[frozenset, Play]:
        """The legal plays by their faces, as the table's tests read them."""
        return self.can.plays

    @property
    def pass_action(self) -> Pass | None:
        return self.can.pass_action

    @property
    def offered(self) -> bool:
        """Does the engine offer this seat anything now (its turn, in deeds)?"""
        return self.can.offered

    # -- the view --------------------------------------------------------------------
    def seat_slot(self, seat: int) -> int:
        """Where a seat sits on screen: 0 bottom (this window), then 1 left, 2 top, 3 right."""
        return (seat - (self.me or 0)) % 4

    def seat_box(self, seat: int) -> tuple[float, float, float, float]:
        return SEAT_PANELS[self.seat_slot(seat)]

    def anchor(self, seat: int) -> tuple[float, float]:
        slot = self.seat_slot(seat)
        if slot == 0:
            return (HAND_LEFT + HAND_RIGHT) / 2 - CARD[0] / 2, HAND_Y
        x, y, w, h = SEAT_PANELS[slot]
        return x + w / 2 - CARD[0] / 2, y + h / 2 - CARD[1] / 2

    def sync(self, animate: bool = True) -> None:
        """Bring the sprites, the choices and the counters to the latest view."""
        update: ViewUpdate = self.session.view
        self.can = Choices.of(update.legal)
        self.trick_area.sync(update.view, animate)
        self._sync_hand(update.view.cards or (), animate)
        self.set_scores(update.view.chips, animate)
        timer = update.view.timer
        self.timer_total = timer.steps * PACE if timer else 0.0
        self.refresh_buttons()

    def _sync_hand(self, faces: list[int], animate: bool) -> None:
        """The hand to `faces`; a card played left it for the trick, whose sprite starts
        where the card was in the hand (TrickArea.sync, called before this)."""
        for face in [f for f in self.hand if f not in faces]:
            del self.hand[face]
        self.deal_into_hand(faces, lambda face: (*DECK_AT, CARD[0], 255), DEAL_STAGGER,
                            animate, self.can.usable())

    def ordered(self) -> list[int]:
        key = (lambda f: (suit(f), rank(f))) if self.by_suit else (lambda f: f)
        return sorted(self.hand, key=key)

    def on_event(self, event) -> None:
        self.trick_area.on_event(event)
        if isinstance(event, HandOver):
            self.result.show(event)
        elif isinstance(event, MatchOver):
            self.result.match_over = event

    # -- choosing --------------------------------------------------------------------
    def selected_play(self) -> Play | None:
        return self.can.plays.get(frozenset(self.selected()))

    def play(self) -> None:
        action = self.selected_play()
        if action is None:
            self.session.advise(self.why_not(self.selected()))
            return
        self._submit(action)

    def _submit(self, action) -> None:
        self.session.submit(action)
        for sprite in self.hand.values():
            sprite.selected = False
        self.can = Choices()
        self.lay_out_hand()
        self.refresh_buttons()

    def next_hint(self) -> None:
        """The hard bot's play first, once it has thought (in the node's worker); while it
        thinks, and on every later press, cycle the legal plays, smallest first."""
        if not self.can.plays:
            return
        hints = self.hints
        if hints.shown is None and not hints.waiting and hints.press():
            return
        faces = self.can.next_hint()
        self.select_only(faces)
        session = self.session
        session.advise(session.game.also(self.can.plays[faces], session.view.view, session.names))

    def preselect(self, action) -> None:
        """The bot's play selected (nothing, for a pass); the next press cycles on from it."""
        faces = frozenset(action.faces) if isinstance(action, Play) else frozenset()
        self.can.hinted(faces)
        self.select_only(faces)

    def select_only(self, faces: frozenset) -> None:
        for face, sprite in self.hand.items():
            sprite.selected = face in faces
        self.lay_out_hand()
        self.refresh_buttons()

    def toggle(self, face: int) -> None:
        self.hand[face].selected = not self.hand[face].selected
        self.lay_out_hand()
        self.refresh_buttons()

    def why_not(self, faces: list[int]) -> str:
        """Why the selection cannot be played, in the engine's words (empty when it can):
        with nothing selected, what the rules let this seat do now (Game.advice)."""
        if self.selected_play() is not None:
            return ""
        advised = GAME.advice(self.state, self.me, self.session.names) if not faces else None
        if advised is not None:
            return advised.title
        refusal = GAME.why_not(self.state, self.me, tuple(faces), self.session.names)
        return told(refusal, "That is not a play you can make now.")

    # -- buttons ---------------------------------------------------------------------
    def on_button(self, ident: str) -> None:
        can = self.can
        if ident == "play":
            self.play()
        elif ident == "pass" and can.pass_action is not None:
            self._submit(can.pass_action)
        elif ident == "hint":
            self.next_hint()
        elif ident == "sort":
            self.by_suit = not self.by_suit
            self.lay_out_hand()
            self.refresh_buttons()
        elif ident == "dragon" and can.dragon_action is not None:
            self._submit(can.dragon_action)

    # -- input -----------------------------------------------------------------------
    keys = {pygame.K_RETURN: "play", pygame.K_KP_ENTER: "play", pygame.K_p: "pass",
            pygame.K_s: "sort", pygame.K_d: "dragon"}  # H, hint: every table's
    key_words = {"play": "play", "pass": "pass", "sort": "sort", "dragon": "show a Dragon"}

    def click(self, kind: str, face: int) -> None:
        self.focus = self.ordered().index(face)
        self.toggle(face)

    def targets(self) -> dict[str, pygame.Rect]:
        return {f"card:{face}": rect for face, rect in self.card_rects().items()}

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        yield from self.trick.values()
        yield from super().sprites()

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: DragonView) -> None:
        self._draw_top(surface, state)
        for seat in range(4):
            if seat != self.bottom:
                self.seats.draw_other(surface, seat, state)
        self.trick_area.draw(surface, state)
        self.seats.draw_me(surface, state)
        for face in self.ordered():
            draw_dragon(surface, self.view, self.hand[face])
        self._draw_timer(surface, state)
        self.result.draw(surface)
        if self.session.ending is not None:
            draw_ending(surface, self.view, self.session)

    def _draw_top(self, surface, state: DragonView) -> None:
        hand = self.result.hand_shown(state.hand_no)
        self.view.text(surface, f"Dragon · hand {hand} of {state.hands}", (20, 14), 22, GOLD,
                       bold=True)

    def _draw_timer(self, surface, state: DragonView) -> None:
        left = self.session.seconds_left(PACE)
        if left is None or state.timer is None:
            return
        countdown_ring(surface, self.view, (900, 120), 40, left, self.timer_total)
        self.view.text(surface, state.timer.what, (900, 166), 13, DIM, anchor="midtop")

    def status(self, seat: int, state: DragonView) -> tuple[str, tuple]:
        absent = self.absence(seat)
        if absent is not None:
            return absent
        places = state.places
        if seat in places:
            return f"out · place {places.index(seat) + 1}", GOOD
        if seat in state.to_act and state.phase != OPENING:
            return "to act", GOLD
        if state.passed[seat]:
            return "passed", DIM
        return ("bot" if self.session.start.seats[seat].is_bot else ""), DIM

    result_heads = ("won or lost", "chips")

    def result_line(self, event) -> str:
        return how_won(event, self.session.names, start=True)  # the engine's words

    def result_rows(self, event) -> list[tuple[int, str, tuple]]:
        """Each seat by its place, with what the hand gave or took (the engine's sums)."""
        won = gains(event)
        order = [*event.places, *(s for s in range(len(won)) if s not in event.places)]
        return [(seat, signed(won[seat]), GOOD if won[seat] > 0 else ALERT) for seat in order]


DragonTable.sounds = {CardsDealt: "deal", Played: "play", Passed: "pass", TrickWon: "trick",
                      DragonDeclared: "kill", HandOver: "coins"}
