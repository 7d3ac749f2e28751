"""A baseline Dragon bot: shed long, low combinations; keep 2s and bombs for need."""

from __future__ import annotations

import itertools

from engine.bots import Bot, Policy
from engine.cards import mask_of
from engine.games.dragon import combos
from engine.games.dragon.cards import rank
from engine.games.dragon.rules import DeclareDragon, Pass, Play
from engine.wire import Action

DANGER = 3  # an opponent this close to going out makes the bot spend its strength


def strength_used(mask: int) -> int:
    """How much of the hand's power a play spends: 2s and bombs are precious."""
    low = (mask & -mask).bit_length() - 1
    bomb = mask.bit_count() == 4 and low >> 2 == (mask.bit_length() - 1) >> 2
    return (mask & combos.ALL_TWOS).bit_count() + 2 * bomb


class GreedyBot(Bot, Policy):
    """Easy: the cheapest play, longest first when leading; a pass rather than spend 2s
    or bombs unless someone is about to go out. As a Policy it plays sampled worlds."""

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        return pick(obs.legal, obs.seat, view.counts, bool(view.trick))

    def act(self, game, state, seat) -> Action | None:
        return pick(game.legal_actions(state, seat), seat, state.counts,
                     bool(state.trick_plays))

    def ranked(self, game, obs) -> list[Action]:
        """The legal actions, the likeliest good ones first: a search's candidates. A pass
        comes straight after a Dragon: letting a trick go to keep a high card is the choice
        most often right where the cheapest beat is not, and among a dozen beats it would
        otherwise fall past the search's width. A play of the same ranks as one ranked before
        it (only its suits differ) comes after every play of other ranks: else one run in
        its suits fills the search's width, and the pairs, singles and 2s the hand might
        lead or beat with never meet a world."""
        def key(a):
            if type(a) is Play:
                mask = mask_of(a.faces)
                return (1, strength_used(mask), -len(a.faces), mask.bit_length())
            return (0,) if type(a) is Pass else (-1,)
        ranked = sorted(obs.legal, key=key)
        shapes, first, variants = set(), [], []
        for action in ranked:
            shape = _shape(action)
            (variants if shape in shapes else first).append(action)
            shapes.add(shape)
        return first + variants


def _shape(action: Action):
    """A play's ranks, card by card (its suits left out), or the action itself when it
    plays no cards."""
    if type(action) is not Play:
        return action
    return tuple(sorted(rank(f) for f in action.faces))


def plays(legal):
    """(mask, action) per play in `legal`, in its order; a lazy list's plays come as masks
    with no action, so the hundreds of runs a lead may offer are weighed without being
    built (a search's playouts run this at every move)."""
    if isinstance(legal, combos.Plays):
        for action in legal.head:
            if type(action) is Play:
                yield mask_of(action.faces), action
        for block in legal.blocks:
            for picks in itertools.product(*block):
                yield sum(picks), None
    else:
        for action in legal:
            if type(action) is Play:
                yield mask_of(action.faces), action


def pick(legal, seat, counts, trick: bool) -> Action | None:
    if not legal:
        return None
    heads = legal.head if isinstance(legal, combos.Plays) else legal
    declare = next((a for a in heads if type(a) is DeclareDragon), None)
    if declare is not None:
        return declare
    best, best_key, best_action = None, None, None
    for mask, action in plays(legal):
        # leading: spend least strength, then shed most cards, then lowest top card;
        # following: least strength, then lowest top (every beating play has one size)
        key = (strength_used(mask), -mask.bit_count(), mask.bit_length()) if not trick \
            else (strength_used(mask), mask.bit_length())
        if best_key is None or key < best_key:
            best, best_key, best_action = mask, key, action
    if best is None:
        return legal[0]
    chosen = best_action if best_action is not None else legal.make(best)
    others = [c for s, c in enumerate(counts) if s != seat and c]
    pressed = bool(others) and min(others) <= DANGER
    if trick and best_key[0] and not pressed:
        passing = next((a for a in heads if type(a) is Pass), None)
        if passing is not None:
            return passing
    return chosen
