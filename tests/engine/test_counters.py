"""No counter of the engine or the wire overflows in a long match.

The dealing games number a fresh deck by the hand (D2.1, DN2.1, W2.1), so the deck
number grows with the match, and every card reference packs it. A Dragon Den match
once stopped at its 256th hand: the deck number had outgrown its wire kind (0..255).
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.cards import MAX_DECKS, ref
from engine.chance import CHANCE
from engine.local import play
from engine.registry import get_game
from engine.wire import pack, unpack

OLD_BOUND = 256  # the deck numbers the wire took before (an Index, 0..255)
DEALING_GAMES = {"dragon": 4, "den": 4, "wild": 3}


def played_whole(game, state, seed: int) -> list:
    """Play `state` to the end with random bots; every action crosses the wire and back
    (the door refuses a field out of its kind with IllegalAction)."""
    bots = [RandomBot(seed + s) for s in range(state.seats)]
    actions = []
    for action, _ in play(game, state, bots, seed):
        assert unpack(pack(action)) == action
        actions.append(action)
    return actions


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(sorted(DEALING_GAMES)),
       hand=st.one_of(st.sampled_from([OLD_BOUND - 1, OLD_BOUND, MAX_DECKS - 1]),
                      st.integers(OLD_BOUND, MAX_DECKS - 1)),
       seed=st.integers(0, 2**16))
def test_a_hand_dealt_late_in_a_match_crosses_the_wire(game_id, hand, seed):
    """A hand numbered anywhere up to the deck kind's top plays like the first (and,
    with hands=1, ends the match)."""
    game = get_game(game_id)
    state = game.setup(*game.configure({"hands": 1}, DEALING_GAMES[game_id]))
    state.hand = hand - 1
    state.next_hand(state.requests[0].faces)  # the match's `hand`-th hand, on deck `hand`
    actions = played_whole(game, state, seed)
    assert state.hand == hand and game.outcome(state) is not None
    assert any(a.seat == CHANCE and a.deck == hand for a in actions if hasattr(a, "deck"))
    assert all(r < ref(MAX_DECKS, 0) for a in actions for r in getattr(a, "refs", ()))


def test_a_den_match_past_the_old_bound_plays_to_its_end():
    """A table's longest Den match (no target in reach, a cap past 255 hands) ends as set."""
    game = get_game("den")
    config, seats = game.configure({"target": 1000, "bust": False, "hands": OLD_BOUND + 4}, 2)
    state = game.setup(config, seats)
    played_whole(game, state, 5)
    assert state.hand == OLD_BOUND + 4 and game.outcome(state) is not None
