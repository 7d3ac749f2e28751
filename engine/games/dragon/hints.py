"""Dragon's actions said as a hint would say them: 'play a pair of 7s (7S 7C)'."""

from __future__ import annotations

from engine.cards import mask_of
from engine.games.dragon import combos
from engine.games.dragon.rules import DeclareDragon, Pass, Play
from engine.games.dragon.words import play_words


def _play(action: Play, view, names) -> str:
    kind = combos.KIND_NAMES[combos.classify(mask_of(action.faces))[0]]
    return f"play {play_words(action.faces, kind)}"


HINTERS = {
    Play: _play,
    Pass: lambda action, view, names: "pass",
    DeclareDragon: lambda action, view, names: "show its Dragon",
}
