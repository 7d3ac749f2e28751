"""Dragon's Gold: the 18 Dragons and the Market card, the adventurers in six team
colours (face up and face down), the Magic Objects, the treasure screen, and the nine
token kinds.

A token differs by shape as well as colour (a player who cannot tell red from green
tells a triangle from a square); an adventurer shows its strength as a number and its
kind as a picture; a Dragon shows its name, its strength and its known + hidden treasure.
"""

from __future__ import annotations

import math

from engine.games.gold.components import ATTACK, DRAGONS, MAGIC_NAMES
from tools.art import (
    CARD_DEFS,
    CARD_H,
    CARD_W,
    card_frame,
    dragon_mark,
    polygon,
    stroke_text,
    svg,
    text_width,
)

#: a Dragon's scales, one per card of components.DRAGONS: no two alike
SCALES = ("#c0392b", "#6d4c2f", "#3d3d46", "#d35400", "#2e7d4f", "#8e5a2b", "#4f6d2a",
          "#5b5b5b", "#3a7bbf", "#4b2c6b", "#7a6a3a", "#1f5f8b", "#b0a58a", "#a3214f",
          "#6b6b2a", "#c8a22c", "#50616d", "#7b1f1f")
#: the six teams' colours and a lighter edge for each (the adventurers, the seats' marks)
TEAMS = (("#c62828", "#ffcdd2"), ("#1565c0", "#bbdefb"), ("#2e7d32", "#c8e6c9"),
         ("#f9a825", "#fff9c4"), ("#6a1b9a", "#e1bee7"), ("#37474f", "#cfd8dc"))
#: silver, gold, red, blue, green, purple, yellow, white, black: (fill, edge)
TOKEN_INK = (("#c9ced6", "#5f6670"), ("#f2c230", "#8a6500"), ("#d32f2f", "#5e0b0b"),
             ("#1e63d6", "#0b2a66"), ("#2e9e4f", "#0d4a20"), ("#8e3ccf", "#3d1460"),
             ("#f4e04d", "#7a6a00"), ("#fbfbfb", "#6b6b6b"), ("#1b1b1b", "#9a9a9a"))
TOKEN = 100  # a token's SVG box


def _regular(cx: float, cy: float, r: float, sides: int, turn: float = -90.0) -> list:
    return [(cx + r * math.cos(math.radians(turn + 360 * i / sides)),
             cy + r * math.sin(math.radians(turn + 360 * i / sides))) for i in range(sides)]


def _star(cx: float, cy: float, r: float, points: int, inner: float) -> list:
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


def token_shape(colour: int, cx: float, cy: float, r: float) -> list:
    """The outline of one token kind: silver a round coin, gold an octagonal coin, red a
    triangle, blue a rhombus, green a square, purple a pentagon, yellow a hexagon, white a
    four-pointed star, black a brilliant (a wide-topped kite)."""
    shapes = {
        1: lambda: _regular(cx, cy, r, 8, -67.5),
        2: lambda: _regular(cx, cy + r * 0.15, r * 1.05, 3),
        3: lambda: [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)],
        4: lambda: _regular(cx, cy, r * 1.05, 4, -45),
        5: lambda: _regular(cx, cy, r, 5),
        6: lambda: _regular(cx, cy, r, 6, 0),
        7: lambda: _star(cx, cy, r, 4, 0.45),
        8: lambda: [(cx - r, cy - r * 0.35), (cx - r * 0.55, cy - r * 0.8),
                    (cx + r * 0.55, cy - r * 0.8), (cx + r, cy - r * 0.35), (cx, cy + r)],
    }
    return shapes[colour]() if colour in shapes else _regular(cx, cy, r, 40)


def token(colour: int) -> str:
    fill, edge = TOKEN_INK[colour]
    c = TOKEN / 2
    body = polygon(token_shape(colour, c, c, 44), fill, edge, 6)
    if colour in (0, 1):  # a coin's rim
        body += polygon(token_shape(colour, c, c, 30), "none", edge, 3)
    else:  # a gem's facet
        body += polygon(token_shape(colour, c, c, 18), "#ffffff55" if colour != 7 else
                        "#cfd8dc", "none")
    return svg(TOKEN, TOKEN, body)


# -- the Dragons --------------------------------------------------------------------


def _dragon_figure(d: int, cx: float, cy: float) -> str:
    """A dragon drawn from its card's numbers: wing span grows with strength, horns and
    back spikes vary card by card, its scales have their own colour."""
    card = DRAGONS[d]
    scale = SCALES[d]
    span = 40 + 10 * card.strength
    wing = [(cx - 10, cy - 10), (cx - span, cy - 70 - 3 * card.strength), (cx - span * 0.6,
                                                                             cy - 20),
            (cx - span * 0.9, cy - 5), (cx - 20, cy + 10)]
    far_wing = [(x + 30, y - 8) for x, y in wing]
    body = polygon(far_wing, "#20150d") + polygon(wing, scale, "#20150d", 3)
    body += (f'<ellipse cx="{cx:.1f}" cy="{cy + 20:.1f}" rx="62" ry="34" fill="{scale}" '
             f'stroke="#20150d" stroke-width="3"/>')
    tail = [(cx - 55, cy + 30), (cx - 95, cy + 50), (cx - 110, cy + 80), (cx - 90, cy + 62),
            (cx - 50, cy + 48)]
    body += polygon(tail, scale, "#20150d", 3)
    for k in range(2 + d % 4):  # spikes along the back
        x = cx - 40 + k * 18
        body += polygon([(x, cy - 8), (x + 8, cy - 24 - (d % 3) * 4), (x + 14, cy - 6)],
                        "#20150d")
    head_x, head_y = cx + 62, cy - 30
    body += dragon_mark(head_x, head_y, 92, scale, "#ffd54f")
    for k in range(1 + d % 3):  # horns
        x = head_x - 16 + k * 10
        body += polygon([(x, head_y - 30), (x - 6 - k * 2, head_y - 52), (x + 6, head_y - 34)],
                        "#efe6cf", "#20150d", 1.5)
    return body


def dragon(d: int) -> str:
    card = DRAGONS[d]
    name = card.name.upper()
    height = min(24.0, 24.0 * 200 / text_width(name, 24.0))
    body = card_frame("#5a3b12")
    body += (f'<rect x="16" y="16" width="{CARD_W - 32}" height="44" rx="10" '
             f'fill="#5a3b12"/>')
    body += stroke_text(name, (CARD_W - text_width(name, height)) / 2, 38 - height / 2,
                        height, "#f5e6b8", max(2.5, height * 0.14))
    body += _dragon_figure(d, CARD_W / 2 - 4, 170)
    # strength in a shield, bottom left; treasure known + hidden, bottom right
    shield = [(24, 262), (84, 262), (84, 300), (54, 328), (24, 300)]
    body += polygon(shield, "#7b1f1f", "#20150d", 3)
    digits = str(card.strength)
    size = 34 if len(digits) == 1 else 26
    body += stroke_text(digits, 54 - text_width(digits, size) / 2, 278 - (size - 26) / 2, size,
                        "#fff8e1", size / 7)
    body += polygon(token_shape(1, 124, 292, 16), TOKEN_INK[1][0], TOKEN_INK[1][1], 3)
    treasure = f"{card.known}+{card.hidden}"
    body += stroke_text(treasure, 148, 278, 28, "#3b2a10", 4)
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


def market() -> str:
    body = card_frame("#1f4e79", "#e8f1fb")
    body += stroke_text("MARKET", (CARD_W - text_width("MARKET", 30)) / 2, 30, 30, "#1f4e79", 5)
    # an awning over a stall, with tokens on its counter
    stripes = "".join(
        polygon([(40 + i * 34, 110), (74 + i * 34, 110), (74 + i * 34, 140), (40 + i * 34, 140)],
                "#1f4e79" if i % 2 == 0 else "#f5f5f5", "#1f4e79", 2) for i in range(5))
    body += stripes + '<rect x="48" y="140" width="154" height="110" fill="#d7b98e" ' \
                      'stroke="#5a3b12" stroke-width="4"/>'
    for k, colour in enumerate((1, 3, 4, 2, 0)):
        body += polygon(token_shape(colour, 70 + k * 28, 200, 12), *TOKEN_INK[colour], 2)
    body += stroke_text("TRADE", (CARD_W - text_width("TRADE", 22)) / 2, 280, 22, "#1f4e79", 3.5)
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


def dragon_back() -> str:
    body = card_frame("#3b2a10", "#5a3b12")
    body += f'<rect x="18" y="18" width="{CARD_W - 36}" height="{CARD_H - 36}" rx="14" ' \
            'fill="none" stroke="#c8a22c" stroke-width="3"/>'
    body += dragon_mark(CARD_W / 2, CARD_H / 2, 150, "#c8a22c", "#5a3b12")
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


# -- adventurers ---------------------------------------------------------------------

ADV = 120  # an adventurer's SVG box (a round counter)


def _kind_picture(kind: int, ink: str) -> str:
    c = ADV / 2
    if kind < 2:  # a knight: a sword over a shield
        return (polygon([(c - 22, c - 26), (c + 22, c - 26), (c + 22, c), (c, c + 20),
                         (c - 22, c)], "none", ink, 5)
                + f'<line x1="{c}" y1="{c - 40}" x2="{c}" y2="{c + 14}" stroke="{ink}" '
                  f'stroke-width="6" stroke-linecap="round"/>'
                + f'<line x1="{c - 14}" y1="{c - 28}" x2="{c + 14}" y2="{c - 28}" '
                  f'stroke="{ink}" stroke-width="6" stroke-linecap="round"/>')
    if kind == 2:  # a thief: a mask
        return (polygon([(c - 34, c - 20), (c + 34, c - 20), (c + 28, c + 2), (c + 6, c + 2),
                         (c, c - 6), (c - 6, c + 2), (c - 28, c + 2)], ink)
                + f'<circle cx="{c - 15}" cy="{c - 9}" r="6" fill="#ffffff"/>'
                  f'<circle cx="{c + 15}" cy="{c - 9}" r="6" fill="#ffffff"/>')
    # a wizard: a pointed hat with a star
    return (polygon([(c - 32, c + 8), (c + 32, c + 8), (c + 6, c - 42), (c - 4, c - 30)], ink)
            + polygon(_star(c + 2, c - 10, 9, 5, 0.45), "#ffffff"))


def team_mark(team: int, cx: float, cy: float, r: float, ink: str) -> str:
    """Each team's own shape, so teams differ by more than their colour (red and green
    are one colour to a deuteranope): a circle, a square, a triangle, a diamond, a hexagon,
    a shield."""
    outlines = {1: lambda: _regular(cx, cy, r * 1.15, 4, -45),
                2: lambda: _regular(cx, cy + r * 0.25, r * 1.35, 3),
                3: lambda: _regular(cx, cy, r * 1.2, 4),
                4: lambda: _regular(cx, cy, r * 1.1, 6, 0),
                5: lambda: [(cx - r, cy - r * 0.9), (cx + r, cy - r * 0.9), (cx + r, cy + r * 0.1),
                            (cx, cy + r * 1.15), (cx - r, cy + r * 0.1)]}
    if team in outlines:
        return polygon(outlines[team](), ink)
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{ink}"/>'


def adventurer(team: int, kind: int) -> str:
    fill, light = TEAMS[team]
    c = ADV / 2
    body = f'<circle cx="{c}" cy="{c}" r="{c - 4}" fill="{light}" stroke="{fill}" ' \
           f'stroke-width="8"/>'
    body += _kind_picture(kind, fill)
    digits = str(ATTACK[kind])
    body += team_mark(team, c, ADV - 26, 17, fill)
    body += stroke_text(digits, c - text_width(digits, 20) / 2, ADV - 36, 20, "#ffffff", 4)
    return svg(ADV, ADV, body)


def adventurer_down(team: int) -> str:
    fill, light = TEAMS[team]
    c = ADV / 2
    body = f'<circle cx="{c}" cy="{c}" r="{c - 4}" fill="{fill}" stroke="{light}" ' \
           f'stroke-width="6"/>'
    body += f'<circle cx="{c}" cy="{c}" r="{c - 22}" fill="none" stroke="{light}" ' \
            f'stroke-width="3" stroke-dasharray="8 6"/>'
    body += team_mark(team, c, c, 16, light)
    return svg(ADV, ADV, body)


# -- Magic Objects -------------------------------------------------------------------


def _object_picture(effect: int, cx: float, cy: float) -> str:
    ink, glow = "#3b2a10", "#7e57c2"
    pictures = {
        0: f'<circle cx="{cx}" cy="{cy}" r="38" fill="none" stroke="#c8a22c" stroke-width="12"/>'
           + polygon(_regular(cx, cy - 42, 14, 6, 0), "#1e63d6", ink, 2),
        1: f'<line x1="{cx - 50}" y1="{cy + 50}" x2="{cx + 40}" y2="{cy - 40}" stroke="{ink}" '
           'stroke-width="10" stroke-linecap="round"/>'
           + polygon(_star(cx + 44, cy - 44, 22, 5, 0.45), "#f4e04d", ink, 2),
        2: polygon([(cx - 60, cy - 10), (cx + 40, cy - 40), (cx + 56, cy + 10),
                    (cx - 60, cy + 10)], "#d7b98e", ink, 4),
        3: polygon([(cx - 20, cy - 60), (cx + 20, cy - 60), (cx + 20, cy - 30),
                    (cx + 45, cy + 40), (cx - 45, cy + 40), (cx - 20, cy - 30)], "#d32f2f", ink, 4),
        4: polygon([(cx - 40, cy - 50), (cx - 10, cy - 50), (cx - 10, cy + 20), (cx + 40, cy + 20),
                    (cx + 40, cy + 45), (cx - 40, cy + 45)], "#8e5a2b", ink, 4)
           + polygon([(cx - 52, cy - 20), (cx - 40, cy - 35), (cx - 40, cy - 5)], "#ffffff",
                     ink, 2),
        5: polygon([(cx - 50, cy - 50), (cx + 40, cy - 50), (cx + 50, cy + 50),
                    (cx - 40, cy + 50)], "#efe6cf", ink, 4)
           + stroke_text("X", cx - 14, cy - 20, 40, "#7b1f1f", 6),
        6: f'<circle cx="{cx}" cy="{cy - 10}" r="46" fill="#b3e5fc" stroke="{ink}" '
           'stroke-width="4"/>' + polygon([(cx - 40, cy + 50), (cx + 40, cy + 50),
                                            (cx + 26, cy + 30), (cx - 26, cy + 30)], ink),
        7: polygon([(cx - 56, cy - 44), (cx + 56, cy - 44), (cx + 56, cy + 44),
                    (cx - 56, cy + 44)], "#f1e0b0", ink, 4)
           + stroke_text("X", cx + 8, cy - 10, 30, "#c62828", 5)
           + f'<path d="M {cx - 44} {cy + 30} Q {cx - 10} {cy - 30} {cx + 10} {cy}" '
             f'fill="none" stroke="#c62828" stroke-width="4" stroke-dasharray="8 6"/>',
        8: f'<path d="M {cx - 40} {cy - 40} L {cx - 40} {cy + 10} A 40 40 0 0 0 {cx + 40} '
           f'{cy + 10} L {cx + 40} {cy - 40}" fill="none" stroke="#c62828" stroke-width="22"/>'
           + polygon([(cx - 52, cy - 60), (cx - 28, cy - 60), (cx - 28, cy - 40),
                      (cx - 52, cy - 40)], "#cfd8dc")
           + polygon([(cx + 28, cy - 60), (cx + 52, cy - 60), (cx + 52, cy - 40),
                      (cx + 28, cy - 40)], "#cfd8dc"),
        9: polygon([(cx - 40, cy - 60), (cx + 40, cy - 60), (cx, cy), (cx + 40, cy + 60),
                    (cx - 40, cy + 60), (cx, cy)], "#ffe0a3", ink, 4)
           + polygon([(cx - 20, cy + 50), (cx + 20, cy + 50), (cx, cy + 20)], "#c8a22c"),
    }
    return f'<circle cx="{cx}" cy="{cy}" r="78" fill="{glow}22"/>' + pictures[effect]


def magic(effect: int) -> str:
    body = card_frame("#4a2c7a", "#f3ecff")
    words = MAGIC_NAMES[effect].upper().split(" OF ")
    y = 26
    for k, line in enumerate(words):
        text = line if k == len(words) - 1 or len(words) == 1 else line + " OF"
        height = min(24.0, 24.0 * 206 / text_width(text, 24.0))
        body += stroke_text(text, (CARD_W - text_width(text, height)) / 2, y, height,
                            "#4a2c7a", max(2.5, height * 0.15))
        y += height + 10
    body += _object_picture(effect, CARD_W / 2, 222)
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


def magic_back() -> str:
    body = card_frame("#2a1747", "#4a2c7a")
    body += polygon(_star(CARD_W / 2, CARD_H / 2, 80, 8, 0.4), "#d1c4e9", "#2a1747", 3)
    return svg(CARD_W, CARD_H, body, CARD_DEFS)


def screen() -> str:
    """A treasure screen: three folding panels, seen from the front."""
    panels = [[(10, 30), (110, 10), (110, 190), (10, 170)],
              [(110, 10), (250, 10), (250, 190), (110, 190)],
              [(250, 10), (350, 30), (350, 170), (250, 190)]]
    body = "".join(polygon(p, fill, "#3b2a10", 5) for p, fill in
                   zip(panels, ("#7a4f1f", "#9c6a2e", "#7a4f1f"), strict=True))
    body += dragon_mark(180, 100, 110, "#c8a22c", "#3b2a10")
    return svg(360, 200, body)


def sprites() -> dict[str, str]:
    found = {f"gold/{d}.svg": dragon(d) for d in range(len(DRAGONS))}
    found["gold/market.svg"] = market()
    found["gold/back.svg"] = dragon_back()
    found.update({f"gold/token/{c}.svg": token(c) for c in range(9)})
    for team in range(len(TEAMS)):
        found.update({f"gold/adv/{team}-{kind}.svg": adventurer(team, kind) for kind in range(4)})
        found[f"gold/adv/{team}-down.svg"] = adventurer_down(team)
    found.update({f"gold/magic/{e}.svg": magic(e) for e in range(len(MAGIC_NAMES))})
    found["gold/magic/back.svg"] = magic_back()
    found["gold/screen.svg"] = screen()
    return found
