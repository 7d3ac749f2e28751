"""The layout check: what a window's scene draws where, and what is cut or overlaps.

The viewport reports every label and panel it draws (client.ui.Viewport.drawn) and the
scene every widget and click target it has; this reads those rects — not pixels — and
says in words what is wrong: a label or widget off the window, a widget's words cut, a
label running out of the panel it is on or into another label, two panels or two click
targets overlapping, a label under a button. Panels drawn over the table (a
question, a result: client.ui.OVERLAY) may cover what was drawn before them; a banner
(passing news, client.ui.Viewport.banner) may not.
tests/client/test_layout.py and the tests of each scene use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

SLACK = 2  # px two rects may share: a glyph's leading or an edge's antialiasing
#: the engine's and the network's terms, which a player never reads: what each means
ENGINE_TERMS = {
    r"\bsteps? \d": "a step number",
    r"\bpid\b": "a process id",
    r"\b[a-z]+_[a-z_]+\b": "a name from the code (snake_case)",
    r"\b(True|False|None)\b": "a raw value",
    r"\bseats? \d+ \u2192|\u2192 \d": "seat numbers with an arrow",
    r"\bsplit number\b|#\d+ by\b": "a split's serial number",
    r"\bstopped \([a-z-]+\)": "a fault's kind",
    r"\b[Yy]ou (plays|goes|has|is|wins|takes)\b": "'you' with another's verb",
}
PADDING = 6  # px a button or label keeps between its words and its edge


@dataclass(frozen=True)
class Drawn:
    kind: str  # "label", "panel", "banner" (over the table for a moment), "card" or "veil"
    rect: pygame.Rect
    words: str = ""
    over: bool = False  # a panel drawn over the table: it may cover what is under it


def drawn(app) -> list[Drawn]:
    """Everything the scene draws in one frame, in drawing order."""
    view = app.view
    view.drawn = []
    try:
        app.scene.draw(app.screen)
        app.quiet.draw(app.screen)  # the window's own corner, over every scene
        return [Drawn(*entry) for entry in view.drawn]
    finally:
        view.drawn = None


def problems(app) -> list[str]:
    """What is cut or overlaps in the window's scene as it is now."""
    screen = app.screen.get_rect()
    drawn_now = drawn(app)
    shown = _uncovered(drawn_now)
    labels = [d for d in shown if d.kind == "label" and d.words.strip()]
    panels = [d for d in shown if d.kind == "panel"]
    found = [f"label {d.words!r} runs off the window" for d in labels
             if not screen.contains(d.rect)]
    found += _widgets(app, screen)
    found += _crossing(labels, panels)
    found += _spilled(drawn_now)
    found += _pairs(labels, "labels")
    found += _pairs([p for p in panels if not p.over], "panels")
    targets = [Drawn("target", rect, ident) for ident, rect in app.targets().items()]
    found += _pairs(targets, "click targets")
    found += _covered(drawn_now + targets)
    found += _stacked(drawn_now)
    buttons = [t for t in targets if t.words in app.scene.buttons]  # drawn over everything
    found += [f"label {label.words!r} is under button {button.words!r}"
              for label in labels for button in buttons if _overlap(label.rect, button.rect)]
    return found


def _covered(items: list[Drawn]) -> list[str]:
    """A banner (news over the table for a moment) may cover nothing drawn before it: a
    question or a result veils the table, a banner does not."""
    return [f"banner at {tuple(banner.rect)} covers {item.kind} {item.words or tuple(item.rect)!r}"
            for i, banner in enumerate(items) if banner.kind == "banner"
            for item in items[:i] + [t for t in items if t.kind == "target"]
            if item.kind in ("label", "panel", "card", "target") and
            _overlap(item.rect, banner.rect)]


def _stacked(items: list[Drawn]) -> list[str]:
    """Two panels drawn over the table overlap only where the later is modal — a veil
    dims the table under it first (a result, a question): Gold's end ran under the night's
    standings, edges and rows cut."""
    found = []
    for i, panel in enumerate(items):
        if panel.kind != "panel" or not panel.over or (i and items[i - 1].kind == "veil"):
            continue
        found += [f"panels {tuple(earlier.rect)} and {tuple(panel.rect)} overlap, both over "
                  f"the table" for earlier in items[:i] if earlier.kind == "panel" and
                  earlier.over and _overlap(earlier.rect, panel.rect)]
    return found


def _uncovered(items: list[Drawn]) -> list[Drawn]:
    """What is still seen: a panel drawn over the table hides what was drawn before it."""
    kept = []
    for i, item in enumerate(items):
        if not any(later.over and later.rect.colliderect(item.rect) for later in items[i + 1:]):
            kept.append(item)
    return kept


def _widgets(app, screen: pygame.Rect) -> list[str]:
    """pygame_gui buttons and labels: on the window, their words whole; and each row of a
    list in view: its words clear of both its edges."""
    found = []
    for element in app.scene.elements:
        found += _rows(element)
        text = getattr(element, "text", None)
        if not element.alive() or not element.visible or not isinstance(text, str):
            continue
        rect = element.rect
        if not screen.contains(rect):
            found.append(f"widget {text!r} runs off the window")
        width, height = element.font.size(text)
        if width > rect.width - PADDING or height > rect.height:
            found.append(f"widget {text!r} is cut: {width}×{height} px of words in a "
                         f"{rect.width}×{rect.height} box")
    return found


def engine_terms(app) -> list[str]:
    """Every text the scene shows (labels, widgets, list rows) that holds a term of the
    engine's or the network's (ENGINE_TERMS) instead of a player's words."""
    texts = [d.words for d in drawn(app) if d.kind == "label"]
    for element in app.scene.elements:
        if element.alive() and element.visible:
            texts.append(getattr(element, "text", None))
            texts += [item.get("text") for item in getattr(element, "item_list", ())]
    return [f"{text!r} holds {why}" for text in texts if isinstance(text, str)
            for pattern, why in ENGINE_TERMS.items() if re.search(pattern, text)]


def _rows(element) -> list[str]:
    """A selection list's rows that are drawn: a row's words keep its padding at each end
    (pygame_gui cuts what runs past the right one, with no sign)."""
    found = []
    for item in getattr(element, "item_list", ()) if element.alive() and element.visible else ():
        row = item.get("button_element")
        if row is None or not row.visible:
            continue
        width = row.font.size(row.text)[0] + 2 * row.text_horiz_alignment_padding
        if width > row.rect.width:
            found.append(f"list row {row.text.strip()!r} is cut: {width} px of words and "
                         f"padding in a {row.rect.width} px row")
    return found


def _crossing(labels: list[Drawn], panels: list[Drawn]) -> list[str]:
    return [f"label {label.words!r} runs out of a panel at {tuple(panel.rect)}"
            for label in labels for panel in panels
            if _overlap(label.rect, panel.rect) and not _within(label, panel)]


def _within(label: Drawn, panel: Drawn) -> bool:
    """Does `label` lie inside `panel`, but for the rects' slack?"""
    return panel.rect.contains(label.rect.inflate(-2 * SLACK, -2 * SLACK))


def _spilled(items: list[Drawn]) -> list[str]:
    """Words drawn on a modal (after a veil) are its content: each lies within a panel drawn
    since the veil, and no panel drawn after it hides it (a match's end ran its last line
    off its panel and under the night's standings)."""
    found, veil = [], None
    for i, item in enumerate(items):
        if item.kind == "veil":
            veil = i
        if veil is None or item.kind != "label" or not item.words.strip() or \
                not _overlap(item.rect, items[veil].rect):  # beside the veil: not on it
            continue
        on = [p for p in items[veil:i] if p.kind == "panel" and _overlap(item.rect, p.rect)]
        if not on or not _within(item, on[-1]):
            found.append(f"label {item.words!r} runs off the modal panel it is drawn on")
        elif any(p.kind in ("panel", "banner") and _overlap(item.rect, p.rect)
                 for p in items[i + 1:]):
            found.append(f"label {item.words!r} is hidden by a panel drawn after it")
    return found


def _pairs(items: list[Drawn], what: str) -> list[str]:
    return [f"{what} {a.words or tuple(a.rect)!r} and {b.words or tuple(b.rect)!r} overlap"
            for i, a in enumerate(items) for b in items[i + 1:] if _overlap(a.rect, b.rect)]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.inflate(-2 * SLACK, -2 * SLACK).colliderect(b.inflate(-2 * SLACK, -2 * SLACK))
