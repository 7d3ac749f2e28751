"""A baseline Dragon Den bot: shed as many cards as it can, longest sequences first."""

from __future__ import annotations

from engine.bots import Bot, Policy
from engine.games.den.cards import FITS
from engine.games.den.rules import END_TURN, FOUNDATIONS, MOVES, PLAYING, MovePile, Play
from engine.wire import Action


class GreedyBot(Bot, Policy):
    """Easy: shed the most cards. As a Policy it plays sampled worlds."""

    def choose(self, game, obs) -> Action | None:
        return pick(obs.legal, obs.view.piles)

    def act(self, game, state, seat) -> Action | None:
        return greedy(state, seat)

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


def greedy(state, seat: int) -> Action | None:
    """`pick(game.legal_actions(state, seat), state.piles)`, found without listing every
    sequence of the hand: a search's playouts make this choice at every turn of every
    world, and building each legal play to keep one cost a third of a playout's time. The
    same choice, ties included: the longest play, one that keeps the cross open, the
    highest first card, then the first in the legal actions' order (the lowest pile; the
    lowest card at each step of the run); else the first pile move; else ending the turn."""
    if state.phase != PLAYING or state.requests or seat != state.turn \
            or not state.known >> seat & 1:
        return None
    hand, piles, accepts = state.masks[seat], state.piles, state.accepts
    longest: dict[int, int] = {}
    best_key, best = None, None
    for p, takes in enumerate(accepts):
        heads = hand & takes
        while heads:
            bit = heads & -heads
            heads ^= bit
            face = bit.bit_length() - 1
            key = (_run_length(face, hand, longest), bool(piles[p]) or p >= FOUNDATIONS, face)
            if best_key is None or key > best_key:
                best_key, best = key, (p, face)
    if best is not None:
        pile, face = best
        faces = [face]
        while len(faces) < best_key[0]:  # down the run, the lowest card that keeps it longest
            below = hand & FITS[faces[-1]]
            while _run_length((low := (below & -below).bit_length() - 1), hand, longest) \
                    != best_key[0] - len(faces):
                below &= below - 1
            faces.append(low)
        return Play(seat, pile, tuple(state.face_ref[f] for f in faces), tuple(faces))
    firsts = state.firsts
    for p, takes in enumerate(accepts):
        if takes & firsts and piles[p]:
            for q in range(FOUNDATIONS):
                if piles[q] and takes >> piles[q][0] & 1:
                    return MOVES[seat][q][p]
    return END_TURN[seat]


def _run_length(face: int, hand: int, memo: dict[int, int]) -> int:
    """The longest sequence of `hand` that `face` begins (DN4.2), `face` counted."""
    n = memo.get(face)
    if n is None:
        below, n = hand & FITS[face], 0
        while below:
            bit = below & -below
            below ^= bit
            n = max(n, _run_length(bit.bit_length() - 1, hand, memo))
        n = memo[face] = n + 1
    return n
