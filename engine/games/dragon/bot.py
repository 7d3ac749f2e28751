"""A baseline Dragon bot: shed long, low combinations; keep 2s and bombs for need."""

from __future__ import annotations

from engine.bots import Bot
from engine.cards import mask_of
from engine.games.dragon import combos
from engine.games.dragon.cards import TWO
from engine.wire import Action

DANGER = 3  # an opponent this close to going out makes the bot spend its strength


def _strength_used(faces) -> int:
    """How much of the hand's power a play spends: 2s and bombs are precious."""
    mask = mask_of(faces)
    kind = combos.classify(mask)[0]
    return sum(1 for f in faces if f >> 2 == TWO) + (2 if kind == combos.BOMB else 0)


class GreedyBot(Bot):
    def choose(self, game, obs) -> Action | None:
        legal, seat = obs.legal, obs.seat
        if not legal:
            return None
        plays = [a for a in legal if hasattr(a, "faces")]
        declare = [a for a in plays if type(a).__name__ == "DeclareDragon"]
        if declare:
            return declare[0]
        plays = [a for a in plays if type(a).__name__ == "Play"]
        if not plays:
            return legal[0]
        view = obs.view
        others = [c for s, c in enumerate(view["counts"]) if s != seat and c]
        pressed = bool(others) and min(others) <= DANGER
        if not view["trick"]:
            return min(plays, key=lambda a: (_strength_used(a.faces), -len(a.faces), max(a.faces)))
        cheapest = min(plays, key=lambda a: (_strength_used(a.faces), max(a.faces)))
        if _strength_used(cheapest.faces) and not pressed and len(legal) > len(plays):
            return next(a for a in legal if type(a).__name__ == "Pass")
        return cheapest
