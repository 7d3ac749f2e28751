"""Dragon's actions said as a hint would say them: 'play a pair of 7s (Stars and Coins)'."""

from __future__ import annotations

from engine.games.dragon.combos import play_words
from engine.games.dragon.rules import DeclareDragon, Pass, Play

HINTERS = {
    Play: lambda action, view, names: f"play {play_words(action.faces)}",
    Pass: lambda action, view, names: "pass",
    DeclareDragon: lambda action, view, names: "show its Dragon",
}
