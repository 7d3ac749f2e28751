"""Scoring the revealed screens (clauses G14 basic, G15 advanced)."""

from __future__ import annotations

from engine.games.gold.tokens import BLACK, GEMS, GOLD, RED, SILVER

BASIC_MAJORITY = {3: 15, 4: 12, 5: 12, 6: 10}  # G14.5
ADVANCED_MAJORITY = {3: 12, 4: 10, 5: 10, 6: 8}  # G15.6
BLACK_POINTS = {False: 7, True: 19}  # G14.4, G15.4
SET_POINTS = 5  # G15.5


def token_points(screen, advanced: bool) -> int:
    """G14.1-G14.4: silver 1, gold 3, red 1, the black diamond 7 (19 advanced)."""
    return (
        screen[SILVER] + 3 * screen[GOLD] + screen[RED] + BLACK_POINTS[advanced] * screen[BLACK]
    )


def score(screens, advanced: bool) -> tuple[int, ...]:
    players = len(screens)
    points = [token_points(s, advanced) for s in screens]
    cursed = next((p for p, s in enumerate(screens) if s[BLACK]), -1) if advanced else -1
    bonus = (ADVANCED_MAJORITY if advanced else BASIC_MAJORITY)[players]
    for colour in GEMS:
        for p, won in majority(screens, colour, bonus, advanced, cursed).items():
            points[p] += won
    if advanced:
        for p, screen in enumerate(screens):
            if p != cursed:
                points[p] += SET_POINTS * min(screen[c] for c in GEMS)  # G15.5
    return tuple(points)


def majority(screens, colour: int, bonus: int, advanced: bool, cursed: int) -> dict[int, int]:
    """Who scores the majority bonus of one gem colour, and how much."""
    top = max(s[colour] for s in screens)
    if not top:
        return {}  # nobody holds that colour: nobody has the most
    leaders = [p for p, s in enumerate(screens) if s[colour] == top]
    if not advanced:
        return {p: bonus for p in leaders}  # G14.5: ties all score in full
    if len(leaders) == 1:
        return {} if leaders[0] == cursed else {leaders[0]: bonus}  # G15.4
    if len(leaders) == 2:
        return {p: bonus // 2 for p in leaders if p != cursed}  # G15.6
    return {}  # G15.6: three or more tied score nothing

