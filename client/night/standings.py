"""The night's standings: every match this player finished tonight, read from its journals.

A *night* is a run of matches with no gap of more than `NIGHT_GAP` between one's end and the
next's; tonight is the latest night, while its last match ended less than that ago. For
each night the standings hold its matches (game, players, winners, scores), each player's
wins per game, and one skill rating across the games.

**Decision: the rating is openskill's (Weng-Lin, Plackett-Luce model).** It rates any
number of players per match from a ranking alone, so one rating spans the four games (2 to
6 seats, chips or points): a well-kept, tested implementation rather than a hand-written
TrueSkill. A match ranks its winners first, then the others by score (every game's outcome
counts higher as better). Bots are rated as opponents of the night's players, each bot seat
afresh every match (two easy bots at one table are not one player); only the players are
listed. The rating shown is openskill's `ordinal` (mu − 3σ): it starts below zero and climbs
as a player keeps winning.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from openskill.models import PlackettLuce

from engine.registry import game_ids, get_game
from net.errors import BadFrame, CorruptJournal
from net.face.replay import JOURNAL_SUFFIX, Summary, summarize
from net.wire.start import StartConfig

NIGHT_GAP = 6 * 3600.0  # seconds between two matches that makes them two nights


@dataclass(frozen=True)
class Match:
    """One finished match as the standings show it."""

    game: str  # the game's id
    players: tuple[str, ...]  # each seat as the table named it, in seat order
    keys: tuple[bytes, ...]  # each seat's player key (b"" for a bot)
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    ended: float  # seconds since the epoch

    @property
    def game_name(self) -> str:
        return get_game(self.game).name

    def row(self) -> dict:
        """The hook's row (client.hook): game, players, winners, scores."""
        return {"game": self.game, "players": list(self.players),
                "winners": [self.players[w] for w in self.winners],
                "scores": list(self.scores)}

    def ranks(self) -> list[int]:
        """1 for a winner, then 2, 3… for the others by falling score (ties share a rank)."""
        others = sorted({s for i, s in enumerate(self.scores) if i not in self.winners},
                        reverse=True)
        return [1 if i in self.winners else 2 + others.index(s)
                for i, s in enumerate(self.scores)]


@dataclass
class Standing:
    """One player's night: wins per game id, matches played, the rating after the last."""

    name: str
    wins: dict[str, int] = field(default_factory=dict)
    played: int = 0
    rating: float = 0.0

    @property
    def won(self) -> int:
        return sum(self.wins.values())


@dataclass(frozen=True)
class Night:
    """A night's matches (oldest first) and its players' standings (best first)."""

    matches: tuple[Match, ...]
    players: tuple[Standing, ...]

    @property
    def games(self) -> tuple[str, ...]:
        """The games played, in the order first played."""
        return tuple(dict.fromkeys(m.game for m in self.matches))


def match_of(summary: Summary) -> Match | None:
    """A journal's match, if it finished (an unfinished or damaged one is no result)."""
    start = summary.start
    if start is None or not summary.finished or summary.damaged or not summary.scores or \
            start.game not in game_ids() or len(summary.scores) != len(start.seats):
        return None
    return Match(start.game, _labels(start), tuple(s.key for s in start.seats),
                 tuple(summary.winners), tuple(summary.scores), summary.played)


def _labels(start: StartConfig) -> tuple[str, ...]:
    return tuple(seat.label(i) for i, seat in enumerate(start.seats))


_kept: dict[Path, tuple[tuple[int, int], Match | None]] = {}  # journal -> (its stat, match)


def matches(folder: Path) -> list[Match]:
    """Every finished match in a folder of journals, oldest first; each journal is read
    again only when it changed (the lobby, a match's end, History and the test hook ask again, and
    reading a journal checks every lobby signature in it)."""
    found, listed = [], set(folder.glob(f"*{JOURNAL_SUFFIX}")) if folder.is_dir() else set()
    for gone in [p for p in _kept if p.parent == folder and p not in listed]:
        del _kept[gone]  # deleted in History
    for path in listed:
        try:
            stat = path.stat()
            held = _kept.get(path)
            if held is None or held[0] != (stat.st_mtime_ns, stat.st_size):
                held = _kept[path] = ((stat.st_mtime_ns, stat.st_size), match_of(summarize(path)))
        except (CorruptJournal, OSError, BadFrame, ValueError, TypeError, IndexError):
            continue  # damaged or gone while listed: no result to count (History says why)
        if held[1] is not None:
            found.append(held[1])
    return sorted(found, key=lambda m: m.ended)


def nights(found: list[Match]) -> list[list[Match]]:
    """Matches (oldest first) cut into nights where the gap between two exceeds NIGHT_GAP."""
    cut: list[list[Match]] = []
    for match in found:
        if cut and match.ended - cut[-1][-1].ended <= NIGHT_GAP:
            cut[-1].append(match)
        else:
            cut.append([match])
    return cut


def tonight(folder: Path, now: float | None = None) -> Night:
    """Tonight's standings (empty when the last match ended more than NIGHT_GAP ago)."""
    now = time.time() if now is None else now
    cut = nights(matches(folder))
    if not cut or now - cut[-1][-1].ended > NIGHT_GAP:
        return standings([])
    return standings(cut[-1])


def night_of(folder: Path, ended: float) -> Night:
    """The standings of the night that holds a match which ended at `ended` (History)."""
    for night in nights(matches(folder)):
        if night[0].ended <= ended <= night[-1].ended:
            return standings(night)
    return standings([])


def standings(night: list[Match]) -> Night:
    """Wins per player per game and the rating after each match, in the night's order."""
    model = PlackettLuce()
    ratings, players = {}, {}
    for match in night:
        teams = [[ratings.get(key) or model.rating()] if key else [model.rating()]
                 for key in match.keys]
        rated = model.rate(teams, ranks=match.ranks())
        for seat, key in enumerate(match.keys):
            if not key:
                continue  # a bot: rated afresh each match, never listed
            ratings[key] = rated[seat][0]
            standing = players.setdefault(key, Standing(match.players[seat]))
            standing.name, standing.played = match.players[seat], standing.played + 1
            if seat in match.winners:
                standing.wins[match.game] = standing.wins.get(match.game, 0) + 1
            standing.rating = ratings[key].ordinal()
    best = sorted(players.values(), key=lambda s: (-s.rating, -s.won, s.name))
    return Night(tuple(night), tuple(best))
