"""Dragon Den's legal actions are exactly what the rules allow, by brute force."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.games.den import rules
from engine.games.den.cards import DRAGON, force, rank
from engine.local import play
from engine.registry import get_game

GAME = get_game("den")
LONGEST = 4  # brute force looks at sequences up to this long


def _fits(top, face) -> bool:
    return rank(face) == rank(top) - 1 and force(face) != force(top)


def _allowed(state, pile, seq) -> bool:
    """Clauses DN4.1, DN4.2, DN5.1 and DN7.1, read straight from the text."""
    cards = state.piles[pile]
    if cards:
        first_ok = _fits(cards[-1], seq[0])
    else:
        first_ok = pile < rules.FOUNDATIONS or rank(seq[0]) == DRAGON
    return first_ok and all(_fits(a, b) for a, b in itertools.pairwise(seq))


def _brute_plays(state, seat):
    hand = sorted((state.faces[r] for r in state.held[seat]), key=lambda f: -rank(f))
    out = set()
    for size in range(1, LONGEST + 1):
        for seq in itertools.combinations(hand, size):
            out.update((p, seq) for p in range(rules.PILES) if _allowed(state, p, seq))
    return out


def _brute_moves(state):
    piles = state.piles
    return {(s, t) for s in range(rules.FOUNDATIONS) for t in range(rules.PILES)
            if s != t and piles[s] and piles[t] and _fits(piles[t][-1], piles[s][0])}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), seats=st.integers(2, 4))
def test_DN4_to_DN7_legal_actions_are_exactly_the_rules(seed, seats):
    config, seats = GAME.configure({"hands": 1}, seats)
    state = GAME.setup(config, seats)
    rng = random.Random(seed)
    checked = 0
    for _ in play(GAME, state, [RandomBot(seed + s) for s in range(seats)], seed):
        if state.requests or state.phase != rules.PLAYING or rng.random() > 0.2:
            continue
        legal = GAME.legal_actions(state, state.turn)
        plays = {(a.pile, a.faces) for a in legal if isinstance(a, rules.Play)}
        assert {p for p in plays if len(p[1]) <= LONGEST} == _brute_plays(state, state.turn)
        moves = {(a.source, a.target) for a in legal if isinstance(a, rules.MovePile)}
        assert moves == _brute_moves(state)
        assert sum(isinstance(a, rules.EndTurn) for a in legal) == 1
        assert len(legal) == len(list(legal))
        checked += 1
    assert checked or GAME.outcome(state) is not None
