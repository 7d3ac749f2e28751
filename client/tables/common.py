"""Pieces every table renderer draws or needs the same way: cards, the match's end panel,
the events of a step, and the renderer every game's table subclasses."""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite, Counter, Tween
from client.tables.hinting import Hint
from client.tables.input import TableInput
from client.tables.result import HandResult
from client.tables.seats import SeatPanels
from client.ui import ALERT, DIM, GOLD, GOOD, INK, TABLE_AREA, shrink_to_fit, wrap
from client.widgets import fan_positions
from engine.tell import count as count_words
from net.face.bridge import ViewUpdate
from net.face.hints import Hinted
from net.peer.events import StepApplied

MOVE = 0.35  # seconds a card takes to go where it is going
#: the least size of the line above the buttons: a why too long for one line at the table's
#: size is drawn smaller, down to this, before it takes a second line
ADVICE_LEAST = 11
ENDING_PANEL = (200, 130, 580, 340)  # the match's end, over the table (logical x, y, w, h)
ENDING_ROWS_TOP = 200  # the first seat's row
ENDING_ROW = 36  # a seat's row where the panel has room
ENDING_LINE = 22  # a line of the ending's words
ENDING_PAD = 20  # under the seats' rows (10) and under the words (10)


def events_of(item):
    """The engine events of a StepApplied (nothing for other news)."""
    if isinstance(item, StepApplied):
        for entry in item.applied.entries:
            yield from entry.events


def sounds_for(item, sounds: dict) -> list[str]:
    found = []
    for event in events_of(item):
        name = sounds.get(type(event))
        if name and name not in found:
            found.append(name)
    return found


def wrap_text(view, text: str, size: float, width: float) -> list[str]:
    return wrap(view.font(size), text, view.px(width))


def draw_card(surface, view, deck: str, sprite: CardSprite, aspect: float,
              focused: bool = False) -> pygame.Rect:
    """A card sprite where its tween has it (face or back), shaded when not lit, outlined
    when selected or focused; the screen rect it covers."""
    x, y, w, alpha = sprite.box
    size = (view.px(w), view.px(w * aspect))
    moving = sprite.tween.moving
    image = assets.card(deck, sprite.face, size, moving) if sprite.face is not None \
        else assets.sprite("back", size, moving)
    at = view.point(x, y)
    if alpha < 255:  # the cached picture lends its alpha for one blit: no copy per frame
        image.set_alpha(int(alpha))
        surface.blit(image, at)
        image.set_alpha(None)
    else:
        surface.blit(image, at)
    rect = pygame.Rect(at, size)
    if not sprite.lit:  # shaded within the card's rounded corners, never past them
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=view.px(6))
        surface.blit(shade, at)
    if sprite.selected:
        pygame.draw.rect(surface, view.colour(GOLD), rect, view.px(3), border_radius=view.px(6))
    elif focused or view.contrast:  # in high contrast every card is outlined on the felt
        pygame.draw.rect(surface, view.colour(INK), rect, view.px(1.5),
                         border_radius=view.px(6))
    if view.recording(surface):  # which card is drawn where, for the tests that read it
        view.drawn.append(("card", rect, "back" if sprite.face is None else str(sprite.face),
                           False))
    return rect


def draw_ending(surface, view, session) -> None:
    """The match's end: every seat's score (in the game's unit: chips, points), the
    winners starred, and the ending's words (the audit's verdict among them)."""
    ending = session.ending
    view.veil(surface, view.rect(*TABLE_AREA))
    x, top, width, height = ENDING_PANEL
    view.panel(surface, view.rect(*ENDING_PANEL), alpha=250, edge=GOLD)
    title = {"finished": "The match is over", "left": "You left the table"}.get(
        ending.kind, "The table stopped")
    view.text(surface, title, (x + width / 2, top + 18), 26, GOLD, bold=True, anchor="midtop")
    lines = wrap_text(view, ending.text, 15, width - 40)
    # the seats' rows close up to leave the words their room: six seats and an audit's
    # three lines ran the last one off the panel, under the night's standings
    room = top + height - ENDING_ROWS_TOP - ENDING_PAD - ENDING_LINE * len(lines)
    step = min(ENDING_ROW, room / max(1, len(ending.scores)))
    y = ENDING_ROWS_TOP
    for seat, score in enumerate(ending.scores):
        won = seat in ending.winners
        view.text(surface, ("★ " if won else "") + session.seat_name(seat, True),
                  (x + 40, y), 18, GOLD if won else INK, width=300)
        view.text(surface, count_words(score, session.game.score_unit), (x + width - 40, y),
                  18, INK, anchor="topright")
        y += step
    for line in lines:
        view.text(surface, line, (x + 20, y + 10), 15, GOOD if ending.audit == "clean" else INK)
        y += ENDING_LINE


def told(refusal, otherwise: str = "") -> str:
    """An engine's refusal (Game.why_not) as the line above the buttons: its sentence and
    the clause, so a player can look the rule up; `otherwise` where it has none."""
    return otherwise if refusal is None else f"{refusal.text.rstrip('.')} ({refusal.rule})."


def hit(rects: dict, pos):
    """The key of the first rect that holds `pos`, or None."""
    return next((key for key, rect in rects.items() if rect.collidepoint(pos)), None)


class TableRenderer(SeatPanels, TableInput):
    """What every game's table does the same way: the view it draws, the hand of card
    sprites and where each shows, moves and tweens, the scores counting; its seats (the
    panels along the top, how a seat's status and absence read) are its SeatPanels', the
    hand's result panel is its
    `result` (a HandResult), the keys and the pointer its base's (TableInput). A game's
    renderer subclasses it, sets the sizes below and `sounds` (event type -> sound name),
    yields every sprite it animates from `sprites()`, words its hand's result
    (`result_heads`, `result_line`, `result_rows`) and has a `buttons` piece that builds
    its buttons and refreshes them for the current choices."""

    hand_card: tuple[int, int] = (80, 112)
    table_card: tuple[int, int] = (64, 90)  # a card on the table: flights to a seat
    hand_row: tuple = (30, 960, 586, 22, 6)  # left, right, y, lift, gap beyond a card's width
    seat_row: tuple = (44, 64)  # y and height of the other seats' panels
    sounds: dict = {}
    deck: tuple[str, ...] = ()  # its cards' sprites, rasterised before a deal shows them

    @classmethod
    def sprites_to_warm(cls, view) -> list[tuple[str, tuple[int, int]]]:
        """Each sprite the table draws, with its size in pixels, for assets.preload: the
        setup warms them a few a turn while the table gathers, the table's build the rest.
        A card game's are its cards at the table's size."""
        size = (view.px(cls.table_card[0]), view.px(cls.table_card[1]))
        return [(name, size) for name in cls.deck]

    def __init__(self, scene):
        self.scene, self.app, self.session, self.view = scene, scene.app, scene.session, scene.view
        self.me = self.session.seat
        # the seat drawn at the bottom: this window's, or for a spectator seat 0's side of
        # the table, where no card is ever shown (the public view holds none)
        self.bottom = 0 if self.me is None else self.me
        super().__init__()
        self.hand: dict[int, CardSprite] = {}
        self.result = HandResult(self)  # the hand's result, while the table pauses for it
        self.flying: list[CardSprite] = []  # cards on their way off the table: dropped on arrival
        self.scores: list[Counter] = []
        self.hints = Hint(self)

    @property
    def acting(self) -> bool:
        """Does this window play the seat it shows (not a spectator's or a replay's)?"""
        return self.me is not None and not self.session.watching

    @property
    def player(self) -> int | None:
        """The seat this window asks to act: its own while it plays; None where nobody is
        asked, a spectator's window or a replay (of this player's seat too), which tell
        every turn in the third person."""
        return self.me if self.acting else None

    @property
    def state(self):
        """The latest view (the game's `View` struct), None until the first one."""
        return self.session.view.view if self.session.view is not None else None

    def sync(self, animate: bool = True) -> None:
        """Bring what is drawn to the latest view; each game adds its table's pieces."""
        self.lay_out_hand(animate)

    def ordered(self) -> list[int]:
        """The hand's faces left to right: in face order unless the game sorts otherwise."""
        return sorted(self.hand)

    def selected(self) -> list[int]:
        return sorted(f for f, s in self.hand.items() if s.selected)

    def deal_into_hand(self, faces, start, stagger: float, animate: bool, usable) -> None:
        """The cards of `faces` not in the hand yet join it, each from `start(face)`, one
        after another (`stagger` s apart) when animated; a card is lit when some choice
        takes it (all are lit when none does); then the hand is laid out."""
        for i, face in enumerate(sorted(f for f in faces if f not in self.hand)):
            sprite = CardSprite(face, Tween(start(face)))
            sprite.tween.delay = i * stagger if animate else 0.0
            self.hand[face] = sprite
        for face, sprite in self.hand.items():
            sprite.lit = face in usable or not usable
        self.lay_out_hand(animate)

    def lay_out_hand(self, animate: bool = True) -> None:
        """The hand fanned along its row in `ordered()` order, selected cards lifted."""
        order = self.ordered()
        left, right, y, lift, gap = self.hand_row
        width = self.hand_card[0]
        for face, x in zip(order, fan_positions(len(order), left, right, width, width + gap),
                           strict=True):
            sprite = self.hand[face]
            self._move(sprite, (x, y - (lift if sprite.selected else 0), width, 255), animate,
                       sprite.tween.delay)

    def set_scores(self, scores, animate: bool) -> None:
        while len(self.scores) < len(scores):
            self.scores.append(Counter())
        for seat, score in enumerate(scores):
            self.scores[seat].set(score, animate)

    #: the table's own panel says the rules' advice (Game.advice) at every turn: the guide
    #: panel (client.tables.guide) does not say it again
    shows_advice = False
    #: where the table's one line of what it waits for goes (its top middle): clear of the
    #: game's panels, piles and buttons
    wait_at = (490, 58)

    # -- moving ----------------------------------------------------------------------
    @staticmethod
    def _move(sprite: CardSprite, target, animate: bool, delay: float = 0.0) -> None:
        if animate:
            sprite.tween.to(target, MOVE, delay)
        else:
            sprite.tween.jump(target)

    def card_rects(self) -> dict[int, pygame.Rect]:
        """The part of each hand card that shows (the next card covers the rest), where the
        card is going: a click during a short move lands on the card it was aimed at."""
        order = self.ordered()
        rects = {}
        for i, face in enumerate(order):
            x, y, w, _ = self.hand[face].tween.end
            right = self.hand[order[i + 1]].tween.end[0] if i + 1 < len(order) else x + w
            rects[face] = self.view.rect(x, y, max(4.0, min(right, x + w) - x),
                                         self.hand_card[1])
        return rects

    def card_at(self, pos) -> int | None:
        return hit(self.card_rects(), pos)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table from the latest view; until the first view, that the deck is shuffled."""
        state = self.state
        if state is None:
            self.view.text(surface, "Shuffling…", (490, 300), 24, anchor="center")
            return
        self.draw_table(surface, state)
        self.draw_focus(surface)

    def draw_table(self, surface: pygame.Surface, state) -> None:
        """The game's own table, seats, cards and panels: what `draw_still` does not draw."""

    def still_key(self) -> tuple | None:
        """What `draw_still` draws from, by value: while it stays equal the scene blits the
        picture it kept (client.tables.still); None keeps nothing this frame."""
        return ()

    def draw_still(self, surface: pygame.Surface) -> None:
        """The part of the table that stands still between changes, under `draw_table`'s."""

    def draw_advice(self, surface, y: float, otherwise: str, reason: str = "",
                    size: int = 14, width: float = 940) -> None:
        """The line above the buttons: why the selection cannot be played (`reason`), else
        the latest hint or refusal for this player, else `otherwise` (the keys). Advice is
        never written to the log, which holds only what happened at the table."""
        advice = reason or self.session.advice
        if advice == self.hints.said:
            advice = ""  # a Hint's sentence is long: the guide panel shows it whole
        view = self.view
        sizes = range(size, min(size, ADVICE_LEAST) - 1, -1)
        fitted, rows = shrink_to_fit(tuple(view.font(s) for s in sizes), advice or otherwise,
                                     view.px(width))
        size = sizes[fitted]
        line = view.font(size).get_linesize() / view.scale
        for i, row in enumerate(rows):  # a second line goes above: the buttons are below
            view.text(surface, row, (30, y - (len(rows) - 1 - i) * line), size,
                      ALERT if advice else DIM)

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        """Every card sprite the table animates: the hand and the flying cards; a game adds
        the cards it keeps on the table."""
        yield from self.hand.values()
        yield from self.flying

    def update(self, dt: float) -> None:
        carried = self.carried()
        for sprite in self.sprites():
            if id(sprite) not in carried:
                sprite.tween.update(dt)
        self.flying = [s for s in self.flying if s.tween.moving]
        for counter in self.scores:
            counter.update(dt)
        self.result.refresh()

    def settled(self) -> bool:
        """Nothing is moving or counting (panels and countdowns may still be up)."""
        return not any(s.tween.moving for s in self.sprites()) and not any(
            c.moving for c in self.scores)

    @property
    def animating(self) -> bool:
        """Frames must be drawn: something moves, counts, or a panel or countdown is up."""
        return (self.dragging or any(s.tween.moving for s in self.sprites())
                or any(c.moving or c.flash for c in self.scores)
                or self.result.up()
                or (self.state is not None and self.state.timer is not None))

    def on_news(self, item) -> None:
        """A new view brings the table to it (animated); a step's events are each told
        to `on_event`, which animates what the view alone cannot show."""
        if isinstance(item, ViewUpdate):
            self.sync(animate=True)
            self.hints.on_view()
            return
        if isinstance(item, Hinted):
            self.hints.on_news(item)
            return
        for event in events_of(item):
            self.on_event(event)

    def on_event(self, event) -> None:
        """One engine event of a step, before the view after it."""

    def play_hinted(self) -> None:
        """Enter plays what Hint selected, in every game; the engine refuses it, in words,
        if the table moved on meanwhile. Before any Hint, Enter says how to get one."""
        shown = self.hints.shown
        if shown is None or shown.action is None:
            self.session.advise("Enter plays what Hint suggests: press H for a hint first, "
                                "or Tab to a place and Enter there.")
            return
        self.hints.shown = None
        self.session.submit(shown.action)
        self.let_go()

    def preselect(self, action) -> None:
        """Show the hard bot's suggested `action` as a selection, where the table has one
        for it (its cards lifted, its pile or adventurer picked up); else the advice line
        alone says it."""

    def sounds_for(self, item) -> list[str]:
        return sounds_for(item, self.sounds)

    # -- the words of the hand's result (client.tables.result) ------------------------
    result_heads = ("this hand", "total")  # the words over the result's two columns

    def result_line(self, event) -> str:
        """Who went out, or how the hand ended, in words."""
        return ""

    def result_rows(self, event) -> list[tuple[int, str, tuple]]:
        """(seat, what the hand gave or took, its colour), in the order to list them."""
        return []

    def build(self) -> None:
        """The game's buttons and the result panel's, at the window's scale."""
        before = set(self.scene.buttons)
        self.buttons.build()
        self.result.under = set(self.scene.buttons) - before
        self.result.build()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable and show the game's buttons for the current choices (none while a hand's
        result is up over them)."""
        self.result.uncover()
        self.buttons.refresh()
        self.result.cover()
