"""Wild's hard bot plays every hand for the match (issue 41): a playout's end is worth its
odds of winning the match from there, not its lead over the best other seat alone."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.games.wild.bots.bot import HAND_SPREAD
from engine.games.wild.moves import MatchOver
from engine.local import play
from engine.registry import get_game
from engine.search import ODDS, match_odds, value

WILD = get_game("wild")


def between_hands(scores, hand: int = 1, **options):
    """A four-seat Wild match about to deal its hand number `hand`, with these scores."""
    config, seats = WILD.configure(options, 4)
    state = WILD.setup(config, seats)
    state.hand, state.scores = hand, list(scores)
    return state


def test_wild_counts_the_hands_left_of_a_match_of_deals():
    assert WILD.hands_left(between_hands((0, 0, 0, 0))) == 4  # one a player (W13.2)
    assert WILD.hands_left(between_hands((0, 0, 0, 0), hands=2)) == 2  # the limit (W13.3)
    assert WILD.hands_left(between_hands((0, 0, 0, 0), match="points")) is None
    # a whole first hand played: three still to come
    config, seats = WILD.configure({}, 4)
    state = WILD.setup(config, seats)
    bots = [make_bot(WILD, "easy", s) for s in range(seats)]
    for _ in play(WILD, state, bots, 7):
        if state.hand == 2:
            break
    assert WILD.hands_left(state) == 3
    state.end_match(MatchOver, state.scores)
    assert WILD.hands_left(state) == 0


def test_match_odds_grow_with_every_seat_beaten_and_sharpen_near_the_end():
    assert match_odds((50, 50, 50, 50), 0, 20) == pytest.approx(1 / 8)
    assert match_odds((60, 50, 50, 50), 0, 20) > match_odds((60, 60, 50, 50), 0, 20)
    # ten points ahead of all counts for more with one hand left than with four
    assert match_odds((60, 50, 50, 50), 0, 20) > match_odds((60, 50, 50, 50), 0, 40) > 1 / 8


def test_hard_weighs_every_seat_where_the_lead_alone_sees_only_the_best():
    hard, normal = make_bot(WILD, "hard", 1), make_bot(WILD, "normal", 1)
    assert hard.spread == HAND_SPREAD and not hard.to_win
    assert normal.spread is None and not normal.to_win  # normal plays each hand for its lead
    field_behind = between_hands((100, 100, 0, 0), hand=2)
    field_close = between_hands((100, 100, 99, 99), hand=2)
    # level with the leader either way: the lead alone cannot tell them apart
    assert value(WILD, field_behind, 0) == value(WILD, field_close, 0) == 0
    assert value(WILD, field_behind, 0, hard.to_win, hard.spread) > \
        value(WILD, field_close, 0, hard.to_win, hard.spread)
    # a point of lead is worth a hundredth of a percent of the match, no more
    odds = match_odds((100, 100, 0, 0), 0, HAND_SPREAD * 3**0.5)
    assert value(WILD, field_behind, 0, hard.to_win, hard.spread) == pytest.approx(ODDS * odds)


def test_hard_plays_the_last_hand_for_the_win_itself():
    hard = make_bot(WILD, "hard", 1)
    won = between_hands((110, 100, 90, 95), hand=4)
    won.end_match(MatchOver, won.scores)
    lost = between_hands((100, 110, 90, 95), hand=4)
    lost.end_match(MatchOver, lost.scores)
    assert value(WILD, won, 0, hard.to_win, hard.spread) == ODDS + 10
    assert value(WILD, lost, 0, hard.to_win, hard.spread) == -10
