"""Small widgets shared by the scenes and tables: the countdown ring, card fans, and a list
whose rows are never cut without a sign."""

from __future__ import annotations

import html
import math

import pygame
import pygame_gui

from client.ui import ALERT, DIM, GOLD, ROW_PADDING, ROW_WORDS, Viewport, fit


def countdown_ring(surface: pygame.Surface, view: Viewport, centre: tuple[float, float],
                   radius: float, left: float, total: float) -> None:
    """A ring that empties as the table's timer runs down, with the seconds inside."""
    fraction = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    rect = view.rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2)
    pygame.draw.circle(surface, (10, 30, 22), rect.center, rect.width // 2)
    pygame.draw.circle(surface, DIM, rect.center, rect.width // 2, view.px(3))
    if fraction > 0:
        colour = ALERT if left <= 10 else GOLD
        start = math.pi / 2
        pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * fraction,
                        view.px(7))
    view.text(surface, f"{math.ceil(left)}", centre, radius * 0.8, bold=True, anchor="center")


def fan_positions(count: int, left: float, right: float, card_width: float,
                  widest_gap: float) -> list[float]:
    """x of each card of a fanned row centred between left and right."""
    if count == 0:
        return []
    room = right - left - card_width
    gap = widest_gap if count == 1 else min(widest_gap, room / (count - 1))
    width = card_width + gap * (count - 1)
    start = left + (right - left - width) / 2
    return [start + i * gap for i in range(count)]


class FittedList(pygame_gui.elements.UISelectionList):
    """A pygame_gui selection list whose rows end in "…" when they do not fit its width
    (pygame_gui would cut them with no sign), a cut row showing its whole text on hover.
    `whole` keeps every row's text, in order, for a scene to show the selected one's."""

    def __init__(self, view: Viewport, rect: pygame.Rect, rows: list[tuple[str, str]],
                 manager, default_selection: tuple[str, str] | None = None, **kwargs):
        # the row selected is chosen after the rows are cut: a button selected first keeps
        # drawing the words it was made with
        super().__init__(rect, rows, manager, **kwargs)
        self.whole = [text for text, _ in rows]
        if self.item_list_container is None:  # no rows: nothing to fit
            return
        room = self.item_list_container.relative_rect.width - 2 * view.px(ROW_PADDING)
        font = view.font(ROW_WORDS)
        for item in self.item_list:
            item["text"] = fit(font, item["text"], room)
            if item["button_element"] is not None:
                item["button_element"].set_text(item["text"])
        if default_selection in rows:
            item = self.item_list[rows.index(default_selection)]
            item["selected"] = True
            if item["button_element"] is not None:
                item["button_element"].select()
        self._tips()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._tips()  # a scroll makes a fresh button for each row that comes into view

    def _tips(self) -> None:
        for item, whole in zip(self.item_list, self.whole, strict=True):
            button = item["button_element"]
            if button is not None and item["text"] != whole and button.tool_tip_text is None:
                button.set_tooltip(html.escape(whole.strip()))

    def chosen(self) -> int | None:
        """The index of the row selected, if any (two rows may read alike once cut)."""
        return next((i for i, item in enumerate(self.item_list) if item["selected"]), None)


class HintedEntry(pygame_gui.elements.UITextEntryLine):
    """A text box whose hint (shown while it is empty and not being typed in) is dim, as
    hints are, not as bright as typed text: pygame_gui draws both in one colour. The colour
    changes only while the hint shows (a rebuild draws the hint, which focusing clears)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.typed_colour = self.text_colour
        self._recolour()

    def focus(self) -> None:
        self._recolour(hinting=False)
        super().focus()

    def unfocus(self) -> None:
        super().unfocus()
        self._recolour()

    def set_text(self, text: str) -> None:
        self._recolour(hinting=not text and not self.is_focused)
        super().set_text(text)

    def _recolour(self, hinting: bool | None = None) -> None:
        if hinting is None:
            hinting = not self.text and not self.is_focused
        wanted = pygame.Color(DIM) if hinting else self.typed_colour
        if self.text_colour != wanted:
            self.text_colour = wanted
            self.rebuild()
