"""Dragon's events told to one listener (engine.tell): what a player would say aloud."""

from __future__ import annotations

from engine import hand_events
from engine.games.dragon.cards import card_words
from engine.games.dragon.combos import play_words
from engine.games.dragon.rules import (
    GAME,
    CardsDealt,
    DragonDeclared,
    HandOver,
    HandStarted,
    MatchOver,
    Passed,
    Played,
    TrickWon,
    WentOut,
)
from engine.games.dragon.views import THREE_LEADS
from engine.tell import Names, join_words, ordinal, signed


def how_won(e, n: Names, start: bool = False) -> str:
    """How a hand ended and what was at stake (D9.2, D10, D11): 'Ana goes out first; each
    put 25 in a pot of 100', 'you win the whole pot with a Dragon; …'. The hand's result
    panel draws it as its headline."""
    first = e.places[0]
    how = n.acts(first, "win", start) + " the whole pot with a Dragon" if len(e.places) == 1 \
        else n.acts(first, "go", start) + " out first"
    pot = sum(e.payouts)  # a Dragon's pot or the places' shares: every stake paid out
    return f"{how}; each put {stake_of(e):,} in a pot of {pot:,}"


def stake_of(e) -> int:
    """The chips each seat put in the pot of the hand that `e` (HandOver) ended (D11.1)."""
    return sum(e.payouts) // len(e.payouts)


def gains(e) -> tuple[int, ...]:
    """What the hand gave or took from each seat: its payout less its stake (D11.1)."""
    stake = stake_of(e)
    return tuple(paid - stake for paid in e.payouts)


def _hand_over(e, n: Names) -> str:
    """'Hand 2 is over: Ana 1st, you 2nd, …. Each put 25 in the pot: Ana +50, you \u221215, …
    chips.' — each seat's gain or loss, the figures of the hand's result panel."""
    order = join_words([f"{n.who(s)} {ordinal(i + 1)}" for i, s in enumerate(e.places)])
    won = gains(e)
    seats = [*e.places, *(s for s in range(len(won)) if s not in e.places)]
    said = join_words([f"{n.who(s)} {signed(won[s])}" for s in seats])
    return f"Hand {e.hand} is over: {order}. Each put {stake_of(e):,} in the pot: {said} chips."


TELLERS = {
    CardsDealt: hand_events.cards_dealt,
    Played: lambda e, n: f"{n.does(e.seat, 'play')} {play_words(e.faces)}"
                           + (" — a chop!" if e.chop else "."),
    Passed: lambda e, n: f"{n.does(e.seat, 'pass')}.",
    TrickWon: lambda e, n: f"{n.does(e.seat, 'win')} the trick"
                             + ("." if e.leader == e.seat else f"; {n.acts(e.leader, 'lead')}."),
    WentOut: lambda e, n: f"{n.does(e.seat, 'go')} out, {ordinal(e.place)}.",
    DragonDeclared: lambda e, n: f"{n.does(e.seat, 'show')} a Dragon! Its attack card is "
                                   f"{card_words(e.attack)}.",
    HandStarted: lambda e, n: f"Hand {e.hand} begins: "
                                + (f"{THREE_LEADS}." if e.leader < 0
                                   else f"{n.acts(e.leader, 'lead')}."),
    HandOver: _hand_over,
    MatchOver: hand_events.match_over(GAME.score_unit),
}
