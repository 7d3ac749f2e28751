"""The TAIJI deck of Dragon Den: 52 cards, ranks Key, Void, 1-9, X, Dragon in four suits.

Yin (Taiyin, Shaoyin) and Yang (Taiyang, Shaoyang) differ by their background (Yin
black, Yang white: rule DN1.3) and by their symbol (a moon for Yin, a sun for Yang),
never by colour alone; within a force the "greater" suit (Tai-) is the full symbol and
the "lesser" (Shao-) a part of it. "KEY" is written out, so it is not read as a King.
"""

from __future__ import annotations

import math

from tools.art import CARD_H, CARD_W, dragon_mark, polygon, stroke_text, svg, text_width

RANKS = ("KEY", "VOID", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "DRAGON")
# (name, letter, ink, paper): Yin on black, Yang on white
SUITS = (("TAIYIN", "#9fc3ff", "#15161f"), ("SHAOYIN", "#d7b8ff", "#1c1726"),
         ("TAIYANG", "#b3261e", "#fffdf5"), ("SHAOYANG", "#a55a00", "#fff8e6"))
CORNER_WIDTH = 96  # a long rank word is set smaller to fit the corner


def moon(cx: float, cy: float, s: float, ink: str, paper: str, full: bool) -> str:
    """Yin: a full moon with a crescent shadow (Taiyin), or a thin crescent (Shaoyin)."""
    r = s / 2
    cut = 0.55 if full else 0.3
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{ink}"/>'
            f'<circle cx="{cx + r * cut * 1.4:.1f}" cy="{cy - r * 0.2:.1f}" '
            f'r="{r * (0.55 if full else 0.92):.1f}" fill="{paper}"/>')


def sun(cx: float, cy: float, s: float, ink: str, full: bool) -> str:
    """Yang: a sun with twelve rays (Taiyang), or a rising half-sun with five (Shaoyang)."""
    r = s * 0.3
    rays = []
    count, spread = (12, 2 * math.pi) if full else (5, math.pi)
    for i in range(count):
        a = (-math.pi + spread * (i + 0.5) / count) if not full else i * spread / count
        rays.append(f'<line x1="{cx + r * 1.25 * math.cos(a):.1f}" '
                    f'y1="{cy + r * 1.25 * math.sin(a):.1f}" '
                    f'x2="{cx + r * 1.65 * math.cos(a):.1f}" '
                    f'y2="{cy + r * 1.65 * math.sin(a):.1f}" '
                    f'stroke="{ink}" stroke-width="{s * 0.06:.1f}" stroke-linecap="round"/>')
    if full:
        disc = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{ink}"/>'
    else:
        points = [(cx + r * math.cos(math.pi + math.pi * i / 16),
                   cy + r * math.sin(math.pi + math.pi * i / 16)) for i in range(17)]
        disc = polygon(points, ink) + (f'<line x1="{cx - r * 1.7:.1f}" y1="{cy + s * 0.03:.1f}" '
                                       f'x2="{cx + r * 1.7:.1f}" y2="{cy + s * 0.03:.1f}" '
                                       f'stroke="{ink}" stroke-width="{s * 0.05:.1f}"/>')
    return disc + "".join(rays)


def symbol(suit: int, cx: float, cy: float, s: float) -> str:
    _, ink, paper = SUITS[suit]
    if suit < 2:
        return moon(cx, cy, s, ink, paper, full=suit == 0)
    return sun(cx, cy, s, ink, full=suit == 2)


def corner(rank: str, suit: int) -> str:
    """The rank (in words where it is one) over the suit's symbol, top-left."""
    ink = SUITS[suit][1]
    height = min(44.0, 44.0 * CORNER_WIDTH / text_width(rank, 44.0))
    return stroke_text(rank, 20, 18, height, ink, max(4.0, height * 0.16)) + \
        symbol(suit, 44, 18 + height + 30, 40)


def den_card(face: int) -> str:
    rank, suit = RANKS[face >> 2], face & 3
    name, ink, paper = SUITS[suit]
    body = (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="20" '
            f'fill="{paper}" stroke="{ink}" stroke-width="5"/>'
            f'<rect x="14" y="14" width="{CARD_W - 28}" height="{CARD_H - 28}" rx="14" '
            f'fill="none" stroke="{ink}" stroke-width="1.5"/>')
    mark = corner(rank, suit)
    body += mark + f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{mark}</g>'
    if rank == "DRAGON":
        body += dragon_mark(CARD_W / 2, CARD_H / 2, 120, ink, paper)
    else:
        body += symbol(suit, CARD_W / 2, CARD_H / 2 - 6, 96)
    label_height = 15
    body += stroke_text(name, (CARD_W - text_width(name, label_height)) / 2,
                        CARD_H / 2 + 62, label_height, ink, 2.4)
    return svg(CARD_W, CARD_H, body)


def sprites() -> dict[str, str]:
    return {f"den/{face}.svg": den_card(face) for face in range(52)}
