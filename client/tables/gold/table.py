"""The Dragon's Gold table: the others along the top, the board (four lairs in a row, the
pile, the Market's place and the bag) in the middle, your adventurers, your screen and your
Magic Objects at the bottom. A kill opens the sharing panel with the sand timer's ring; a
theft, the Market and the end each have their own panel over the lairs.

Choices come only from `legal`: an adventurer is lit when it can attack, a lair when the
adventurer in hand can go there; a split or an offer is checked against the legal
sequence (which answers by counting: a hoard's splits run to billions). What a click
cannot do is said in words, by the engine's refusal.

The table holds what its pieces share (the choices, what is in hand, the editors) and
routes each click to the piece that takes its target's type.
"""

from __future__ import annotations

import pygame

from client import assets
from client.tables import register
from client.tables.basics import PACE
from client.tables.common import TableRenderer, hit, told
from client.tables.gold.board import EXTENT as BOARD_EXTENT
from client.tables.gold.board import Board
from client.tables.gold.buttons import Buttons
from client.tables.gold.choices import Choices
from client.tables.gold.layout import (
    ADV_SIZE,
    ADVICE_Y,
    BANNER,
    HEADING,
    PILE_CARD,
    ROW,
    SMALL,
    TITLE_AT,
)
from client.tables.gold.magic import Magic, draw_backs
from client.tables.gold.mine import Mine, draw_minis
from client.tables.gold.motion import Motion
from client.tables.gold.news import News
from client.tables.gold.panels.end import EndPanel
from client.tables.gold.panels.market import MarketPanel
from client.tables.gold.panels.parts import OfferEditor, SplitEditor
from client.tables.gold.panels.share import SharePanel
from client.tables.gold.panels.theft import TheftPanel
from client.tables.gold.pictures import pictures
from client.tables.gold.targets import Adventurer, Lair, MagicCard, Target
from client.ui import DIM, GOLD
from engine.games.gold import (
    CHOOSE,
    DIVIDE,
    GAME,
    MARKET,
    NEGOTIATE,
    OVER,
    STEAL,
    TAKE,
    Accepted,
    Attack,
    Attacked,
    Choice,
    Chose,
    Divide,
    Divided,
    DragonKilled,
    DragonPlaced,
    GoldView,
    HoardLost,
    MagicUsed,
    MarketOpened,
    Offer,
    Propose,
    Proposed,
    Stole,
    Took,
    Traded,
    TreasureDrawn,
    UseMagic,
)
from engine.tell import count as count_words
from net.face.bridge import ViewUpdate

PANEL_OF = {NEGOTIATE: "share", DIVIDE: "share", CHOOSE: "share", STEAL: "theft",
            TAKE: "theft", MARKET: "market"}
STATUS = {"turn": "to attack", "negotiate": "negotiating", "divide": "dividing",
          "choose": "choosing a share", "steal": "choosing a victim",
          "take": "picking a token", "market": "at the Market"}


MARKS_W, MARKS_INSET = 80, 4  # a seat panel's right end: its adventurers and Magic Objects
MARKS_Y = ROW - 2


@register("gold")
class GoldTable(TableRenderer):
    table_card = PILE_CARD
    seat_marks = MARKS_W  # the adventurers in miniature, the Magic Objects face down
    wait_at = (490, 620)  # under the screen and the Magic Objects
    keys = {pygame.K_p: "propose", pygame.K_d: "divide", pygame.K_a: "accept",
            pygame.K_r: "reject", pygame.K_e: "even", pygame.K_u: "use",
            pygame.K_l: "leave_market"}  # H, hint: every table's
    key_words = {"propose": "propose a split", "divide": "divide", "accept": "accept",
                 "reject": "reject", "even": "an even split", "use": "use the Magic Object",
                 "leave_market": "leave the Market"}

    @classmethod
    def sprites_to_warm(cls, view) -> list[tuple[str, tuple[int, int]]]:
        return pictures(view)

    def __init__(self, scene):
        super().__init__(scene)
        self.held: Adventurer | MagicCard | None = None  # what a click picked up
        self.drag_at: tuple[int, int] | None = None
        self.editor: SplitEditor | None = None
        self.editor_key = None
        self.trade = OfferEditor()
        self.timer_total = 0.0
        self.can = Choices()
        self.motion, self.news = Motion(self), News(self)
        self.buttons = Buttons(self)
        self.board, self.mine, self.magic = Board(self), Mine(self), Magic(self)
        self.panels = {"share": SharePanel(self), "theft": TheftPanel(self),
                       "market": MarketPanel(self), "end": EndPanel(self)}
        pieces = (self.board, self.mine, self.magic, *self.panels.values())
        self.owner = {kind: piece for piece in pieces for kind in piece.takes}
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view ----------------------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        self.can = Choices.of(update.legal)
        state = update.view
        self.timer_total = state.timer.steps * PACE if state.timer else 0.0
        self._sync_editor(state)
        held = self.held
        if (isinstance(held, Adventurer) and not self.can.can_attack_with(held.kind)) or \
                (isinstance(held, MagicCard) and held.card not in self.can.uses):
            self.held = None
        self.set_scores(tuple(s.total for s in state.end.scores) if state.end else
                        (0,) * len(state.screens), animate)
        self.refresh_buttons()

    def _sync_editor(self, state: GoldView) -> None:
        """A new hoard to share (or divide) gets a new editor; the same hoard keeps it."""
        kill = state.kill
        if kill is None or state.phase not in (NEGOTIATE, DIVIDE, CHOOSE):
            self.editor, self.editor_key = None, None
            if kill is None:
                self.news.proposals = []
            return
        key = (kill.dragon, tuple(kill.hoard), state.phase == NEGOTIATE)
        if key != self.editor_key:
            self.editor, self.editor_key = SplitEditor(kill.hoard, len(kill.involved)), key

    def panel(self, state: GoldView):
        """The panel that covers the lairs now, if any."""
        if self.session.ending is not None and state.phase == OVER:
            return self.panels["end"]
        kind = PANEL_OF.get(state.phase)
        return self.panels[kind] if kind else None

    def on_event(self, event) -> None:
        self.news.tell(event)

    # -- where things are --------------------------------------------------------------
    def others(self) -> list[int]:
        seats = len(self.state.screens) if self.state is not None else 0
        return [(self.bottom + i) % seats for i in range(1, seats)]

    def team(self, seat: int) -> int:
        return seat % 6

    # -- animation ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.update(dt)

    def settled(self) -> bool:
        return super().settled() and not self.motion.busy

    @property
    def animating(self) -> bool:
        return super().animating or self.motion.busy

    # -- buttons -----------------------------------------------------------------------
    def build(self) -> None:
        self.buttons.build()

    def on_button(self, ident: str) -> None:
        self.buttons.press(ident)

    # -- what the pieces share -----------------------------------------------------------
    def submit(self, action) -> None:
        self.session.submit(action)
        self.held = None
        self.can = Choices()
        self.refresh_buttons()

    def refusal(self, choice: Choice) -> str:
        """The engine's words for why `choice` is no legal action (empty: it has none)."""
        return told(GAME.why_not(self.state, self.me, choice, self.session.names))

    def preselect(self, action) -> None:
        """The bot's adventurer or Magic Object picked up, its split or offer in the editor."""
        kind = type(action)
        if kind is Attack:
            self.held = Adventurer(action.kind)
        elif kind is UseMagic:
            self.held = MagicCard(action.card)
        elif kind in (Propose, Divide) and self.editor is not None:
            self.editor.load(action.split if kind is Propose else action.shares)
        elif kind is Offer:
            trade = self.trade
            trade.partner, trade.give, trade.get = action.partner, [*action.give], [*action.get]
        self.refresh_buttons()

    def held_uses(self) -> list[UseMagic]:
        """The uses of the Magic Object in hand (none when none is)."""
        held = self.held
        return self.can.uses.get(held.card, []) if isinstance(held, MagicCard) else []

    def use_on(self, target: tuple) -> bool:
        """Play the Magic Object in hand on `target` if it may go there; False if not."""
        use = next((u for u in self.held_uses() if u.target == target), None)
        if use is not None:
            self.submit(use)
        return use is not None

    # -- input -------------------------------------------------------------------------
    def place_rects(self) -> dict[Target, pygame.Rect]:
        """Every target now, in the order a press looks for it (a panel's before your
        side's); nothing for a window that does not play."""
        state = self.state
        if state is None or not self.acting:
            return {}
        panel = self.panel(state)
        rects = dict(self.board.rects(state)) if panel is None else panel.rects(state)
        rects.update(self.mine.rects(state))
        rects.update(self.magic.rects(state))
        return rects

    def targets(self) -> dict[str, pygame.Rect]:
        """For the test hook: each target by the id it prints as."""
        return {str(target): rect for target, rect in self.place_rects().items()}

    def place_at(self, pos):
        return hit(self.place_rects(), pos)

    def places(self) -> dict:
        """Tab goes round the lairs."""
        return {t: r for t, r in self.place_rects().items() if isinstance(t, Lair)}

    def click(self, kind: str, target) -> None:
        if kind != "place":
            return
        self.owner[type(target)].click(target)
        self.refresh_buttons()

    def pointer(self, event) -> None:
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.drag_at = event.pos
        super().pointer(event)
        if not self.dragging:
            self.drag_at = None

    def begin_drag(self, kind: str, target) -> bool:
        if kind == "place" and isinstance(target, Adventurer) and \
                self.can.can_attack_with(target.kind):
            self.held = target
            return True
        return False

    def drop(self, pos) -> None:
        place = self.place_at(pos)
        if isinstance(place, Lair):
            self.board.click_lair(place.slot)
        else:
            self.session.advise("Drop an adventurer on a Dragon to attack it.")
            self.held = None

    def let_go(self) -> None:
        self.held = None
        super().let_go()

    # -- drawing -----------------------------------------------------------------------
    def still_key(self) -> tuple:
        """What the title, the seats, the board, your side and the panel are drawn from:
        the view and its choices, what is in hand or in the editors, and the seats'
        names and absences (client.tables.still)."""
        session, editor, trade = self.session, self.editor, self.trade
        return (session.view, session.start, session.seat, session.ending,
                tuple(session.gone.items()), session.waiting, self.me, self.bottom,
                self.acting, self.can, self.held, editor.split() if editor else None,
                (trade.partner, tuple(trade.give), tuple(trade.get)),
                tuple(map(tuple, self.news.proposals)), self.scene.night is not None)

    def draw_still(self, surface: pygame.Surface) -> None:
        state = self.state
        if state is None:
            return
        self._draw_title(surface)
        for seat in self.others():
            self.draw_seat(surface, seat, state)
        panel = self.panel(state)
        if panel is None or not panel.hides(BOARD_EXTENT):  # the talks hide it: a third
            self.board.draw(surface, state)  # of a frame's drawing, all through the talks
        self.mine.draw(surface, state)
        self.magic.draw(surface, state)
        if panel is not None:
            panel.draw(surface, state)

    def draw_table(self, surface: pygame.Surface, state: GoldView) -> None:
        """What moves over the still part: the sand timer's ring, flights, the advice,
        what the pointer drags and the news' popup."""
        panel = self.panel(state)
        if panel is not None and panel.timed:
            panel.ring(surface, state)
        self.motion.draw_flights(surface)
        if self.acting:
            self.draw_advice(surface, ADVICE_Y, "", size=SMALL, width=930)
        self._draw_held(surface)
        self.motion.draw_popups(surface)

    def _draw_title(self, surface) -> None:
        config = self.session.start.config if self.session.start else {}
        rules = ["advanced" if config.get("advanced") else "basic"]
        if config.get("strategic"):
            rules.append("divide and choose")
        x, y = TITLE_AT
        self.view.text(surface, "Dragon's Gold", (x, y), BANNER, GOLD, bold=True)
        self.view.text(surface, " · ".join(rules) + " rules", (x + 180, y + BANNER - HEADING - 1),
                       HEADING, DIM)

    def _draw_held(self, surface) -> None:
        """The adventurer being dragged, under the pointer."""
        if self.drag_at is None or not isinstance(self.held, Adventurer):
            return
        size = self.view.px(ADV_SIZE)
        image = assets.sprite(f"gold/adv/{self.team(self.me)}-{self.held.kind}", (size, size))
        surface.blit(image, (self.drag_at[0] - size // 2, self.drag_at[1] - size // 2))

    def seat_line(self, seat: int, state: GoldView, unit: str) -> str:
        return f"screen {count_words(state.screens[seat], 'token')}"

    def draw_seat_marks(self, surface, seat: int, state: GoldView, x: float, y: float) -> None:
        draw_minis(self, surface, seat, state, x + MARKS_INSET, y + MARKS_Y)
        draw_backs(self, surface, state.hands[seat], x + MARKS_INSET, y + MARKS_Y + ROW - 6)

    def status(self, seat: int, state: GoldView) -> tuple[str, tuple]:
        absent = self.absence(seat)
        if absent is not None:
            return absent
        if seat in state.to_act:
            words = STATUS.get(state.phase, "to play")
            return ("you: " + words if seat == self.player else words), GOLD
        if state.phase == MARKET and seat in state.market.left:
            return "left the Market", DIM
        return "", DIM  # a bot's name says it is one ("Bot 2 · normal")

    sounds = {DragonPlaced: "deal", TreasureDrawn: "deal", Attacked: "play",
              DragonKilled: "kill", Took: "coins", Proposed: "play",
              Accepted: "pass", HoardLost: "pass", Stole: "coins",
              MarketOpened: "buy", Traded: "coins", MagicUsed: "play",
              Divided: "play", Chose: "coins"}
