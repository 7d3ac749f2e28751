"""Dragons Wild's actions said as a hint would say them, in the log's words: 'lay down
three 4s (Unicorns, Basilisks and a Dragon)', 'add the 8 of Pegasi to Ana's meld (a run of
Pegasi from 5 to 7)'."""

from __future__ import annotations

from engine.games.wild import moves
from engine.games.wild.cards import FIRST_DRAGON, card_words
from engine.games.wild.melds import new_meld
from engine.games.wild.words import cards_words, meld_words


def _standing(action: moves.Meld | moves.AddToMeld) -> str:
    """Where the Dragon stands, when the action lays one in a run."""
    dragon = any(f >= FIRST_DRAGON for f in action.faces)
    return f", the Dragon standing for {action.wild_as}" if dragon and action.wild_as else ""


def _laid(action: moves.Meld, view, n) -> str:
    return f"lay down {meld_words(new_meld(action.seat, action.faces, action.wild_as).faces())}"


def _added(action: moves.AddToMeld, view, n) -> str:
    meld = view.melds[action.meld]
    return f"add {cards_words(action.faces)} to {n.whose(meld.owner)} meld " \
           f"({meld_words(meld.faces)}){_standing(action)}"


def _answer(action: moves.AnswerBuyer, view, n) -> str:
    card = card_words(view.discard[-1]) if view.discard else "the discard"
    if action.allow:
        return f"let {n.who(view.buyer)} buy {card}" if view.buyer >= 0 else f"let {card} go"
    return f"take {card} itself"


HINTERS = {
    moves.AskToBuy: lambda a, view, n: f"ask to buy {card_words(view.discard[-1])}",
    moves.DeclineToBuy: lambda a, view, n: f"let {card_words(view.discard[-1])} go",
    moves.AnswerBuyer: _answer,
    moves.Draw: lambda a, view, n: f"take from {'the discard' if a.from_discard else 'the deck'}",
    moves.Meld: _laid,
    moves.AddToMeld: _added,
    moves.Discard: lambda a, view, n: f"discard {card_words(a.faces[0])}",
}
