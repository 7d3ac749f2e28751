"""The table's pieces shared by every game: the card back, the felt, badges, buttons, logo."""

from __future__ import annotations

from tools.art import CARD_H, CARD_W, dragon_mark, svg
from tools.art.dragon import droid


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


def felt() -> str:
    defs = ('<radialGradient id="felt" gradientUnits="userSpaceOnUse" cx="800" cy="400" '
            'r="1000">'
            '<stop offset="0" stop-color="#296b47"/><stop offset="0.7" stop-color="#1d5538"/>'
            '<stop offset="1" stop-color="#123a26"/></radialGradient>')
    return svg(1600, 900, '<rect x="0" y="0" width="1600" height="900" fill="url(#felt)"/>', defs)


def badge(kind: str) -> str:
    ring = '<circle cx="50" cy="50" r="46" fill="#10241c" stroke="#e0b04a" stroke-width="4"/>'
    if kind == "person":
        body = ('<circle cx="50" cy="38" r="15" fill="#ece8dc"/>'
                '<path d="M22,80 C24,58 76,58 78,80 Z" fill="#ece8dc"/>')
    elif kind == "bot":
        body = droid(50, 54, 56, "#ece8dc")
    elif kind == "mute":  # no sound: a speaker, struck through
        body = ('<path d="M26,40 H38 L56,26 V74 L38,60 H26 Z" fill="#ece8dc"/>'
                '<path d="M64,38 L82,62 M82,38 L64,62" stroke="#eb6e5a" stroke-width="7" '
                'stroke-linecap="round"/>')
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
    found = {"back.svg": back(), "felt.svg": felt(), "logo.svg": logo()}
    found.update({f"badge/{kind}.svg": badge(kind) for kind in ("person", "bot", "away",
                                                                  "mute")})
    found.update({f"button/{kind}.svg": button(kind) for kind in ("normal", "hover", "disabled")})
    return found
