"""The Dragon deck: 52 cards in four suits (Stars, Droids, Coins, Blades), 3 high to 2."""

from __future__ import annotations

import math

from tools.art import CARD_DEFS, CARD_H, CARD_W, card_frame, polygon, stroke_text, svg

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


def sprites() -> dict[str, str]:
    return {f"dragon/{face}.svg": dragon_card(face) for face in range(52)}
