"""The events the dealing games (Dragon, Dragon Den, Dragons Wild) have alike, and their
words: a hand begins, a seat is dealt its cards, the match is over.

Each game subclasses them under its own wire tag (a record names its class by its tag
alone, engine.wire), so every game keeps its own records on the wire while the meaning,
the fields and the sentence that tells them are written once, here.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.tell import Names, count
from engine.wire import Event, SeatEvent


class HandStarted(Event):
    """Hand `hand` begins, dealt by `dealer` (DN2.5, W13.1)."""

    hand: int
    dealer: int


class CardsDealt(SeatEvent):
    """`seat` is dealt `count` cards face down: everyone sees how many, not which."""

    count: int


class MatchOver(Event):
    """The match is over: each seat's final score (Dragon: its chips) and who won."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


def hand_started(e: HandStarted, n: Names) -> str:
    return f"Hand {e.hand} begins; {n.acts(e.dealer, 'deal')}."


def cards_dealt(e: CardsDealt, n: Names) -> str:
    return f"{n.does(e.seat, 'be')} dealt {count(e.count, 'card')}."


def match_over(unit: str) -> Callable[[MatchOver, Names], str]:
    """The teller of a game's MatchOver whose scores count `unit`s (Game.score_unit)."""

    def told(e: MatchOver, n: Names) -> str:
        return f"The match is over: {n.group_acts(e.winners, 'win')} with " \
               f"{count(max(e.scores), unit)}."

    return told
