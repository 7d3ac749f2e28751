"""The Dragon table: your hand fanned at the bottom, three seats around, the trick in the centre.

Choices come only from `legal`: a selection can be played when it is exactly
the cards of one legal Play; otherwise the engine says why (`Game.why_not`).
"""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite, Tween
from client.tables import register
from client.tables.basics import PACE, enable, show
from client.tables.common import TableRenderer, draw_card, draw_ending, told
from client.ui import ALERT, DIM, GOLD, GOOD, INK
from client.widgets import countdown_ring, fan_positions
from engine.games.dragon.advice import table_words, waiting_words
from engine.games.dragon.cards import rank, suit
from engine.games.dragon.rules import (
    DRAGON_STAGE,
    GAME,
    OPENING,
    OVER,
    CardsDealt,
    DeclareDragon,
    DragonDeclared,
    DragonView,
    HandOver,
    MatchOver,
    Pass,
    Passed,
    Play,
    Played,
    TrickWon,
)
from engine.games.dragon.words import gains, how_won
from engine.tell import count as count_words
from engine.tell import signed
from net.bridge import ViewUpdate

CARD = (86, 120)
HAND_Y, LIFT = 584, 26  # a lifted card clears the buttons above (BUTTON_Y + 44)
HAND_LEFT, HAND_RIGHT = 30, 960
DECK_AT = (490, 300)
TRICK_AT = (490, 262)
#: the older plays of a trick shown up-left of the newest, each a step further: no more
#: than this many, so a long trick stays clear of the seat panels (older ones go under)
TRICK_DEPTH = 3
BUTTON_Y = 512
SEAT_PANELS = {1: (20, 190, 210, 112), 2: (385, 78, 210, 112), 3: (750, 190, 210, 112)}
DEAL_STAGGER = 0.03
KEYS_HELP = ("←/→ choose · ↑ or space select · Enter play · P pass · H hint · S sort · D Dragon"
             " · O next hand")


@register("dragon")
class DragonTable(TableRenderer):
    hand_card = table_card = CARD
    hand_row = (HAND_LEFT, HAND_RIGHT, HAND_Y, LIFT, 4)

    def __init__(self, scene):
        super().__init__(scene)
        self.trick: dict[int, CardSprite] = {}
        self.origins: dict[int, tuple[float, float]] = {}
        self.trick_winner: int | None = None
        self.by_suit = False
        self.focus = 0
        self.hint = -1  # the legal play the last press selected, in `hint_order`
        self.plays: dict[frozenset, Play] = {}
        self.lit: set[int] = set()
        self.pass_action: Pass | None = None
        self.dragon_action: DeclareDragon | None = None
        self.timer_total = 0.0
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view --------------------------------------------------------------------
    def seat_slot(self, seat: int) -> int:
        """Where a seat sits on screen: 0 bottom (this window), then 1 left, 2 top, 3 right."""
        return (seat - (self.me or 0)) % 4

    def anchor(self, seat: int) -> tuple[float, float]:
        slot = self.seat_slot(seat)
        if slot == 0:
            return (HAND_LEFT + HAND_RIGHT) / 2 - CARD[0] / 2, HAND_Y
        x, y, w, h = SEAT_PANELS[slot]
        return x + w / 2 - CARD[0] / 2, y + h / 2 - CARD[1] / 2

    def sync(self, animate: bool = True) -> None:
        """Bring the sprites, the choices and the counters to the latest view."""
        update: ViewUpdate = self.session.view
        self._choices(update.legal)
        self._sync_trick(update.view, animate)
        self._sync_hand(update.view.cards or (), animate)
        self.set_scores(update.view.chips, animate)
        timer = update.view.timer
        self.timer_total = timer.steps * PACE if timer else 0.0
        self.refresh_buttons()

    def _choices(self, legal) -> None:
        self.plays, self.pass_action, self.dragon_action = {}, None, None
        for action in legal:
            if isinstance(action, Play):
                self.plays[frozenset(action.faces)] = action
            elif isinstance(action, Pass):
                self.pass_action = action
            elif isinstance(action, DeclareDragon):
                self.dragon_action = action
        self.lit = set().union(*self.plays) if self.plays else set()
        self.hint = -1

    def _sync_hand(self, faces: list[int], animate: bool) -> None:
        for face in [f for f in self.hand if f not in faces]:
            sprite = self.hand.pop(face)
            if face in self.trick:
                self.trick[face].tween = sprite.tween  # from where it was in the hand
        new = [f for f in faces if f not in self.hand]
        for i, face in enumerate(sorted(new)):
            sprite = CardSprite(face, Tween((*DECK_AT, CARD[0], 255)))
            sprite.tween.delay = i * DEAL_STAGGER if animate else 0.0
            self.hand[face] = sprite
        for face, sprite in self.hand.items():
            sprite.lit = face in self.lit or not self.lit
        self.lay_out_hand(animate)

    def ordered(self) -> list[int]:
        key = (lambda f: (suit(f), rank(f))) if self.by_suit else (lambda f: f)
        return sorted(self.hand, key=key)

    def _sync_trick(self, view: DragonView, animate: bool) -> None:
        plays = view.trick
        shown = {face for play in plays for face in play.faces}
        for face in [f for f in self.trick if f not in shown]:
            sprite = self.trick.pop(face)
            winner = self.anchor(self.trick_winner) if self.trick_winner is not None else DECK_AT
            sprite.fading = True
            self._move(sprite, (*winner, CARD[0] * 0.6, 0), animate)
            self.flying.append(sprite)
        for i, play in enumerate(plays):  # oldest first: the newest is drawn on top
            seat, faces = play.seat, play.faces
            depth = len(plays) - 1 - i
            shown = min(depth, TRICK_DEPTH)
            xs = fan_positions(len(faces), TRICK_AT[0] - 150, TRICK_AT[0] + 150 + CARD[0],
                               CARD[0], 34)
            for face, x in zip(faces, xs, strict=True):
                target = (x - 34 * shown, TRICK_AT[1] - 22 * shown, CARD[0],
                          255 if depth == 0 else 150 if depth <= TRICK_DEPTH else 0)
                sprite = self.trick.get(face)
                if sprite is None:
                    start = self.hand[face].tween.value if face in self.hand else (
                        *self.origins.get(face, self.anchor(seat)), CARD[0], 255)
                    sprite = self.trick[face] = CardSprite(face, Tween(start))
                self._move(sprite, target, animate)

    # -- news ------------------------------------------------------------------------
    def on_event(self, event) -> None:
        if isinstance(event, Played) and event.seat != self.me:
            for face in event.faces:
                self.origins[face] = self.anchor(event.seat)
        elif isinstance(event, TrickWon):
            self.trick_winner = event.seat
        elif isinstance(event, HandOver):
            self.result.show(event)
        elif isinstance(event, MatchOver):
            self.result.match_over = event

    # -- buttons ---------------------------------------------------------------------
    def build(self) -> None:
        scene = self.scene
        size = (self.view.px(CARD[0]), self.view.px(CARD[1]))
        assets.preload([*(f"dragon/{face}" for face in range(52)), "back"], size)
        scene.button("play", "Play", 30, BUTTON_Y, 120, 44, primary=True)
        scene.button("pass", "Pass", 160, BUTTON_Y, 100, 44)
        scene.button("hint", "Hint", 270, BUTTON_Y, 90, 44)
        scene.button("sort", "Sort", 370, BUTTON_Y, 130, 44)
        scene.button("dragon", "Show my Dragon!", 510, BUTTON_Y, 190, 44, primary=True)
        self.result.build()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        buttons = self.scene.buttons
        if "play" not in buttons:
            return
        enable(buttons["play"], self.selected_play() is not None)
        enable(buttons["pass"], self.pass_action is not None)
        dragons = self.state is not None and self.state.phase == DRAGON_STAGE
        buttons["pass"].set_text("No Dragon" if dragons else "Pass")
        enable(buttons["hint"], bool(self.plays))
        buttons["sort"].set_text("Sort: by suit" if self.by_suit else "Sort: by rank")
        show(buttons["dragon"], self.dragon_action is not None)

    def on_button(self, ident: str) -> None:
        if ident == "play":
            self.play()
        elif ident == "pass" and self.pass_action is not None:
            self._submit(self.pass_action)
        elif ident == "hint":
            self.next_hint()
        elif ident == "sort":
            self.by_suit = not self.by_suit
            self.lay_out_hand()
            self.refresh_buttons()
        elif ident == "dragon" and self.dragon_action is not None:
            self._submit(self.dragon_action)

    def selected_play(self) -> Play | None:
        return self.plays.get(frozenset(self.selected()))

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
        self.plays, self.pass_action, self.dragon_action = {}, None, None
        self.lay_out_hand()
        self.refresh_buttons()

    def next_hint(self) -> None:
        """The hard bot's play first, once it has thought (in the node's worker); while it
        thinks, and on every later press, cycle the legal plays, smallest first."""
        if not self.plays:
            return
        hints = self.hints
        if hints.shown is None and not hints.waiting and hints.press():
            return
        plays = self.hint_order()
        self.hint = (self.hint + 1) % len(plays)
        self.select_only(plays[self.hint])

    def preselect(self, action) -> None:
        """The bot's play selected (nothing, for a pass); the next press cycles on from it."""
        faces = frozenset(action.faces) if isinstance(action, Play) else frozenset()
        plays = self.hint_order()
        if faces in plays:
            self.hint = plays.index(faces)
        self.select_only(faces)

    def hint_order(self) -> list[frozenset]:
        return sorted(self.plays, key=lambda faces: (len(faces), max(faces)))

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

    @property
    def offered(self) -> bool:
        """Does the engine offer this seat anything now (its turn, in deeds)?"""
        return bool(self.plays) or self.pass_action is not None or \
            self.dragon_action is not None

    # -- input -----------------------------------------------------------------------
    keys = {pygame.K_RETURN: "play", pygame.K_KP_ENTER: "play", pygame.K_p: "pass",
            pygame.K_s: "sort", pygame.K_d: "dragon"}  # H, hint: every table's

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
                self._draw_seat(surface, seat, state)
        self._draw_trick_label(surface, state)
        for sprite in [*self.flying, *self.trick.values()]:
            self._draw_card(surface, sprite)
        self._draw_me(surface, state)
        for face in self.ordered():
            self._draw_card(surface, self.hand[face])
        self._draw_timer(surface, state)
        self.result.draw(surface)
        if self.session.ending is not None:
            self._draw_ending(surface)

    def _draw_top(self, surface, state) -> None:
        view = self.view
        pot = state.pile
        hand = self.result.hand_shown(state.hand_no)
        view.text(surface, f"Dragon · hand {hand} of {state.hands}", (20, 14), 22, GOLD,
                  bold=True)
        view.text(surface, f"cards won this hand: {pot}" if pot else "", (330, 20), 15, DIM)

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

    def seat_box(self, seat: int) -> tuple[float, float, float, float]:
        return SEAT_PANELS[self.seat_slot(seat)]

    def _draw_seat(self, surface, seat: int, state: DragonView) -> None:
        """The seat's panel with its hand's backs fanned along the bottom."""
        self.draw_seat(surface, seat, state, "chip")
        view = self.view
        x, y, w, h = self.seat_box(seat)
        xs = fan_positions(min(state.counts[seat], 13), x + 10, x + w - 10, 26, 12)
        if xs:
            offsets = tuple(view.px(bx - xs[0]) for bx in xs)
            surface.blit(assets.fanned("back", (view.px(26), view.px(36)), offsets),
                         view.point(xs[0], y + h - 40))

    def _draw_me(self, surface, state: DragonView) -> None:
        view = self.view
        self.draw_hidden_hand(surface, state)
        status, colour = self.status(self.bottom, state)
        if self.offered and self.acting and state.phase != OVER:
            status, colour = "your turn", GOLD
        elif waiting := waiting_words(state):  # the engine's words for a wait its rules make
            status, colour = waiting, DIM
        count = state.counts[self.bottom]
        chips = count_words(self.scores[self.bottom].value, "chip")
        view.text(surface, f"{self.bottom_name()} · {count_words(count, 'card')} · {chips}",
                  (975, BUTTON_Y), 15, INK, anchor="topright")
        view.text(surface, status, (975, BUTTON_Y + 22), 15, colour, bold=True,
                  anchor="topright")
        if not self.acting:
            return
        reason = self.why_not(self.selected()) if self.me in state.to_act and self.selected() \
            else ""
        self.draw_advice(surface, BUTTON_Y - 26, KEYS_HELP, reason)

    def _draw_trick_label(self, surface, state: DragonView) -> None:
        """The engine's words for the middle of the table: the last play, or who leads."""
        said = table_words(state, self.session.names)
        if state.trick:
            self.view.text(surface, said, (TRICK_AT[0] + CARD[0] / 2,
                                           TRICK_AT[1] + CARD[1] + 10), 15, INK, anchor="midtop")
        elif said:
            self.view.text(surface, said, (490, 320), 18, DIM, anchor="center")

    def _draw_card(self, surface, sprite: CardSprite) -> None:
        draw_card(surface, self.view, "dragon", sprite, CARD[1] / CARD[0])

    def _draw_timer(self, surface, state: DragonView) -> None:
        left = self.session.seconds_left(PACE)
        if left is None or state.timer is None:
            return
        countdown_ring(surface, self.view, (900, 120), 40, left, self.timer_total)
        self.view.text(surface, state.timer.what, (900, 166), 13, DIM, anchor="midtop")

    result_heads = ("won or lost", "chips")

    def result_line(self, event) -> str:
        return how_won(event, self.session.names, start=True)  # the engine's words

    def result_rows(self, event) -> list[tuple[int, str, tuple]]:
        """Each seat by its place, with what the hand gave or took (the engine's sums)."""
        won = gains(event)
        order = [*event.places, *(s for s in range(len(won)) if s not in event.places)]
        return [(seat, signed(won[seat]), GOOD if won[seat] > 0 else ALERT) for seat in order]

    def _draw_ending(self, surface) -> None:
        draw_ending(surface, self.view, self.session, "chip")


DragonTable.sounds = {CardsDealt: "deal", Played: "play", Passed: "pass", TrickWon: "trick",
                      DragonDeclared: "kill", HandOver: "coins"}
