"""Scenes: each owns its input, its pygame_gui elements and its drawing.

Every clickable thing a scene offers has an id in `targets()` (id -> pixel
rect), so tests and the test hook click exactly what a person would.
"""

from __future__ import annotations

import enum

import pygame
import pygame_gui

from client import assets
from client.ui import fit
from net.wire.identity import clean_name

#: the theme's words in a widget (client.ui.theme): logical size, bold
WORDS = {"": (17, False), "title": (30, True), "note": (15, False)}
BUTTON_WORDS = 16
MARGIN = 12  # logical px a widget keeps clear at its sides


class Place(enum.Enum):
    """Where a scene leads. The router (client.scenes.router) knows which scene stands at
    each place, so no scene imports another."""

    LOBBY = "lobby"
    SETUP = "setup"
    TABLE = "table"
    RULES = "rules"
    HISTORY = "history"
    SETTINGS = "settings"


class Scene:
    name = ""
    animating = False
    layout_due = False  # a rebuild waits: for the turn's news to be read, or a widget let go

    def __init__(self, app):
        self.app = app
        self.view = app.view
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.elements: list = []

    # -- lifecycle -------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def leave(self) -> None:
        self.clear()

    def layout(self) -> None:
        """(Re)build the scene's widgets at the window's current scale.

        Not while a widget is held down: its new twin would never see the press, and the
        click would be lost (the lobby rebuilt under a Resume being clicked whenever a table
        was heard). The app builds it once the widget is let go."""
        if self.elements and self.app.holding:
            self.layout_due = True
            return
        self.layout_due = False
        self.clear()
        self.build()

    def relayout(self) -> None:
        """Rebuild once this turn of the loop has read all its news: a burst of news (a
        lobby's records arriving together) costs one rebuild, not one each."""
        self.layout_due = True

    def clear(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements, self.buttons = [], {}

    def build(self) -> None:
        pass

    # -- widgets -------------------------------------------------------------------
    def add(self, element):
        self.elements.append(element)
        return element

    def button(self, ident: str, text: str, x: float, y: float, w: float, h: float = 40,
               primary: bool = False, enabled: bool = True, tip: str | None = None):
        object_id = pygame_gui.core.ObjectID(object_id=f"#{ident}",
                                             class_id="@primary" if primary else None)
        words = self.fitted(text, w, BUTTON_WORDS)
        button = self.add(pygame_gui.elements.UIButton(
            self.view.rect(x, y, w, h), words, self.app.gui, object_id=object_id,
            tool_tip_text=tip or (text if words != text else None)))
        if not enabled:
            button.disable()
        self.buttons[ident] = button
        return button

    def label(self, text: str, x: float, y: float, w: float, h: float = 30, kind: str = ""):
        object_id = pygame_gui.core.ObjectID(class_id=f"@{kind}") if kind else None
        words = self.fitted(text, w, *WORDS.get(kind, WORDS[""]))
        return self.add(pygame_gui.elements.UILabel(self.view.rect(x, y, w, h), words,
                                                    self.app.gui, object_id=object_id))

    def fitted(self, text: str, width: float, size: float, bold: bool = False) -> str:
        """`text` cut with an ellipsis to fit a widget `width` wide (a button's tooltip
        then holds the whole): pygame_gui would cut it with no sign."""
        view = self.view
        return fit(view.font(size, bold), text, view.px(width) - view.px(MARGIN))

    def fitted_part(self, words, part: str, width: float, size: float = BUTTON_WORDS,
                    bold: bool = False) -> str:
        """`words(part)` with `part` — a name — cut with an ellipsis so that the whole fits
        `width`: the name is cut, never what is said of it ("· settings", the step)."""
        view = self.view
        font = view.font(size, bold)
        room = view.px(width) - view.px(MARGIN) - font.size(words(""))[0]
        return words(fit(font, part, room))

    def targets(self) -> dict[str, pygame.Rect]:
        found = {ident: b.rect for ident, b in self.buttons.items()
                 if b.alive() and b.is_enabled and b.visible}
        found.update(self.extra_targets())
        return found

    def extra_targets(self) -> dict[str, pygame.Rect]:
        return {}

    # -- input and news --------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            ident = self._pressed(event.ui_element)
            if ident is not None:
                self.on_button(ident)

    def _pressed(self, element) -> str | None:
        """Which of this scene's buttons a press was on. The scene may have been rebuilt
        between the release and the press's event: then it was the button now built under
        the same name, if that one may still be pressed."""
        for ident, button in self.buttons.items():
            if button is element:
                return ident
        if element.alive():
            return None  # another scene's, or a dialog's
        twin = self.buttons.get(ident := element.object_ids[-1].removeprefix("#"))
        return ident if twin is not None and twin.is_enabled else None

    def on_button(self, ident: str) -> None:
        pass

    # -- where a scene leads ------------------------------------------------------------
    def go(self, place: Place, **how) -> None:
        """Leave this scene for the one at `place`."""
        self.app.replace(self.app.scene_at(place, **how))

    def open(self, place: Place, **how) -> None:
        """Open the scene at `place` over this one; closing it comes back here."""
        self.app.push(self.app.scene_at(place, **how))

    def on_news(self, item) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def quit_requested(self) -> None:
        self.app.running = False

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface, self.view)


def checked_name(text: str) -> tuple[str, str]:
    """A display name as typed, cleaned, and what is wrong with it ("" if nothing): a
    name with letters no font here draws would show as boxes on every laptop at the table."""
    name = clean_name(text)
    if not name:
        return name, "A name needs at least one visible character."
    missing = assets.undrawable(name)
    if missing:
        return name, f"These letters cannot be drawn here: {' '.join(missing)}"
    return name, ""


def draw_felt(surface: pygame.Surface, view) -> None:
    """The table's felt; in high contrast veiled darker, so every word on it reads."""
    surface.blit(assets.backdrop("felt", surface.get_size()), (0, 0))
    if view.contrast:
        view.shade(surface)
