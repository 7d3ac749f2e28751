"""The Dragons Wild deck: eight creature suits numbered 1-8 and six Dragons (wild).

Each suit has its own colour and its own emblem (a horn, waves, a flame, a wing, talons,
three heads, a pyramid, a serpent's eye), so a suit never depends on colour alone; the
number is large in the corner, where it shows when the card lies fanned in a meld. The
Dragons are dark cards with a gold head and WILD in the corners.
"""

from __future__ import annotations

import math

from tools.art import CARD_H, CARD_W, dragon_mark, polygon, stroke_text, svg, text_width

# (name on the card, ink) in the engine's suit order (engine.games.wild.cards.SUIT_NAMES)
SUITS = (("UNICORNS", "#8a3fb8"), ("KELPIES", "#0f7c84"), ("PHOENIXES", "#d0461a"),
         ("PEGASI", "#2c5cc2"), ("GRIFFINS", "#9a6510"), ("HYDRAS", "#2f862f"),
         ("SPHINXES", "#b01e55"), ("BASILISKS", "#3a3a44"))
DRAGON_PAPER, DRAGON_GOLD = "#1b1512", "#f0c450"
PAPER = "#fffdf5"


def _line(points, ink: str, width: float) -> str:
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (f'<polyline points="{coords}" fill="none" stroke="{ink}" stroke-width="{width:.1f}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def horn(cx, cy, s, ink):
    """Unicorns: a spiral horn, a tall cone crossed by its twist."""
    h = s / 2
    body = polygon([(cx - h * 0.34, cy + h), (cx, cy - h), (cx + h * 0.34, cy + h)], ink)
    twists = "".join(_line([(cx - h * 0.3 * (1 - t), cy + h * (1 - 2 * t) + h * 0.1),
                            (cx + h * 0.3 * (1 - t), cy + h * (1 - 2 * t) - h * 0.12)],
                           PAPER, s * 0.035) for t in (0.15, 0.35, 0.55, 0.75))
    return body + twists


def waves(cx, cy, s, ink):
    """Kelpies: three rolling waves."""
    h = s / 2
    out = []
    for row in (-0.55, 0, 0.55):
        points = [(cx - h + 2 * h * i / 24,
                   cy + row * h + math.sin(i / 24 * 4 * math.pi) * h * 0.18) for i in range(25)]
        out.append(_line(points, ink, s * 0.1))
    return "".join(out)


def flame(cx, cy, s, ink):
    """Phoenixes: a flame with three tongues."""
    h = s / 2
    outline = [(cx, cy + h), (cx - h * 0.62, cy + h * 0.35), (cx - h * 0.5, cy - h * 0.2),
               (cx - h * 0.3, cy + h * 0.05), (cx - h * 0.2, cy - h * 0.6), (cx, cy - h * 0.2),
               (cx + h * 0.1, cy - h), (cx + h * 0.35, cy - h * 0.35),
               (cx + h * 0.5, cy - h * 0.55), (cx + h * 0.62, cy + h * 0.35)]
    core = [(cx, cy + h * 0.8), (cx - h * 0.25, cy + h * 0.4), (cx, cy - h * 0.05),
            (cx + h * 0.25, cy + h * 0.4)]
    return polygon(outline, ink) + polygon(core, PAPER)


def wing(cx, cy, s, ink):
    """Pegasi: a wing of four feathers."""
    h = s / 2
    out = []
    for i in range(4):
        top = cy - h + i * h * 0.42
        length = h * (1.8 - i * 0.32)
        out.append(polygon([(cx - h, cy + h * 0.55), (cx - h + length, top),
                            (cx - h + length * 0.92, top + h * 0.3),
                            (cx - h + h * 0.2, cy + h * 0.75)], ink, PAPER, s * 0.025))
    return "".join(out)


def talons(cx, cy, s, ink):
    """Griffins: three hooked talons."""
    h = s / 2
    out = []
    for dx in (-0.6, 0, 0.6):
        x = cx + dx * h
        out.append(polygon([(x - h * 0.22, cy - h * 0.9), (x + h * 0.22, cy - h * 0.9),
                            (x + h * 0.2, cy + h * 0.3), (x, cy + h),
                            (x - h * 0.12, cy + h * 0.55), (x - h * 0.2, cy + h * 0.3)], ink))
    return "".join(out)


def heads(cx, cy, s, ink):
    """Hydras: three heads on three necks from one body."""
    h = s / 2
    out = [f'<ellipse cx="{cx:.1f}" cy="{cy + h * 0.75:.1f}" rx="{h * 0.6:.1f}" '
           f'ry="{h * 0.28:.1f}" fill="{ink}"/>']
    for dx, top in ((-0.7, -0.55), (0, -0.9), (0.7, -0.55)):
        out.append(_line([(cx + dx * 0.3 * h, cy + h * 0.6), (cx + dx * h, cy + top * h)],
                         ink, s * 0.1))
        out.append(f'<circle cx="{cx + dx * h:.1f}" cy="{cy + top * h:.1f}" '
                   f'r="{h * 0.2:.1f}" fill="{ink}"/>')
    return "".join(out)


def pyramid(cx, cy, s, ink):
    """Sphinxes: a pyramid with an open eye."""
    h = s / 2
    eye = (f'<ellipse cx="{cx:.1f}" cy="{cy + h * 0.3:.1f}" rx="{h * 0.32:.1f}" '
           f'ry="{h * 0.16:.1f}" fill="{PAPER}"/>'
           f'<circle cx="{cx:.1f}" cy="{cy + h * 0.3:.1f}" r="{h * 0.1:.1f}" fill="{ink}"/>')
    return polygon([(cx - h, cy + h * 0.8), (cx, cy - h * 0.9), (cx + h, cy + h * 0.8)], ink) + eye


def serpent_eye(cx, cy, s, ink):
    """Basilisks: a serpent's eye, a diamond with a slit."""
    h = s / 2
    return (polygon([(cx - h, cy), (cx, cy - h * 0.62), (cx + h, cy), (cx, cy + h * 0.62)], ink)
            + f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{h * 0.44:.1f}" ry="{h * 0.44:.1f}" '
              f'fill="{PAPER}"/>'
            + f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{h * 0.1:.1f}" ry="{h * 0.4:.1f}" '
              f'fill="{ink}"/>')


EMBLEMS = (horn, waves, flame, wing, talons, heads, pyramid, serpent_eye)


def frame(ink: str, paper: str) -> str:
    return (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="20" '
            f'fill="{paper}" stroke="{ink}" stroke-width="6"/>'
            f'<rect x="14" y="14" width="{CARD_W - 28}" height="{CARD_H - 28}" rx="14" '
            f'fill="none" stroke="{ink}" stroke-width="1.5"/>')


def corner(number: str, suit: int) -> str:
    """The number, large, over the suit's emblem, top-left: what a fanned meld shows."""
    ink = SUITS[suit][1]
    return stroke_text(number, 22, 20, 62, ink, 11) + EMBLEMS[suit](46, 124, 46, ink)


def natural_card(suit: int, number: int) -> str:
    name, ink = SUITS[suit]
    mark = corner(str(number), suit)
    body = frame(ink, PAPER) + mark + \
        f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{mark}</g>'
    body += EMBLEMS[suit](CARD_W / 2, CARD_H / 2 - 4, 104, ink)
    label = 15.0
    body += stroke_text(name, (CARD_W - text_width(name, label)) / 2, CARD_H / 2 + 66, label,
                        ink, 2.6)
    return svg(CARD_W, CARD_H, body)


def dragon_card() -> str:
    mark = stroke_text("W", 22, 20, 62, DRAGON_GOLD, 11) + \
        dragon_mark(48, 126, 50, DRAGON_GOLD, DRAGON_PAPER)
    body = frame(DRAGON_GOLD, DRAGON_PAPER) + mark + \
        f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{mark}</g>'
    body += dragon_mark(CARD_W / 2, CARD_H / 2 - 4, 130, DRAGON_GOLD, DRAGON_PAPER)
    for word, y, height in (("DRAGON", CARD_H / 2 + 60, 17.0), ("WILD", CARD_H / 2 + 84, 13.0)):
        body += stroke_text(word, (CARD_W - text_width(word, height)) / 2, y, height,
                            DRAGON_GOLD, 2.8)
    return svg(CARD_W, CARD_H, body)


def sprites() -> dict[str, str]:
    found = {f"wild/{suit * 8 + number - 1}.svg": natural_card(suit, number)
             for suit in range(8) for number in range(1, 9)}
    found.update({f"wild/{face}.svg": dragon_card() for face in range(64, 70)})
    return found
