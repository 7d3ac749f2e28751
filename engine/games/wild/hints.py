"""Dragons Wild's actions said as a hint would say them, cards by name: 'add the 8 of Pegasi
to Ana's meld of …'."""

from __future__ import annotations

from engine.games.wild.cards import FIRST_DRAGON, card_words, names
from engine.games.wild.moves import (
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    DeclineToBuy,
    Discard,
    Draw,
    Meld,
)


def _standing(action: Meld | AddToMeld) -> str:
    """Where the Dragon stands, when the action lays one in a run."""
    dragon = any(f >= FIRST_DRAGON for f in action.faces)
    return f", the Dragon standing for {action.wild_as}" if dragon and action.wild_as else ""


def _added(action: AddToMeld, view, n) -> str:
    meld = view.melds[action.meld]
    return f"add {names(action.faces)} to {n.whose(meld.owner)} meld of {names(meld.faces)}" \
           f"{_standing(action)}"


def _answer(action: AnswerBuyer, view, n) -> str:
    card = card_words(view.discard[-1]) if view.discard else "the discard"
    if action.allow:
        return f"let {n.who(view.buyer)} buy {card}" if view.buyer >= 0 else f"let {card} go"
    return f"take {card} itself"


HINTERS = {
    AskToBuy: lambda a, view, n: f"ask to buy {card_words(view.discard[-1])}",
    DeclineToBuy: lambda a, view, n: f"let {card_words(view.discard[-1])} go",
    AnswerBuyer: _answer,
    Draw: lambda a, view, n: f"take from {'the discard' if a.from_discard else 'the deck'}",
    Meld: lambda a, view, n: f"lay down a meld of {names(a.faces)}{_standing(a)}",
    AddToMeld: _added,
    Discard: lambda a, view, n: f"discard {card_words(a.faces[0])}",
}
