"""A baseline Dragon bot: shed long, low combinations; keep 2s and bombs for need."""

from __future__ import annotations

from engine.bots import Bot, Policy
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


class GreedyBot(Bot, Policy):
    """Easy: the cheapest play, longest first when leading; a pass rather than spend 2s
    or bombs unless someone is about to go out. As a Policy it plays sampled worlds."""

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        return _pick(obs.legal, obs.seat, view.counts, bool(view.trick))

    def act(self, game, state, seat) -> Action | None:
        return _pick(game.legal_actions(state, seat), seat, state.counts,
                     bool(state.trick_plays))

    def ranked(self, game, obs) -> list[Action]:
        """The legal actions, the likeliest good ones first: a search's candidates."""
        legal = list(obs.legal)
        return sorted(legal, key=lambda a: (0, _strength_used(a.faces), -len(a.faces),
                                            max(a.faces)) if type(a).__name__ == "Play"
                      else (1,) if type(a).__name__ == "Pass" else (-1,))


def _pick(legal, seat, counts, trick: bool) -> Action | None:
    if not legal:
        return None
    plays = [a for a in legal if hasattr(a, "faces")]
    declare = [a for a in plays if type(a).__name__ == "DeclareDragon"]
    if declare:
        return declare[0]
    plays = [a for a in plays if type(a).__name__ == "Play"]
    if not plays:
        return legal[0]
    others = [c for s, c in enumerate(counts) if s != seat and c]
    pressed = bool(others) and min(others) <= DANGER
    if not trick:
        return min(plays, key=lambda a: (_strength_used(a.faces), -len(a.faces), max(a.faces)))
    cheapest = min(plays, key=lambda a: (_strength_used(a.faces), max(a.faces)))
    if _strength_used(cheapest.faces) and not pressed and len(legal) > len(plays):
        return next(a for a in legal if type(a).__name__ == "Pass")
    return cheapest
