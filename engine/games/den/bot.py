"""A baseline Dragon Den bot: shed as many cards as it can, longest sequences first."""

from __future__ import annotations

from engine.bots import Bot
from engine.games.den.rules import FOUNDATIONS, MovePile, Play
from engine.wire import Action


class GreedyBot(Bot):
    def choose(self, game, obs) -> Action | None:
        legal = obs.legal
        if not legal:
            return None
        piles = obs.view["piles"]
        best, best_key = None, None
        for action in legal:
            key = _worth(action, piles)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best


def _worth(action: Action, piles) -> tuple:
    """Cards shed first; building on a pile (or filling a corner) keeps the cross open;
    a high first card leaves more room below it. A pile move frees a foundation."""
    if isinstance(action, Play):
        keeps_open = bool(piles[action.pile]) or action.pile >= FOUNDATIONS
        return (2, len(action.faces), keeps_open, action.faces[0])
    if isinstance(action, MovePile):
        return (1,)
    return (0,)  # ending the turn
