"""Dragon's Gold's hard bot at the talks: what it learns each seat accepts, and the split it
proposes to pass (engine.games.gold.haggle)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.gold.bot import BASIC_VALUE, HardBot, proportional_split
from engine.games.gold.flow import NEGOTIATE
from engine.games.gold.haggle import EASE, FIRST_ASK, LEAST_ASK, RAISE, Asks, Splits
from engine.games.gold.moves import Accepted, Agreed, HoardLost, Proposed, Rejected
from tests.engine.test_bots import applies, recorded, witnessed

ME = 1
SPLIT = ((1, 0, 0, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0, 0, 0), (0, 0, 1, 0, 0, 0, 0, 0, 0))


def proposed(seat: int, serial: int) -> Proposed:
    return Proposed(seat, serial, SPLIT, (0, 1, 2))


def test_a_seat_that_accepts_is_asked_less_and_one_that_refuses_more():
    asks = Asks()
    asks.learn([proposed(ME, 5), Accepted(0, 5), Rejected(2, 5)], ME)
    assert asks.of(0) == FIRST_ASK * EASE
    assert asks.of(2) == FIRST_ASK * RAISE
    assert asks.of(3) == FIRST_ASK  # never answered a proposal of the bot's


def test_each_answer_counts_once_though_the_history_is_read_again():
    asks = Asks()
    history = [proposed(ME, 5), Accepted(0, 5), Agreed(5)]
    asks.learn(history, ME)
    asks.learn(history, ME)
    assert asks.of(0) == FIRST_ASK * EASE


def test_a_counter_proposal_and_the_sand_running_out_are_refusals():
    asks = Asks()
    asks.learn([proposed(ME, 5), Accepted(0, 5), proposed(2, 6), proposed(ME, 7),
                Accepted(2, 7), HoardLost((0,) * 9)], ME)
    assert asks.of(2) == FIRST_ASK * RAISE * EASE  # countered 5, then accepted 7
    assert asks.of(0) == FIRST_ASK * EASE * RAISE  # accepted 5, let 7 run out


def test_answers_to_other_seats_proposals_teach_nothing():
    asks = Asks()
    asks.learn([proposed(0, 5), Rejected(2, 5), proposed(2, 6), Accepted(0, 6)], ME)
    assert asks.ask == {}


def test_an_ask_stays_within_its_bounds():
    asks = Asks()
    asks.learn([event for serial in range(1, 40)
                for event in (proposed(ME, serial), Accepted(0, serial))], ME)
    assert asks.of(0) == LEAST_ASK


counts = st.lists(st.integers(0, 4), min_size=9, max_size=9)


@settings(max_examples=60, deadline=None)
@given(hoard=counts.filter(any), screens=st.lists(counts, min_size=4, max_size=4),
       involved=st.sampled_from([(0, 1), (1, 2, 3), (0, 1, 2, 3)]),
       powers=st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_the_split_shares_the_whole_hoard_and_passes_where_the_fair_one_does(
        hoard, screens, involved, powers):
    """From the fair split, the bot's split still hands out exactly the hoard; every want
    the fair split met it meets too (each other share holds a token), and it gains the
    bot at least what the fair split does."""
    fair = proportional_split(hoard, [powers[s] for s in involved], BASIC_VALUE)
    splits = Splits(screens, False, involved, ME)
    dues = splits.gains(fair)
    wants = [max(0, due) for due in dues]
    split, gain = splits.best(fair, wants, 12)
    assert [sum(col) for col in zip(*split, strict=True)] == hoard
    assert all(n >= 0 for share in split for n in share)
    gains = splits.gains(split)
    assert gain == gains[involved.index(ME)]
    me = involved.index(ME)
    passes = all(dues[k] >= wants[k] and any(fair[k]) for k in range(len(fair)) if k != me)
    if passes:
        assert gain >= dues[me]
        assert all(gains[k] >= wants[k] and any(split[k])
                   for k in range(len(split)) if k != me)


def test_at_the_talks_the_hard_bot_plays_legally_and_keeps_to_a_split_it_accepted():
    """Every decision at the talks of a recorded match: the hard bot's answer is legal,
    and where it has accepted another seat's split it waits on the others rather than
    withdraw its word with a proposal of its own."""
    game, fresh, actions, points = recorded("gold", 4, 40, phase=NEGOTIATE)
    assert points
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        chosen = HardBot(7).choose(game, obs)
        assert applies(game, obs, chosen)
        talks = obs.known.talks
        if talks is not None and talks.serial and talks.by != seat \
                and talks.accepted >> seat & 1:
            assert chosen is None
