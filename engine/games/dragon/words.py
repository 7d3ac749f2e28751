"""Dragon's events told to one listener (engine.tell): what a player would say aloud."""

from __future__ import annotations

from engine.cards import mask_of
from engine.games.dragon import combos
from engine.games.dragon.cards import SUIT_NAMES, rank, suit
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

#: ranks as said aloud: "the Queen of Stars", "a pair of Aces"
RANK_WORDS = ("3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace", "2")
#: how many cards of one rank a set holds, as said aloud ("three 7s")
SET_WORDS = {2: "a pair of", 3: "three", 4: "four"}


def rank_words(face: int, plural: bool = False) -> str:
    """'Queen', or 'Queens' / '7s'."""
    return RANK_WORDS[rank(face)] + ("s" if plural else "")


def card_words(face: int) -> str:
    """'the 7 of Stars', 'the Queen of Blades'."""
    return f"the {rank_words(face)} of {SUIT_NAMES[suit(face)]}"


def play_words(faces) -> str:
    """A play as said aloud, with what a player needs to know to beat it: 'the 7 of Stars',
    'a pair of 7s (Stars and Coins)', 'four 2s', 'a run of 3 to 6, up to the 6 of Stars',
    'a double run of 3s to 5s, up to the 5 of Blades'. Suits are told because they break
    ties (clause D5); a bomb holds every suit, so it needs none."""
    faces = sorted(faces)
    combo = combos.classify(mask_of(faces))
    kind = combo[0] if combo else None
    if len(faces) == 1:
        return card_words(faces[0])
    if kind in (combos.PAIR, combos.TRIPLE, combos.BOMB):
        said = f"{SET_WORDS[len(faces)]} {rank_words(faces[0], True)}"
        suits = join_words([SUIT_NAMES[suit(f)] for f in faces])
        return said if kind == combos.BOMB else f"{said} ({suits})"
    if kind in (combos.RUN, combos.DOUBLE_RUN):
        double = kind == combos.DOUBLE_RUN
        span = f"{rank_words(faces[0], double)} to {rank_words(faces[-1], double)}"
        return f"a {'double ' if double else ''}run of {span}, up to {card_words(faces[-1])}"
    return join_words([card_words(f) for f in faces])  # not a combination: each card told


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
