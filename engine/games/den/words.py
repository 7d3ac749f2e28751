"""Dragon Den's events told to one listener (engine.tell)."""

from __future__ import annotations

from engine import hand_events
from engine.games.den.rules import (
    FOUNDATIONS,
    GAME,
    PILE_NAMES,
    CardsDealt,
    Drew,
    FoundationsTurned,
    HandOver,
    HandStarted,
    MatchOver,
    PileMoved,
    Played,
    TurnEnded,
    cards_words,
)
from engine.tell import Names, count, join_words, signed


def pile_words(pile: int) -> str:
    """'the north pile', 'the north-east corner'."""
    return f"the {PILE_NAMES[pile]}" + (" pile" if pile < FOUNDATIONS else "")


def _laid(e, n: Names) -> str:
    return f"{n.does(e.seat, 'lay')} {cards_words(e.faces)} on {pile_words(e.pile)}."


def how_won(e, n: Names, start: bool = False) -> str:
    """How a hand ended (DN8): 'Ana goes out', 'play is blocked, and you win with the fewest
    cards'; the hand's result panel draws it as its headline."""
    if e.blocked:
        return f"{'P' if start else 'p'}lay is blocked, and {n.group_acts(e.winners, 'win')} " \
               "with the fewest cards"
    return f"{n.group_acts(e.winners, 'go', start)} out"


def _hand_over(e, n: Names) -> str:
    how = how_won(e, n)
    points = join_words([f"{n.who(s)} {signed(p)}" for s, p in enumerate(e.points)])
    return f"Hand {e.hand} is over: {how}. Points: {points}."


TELLERS = {
    CardsDealt: hand_events.cards_dealt,
    FoundationsTurned: lambda e, n: "The foundations are turned up: "
                                    f"{cards_words(e.faces)}.",
    Drew: lambda e, n: f"{n.does(e.seat, 'draw')} a card; {count(e.stock, 'card')} "
                       f"{'is' if e.stock == 1 else 'are'} left in the stock.",
    Played: _laid,
    PileMoved: lambda e, n: f"{n.does(e.seat, 'move')} {pile_words(e.source)} onto "
                            f"{pile_words(e.target)}.",
    TurnEnded: lambda e, n: f"{n.does(e.seat, 'end')} the turn.",
    HandStarted: hand_events.hand_started,
    HandOver: _hand_over,
    MatchOver: hand_events.match_over(GAME.score_unit),
}
