"""Dragons Wild's events told to one listener (engine.tell)."""

from __future__ import annotations

from engine import hand_events
from engine.chance import TimeUp
from engine.games.wild import moves
from engine.games.wild.cards import SUIT_NAMES, card_words, is_dragon, number, suit
from engine.games.wild.rules import GAME
from engine.tell import Names, capital, count, join_words, signed

#: how many cards a set holds, as said aloud ("three 4s")
SET_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen")


def meld_words(faces) -> str:
    """A meld as a player says it: 'three 4s (Unicorns, Basilisks and a Dragon)', 'a run of
    Griffins from 3 to 5', 'a run of Phoenixes from 6 to 8 (a Dragon as the 7)'. Faces come
    in table order (melds.Meld.faces): a run low to high with its Dragon in place."""
    naturals = [f for f in faces if not is_dragon(f)]
    if _is_set(naturals):
        return f"{SET_WORDS[len(faces)]} {_set_number(naturals)} ({_set_suits(faces)})"
    return f"a run of {_run_words(faces)}"


def grown_words(faces) -> str:
    """A meld just added to, told by what it now is: 'the 8s, five now', 'the run of
    Griffins, now from 3 to 6'."""
    naturals = [f for f in faces if not is_dragon(f)]
    if _is_set(naturals):
        return f"the {_set_number(naturals)}, {SET_WORDS[len(faces)]} now"
    return f"the run of {_run_words(faces, 'now ')}"


def _is_set(naturals) -> bool:
    return len(naturals) != 1 and len({number(f) for f in naturals}) <= 1


def _set_number(naturals) -> str:
    return f"{number(naturals[0])}s" if naturals else "Dragons"


def _set_suits(faces) -> str:
    dragons = sum(map(is_dragon, faces))
    parts = [SUIT_NAMES[suit(f)] for f in faces if not is_dragon(f)]
    return join_words(parts + ([count(dragons, "Dragon") if dragons > 1 else "a Dragon"]
                               if dragons else []))


def _run_words(faces, now: str = "") -> str:
    """'Griffins from 3 to 5', 'Phoenixes, now from 6 to 8 (a Dragon as the 7)'."""
    natural = next(f for f in faces if not is_dragon(f))
    first = number(natural) - faces.index(natural)
    dragons = join_words([f"the {first + i}" for i, f in enumerate(faces) if is_dragon(f)])
    lead = f", {now}" if now else " "
    span = f"{SUIT_NAMES[suit(natural)]}{lead}from {first} to {first + len(faces) - 1}"
    return span + (f" (a Dragon as {dragons})" if dragons else "")


def cards_words(faces) -> str:
    """'the 8 of Pegasi', 'the 5 of Griffins and a Dragon'."""
    return join_words([card_words(f) for f in faces])


def _drew(e: moves.Drew, n: Names) -> str:
    card = card_words(e.face) if e.face >= 0 else "a card"
    if e.penalty:
        return f"{n.does(e.seat, 'take')} {card} as the penalty."
    source = "the discard" if e.from_discard else "the deck"
    return f"{n.does(e.seat, 'take')} {card} from {source}."


def _hand_over(e: moves.HandOver, n: Names) -> str:
    how = "the deck ran dry" if e.went_out < 0 else f"{n.who(e.went_out)} went out"
    paid = [f"{n.who(s)} {signed(-p)}" for s, p in enumerate(e.penalties) if p]  # W12: lost
    penalties = f" Penalties: {join_words(paid)}." if paid else ""
    return f"Hand {e.hand} is over: {how}.{penalties}"


TELLERS = {
    moves.HandStarted: hand_events.hand_started,
    moves.CardsDealt: hand_events.cards_dealt,
    moves.DiscardTurned: lambda e, n: f"The first discard is {card_words(e.face)}.",
    moves.BuyOffered: lambda e, n: f"{capital(card_words(e.face))} "
                                   f"is on offer to {n.group(e.seats)}.",
    moves.BuyAsked: lambda e, n: f"{n.does(e.seat, 'ask')} to buy.",
    # actions, not events: a seat's no to buying makes none, nor the buying window's
    # timer running out (W10.2, Wild's only timer) (Game.told)
    moves.DeclineToBuy: lambda a, n: f"{n.does(a.seat, 'decline')} to buy.",
    TimeUp: lambda a, n: "The time to ask to buy is up.",
    moves.BuyAnswered: lambda e, n: f"{n.does(e.seat, 'let')} {n.who(e.buyer)} buy." if e.allow
    else f"{n.does(e.seat, 'refuse')} to let {n.who(e.buyer)} buy.",
    moves.Bought: lambda e, n: f"{n.does(e.seat, 'buy')} {card_words(e.face)}.",
    moves.Drew: _drew,
    moves.DeckTurned: lambda e, n: f"The discard pile is turned over to make a new deck of "
                                   f"{count(e.cards, 'card')}.",
    moves.Melded: lambda e, n: f"{n.does(e.seat, 'lay')} down {meld_words(e.faces)} for "
                               f"{count(e.points, 'point')}.",
    moves.Added: lambda e, n: f"{n.does(e.seat, 'add')} {cards_words(e.faces)} to "
                              f"{grown_words(e.meld_faces)}, for {count(e.points, 'point')}.",
    moves.Discarded: lambda e, n: f"{n.does(e.seat, 'discard')} {card_words(e.face)}.",
    moves.RoundAdvanced: lambda e, n: f"Round {e.round} begins.",
    moves.WentOut: lambda e, n: f"{n.does(e.seat, 'go')} out!",
    moves.HandOver: _hand_over,
    moves.MatchOver: hand_events.match_over(GAME.score_unit),
}
