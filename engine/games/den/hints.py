"""Dragon Den's actions said as a hint would say them: 'lay the 5 of Taiyang (Yang) on the
north pile'."""

from __future__ import annotations

from engine.games.den.rules import EndTurn, MovePile, Play, card_words
from engine.games.den.words import pile_words
from engine.tell import join_words

HINTERS = {
    Play: lambda a, view, names: f"lay {join_words([card_words(f) for f in a.faces])} on "
                           f"{pile_words(a.pile)}",
    MovePile: lambda a, view, names: f"move {pile_words(a.source)} onto {pile_words(a.target)}",
    EndTurn: lambda a, view, names: "end the turn",
}
