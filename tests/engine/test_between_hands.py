"""Between two hands the table is the hand just played, as its result tells it: the cards
left in hand, the trick, the piles, the discard and the melds stay until the next deck is
shuffled (which the table's pause holds back), then the next hand's table is laid."""

import pytest

from engine.bots import make_bot
from engine.chance import Shuffled
from engine.local import play
from engine.registry import get_game


@pytest.mark.parametrize("game_id", ["dragon", "den", "wild"])
def test_between_hands_the_table_stays_as_the_hand_left_it(game_id):
    game = get_game(game_id)
    config, seats = game.configure({}, 4)
    state = game.setup(config, seats)
    bots = [make_bot(game, "greedy", s) for s in range(seats)]
    before, ended, between = game.view(state, None), None, 0
    for action, events in play(game, state, bots, 3):
        view = game.view(state, None)
        names = {type(e).__name__ for e in events}
        if "HandOver" in names and "MatchOver" not in names:
            ended = view
            # nobody but the seat whose play ended the hand lost a card to its end
            mover = getattr(action, "seat", -1)
            assert all(view.counts[s] == before.counts[s]
                       for s in range(seats) if s != mover), (before.counts, view.counts)
            assert any(view.counts), "someone still holds cards under the result"
            assert view.to_act == () and view.turn == -1
        elif ended is not None:
            assert isinstance(action, Shuffled), action
            assert not any(view.counts), "the next hand's table, laid at its shuffle"
            between, ended = between + 1, None
        before = view
    assert between >= 1
