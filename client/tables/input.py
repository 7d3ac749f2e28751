"""How a player points and types at a table: the keyboard plays as the pointer does, a
press and release on one thing is a click, a press moved with the button down drags.
What a click, a drag or a drop does is the game's: it fills the hooks at the end."""

from __future__ import annotations

import pygame

from client.anim import CardSprite
from client.ui import GOLD

#: every table's: O is "Next hand" under a hand's result, H asks for the hard bot's hint
TABLE_KEYS = {pygame.K_o: "next", pygame.K_h: "hint"}
#: what every table's own keys do, in the rules' words
POINTING_WORDS = ("←/→ a card · ↑ or Space picks it up · Tab a place, Enter there · "
                  "Enter plays what Hint selected")
TABLE_KEY_WORDS = {"hint": "hint", "next": "next hand"}
DRAG_SLOP = 6  # px the mouse moves, button down, before a press becomes a drag


class TableInput:
    """The keys and the pointer of a table renderer (its base class): the focus the arrows
    and Tab move, the press a drag grows from, and the hooks a game's table fills."""

    def __init__(self):
        self.press: tuple[str, object, tuple[int, int]] | None = None  # (kind, id, at)
        self.dragging = False
        self.drag_from = (0, 0)

    keys: dict = {}  # pygame key -> the button id it presses
    key_words: dict[str, str] = {}  # button id -> what its key does, as the rules list it
    focus = 0  # the hand card the arrows are on
    place_focus: str | int | None = None  # the place on the table Tab is on
    keyboard = False  # a key has moved a focus: the focus is drawn

    def handle(self, event) -> None:
        """The keyboard plays as the pointer does: ←/→ move along the hand and ↑ or Space
        picks the card up (as a click on it), Tab and Shift-Tab go round the table's places
        and Enter there is a click on it; Esc lets go of what is held; a key in `keys`
        presses its button. The rest is the pointer's."""
        if event.type != pygame.KEYDOWN:
            self.pointer(event)
            return
        key, order = event.key, self.ordered()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % len(order)
            self.keyboard = True
        elif key in (pygame.K_UP, pygame.K_SPACE) and order:
            self.click("card", order[min(self.focus, len(order) - 1)])
            self.keyboard = True
        elif key == pygame.K_TAB:
            self._next_place(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.place_focus is not None:
            place, self.place_focus = self.place_focus, None
            self.click("place", place)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and key not in self.keys:
            self.play_hinted()
        elif key == pygame.K_ESCAPE:
            self.place_focus = None
            self.let_go()
        elif key in self.keys or key in TABLE_KEYS:
            self._press(self.keys.get(key) or TABLE_KEYS[key])

    def _press(self, ident: str) -> None:
        """A key presses its button only while the button is on screen (a key at the wrong
        time changes nothing). A greyed button's key still asks: the game says why not
        (Enter on cards that are no play), as a click cannot."""
        button = self.scene.buttons.get(ident)
        if button is None or (button.alive() and button.visible):
            self.scene.on_button(ident)

    def places(self) -> dict:
        """The places on the table that take clicks (piles, melds…): id -> screen rect."""
        return {}

    def _next_place(self, step: int) -> None:
        ids = list(self.places())
        if not ids:
            return
        at = ids.index(self.place_focus) if self.place_focus in ids else -1 if step > 0 else 0
        self.place_focus = ids[(at + step) % len(ids)]
        self.keyboard = True

    def draw_focus(self, surface: pygame.Surface) -> None:
        """Where the keys are: the focused card and the focused place, once a key moved."""
        if not self.keyboard or not self.acting:
            return
        order, rects = self.ordered(), self.card_rects()
        if order:
            face = order[min(self.focus, len(order) - 1)]
            pygame.draw.rect(surface, GOLD, rects[face].inflate(4, 4), self.view.px(2),
                             border_radius=self.view.px(6))
        place = self.places().get(self.place_focus)
        if place is not None:
            pygame.draw.rect(surface, GOLD, place.inflate(8, 8), self.view.px(3),
                             border_radius=self.view.px(8))

    def on_button(self, ident: str) -> None:
        """A button of the game's own was pressed."""

    def play_hinted(self) -> None:
        """Enter with no place in focus: play what Hint selected (the table's own)."""

    def let_go(self) -> None:
        """Nothing is held any more: the hand's selection drops back."""
        for sprite in self.hand.values():
            sprite.selected = False
        self.lay_out_hand()
        self.refresh_buttons()

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
        """What a press at `pos` is on: ("card", face) in the hand, ("place", id) on the
        table (`place_at`), or None."""
        face = self.card_at(pos)
        if face is not None:
            return "card", face
        place = self.place_at(pos)
        return ("place", place) if place is not None else None

    def place_at(self, pos):
        """The id of the place on the table at `pos` that takes clicks and drops, or None."""
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


def key_label(code: int) -> str:
    """A key as a player reads it: 'Enter', 'P', '1'."""
    name = pygame.key.name(code)
    return {"return": "Enter", "enter": "Enter"}.get(name, name.upper())


def keys_words(table: type[TableInput]) -> str:
    """Every key of a table renderer and what it does, from the keys it answers to (so the
    rules cannot list a key the table does not have, nor miss one): 'P pass · S sort'."""
    by_words: dict[str, list[str]] = {}
    for code, ident in {**table.keys, **TABLE_KEYS}.items():
        words = table.key_words.get(ident) or TABLE_KEY_WORDS[ident]
        label = key_label(code)
        if label not in by_words.setdefault(words, []):
            by_words[words].append(label)
    own = " · ".join(f"{'/'.join(labels)} {words}" for words, labels in by_words.items())
    return f"{POINTING_WORDS} · {own}"
