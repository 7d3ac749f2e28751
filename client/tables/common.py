"""Pieces every table renderer draws or needs the same way: cards, the match's end panel,
the events of a step, and pygame_gui button toggles."""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite
from client.ui import ALERT, DIM, GOLD, GOOD, INK, wrap
from net.node import StepApplied

MOVE = 0.35  # seconds a card takes to go where it is going
PACE = 0.05  # the table's step interval (NodeOptions.pace), for countdowns
DRAG_SLOP = 6  # px the mouse moves, button down, before a press becomes a drag


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


def enable(button, enabled: bool) -> None:
    if enabled and not button.is_enabled:
        button.enable()
    elif not enabled and button.is_enabled:
        button.disable()


def show(button, shown: bool) -> None:
    if shown and not button.visible:
        button.show()
    elif not shown and button.visible:
        button.hide()


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
    if not sprite.lit:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, at)
    if sprite.selected:
        pygame.draw.rect(surface, GOLD, rect, view.px(3), border_radius=view.px(6))
    elif focused:
        pygame.draw.rect(surface, INK, rect, view.px(1.5), border_radius=view.px(6))
    return rect


def draw_ending(surface, view, session, unit: str) -> None:
    """The match's end: every seat's score (`unit`: chips, points), the winners starred, and
    the ending's words (the audit's verdict among them)."""
    ending = session.ending
    view.panel(surface, view.rect(200, 130, 580, 340), alpha=250, edge=GOLD)
    title = {"finished": "The match is over", "left": "You left the table"}.get(
        ending.kind, "The table stopped")
    view.text(surface, title, (490, 148), 26, GOLD, bold=True, anchor="midtop")
    y = 200
    for seat, score in enumerate(ending.scores):
        won = seat in ending.winners
        view.text(surface, ("★ " if won else "") + session.seat_name(seat).capitalize(),
                  (240, y), 18, GOLD if won else INK, width=300)
        view.text(surface, f"{score:,} {unit}", (740, y), 18, INK, anchor="topright")
        y += 36
    for line in wrap_text(view, ending.text, 15, 540):
        view.text(surface, line, (220, y + 10), 15, GOOD if ending.audit == "clean" else INK)
        y += 22


def hit(rects: dict, pos):
    """The key of the first rect that holds `pos`, or None."""
    return next((key for key, rect in rects.items() if rect.collidepoint(pos)), None)


HAND_OVER_SHOWN = 6.0  # seconds a hand's result stays up unless dismissed


class TableRenderer:
    """What every game's table does the same way: the view it draws, the hand of card
    sprites and where each shows, moves and tweens, the hand-over panel's time on screen,
    and how a seat's absence is worded. A game's renderer subclasses it and sets
    `hand_card` (the size of a hand card) and `sounds` (event type -> sound name)."""

    hand_card: tuple[int, int] = (86, 120)
    sounds: dict = {}

    def __init__(self, scene):
        self.scene, self.app, self.session, self.view = scene, scene.app, scene.session, scene.view
        self.me = self.session.seat
        self.hand: dict[int, CardSprite] = {}
        self.hand_over = None  # the game's HandOver event, while its panel is up
        self.hand_over_left = 0.0
        self.match_over = None
        self.press: tuple[str, object, tuple[int, int]] | None = None  # (kind, id, at)
        self.dragging = False
        self.drag_from = (0, 0)

    @property
    def state(self) -> dict:
        return self.session.view.view if self.session.view is not None else {}

    def ordered(self) -> list[int]:
        """The hand's faces left to right."""
        raise NotImplementedError

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

    def sounds_for(self, item) -> list[str]:
        return sounds_for(item, self.sounds)

    def show_hand_over(self, event) -> None:
        self.hand_over, self.hand_over_left = event, HAND_OVER_SHOWN

    def dismiss_hand_over(self) -> None:
        self.hand_over = None
        self.refresh_buttons()

    def count_down(self, dt: float) -> None:
        """The hand-over panel goes after its time on screen."""
        if self.hand_over is not None:
            self.hand_over_left -= dt
            if self.hand_over_left <= 0:
                self.dismiss_hand_over()

    def refresh_buttons(self) -> None:
        """Enable and show the game's buttons for the current choices."""

    def absence(self, seat: int) -> tuple[str, tuple] | None:
        """A seat's status when its player left or the table waits for it, else None."""
        if seat in self.session.gone:
            return f"left · {self.session.seat_name(self.session.gone[seat])} plays on", DIM
        if self.session.seat_name(seat) in self.session.waiting:
            return "waiting for this player…", ALERT
        return None

    # -- the pointer: click, or press-drag-drop --------------------------------------
    def pointer(self, event) -> None:
        """A press on something and a release on it is a click; a press moved past the slop
        with the button down carries what is held (`begin_drag`) to where it is dropped."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            found = self.press_at(event.pos)
            self.press = (*found, event.pos) if found is not None else None
        elif event.type == pygame.MOUSEMOTION and self.press is not None:
            self._drag(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press:
            kind, ident, _ = self.press
            self.press, dragged = None, self.dragging
            self.dragging = False
            if dragged:
                self.drop(event.pos)
            else:
                self.click(kind, ident)

    def _drag(self, pos) -> None:
        kind, ident, start = self.press
        if not self.dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < self.view.px(DRAG_SLOP):
                return
            if not self.begin_drag(kind, ident):
                self.press = None
                return
            self.dragging, self.drag_from = True, pos
        dx = (pos[0] - self.drag_from[0]) / self.view.scale
        dy = (pos[1] - self.drag_from[1]) / self.view.scale
        self.drag_from = pos
        for sprite in self.held_sprites():
            x, y, w, alpha = sprite.tween.value
            sprite.tween.jump((x + dx, y + dy, w, alpha))

    def carried(self) -> set[int]:
        """ids of the sprites the mouse carries (CardSprites are unhashable values)."""
        return {id(s) for s in self.held_sprites()} if self.dragging else set()

    def press_at(self, pos) -> tuple[str, object] | None:
        """What a press at `pos` is on: (kind, id), or None."""
        return None

    def click(self, kind: str, ident) -> None:
        """A press and release on the same thing."""

    def begin_drag(self, kind: str, ident) -> bool:
        """Pick up what a drag from (kind, id) carries; False when nothing can be carried."""
        return False

    def drop(self, pos) -> None:
        """What is carried is let go at `pos`."""

    def held_sprites(self) -> list[CardSprite]:
        return []
