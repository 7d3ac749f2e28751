"""The window's coordinate system and the pygame_gui theme, both at the window's scale.

Everything is laid out in a logical 1280×720 frame. `Viewport` maps it onto the
window (uniform scale, centred), so art and text are drawn at the real pixel
size — re-rasterised, never a blurry upscale — and maps the mouse back.
"""

from __future__ import annotations

import functools

import pygame

from client import assets

LOGICAL = (1280, 720)

# colours, named for what they mean on the table
INK = (236, 232, 220)
# every colour words are drawn in reads at 3:1 or more on the lightest felt, to every viewer
# (WCAG AA, large; tests/test_colour_vision.py): a refusal in a deeper red read at 1.6:1 to
# a red-blind player
DIM = (186, 195, 186)
GOLD = (240, 196, 80)
ALERT = (255, 180, 160)
GOOD = (120, 210, 140)
PANEL = (16, 36, 28)
PANEL_EDGE = (70, 110, 90)
SHADOW = (0, 0, 0)
#: the high-contrast option (Settings.contrast): each colour as it is drawn then — white words
#: on black panels edged in white, the colours that mean something (your turn, a warning, a
#: gain) at full strength; tests/test_colour_vision.py holds them to a 7:1 contrast to every
#: viewer
HIGH_CONTRAST = {INK: (255, 255, 255), DIM: (226, 230, 226), GOLD: (255, 210, 0),
                 ALERT: (255, 186, 170), GOOD: (110, 255, 150), PANEL: (0, 0, 0),
                 PANEL_EDGE: (255, 255, 255)}
FELT_SHADE = 150  # how dark a veil the felt wears in high contrast (0-255)
HIGH_CONTRAST_PANEL = 235  # the least alpha of a panel in high contrast
INK_HEIGHT = 1.2  # a line's ink, ascent to descent, in font sizes (DejaVu: 0.93 + 0.24)
OVERLAY = 245  # a panel at least this opaque is drawn over the table (a question, a result)
VEIL = 120  # how dark the table is under a modal panel (0-255)
TABLE_AREA = (0, 0, 980, 720)  # the table, left of the log: what a modal panel veils
READABLE = 10  # px: no words are drawn smaller (at 960×540 an 11-point note was 8 px, unread)
ROW_WORDS = 17  # logical size of a list row's words (client.widgets.FittedList)
ROW_PADDING = 14  # logical px a list row keeps between its words and each edge


class Viewport:
    #: when a list, each label and panel drawn is told to it as (kind, rect, words, over):
    #: the layout check (tools.layout) reads what is drawn where, not pixels
    drawn: list | None = None

    def __init__(self, size: tuple[int, int], contrast: bool = False):
        self.contrast = contrast  # high contrast: every colour drawn as HIGH_CONTRAST says
        self.resize(size)

    def colour(self, colour) -> tuple:
        """A colour of the table as it is drawn now: itself, or its high-contrast twin."""
        return HIGH_CONTRAST.get(tuple(colour), tuple(colour)) if self.contrast else colour

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = min(size[0] / LOGICAL[0], size[1] / LOGICAL[1])
        self.offset = ((size[0] - LOGICAL[0] * self.scale) / 2,
                       (size[1] - LOGICAL[1] * self.scale) / 2)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        s, (ox, oy) = self.scale, self.offset
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    def point(self, x: float, y: float) -> tuple[int, int]:
        s, (ox, oy) = self.scale, self.offset
        return round(ox + x * s), round(oy + y * s)

    def logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        s, (ox, oy) = self.scale, self.offset
        return (pos[0] - ox) / s, (pos[1] - oy) / s

    def px(self, logical_size: float) -> int:
        return max(1, round(logical_size * self.scale))

    def text_px(self, logical_size: float) -> int:
        """The pixel size words of a logical size are drawn at: scaled, never unreadable."""
        return max(READABLE, self.px(logical_size))

    def font(self, logical_size: float, bold: bool = False) -> pygame.font.Font:
        return assets.font(self.text_px(logical_size), bold)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: float,
             colour=INK, bold: bool = False, anchor: str = "topleft",
             width: float | None = None) -> pygame.Rect:
        """Draw one line at a logical position; cut with an ellipsis to `width` if given."""
        if width is not None:
            text = fit(self.font(size, bold), text, self.px(width))
        image = assets.text(text, self.text_px(size), bold, tuple(self.colour(colour)))
        rect = image.get_rect(**{anchor: self.point(*pos)})
        surface.blit(image, rect)
        if self.recording(surface):  # the ink: the fallback fonts' line is half again as tall
            ink = rect.inflate(0, min(0, round(INK_HEIGHT * self.text_px(size)) - rect.height))
            self.drawn.append(("label", ink, text, False))
        return rect

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 210,
              edge=PANEL_EDGE) -> None:
        surface.blit(self._panel(rect.size, alpha, edge), rect)
        if self.recording(surface):
            self.drawn.append(("panel", rect, "", alpha >= OVERLAY))

    def banner(self, surface: pygame.Surface, rect: pygame.Rect, edge=PANEL_EDGE) -> None:
        """A passing note's panel (news over the table for a moment): drawn over what is
        under it, so the layout check holds it to covering nothing."""
        surface.blit(self._panel(rect.size, OVERLAY, edge), rect)
        if self.recording(surface):
            self.drawn.append(("banner", rect, "", True))

    def ring(self, surface: pygame.Surface, rect: pygame.Rect, colour, width: float = 3,
             radius: float = 8) -> None:
        """An outline that lights a place: to the layout check a panel (words cross it
        only by lying wholly inside or outside it)."""
        pygame.draw.rect(surface, self.colour(colour), rect, self.px(width),
                         border_radius=self.px(radius))
        if self.recording(surface):
            self.drawn.append(("panel", rect, "", False))

    def _panel(self, size: tuple[int, int], alpha: int, edge) -> pygame.Surface:
        """A panel's picture; in high contrast nearly opaque, so the felt shows through
        nothing behind its words."""
        alpha = max(alpha, HIGH_CONTRAST_PANEL) if self.contrast else alpha
        return _panel(size, self.px(10), self.px(1.5), alpha, tuple(self.colour(edge)),
                      tuple(self.colour(PANEL)))

    def shade(self, surface: pygame.Surface) -> None:
        """The whole window darkened under what is drawn next (high contrast's felt)."""
        surface.blit(_veil(surface.get_size(), FELT_SHADE), (0, 0))

    def veil(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Dim `rect` under a modal panel: what the panel covers reads as behind it, not as
        words cut at its edge."""
        surface.blit(_veil(rect.size, VEIL), rect)
        if self.recording(surface):
            self.drawn.append(("veil", rect, "", False))

    def recording(self, surface: pygame.Surface) -> bool:
        """Is the layout reported, and drawn straight on the window (whose rects it holds)?"""
        return self.drawn is not None and surface is pygame.display.get_surface()


@functools.lru_cache(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return shade


@functools.lru_cache(maxsize=64)
def _panel(size: tuple[int, int], radius: int, line: int, alpha: int, edge: tuple,
           fill: tuple) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), line, border_radius=radius)
    return layer


@functools.lru_cache(maxsize=1000)
def fit(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut with an ellipsis to fit `width` pixels (cached: drawn every frame)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


@functools.lru_cache(maxsize=256)
def shrink_to_fit(fonts: tuple[pygame.font.Font, ...], text: str,
                  width: int) -> tuple[int, tuple[str, ...]]:
    """The first of `fonts` (largest first) that holds `text` on one line `width` pixels
    wide, with that line; where none does, the last, with `text` wrapped to it (cached:
    drawn every frame)."""
    for i, font in enumerate(fonts):
        if font.size(text)[0] <= width:
            return i, (text,)
    return len(fonts) - 1, tuple(wrap(fonts[-1], text, width))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Word-wrap one line to `width` pixels; a word longer than a line is cut to fit."""
    rows, current = [], ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if font.size(candidate)[0] <= width:
            current = candidate
            continue
        if current:
            rows.append(current)
        current = word if font.size(word)[0] <= width else fit(font, word, width)
    return [*rows, current] if current else rows


assets.FORGET_TOO += [_panel, fit, shrink_to_fit]

RULES_MARGIN = 24  # logical: the rules' text keeps this far from its box's edges


#: pygame_gui's colours in high contrast: white on black, edged in white, gold where lit
HIGH_CONTRAST_WIDGETS = {
    "normal_bg": "#000000", "hovered_bg": "#303030", "disabled_bg": "#141414",
    "selected_bg": "#3c3c3c", "active_bg": "#3c3c3c", "dark_bg": "#000000",
    "normal_text": "#ffffff", "hovered_text": "#ffffff", "disabled_text": "#b8b8b8",
    "selected_text": "#ffffff", "active_text": "#ffffff",
    "normal_border": "#ffffff", "hovered_border": "#ffd200", "disabled_border": "#8c8c8c",
    "selected_border": "#ffd200", "text_cursor": "#ffd200",
}
#: the theme's other colours (by the object they colour) in high contrast
HIGH_CONTRAST_TEXT = {"label": "#ffffff", "@title": "#ffd200", "@note": "#ffb4a0",
                      "#empty_list": "#e2e6e2", "#unavailable": "#c8c8c8"}


def theme(scale: float, contrast: bool = False) -> dict:
    """pygame_gui's theme with the bundled font at this scale; `contrast`: in high
    contrast."""
    def size(logical: int) -> str:
        return str(max(8, round(logical * scale)))

    font = {"name": "dejavu", "size": size(17), "regular_path": str(assets.FONT_PATH),
            "bold_path": str(assets.BOLD_FONT_PATH)}
    colours = {
        "normal_bg": "#1d4a36", "hovered_bg": "#2b6a4c", "disabled_bg": "#24302a",
        "selected_bg": "#3a7c58", "active_bg": "#3a7c58", "dark_bg": "#10241c",
        "normal_text": "#ece8dc", "hovered_text": "#ffffff", "disabled_text": "#7d8a82",
        "selected_text": "#ffffff", "active_text": "#ffffff",
        "normal_border": "#4f8a6a", "hovered_border": "#8fd0a8", "disabled_border": "#3a4a42",
        "selected_border": "#f0c450", "text_cursor": "#f0c450",
    }
    # square corners: pygame_gui draws a rounded shape at 4× its size and scales it down, for
    # each of a button's states; in four windows starting at once on two cores that was
    # 0.35 s of each one's 2 s of CPU before its first cards (issue 35)
    shape = {"shape": "rectangle", "border_width": "2" if contrast else "1"}
    themed = {
        "defaults": {"font": font, "colours": colours},
        "label": {"font": {**font, "size": size(17)}, "colours": {"normal_text": "#ece8dc"}},
        "button": {"font": {**font, "size": size(16)}, "misc": shape},
        "text_entry_line": {"font": {**font, "size": size(18)}, "misc": shape},
        "window": {"font": font},
        "@title": {"font": {**font, "size": size(30), "bold": "1"},
                   "colours": {"normal_text": "#f0c450"}},
        "@note": {"font": {**font, "size": size(15)}, "colours": {"normal_text": "#f0a070"}},
        "@primary": {"colours": {**colours, "normal_bg": "#8a6a1c", "hovered_bg": "#b08a2c",
                                 "normal_border": "#f0c450"}},
        "selection_list": {"colours": colours,
                           "misc": {"list_item_height": str(max(16, round(40 * scale)))}},
        "@selection_list_item": {"font": {**font, "size": size(ROW_WORDS)},
                                 "misc": {"text_horiz_alignment": "left",
                                          "text_horiz_alignment_padding": size(ROW_PADDING)}},
        "#empty_list": {"colours": {"normal_text": "#9aa59e"}},
        "#unavailable": {"colours": {"normal_text": "#7d8a82", "hovered_text": "#9aa59e",
                                     "selected_text": "#9aa59e"}},
        "text_box": {"font": {**font, "size": size(15)}, "colours": colours},
        # the rules: a margin around the text (client.scenes.rules.MARGIN)
        "#rules": {"misc": {"padding": f"{size(RULES_MARGIN)},{size(16)}"}},
    }
    return _high_contrast(themed) if contrast else themed


def _high_contrast(themed: dict) -> dict:
    """The theme with every colour swapped for its high-contrast one."""
    for name, block in themed.items():
        if "normal_bg" in block.get("colours", {}):  # a widget's box, not a label's words
            block["colours"] = {**block["colours"], **HIGH_CONTRAST_WIDGETS}
        if name in HIGH_CONTRAST_TEXT:
            block.setdefault("colours", {})["normal_text"] = HIGH_CONTRAST_TEXT[name]
    themed["@primary"]["colours"].update(normal_bg="#4a3800", hovered_bg="#6a5200",
                                         normal_border="#ffd200")
    return themed
