"""Scoring the revealed screens (clauses G14 basic, G15 advanced): the totals, and the
same points by category for the end's score table."""

from __future__ import annotations

from engine.games.gold.tokens import BLACK, GEMS, GOLD, RED, SILVER

BASIC_MAJORITY = {3: 15, 4: 12, 5: 12, 6: 10}  # G14.5
ADVANCED_MAJORITY = {3: 12, 4: 10, 5: 10, 6: 8}  # G15.6
BLACK_POINTS = {False: 7, True: 19}  # G14.4, G15.4
SET_POINTS = 5  # G15.5
#: the points of a screen by where they come from, in the order `categories` gives them
CATEGORIES = ("silver", "gold", "red", "black", "majorities", "sets")


def token_points(screen, advanced: bool) -> int:
    """G14.1-G14.4: silver 1, gold 3, red 1, the black diamond 7 (19 advanced)."""
    return (
        screen[SILVER] + 3 * screen[GOLD] + screen[RED] + BLACK_POINTS[advanced] * screen[BLACK]
    )


def score(screens, advanced: bool) -> tuple[int, ...]:
    """Each screen's total (the bots' searches ask it often: no categories kept)."""
    cursed = _cursed(screens, advanced)
    bonus = majorities(screens, advanced, cursed)
    return tuple(token_points(s, advanced) + bonus[p] + set_points(s, advanced, p == cursed)
                 for p, s in enumerate(screens))


def categories(screens, advanced: bool) -> tuple[tuple[int, ...], ...]:
    """Each screen's points by category (CATEGORIES), summing to its `score`."""
    cursed = _cursed(screens, advanced)
    bonus = majorities(screens, advanced, cursed)
    return tuple((s[SILVER], 3 * s[GOLD], s[RED], BLACK_POINTS[advanced] * s[BLACK], bonus[p],
                  set_points(s, advanced, p == cursed)) for p, s in enumerate(screens))


def _cursed(screens, advanced: bool) -> int:
    """G15.4: the seat that holds the cursed black diamond, -1 for none (or basic rules)."""
    return next((p for p, s in enumerate(screens) if s[BLACK]), -1) if advanced else -1


def set_points(screen, advanced: bool, cursed: bool) -> int:
    """G15.5: 5 points per set of the five gems, never for the cursed seat."""
    return SET_POINTS * min(screen[c] for c in GEMS) if advanced and not cursed else 0


def majorities(screens, advanced: bool, cursed: int) -> list[int]:
    """G14.5, G15.6: each seat's majority bonuses, over the five gem colours."""
    bonus = (ADVANCED_MAJORITY if advanced else BASIC_MAJORITY)[len(screens)]
    points = [0] * len(screens)
    for colour in GEMS:
        for p, won in majority(screens, colour, bonus, advanced, cursed).items():
            points[p] += won
    return points


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
