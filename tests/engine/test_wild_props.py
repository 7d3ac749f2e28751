"""Dragons Wild's legal lays are exactly what the rules allow, by brute force."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.errors import IllegalAction
from engine.games.wild import melds, rules
from engine.local import play
from engine.registry import get_game

GAME = get_game("wild")
LARGEST = 5  # brute force looks at lays up to this many cards


def _is(check) -> bool:
    try:
        check()
    except IllegalAction:
        return False
    return True


def _brute_lays(state, seat):
    """Every lay by clauses W5-W7, W9.2 and W9.3, tried with the checking code, not
    generation."""
    hand = sorted(state.faces[r] for r in state.held[seat])
    taken = state.faces[state.taken] if state.taken in state.held[seat] else None
    out = set()
    for size in range(1, min(LARGEST, len(hand) - 1) + 1):
        for faces in itertools.combinations(hand, size):
            if set(hand) - set(faces) == {taken}:  # W9.3: only the taken card would be left
                continue
            for wild_as in range(9):
                if _is(lambda f=faces, w=wild_as: melds.new_meld(seat, f, w)):
                    out.add((-1, faces, wild_as))
                for i, meld in enumerate(state.melds if state.may_add(seat) else ()):
                    if _is(lambda m=meld, f=faces, w=wild_as: melds.extend(m, f, w)):
                        out.add((i, faces, wild_as))
    return out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), seats=st.integers(2, 6))
def test_W5_to_W7_legal_lays_are_exactly_the_rules(seed, seats):
    config, seats = GAME.configure({"hands": 1}, seats)
    state = GAME.setup(config, seats)
    rng = random.Random(seed)
    checked = 0
    for _ in play(GAME, state, [RandomBot(seed + s) for s in range(seats)], seed):
        if (state.requests or state.phase != rules.LAYING or state.laid
                or rng.random() > 0.5 or checked >= 5 or state.counts[state.turn] > 11):
            continue
        seat = state.turn
        lays = set()
        for action in GAME.legal_actions(state, seat):
            if isinstance(action, rules.Meld):
                lays.add((-1, action.faces, action.wild_as))
            elif isinstance(action, rules.AddToMeld):
                lays.add((action.meld, action.faces, action.wild_as))
        assert {lay for lay in lays if len(lay[1]) <= LARGEST} == _brute_lays(state, seat)
        checked += 1
