"""A game's rules, as written in docs/rules/<game>.md, readable in the window.

The text ships with the client (client/rules is a link to docs/rules), so what the
window shows is the very text the engine's clauses are named after. It opens with a
player's guide (the goal, a turn, what beats what, scoring, the table's keys) with
pictures drawn from the game's own cards, then the numbered reference. Developer notes
(where the text comes from, how hidden cards travel) sit between `<!-- developer -->`
markers in the file and are not shown. The markdown is parsed with markdown-it-py and
turned into pygame_gui's small HTML; tables and pictures are drawn to images (pygame_gui
has no tables) that the text box shows in line. Opened over the lobby, the setup or the
table; the table's news waits while it is open and reaches the scene beneath when it
closes.
"""

from __future__ import annotations

import atexit
import functools
import html
import re
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import pygame
import pygame_gui

from client import assets
from client.scenes import Scene, draw_felt
from client.scenes.table import TABLE_KEYS_HELP
from client.tables import renderer_for
from client.tables.input import keys_words
from client.ui import DIM, GOLD, INK, PANEL_EDGE, RULES_MARGIN, wrap
from engine.registry import game_ids, get_game

HEADING_COLOUR = "#E8C15A"
EMPHASIS = "#F3DCA0"
TITLE, HEADING, BODY = 26, 20, 15  # logical sizes; the body's is the theme's text box's
CODE_NAME = re.compile(r"`([a-z][a-z0-9_]*)(?:=([a-z0-9_]+))?`")  # `name` or `name=value`
DEVELOPER = re.compile(r"<!-- developer -->.*?<!-- /developer -->\n?", re.DOTALL)
PICTURE = re.compile(r"<!-- picture: (\w+) (.+?) -->")
KEYS = "<!-- keys -->"
OPTION_ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \|", re.MULTILINE)
CARD_HEIGHT = 96  # logical: a card in a rules picture
#: logical: the text's measure (about 90 characters of the body's size a line, for reading
#: ease) and its box, centred in the window: the measure, a margin each side, a scroll bar
MEASURE = 680
BOX_W = MEASURE + 2 * RULES_MARGIN + 28
BOX = (640 - BOX_W / 2, 76, BOX_W, 624)


@functools.cache
def parser():
    """The markdown reader, made when the rules are first shown: importing it is a tenth
    of a window's start, and most nights open the rules rarely."""
    from markdown_it import MarkdownIt
    return MarkdownIt("commonmark").enable("table")


def rules_text(game_id: str) -> str:
    """The game's rules file, as shipped with the client."""
    return (resources.files("client") / "rules" / f"{game_id}.md").read_text(encoding="utf-8")


def keys_text(game_id: str) -> str:
    """The keys that play the game's table, as a part of its player's guide."""
    table = renderer_for(game_id)
    own = keys_words(table) if table is not None else ""
    lines = [f"- {part.strip()}" for part in f"{own} · {TABLE_KEYS_HELP}".split(" · ")
             if part.strip()]
    return "**The table's keys.**\n\n" + "\n".join(lines) + "\n"


def screen_text(game_id: str) -> str:
    """What the window shows of the game's rules: the file less its developer notes, its
    options named as the setup names them, with the table's keys in the guide."""
    text = _options_as_at_setup(DEVELOPER.sub("", rules_text(game_id)), get_game(game_id))
    return text.replace(KEYS, keys_text(game_id)) if KEYS in text else \
        text + "\n## Keys at the table\n\n" + keys_text(game_id)


def _options_as_at_setup(text: str, game) -> str:
    """`chop_in` as *Chop in*, `discard_taken=true` as *Discard taken: on*, an option's
    value (`three_of_stars`) as its words: the rules file speaks the engine's names, the
    player reads the setup's."""
    options = {option.name: option for option in game.options}
    values = {choice: option for option in game.options for choice in option.choices}

    def said(match: re.Match) -> str:
        name, value = match.group(1), match.group(2)
        if name in options:
            option = options[name]
            if value is None:
                return f"*{option.title}*"
            return f"*{option.title}: {option.words(option.parse(value))}*"
        if value is None and name in values:
            return values[name].words(name)
        return match.group(0)

    def row(match: re.Match) -> str:  # an options table's row: its default in words
        option = options.get(match.group(1))
        if option is None:
            return match.group(0)
        return f"| *{option.title}* | {option.words(option.parse(match.group(2)))} |"

    return CODE_NAME.sub(said, OPTION_ROW.sub(row, text))


class Pictures:
    """Images drawn for the text box (tables, card rows), as PNG files it can load."""

    def __init__(self, px=round):
        self.px = px
        # a picture no wider than the text's measure (pygame_gui lays out an image wider
        # than its text box's lines for ever), with a few pixels to spare for rounding
        self.room = px(MEASURE - 16)
        self.folder: Path | None = None
        self.count = 0

    def save(self, image: pygame.Surface) -> str:
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="hoard-rules-"))
            atexit.register(shutil.rmtree, self.folder, True)
        self.count += 1
        path = self.folder / f"{self.count}.png"
        pygame.image.save(image, str(path))
        return path.as_posix()

    def cards(self, game: str, spec: str) -> str:
        """A row of the game's own cards; `|` leaves a gap between groups. A row wider
        than the text's measure is drawn with smaller cards."""
        px = self.px
        step, gap = px(10), px(30)
        size, width = px(CARD_HEIGHT) + 1, self.room + 1
        while width > self.room:
            height = min(size - 1, size * self.room // width)
            images = [[self._sprite(game, name, height) for name in group.split()]
                      for group in spec.split("|")]
            width = sum(sum(i.get_width() for i in group) + step * (len(group) - 1)
                        for group in images) + gap * (len(images) - 1)
            size = height
        row = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x = 0
        for group in images:
            for image in group:
                row.blit(image, (x, height - image.get_height()))
                x += image.get_width() + step
            x += gap - step
        return self.save(row)

    @staticmethod
    def _sprite(game: str, name: str, height: int) -> pygame.Surface:
        """A card at the picture's height (as the tables draw them, 86 × 120), or a piece
        (an adventurer, a token) smaller beside it."""
        size = (round(height * 86 / 120), height) if name.isdigit() else \
            (round(height * 0.6), round(height * 0.6))
        return assets.sprite(f"{game}/{name}", size)

    def table(self, rows: list[list[str]]) -> str:
        """A markdown table drawn as a table: a header row, ruled cells, columns fitted to
        the text's measure (the widest columns' cells wrap when the whole is wider)."""
        px = self.px
        font, bold = assets.font(px(BODY)), assets.font(px(BODY), True)
        pad, line = px(8), font.get_linesize()
        widths = [max((bold if r == 0 else font).size(row[c])[0] for r, row in enumerate(rows))
                  + 2 * pad for c in range(len(rows[0]))]
        widths = _fitted(widths, self.room - 2)
        cells = [[wrap(bold if r == 0 else font, cell, widths[c] - 2 * pad) or [""]
                  for c, cell in enumerate(row)] for r, row in enumerate(rows)]
        heights = [line * max(map(len, row)) + pad for row in cells]
        image = pygame.Surface((sum(widths) + 2, sum(heights) + pad // 2 + 2), pygame.SRCALPHA)
        image.fill((16, 36, 28, 200))
        y = 1
        for r, row in enumerate(cells):
            x = 1
            for c, cell in enumerate(row):
                face = bold if r == 0 else font
                for k, words in enumerate(cell):
                    image.blit(face.render(words, True, GOLD if r == 0 else INK),
                               (x + pad, y + pad // 2 + k * line))
                x += widths[c]
            y += heights[r]
            pygame.draw.line(image, PANEL_EDGE if r == 0 else DIM, (0, y - pad // 4),
                             (image.get_width(), y - pad // 4), max(1, px(1.5) if r == 0 else 1))
        pygame.draw.rect(image, PANEL_EDGE, image.get_rect(), max(1, px(1.5)))
        x = 0
        for w in widths[:-1]:
            x += w
            pygame.draw.line(image, DIM, (x, 0), (x, image.get_height()), 1)
        return self.save(image)


def _fitted(widths: list[int], room: int) -> list[int]:
    """Column widths that fit `room`: the widest are narrowed to one cap (their cells then
    wrap), the narrow ones kept whole."""
    if sum(widths) <= room:
        return widths
    cap = max(widths)
    while cap > 1 and sum(min(w, cap) for w in widths) > room:
        cap -= 1
    return [min(w, cap) for w in widths]


def _inline(token, html_out: bool = True) -> str:
    """An inline token's children as pygame_gui markup (or plain text)."""
    out = []
    for child in token.children or []:
        kind = child.type
        if kind == "text":
            out.append(html.escape(child.content, quote=False) if html_out else child.content)
        elif kind == "code_inline":
            out.append(f"<font color={HEADING_COLOUR}>{html.escape(child.content)}</font>"
                       if html_out else child.content)
        elif kind in ("softbreak",):
            out.append(" ")
        elif kind == "hardbreak":
            out.append("<br>" if html_out else " ")
        elif html_out and kind in ("strong_open", "strong_close"):
            out.append("<b>" if kind == "strong_open" else "</b>")
        elif html_out and kind in ("em_open", "em_close"):  # the font has no italic: a tint
            out.append(f"<font color={EMPHASIS}>" if kind == "em_open" else "</font>")
    return "".join(out)


def as_markup(markdown: str, px=round, pictures: Pictures | None = None) -> str:
    """The rules' markdown as pygame_gui's small HTML: headings, paragraphs, nested lists
    (with their clause numbers), bold, italics and code, tables and card pictures as
    images. `px` turns a logical size into the window's pixels."""
    pictures = pictures or Pictures(px)
    tokens = parser().parse(markdown)
    out: list[str] = []
    lists: list[list] = []  # per open list: [ordered, next number]
    rows: list[list[str]] | None = None
    i = 0
    while i < len(tokens):
        token = tokens[i]
        kind = token.type
        if kind == "heading_open":
            size = px(TITLE if token.tag == "h1" else HEADING)
            out.append(f"<font pixel_size={size} color={HEADING_COLOUR}><b>"
                       f"{_inline(tokens[i + 1])}</b></font><br><br>")
            i += 3
            continue
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append([kind == "ordered_list_open", int(token.attrGet("start") or 1)])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists:
                out.append("<br>")
        elif kind == "list_item_open":
            ordered, number = lists[-1]
            mark = f"{number}." if ordered else "•"
            lists[-1][1] += 1
            out.append("    " * (len(lists) - 1) + mark + " ")
        elif kind == "inline" and rows is None:
            out.append(_inline(token))
        elif kind == "paragraph_close":
            out.append("<br>" if lists else "<br><br>")
        elif kind == "table_open":
            rows = []
        elif kind == "tr_open" and rows is not None:
            rows.append([])
        elif kind == "inline" and rows is not None:
            rows[-1].append(_inline(token, html_out=False))
        elif kind == "table_close":
            out.append(f"<img src='{pictures.table(rows)}'><br><br>")
            rows = None
        elif kind == "html_block":
            picture = PICTURE.search(token.content)
            if picture:
                out.append(f"<img src='{pictures.cards(*picture.groups())}'><br><br>")
        elif kind in ("fence", "code_block"):
            out.append(html.escape(token.content.rstrip("\n")).replace("\n", "<br>") + "<br>")
        i += 1
    return "".join(out).removesuffix("<br><br>")


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.held: list = []  # news for the scene beneath, given to it on closing

    def build(self) -> None:
        for i, game_id in enumerate(game_ids()):
            self.button(f"game:{game_id}", get_game(game_id).name, 40 + i * 200, 20, 190, 40,
                        primary=game_id == self.game_id)
        beneath = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        self.button("learn", "Guided game", 850, 20, 230, 40,
                    enabled=beneath is not None and hasattr(beneath, "learn"),
                    tip=f"Learn {get_game(self.game_id).name}: a game against easy bots where "
                        "each of your turns says what you can do and why (from the lobby)")
        self.button("back", "Back", 1090, 20, 150, 40, primary=True)
        px = self.view.px
        fonts = self.app.gui.get_theme().get_font_dictionary()
        self.app.gui.preload_fonts([
            {"name": "dejavu", "point_size": px(size), "style": "bold"}
            for size in (TITLE, HEADING, BODY)
            if not fonts.check_font_preloaded(fonts.create_font_id(px(size), "dejavu", True,
                                                                    False))])
        self.text = self.add(pygame_gui.elements.UITextBox(
            as_markup(screen_text(self.game_id), px, Pictures(px)),
            self.view.rect(*BOX),
            self.app.gui, object_id="#rules"))

    def on_button(self, ident: str) -> None:
        if ident.startswith("game:"):
            self.game_id = ident.split(":", 1)[1]
            self.layout()
        elif ident == "back":
            self.close()
        elif ident == "learn":
            game_id = self.game_id
            self.close()
            self.app.scene.learn(game_id)  # the lobby's guided game

    def close(self) -> None:
        """Back to the scene beneath, which is then given the news that came meanwhile."""
        held, self.held = self.held, []
        self.app.pop()
        for item in held:
            self.app.scene.on_news(item)

    def on_news(self, item) -> None:
        self.held.append(item)

    def quit_requested(self) -> None:
        """Closing the window over a table is the table's to handle (a graceful leave)."""
        self.close()
        self.app.scene.quit_requested()

    def draw(self, surface) -> None:
        draw_felt(surface, self.view)
