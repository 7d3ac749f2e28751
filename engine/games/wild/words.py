"""Dragons Wild's events told to one listener (engine.tell)."""

from __future__ import annotations

from engine.games.wild.cards import card_words, names
from engine.games.wild.rules import (
    Added,
    Bought,
    BuyAnswered,
    BuyAsked,
    BuyOffered,
    CardsDealt,
    DeckTurned,
    Discarded,
    DiscardTurned,
    Drew,
    HandOver,
    HandStarted,
    MatchOver,
    Melded,
    RoundAdvanced,
    WentOut,
)
from engine.tell import Names, count, join_words


def _drew(e: Drew, n: Names) -> str:
    card = card_words(e.face) if e.face >= 0 else "a card"
    if e.penalty:
        return f"{n.does(e.seat, 'take')} {card} as the penalty."
    source = "the discard" if e.from_discard else "the deck"
    return f"{n.does(e.seat, 'take')} {card} from {source}."


def _hand_over(e: HandOver, n: Names) -> str:
    how = "the deck ran dry" if e.went_out < 0 else f"{n.who(e.went_out)} went out"
    paid = [f"{n.who(s)} {p:+d}" for s, p in enumerate(e.penalties) if p]
    penalties = f" Penalties: {join_words(paid)}." if paid else ""
    return f"Hand {e.hand} is over: {how}.{penalties}"


def _match_over(e: MatchOver, n: Names) -> str:
    return f"The match is over: {n.group_acts(e.winners, 'win')} with " \
           f"{count(max(e.scores), 'point')}."


TELLERS = {
    HandStarted: lambda e, n: f"Hand {e.hand} begins; {n.acts(e.dealer, 'deal')}.",
    CardsDealt: lambda e, n: f"{n.does(e.seat, 'be')} dealt {count(e.count, 'card')}.",
    DiscardTurned: lambda e, n: f"The first discard is {card_words(e.face)}.",
    BuyOffered: lambda e, n: f"{card_words(e.face)[:1].upper()}{card_words(e.face)[1:]} is on "
                             f"offer to {n.group(e.seats)}.",
    BuyAsked: lambda e, n: f"{n.does(e.seat, 'ask')} to buy.",
    BuyAnswered: lambda e, n: f"{n.does(e.seat, 'let')} {n.who(e.buyer)} buy." if e.allow
    else f"{n.does(e.seat, 'refuse')} to let {n.who(e.buyer)} buy.",
    Bought: lambda e, n: f"{n.does(e.seat, 'buy')} {card_words(e.face)}.",
    Drew: _drew,
    DeckTurned: lambda e, n: f"The discard pile is turned over to make a new deck of "
                             f"{count(e.cards, 'card')}.",
    Melded: lambda e, n: f"{n.does(e.seat, 'lay')} down a meld of {names(e.faces)} for "
                         f"{count(e.points, 'point')}.",
    Added: lambda e, n: f"{n.does(e.seat, 'add')} {names(e.faces)} to {names(e.meld_faces)} "
                        f"for {count(e.points, 'point')}.",
    Discarded: lambda e, n: f"{n.does(e.seat, 'discard')} {card_words(e.face)}.",
    RoundAdvanced: lambda e, n: f"Round {e.round} begins.",
    WentOut: lambda e, n: f"{n.does(e.seat, 'go')} out!",
    HandOver: _hand_over,
    MatchOver: _match_over,
}
