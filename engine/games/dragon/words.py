"""Dragon's events told to one listener (engine.tell): what a player would say aloud."""

from __future__ import annotations

from engine.games.dragon.cards import card_words
from engine.games.dragon.combos import play_words
from engine.games.dragon.rules import (
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
from engine.tell import Names, count, join_words, ordinal


def _hand_over(e, n: Names) -> str:
    order = join_words([f"{n.who(s)} {ordinal(i + 1)}" for i, s in enumerate(e.places)])
    paid = join_words([f"{n.who(s)} +{e.payouts[s]:,}" for s in e.places if e.payouts[s]])
    return f"Hand {e.hand} is over: {order}. The pot pays {paid} chips."


def _match_over(e, n: Names) -> str:
    return f"The match is over: {n.group_acts(e.winners, 'win')} with " \
           f"{count(max(e.chips), 'chip')}."


TELLERS = {
    CardsDealt: lambda e, n: f"{n.does(e.seat, 'be')} dealt {count(e.count, 'card')}.",
    Played: lambda e, n: f"{n.does(e.seat, 'play')} {play_words(e.faces)}"
                           + (" — a chop!" if e.chop else "."),
    Passed: lambda e, n: f"{n.does(e.seat, 'pass')}.",
    TrickWon: lambda e, n: f"{n.does(e.seat, 'win')} the trick"
                             + ("." if e.leader == e.seat else f"; {n.acts(e.leader, 'lead')}."),
    WentOut: lambda e, n: f"{n.does(e.seat, 'go')} out, {ordinal(e.place)}.",
    DragonDeclared: lambda e, n: f"{n.does(e.seat, 'show')} a Dragon! Its attack card is "
                                   f"{card_words(e.attack)}.",
    HandStarted: lambda e, n: f"Hand {e.hand} begins: "
                                + ("whoever holds the 3 of Stars leads." if e.leader < 0
                                   else f"{n.acts(e.leader, 'lead')}."),
    HandOver: _hand_over,
    MatchOver: _match_over,
}
