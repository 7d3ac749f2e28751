"""A game's rules, as written in docs/rules/<game>.md, readable in the window.

The text ships with the client (client/rules is a link to docs/rules), so what
the window shows is the very text the engine's clauses and tests are named
after. Opened over the lobby, the setup or the table; the table's news waits
while it is open and reaches the scene beneath when it closes.
"""

from __future__ import annotations

import html
import importlib
import re
from importlib import resources

import pygame_gui

from client.scenes import Scene, draw_felt
from client.tables import MODULES
from engine.registry import game_ids, get_game

BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE = re.compile(r"`([^`]+)`")
HEADING_COLOUR = "#E8C15A"
TITLE, HEADING, BODY = 26, 20, 15  # logical sizes; the body's is the theme's text box's


def rules_text(game_id: str) -> str:
    """The game's rules file, as shipped with the client."""
    return (resources.files("client") / "rules" / f"{game_id}.md").read_text(encoding="utf-8")


def keys_text(game_id: str) -> str:
    """The keys that play the game's table, as a last section of its rules."""
    from client.scenes.table import TABLE_KEYS_HELP  # the table imports this scene

    module = MODULES.get(game_id)
    table = importlib.import_module(module) if module else None
    own = getattr(table, "KEYS_LIST", getattr(table, "KEYS_HELP", ""))
    lines = [f"- {part.strip()}" for part in f"{own} · {TABLE_KEYS_HELP}".split(" · ")
             if part.strip()]
    return "\n\n## Keys at the table\n\n" + "\n".join(lines) + "\n"


def as_markup(markdown: str, px=round) -> str:
    """The rules' markdown in pygame_gui's small HTML: headings, list items with their
    clause numbers, bold and code, and paragraphs joined into flowing lines. `px` turns a
    logical size into the window's pixels."""
    blocks: list[str] = []
    for line in markdown.splitlines():
        text = line.strip()
        if not text:
            blocks.append("")
            continue
        inline = CODE.sub(r"\1", BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False)))
        if text.startswith("#"):
            size = px(TITLE if text.startswith("# ") else HEADING)
            blocks.append(f'<font pixel_size={size} color={HEADING_COLOUR}><b>'
                          f'{inline.lstrip("#").strip()}</b></font>')
            blocks.append("")
        elif text.startswith("- "):
            blocks.append("• " + inline[2:])
        elif blocks and blocks[-1] and not blocks[-1].startswith("<font"):
            blocks[-1] += " " + inline  # a wrapped line of the paragraph or item above
        else:
            blocks.append(inline)
    return "<br>".join(blocks)


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
        self.button("back", "Back", 1090, 20, 150, 40, primary=True)
        px = self.view.px
        fonts = self.app.gui.get_theme().get_font_dictionary()
        self.app.gui.preload_fonts([
            {"name": "dejavu", "point_size": px(size), "style": "bold"}
            for size in (TITLE, HEADING, BODY)
            if not fonts.check_font_preloaded(fonts.create_font_id(px(size), "dejavu", True,
                                                                    False))])
        self.text = self.add(pygame_gui.elements.UITextBox(
            as_markup(rules_text(self.game_id) + keys_text(self.game_id), px),
            self.view.rect(40, 76, 1200, 624),
            self.app.gui, object_id="#rules"))

    def on_button(self, ident: str) -> None:
        if ident.startswith("game:"):
            self.game_id = ident.split(":", 1)[1]
            self.layout()
        elif ident == "back":
            self.close()

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
        draw_felt(surface)
