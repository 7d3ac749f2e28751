"""Shared pieces of the SVG art: a stroke font, the card's size and paper, simple shapes.

pygame's SVG rasteriser (nanosvg) draws no <text>, so ranks and letters are strokes from
this small built-in stroke font; a deck that needs more letters adds them to GLYPHS.
"""

from __future__ import annotations

CARD_W, CARD_H = 250, 350

# -- a stroke font on a 4 x 6 grid (x right, y down): polylines per glyph -----------------
GLYPHS: dict[str, list[list[tuple[float, float]]]] = {
    "0": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)]],
    "1": [[(0.8, 1.2), (2, 0), (2, 6)], [(0.8, 6), (3.2, 6)]],
    "2": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 2.2), (0, 6), (4, 6)]],
    "3": [[(0, 0.6), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1.5, 3)],
          [(3, 3), (4, 4), (4, 5), (3, 6), (1, 6), (0, 5.4)]],
    "4": [[(3, 6), (3, 0), (0, 4.2), (4, 4.2)]],
    "5": [[(4, 0), (0.3, 0), (0, 2.8), (3, 2.6), (4, 3.6), (4, 5), (3, 6), (0.5, 6), (0, 5.5)]],
    "6": [[(3.8, 0.5), (3, 0), (1, 0), (0, 1.2), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3.7),
           (3, 2.8), (1, 2.8), (0, 3.6)]],
    "7": [[(0, 0), (4, 0), (1.5, 6)]],
    "8": [[(1, 3), (0, 2), (0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1, 3), (0, 4),
           (0, 5), (1, 6), (3, 6), (4, 5), (4, 4), (3, 3)]],
    "9": [[(4, 2.6), (3, 3.4), (1, 3.4), (0, 2.5), (0, 1), (1, 0), (3, 0), (4, 1), (4, 5),
           (3, 6), (1, 6), (0.2, 5.5)]],
    "J": [[(1, 0), (4, 0)], [(3, 0), (3, 5), (2, 6), (1, 6), (0, 5)]],
    "Q": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)],
          [(2.4, 4.4), (4.3, 6.4)]],
    "K": [[(0, 0), (0, 6)], [(4, 0), (0, 3.6)], [(1.4, 2.4), (4, 6)]],
    "A": [[(0, 6), (2, 0), (4, 6)], [(0.8, 4), (3.2, 4)]],
    "S": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 2), (1, 3), (3, 3), (4, 4), (4, 5), (3, 6),
           (1, 6), (0, 5)]],
    "D": [[(0, 0), (0, 6), (2.4, 6), (4, 4.6), (4, 1.4), (2.4, 0), (0, 0)]],
    "C": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5)]],
    "B": [[(0, 3), (3, 3), (4, 4), (4, 5), (3, 6), (0, 6), (0, 0), (3, 0), (4, 1), (4, 2),
           (3, 3)]],
    "E": [[(4, 0), (0, 0), (0, 6), (4, 6)], [(0, 3), (3, 3)]],
    "Y": [[(0, 0), (2, 3), (4, 0)], [(2, 3), (2, 6)]],
    "V": [[(0, 0), (2, 6), (4, 0)]],
    "O": [[(1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0)]],
    "I": [[(1, 0), (3, 0)], [(2, 0), (2, 6)], [(1, 6), (3, 6)]],
    "X": [[(0, 0), (4, 6)], [(4, 0), (0, 6)]],
    "R": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)], [(2, 3), (4, 6)]],
    "G": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3.2),
           (2.4, 3.2)]],
    "N": [[(0, 6), (0, 0), (4, 6), (4, 0)]],
    "T": [[(0, 0), (4, 0)], [(2, 0), (2, 6)]],
    "H": [[(0, 0), (0, 6)], [(4, 0), (4, 6)], [(0, 3), (4, 3)]],
    "U": [[(0, 0), (0, 5), (1, 6), (3, 6), (4, 5), (4, 0)]],
    "L": [[(0, 0), (0, 6), (4, 6)]],
    "P": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)]],
    "F": [[(4, 0), (0, 0), (0, 6)], [(0, 3), (3, 3)]],
    "W": [[(0, 0), (1, 6), (2, 2.5), (3, 6), (4, 0)]],
    "M": [[(0, 6), (0, 0), (2, 3.4), (4, 0), (4, 6)]],
    " ": [],
    "+": [[(2, 1.2), (2, 4.8)], [(0.2, 3), (3.8, 3)]],
}


def stroke_text(text: str, x: float, y: float, height: float, colour: str,
                weight: float | None = None) -> str:
    """Polylines for `text` with its top-left at (x, y), `height` tall."""
    unit = height / 6
    weight = weight or unit * 0.95
    out, cursor = [], x
    for char in text:
        for line in GLYPHS[char]:
            points = " ".join(f"{cursor + px * unit:.1f},{y + py * unit:.1f}" for px, py in line)
            out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                       f'stroke-width="{weight:.1f}" stroke-linecap="round" '
                       f'stroke-linejoin="round"/>')
        cursor += unit * 5.6
    return "".join(out)


def text_width(text: str, height: float) -> float:
    return len(text) * height / 6 * 5.6 - height / 6 * 1.6


def svg(width: float, height: float, body: str, defs: str = "") -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" ' \
           f'width="{width}" height="{height}">'
    return head + (f"<defs>{defs}</defs>" if defs else "") + body + "</svg>\n"


def polygon(points, fill: str, stroke: str = "none", width: float = 0) -> str:
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{coords}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'


# -- Dragon's suits: a shape each, drawn in a box centred at (cx, cy) of size s ------------


CARD_DEFS = ('<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#fffdf5"/><stop offset="1" stop-color="#f1e8d2"/>'
             '</linearGradient>')


def card_frame(edge: str = "#3b3326", fill: str = "url(#paper)") -> str:
    return (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="20" '
            f'fill="{fill}" stroke="{edge}" stroke-width="5"/>')


def dragon_mark(cx: float, cy: float, s: float, fill: str, eye: str) -> str:
    """A dragon's head in profile, facing right."""
    h = s / 2
    head = [(-0.9, 0.5), (-0.6, -0.2), (-0.2, -0.55), (0.05, -0.95), (0.1, -0.5), (0.45, -0.45),
            (0.95, -0.1), (0.9, 0.12), (0.45, 0.12), (0.8, 0.4), (0.3, 0.42), (-0.1, 0.2),
            (-0.45, 0.75)]
    points = [(cx + x * h, cy + y * h) for x, y in head]
    return polygon(points, fill) + \
        f'<circle cx="{cx + 0.25 * h:.1f}" cy="{cy - 0.22 * h:.1f}" r="{0.08 * h:.1f}" ' \
        f'fill="{eye}"/>'
