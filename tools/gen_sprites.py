"""Write every SVG under sprites/: `python -m tools.gen_sprites [--out DIR] [--sheet PNG]`.

The same run always writes the same bytes (no randomness, no dates). pygame's SVG
rasteriser (nanosvg) draws no <text>, so ranks and letters are strokes from a small
built-in stroke font. Suits differ by shape and by letter, never by colour alone.
"""

from __future__ import annotations

import argparse
import math
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARD_W, CARD_H = 250, 350
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")

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
SUITS = (("S", "Stars", "#c07d00"), ("D", "Droids", "#2e7d4f"), ("C", "Coins", "#1f5fb0"),
         ("B", "Blades", "#b02a30"))
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def star(cx, cy, s, fill):
    points = []
    for i in range(10):
        r = s / 2 if i % 2 == 0 else s / 5
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return polygon(points, fill)


def droid(cx, cy, s, fill):
    h = s / 2
    return (f'<rect x="{cx - h * 0.8:.1f}" y="{cy - h * 0.55:.1f}" width="{h * 1.6:.1f}" '
            f'height="{h * 1.35:.1f}" rx="{h * 0.3:.1f}" fill="{fill}"/>'
            f'<line x1="{cx:.1f}" y1="{cy - h * 0.55:.1f}" x2="{cx:.1f}" y2="{cy - h * 0.95:.1f}" '
            f'stroke="{fill}" stroke-width="{s * 0.07:.1f}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy - h:.1f}" r="{s * 0.08:.1f}" fill="{fill}"/>'
            f'<circle cx="{cx - h * 0.38:.1f}" cy="{cy:.1f}" r="{h * 0.2:.1f}" fill="#fffaf0"/>'
            f'<circle cx="{cx + h * 0.38:.1f}" cy="{cy:.1f}" r="{h * 0.2:.1f}" fill="#fffaf0"/>'
            f'<rect x="{cx - h * 0.4:.1f}" y="{cy + h * 0.38:.1f}" width="{h * 0.8:.1f}" '
            f'height="{h * 0.14:.1f}" fill="#fffaf0"/>')


def coin(cx, cy, s, fill):
    h = s / 2
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{h:.1f}" fill="{fill}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{h * 0.72:.1f}" fill="none" '
            f'stroke="#fffaf0" stroke-width="{s * 0.05:.1f}"/>'
            f'<rect x="{cx - h * 0.22:.1f}" y="{cy - h * 0.22:.1f}" width="{h * 0.44:.1f}" '
            f'height="{h * 0.44:.1f}" fill="#fffaf0"/>')


def blade(cx, cy, s, fill):
    h = s / 2
    body = polygon([(cx, cy - h), (cx + h * 0.16, cy - h * 0.75), (cx + h * 0.16, cy + h * 0.35),
                    (cx - h * 0.16, cy + h * 0.35), (cx - h * 0.16, cy - h * 0.75)], fill)
    guard = (f'<rect x="{cx - h * 0.55:.1f}" y="{cy + h * 0.33:.1f}" width="{h * 1.1:.1f}" '
             f'height="{h * 0.16:.1f}" rx="{h * 0.06:.1f}" fill="{fill}"/>')
    hilt = (f'<rect x="{cx - h * 0.09:.1f}" y="{cy + h * 0.49:.1f}" width="{h * 0.18:.1f}" '
            f'height="{h * 0.36:.1f}" fill="{fill}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy + h * 0.9:.1f}" r="{h * 0.12:.1f}" fill="{fill}"/>')
    return body + guard + hilt


SUIT_SHAPES = (star, droid, coin, blade)

CARD_DEFS = ('<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#fffdf5"/><stop offset="1" stop-color="#f1e8d2"/>'
             '</linearGradient>')


def card_frame(edge: str = "#3b3326") -> str:
    return (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="20" '
            f'fill="url(#paper)" stroke="{edge}" stroke-width="5"/>')


def corner(rank: str, letter: str, shape, colour: str) -> str:
    """The rank, the suit's letter and its small shape, top-left."""
    return (stroke_text(rank, 20, 18, 44, colour, 7) + shape(40, 94, 34, colour)
            + stroke_text(letter, 33, 118, 20, colour, 4))


def dragon_card(face: int) -> str:
    rank, suit = RANKS[face >> 2], face & 3
    letter, _, colour = SUITS[suit]
    shape = SUIT_SHAPES[suit]
    mark = corner(rank, letter, shape, colour)
    body = card_frame() + mark + f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{mark}</g>'
    if rank in ("J", "Q", "K", "2"):  # the high cards wear a dragon's crest behind the suit
        body += crest(CARD_W / 2, CARD_H / 2, colour)
    body += shape(CARD_W / 2, CARD_H / 2, 104, colour)
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


def crest(cx: float, cy: float, colour: str) -> str:
    spikes = []
    for i in range(12):
        a = i * math.pi / 6
        spikes += [(cx + 86 * math.cos(a), cy + 86 * math.sin(a)),
                   (cx + 66 * math.cos(a + math.pi / 12), cy + 66 * math.sin(a + math.pi / 12))]
    return polygon(spikes, "none", colour, 3) + \
        f'<circle cx="{cx}" cy="{cy}" r="72" fill="none" stroke="{colour}" stroke-width="2"/>'


# -- the table's pieces ----------------------------------------------------------------------
def back() -> str:
    scales = []
    for row in range(12):
        for col in range(9):
            x = 26 + col * 25 + (12.5 if row % 2 else 0)
            y = 40 + row * 24
            if 20 < x < CARD_W - 20:
                scales.append(f'<circle cx="{x}" cy="{y}" r="13" fill="#8e1f25" '
                              f'stroke="#e0b04a" stroke-width="2"/>')
    body = (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="20" '
            f'fill="#6d141a" stroke="#3b0b0e" stroke-width="5"/>'
            f'<rect x="16" y="16" width="{CARD_W - 32}" height="{CARD_H - 32}" rx="12" '
            f'fill="#74161c" stroke="#e0b04a" stroke-width="3"/>' + "".join(scales)
            + dragon_mark(CARD_W / 2, CARD_H / 2, 120, "#f0c450", "#6d141a"))
    return svg(CARD_W, CARD_H, body)


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


def felt() -> str:
    defs = ('<radialGradient id="felt" gradientUnits="userSpaceOnUse" cx="800" cy="400" '
            'r="1000">'
            '<stop offset="0" stop-color="#2f7a50"/><stop offset="0.7" stop-color="#1d5538"/>'
            '<stop offset="1" stop-color="#123a26"/></radialGradient>')
    return svg(1600, 900, '<rect x="0" y="0" width="1600" height="900" fill="url(#felt)"/>', defs)


def badge(kind: str) -> str:
    ring = '<circle cx="50" cy="50" r="46" fill="#10241c" stroke="#e0b04a" stroke-width="4"/>'
    if kind == "person":
        body = ('<circle cx="50" cy="38" r="15" fill="#ece8dc"/>'
                '<path d="M22,80 C24,58 76,58 78,80 Z" fill="#ece8dc"/>')
    elif kind == "bot":
        body = droid(50, 54, 56, "#ece8dc")
    else:  # away: a crescent moon
        body = ('<circle cx="50" cy="50" r="24" fill="#ece8dc"/>'
                '<circle cx="62" cy="42" r="22" fill="#10241c"/>')
    return svg(100, 100, ring + body)


def button(kind: str) -> str:
    fill, edge = {"normal": ("#1d4a36", "#4f8a6a"), "hover": ("#2b6a4c", "#8fd0a8"),
                  "disabled": ("#24302a", "#3a4a42")}[kind]
    return svg(200, 60, f'<rect x="2" y="2" width="196" height="56" rx="12" fill="{fill}" '
                        f'stroke="{edge}" stroke-width="3"/>')


def logo() -> str:
    return svg(120, 120, '<circle cx="60" cy="60" r="56" fill="#6d141a" stroke="#e0b04a" '
                         'stroke-width="5"/>' + dragon_mark(60, 62, 90, "#f0c450", "#6d141a"))


def sprites() -> dict[str, str]:
    """Every sprite's path under sprites/ and its SVG text."""
    found = {f"dragon/{face}.svg": dragon_card(face) for face in range(52)}
    found.update({"back.svg": back(), "felt.svg": felt(), "logo.svg": logo()})
    found.update({f"badge/{kind}.svg": badge(kind) for kind in ("person", "bot", "away")})
    found.update({f"button/{kind}.svg": button(kind) for kind in ("normal", "hover", "disabled")})
    return found


def write(out: Path) -> list[Path]:
    written = []
    for name, text in sprites().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    fonts = out / "fonts"
    fonts.mkdir(exist_ok=True)
    for name in FONT_FILES:  # bundled once from the system's DejaVu; kept if already there
        if not (fonts / name).exists():
            shutil.copyfile(SYSTEM_FONTS / name, fonts / name)
    return written


def sheet(out: Path, deck: str, png: Path) -> None:
    """Every card of a deck on one PNG, to look at the art."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    files = sorted((out / deck).glob("*.svg"), key=lambda p: int(p.stem))
    columns, size = 13, (100, 140)
    rows = math.ceil(len(files) / columns)
    page = pygame.Surface((columns * 106 + 6, rows * 146 + 6))
    page.fill((29, 85, 56))
    for i, path in enumerate(files):
        image = pygame.image.load_sized_svg(str(path), size)
        page.blit(image, (6 + (i % columns) * 106, 6 + (i // columns) * 146))
    pygame.image.save(page, str(png))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.gen_sprites", description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "sprites"), help="folder to write")
    parser.add_argument("--sheet", metavar="PNG", help="also write a contact sheet of a deck")
    parser.add_argument("--deck", default="dragon", help="the deck of --sheet")
    args = parser.parse_args(argv)
    out = Path(args.out)
    print(f"{len(write(out))} sprites in {out}")
    if args.sheet:
        sheet(out, args.deck, Path(args.sheet))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
