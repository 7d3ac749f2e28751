"""The night's standings drawn: at a match's end, in the lobby (Tonight) and in History.

Each player's wins per game and rating (client.night.standings), best first, and the night's
matches, newest first. Games are named by the engine; scores in each game's own unit.
"""

from __future__ import annotations

from client.night.standings import Match, Night
from client.ui import DIM, GOLD, INK
from engine.registry import get_game
from engine.tell import count, join_words

ROW = 24  # logical px a line of the standings takes
NIGHT_TOP = 480  # a table's standings at a match's end: their top, under the match's result
RATING_W = 64  # the rating's column, at a box's right


def title(night: Night, when: str = "Tonight") -> str:
    return f"{when} · {count(len(night.matches), 'match', 'matches')}"


def wins_words(wins: dict[str, int]) -> str:
    """'Dragon 2 · Dragon Den 1', or 'no wins yet'."""
    return " · ".join(f"{get_game(g).name} {n}" for g, n in wins.items()) or "no wins yet"


def match_words(match: Match) -> str:
    """'Dragon: Bot 3 won with 1,035 chips'."""
    unit = get_game(match.game).score_unit
    winners = join_words([match.players[w] for w in match.winners])
    best = max(match.scores) if match.scores else 0
    return f"{match.game_name}: {winners} won with {count(best, unit)}"


def draw_players(surface, view, night: Night, box: tuple[float, float, float, float]) -> None:
    """The players, best rated first, in as many rows as the box holds."""
    x, y, w, h = box
    view.text(surface, "Player · wins", (x, y), 13, DIM)
    view.text(surface, "rating", (x + w, y), 13, DIM, anchor="topright")
    rows = max(0, int((h - ROW) // ROW))
    for i, standing in enumerate(night.players[:rows]):
        top = y + ROW * (i + 1)
        view.text(surface, f"{standing.name} · {wins_words(standing.wins)}", (x, top), 15,
                  GOLD if i == 0 and standing.won else INK, width=w - RATING_W - 8)
        view.text(surface, f"{standing.rating:.1f}", (x + w, top), 15, INK, anchor="topright")


def draw_matches(surface, view, night: Night, box: tuple[float, float, float, float]) -> None:
    """The night's matches, newest first, in as many rows as the box holds."""
    x, y, w, h = box
    view.text(surface, "Matches, newest first", (x, y), 13, DIM)
    rows = max(0, int((h - ROW) // ROW))
    newest = list(reversed(night.matches))[:rows]
    for i, match in enumerate(newest):
        view.text(surface, match_words(match), (x, y + ROW * (i + 1)), 15, INK, width=w)


def height(night: Night) -> float:
    """The panel's height that holds every player (the title, the heads, a row each)."""
    return 52 + ROW * (max(1, len(night.players)) + 1) + 8


def draw_night(surface, view, night: Night, box: tuple[float, float, float, float],
               when: str = "Tonight", matches: bool = True) -> None:
    """A panel: the title, then the players (and, `matches`, the matches beside them)."""
    x, y, w, h = box
    view.panel(surface, view.rect(x, y, w, h), alpha=255)  # over the hand: opaque
    view.text(surface, title(night, when), (x + 16, y + 10), 18, GOLD, bold=True,
              width=w - 32)
    inner = (x + 16, y + 42, w - 32, h - 52)
    if not night.matches:
        view.text(surface, "No match finished yet.", inner[:2], 15, DIM, width=inner[2])
    elif matches:
        half = (inner[2] - 24) / 2
        draw_players(surface, view, night, (inner[0], inner[1], half, inner[3]))
        draw_matches(surface, view, night, (inner[0] + half + 24, inner[1], half, inner[3]))
    else:
        draw_players(surface, view, night, inner)
