"""A baseline Dragon Den bot: shed as many cards as it can, longest sequences first."""

from __future__ import annotations

from engine.bots import Bot, Policy
from engine.games.den.rules import FOUNDATIONS, MovePile, Play
from engine.wire import Action


class GreedyBot(Bot, Policy):
    """Easy: shed the most cards. As a Policy it plays sampled worlds."""

    def choose(self, game, obs) -> Action | None:
        return pick(obs.legal, obs.view.piles)

    def act(self, game, state, seat) -> Action | None:
        return pick(game.legal_actions(state, seat), state.piles)

    def ranked(self, game, obs) -> list[Action]:
        """The legal actions, the likeliest good ones first: a search's candidates."""
        return ranked(obs.legal, obs.view.piles)


def ranked(legal, piles) -> list[Action]:
    """The legal actions, the easy bot's choice first."""
    return sorted(legal, key=lambda a: _worth(a, piles), reverse=True)


def pick(legal, piles) -> Action | None:
    if not legal:
        return None
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
