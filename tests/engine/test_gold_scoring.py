"""Dragon's Gold scoring, every case of G14 (basic) and G15 (advanced), and the same points
by category for the end's score table."""

import pytest

from engine.game import top_seats
from engine.games.gold.scoring import CATEGORIES, categories, score
from tests.engine.gold_helpers import counts

NOTHING = counts("")


def screens(*texts):
    return [list(counts(t)) for t in texts]


# G14 basic -------------------------------------------------------------------------

def test_G14_1_to_G14_4_silver_1_gold_3_red_1_black_diamond_7():
    assert score(screens("3s", "2g", "4r", "1K"), False) == (3, 6, 4, 7)
    assert score(screens("3s 2g 4r 1K", "", ""), False) == (3 + 6 + 4 + 7, 0, 0)


def test_G14_2_gold_is_worth_3():
    assert score(screens("4g", "", ""), False) == (12, 0, 0)


def test_G14_3_red_is_worth_1():
    assert score(screens("4r", "", ""), False) == (4, 0, 0)


@pytest.mark.parametrize(("players", "bonus"), [(3, 15), (4, 12), (5, 12), (6, 10)])
def test_G14_5_the_most_of_a_gem_colour_scores_by_player_count(players, bonus):
    table = screens("3B", "1B", *[""] * (players - 2))
    assert score(table, False)[:2] == (bonus, 0)
    assert sum(score(table, False)) == bonus


@pytest.mark.parametrize("colour", ["B", "G", "P", "Y", "W"])
def test_G14_5_each_of_the_five_gem_colours_has_a_majority(colour):
    assert score(screens(f"2{colour}", f"1{colour}", ""), False) == (15, 0, 0)


def test_G14_5_ties_for_the_most_all_score_in_full():
    assert score(screens("2G", "2G", "2G 1s"), False) == (15, 15, 16)
    assert score(screens("2W", "2W", "1W", "2W"), False) == (12, 12, 0, 12)


def test_G14_5_a_colour_nobody_holds_scores_for_nobody():
    assert score(screens("", "", ""), False) == (0, 0, 0)


def test_G14_5_silver_gold_red_and_black_have_no_majority():
    assert score(screens("5s 5g 5r 1K", "1s", ""), False) == (5 + 15 + 5 + 7, 1, 0)


def test_G14_6_the_highest_total_wins_and_ties_all_win():
    assert top_seats((10, 20, 5)) == (1,)
    assert top_seats((20, 20, 5, 20)) == (0, 1, 3)


def test_G14_all_together():
    table = screens("4s 1g 2B 1K", "3B 2G 1r", "2s 2g 2G 1W")
    # seat 0: 4 + 3 + 7; seat 1: blue 15, green tie 15, red 1; seat 2: 2 + 6, green 15, white 15
    assert score(table, False) == (14, 31, 38)


# G15 advanced ----------------------------------------------------------------------

def test_G15_1_silver_gold_red_as_in_the_basic_game():
    assert score(screens("3s", "2g", "4r"), True) == (3, 6, 4)


def test_G15_4_the_black_diamond_is_worth_19():
    assert score(screens("1K", "", ""), True) == (19, 0, 0)


def test_G15_4_its_owner_scores_no_majority_and_no_set():
    table = screens("1K 2B 1G 1P 1Y 1W", "1B", "")
    # seat 0 alone has the most of every gem: nobody scores those colours, nor its set
    assert score(table, True) == (19, 0, 0)


def test_G15_4_the_cursed_owner_alone_on_top_blocks_the_colour():
    table = screens("1K 3B", "2B", "1B")
    assert score(table, True) == (19, 0, 0)


def test_G15_4_others_score_colours_the_cursed_owner_does_not_lead():
    table = screens("1K 1B", "2B", "")
    assert score(table, True) == (19, 12, 0)


def test_G15_5_each_set_of_five_gems_scores_5():
    one_set = "1B 1G 1P 1Y 1W"
    assert score(screens(one_set, "", ""), True) == (5 + 5 * 12, 0, 0)
    two_sets = "2B 2G 2P 2Y 2W"
    assert score(screens(two_sets, "1B 1G 1P 1Y 1W", ""), True) == (2 * 5 + 5 * 12, 5, 0)
    assert score(screens("3B 1G 1P 1Y", "1W", ""), True)[0] == 4 * 12  # no white: no set


@pytest.mark.parametrize(("players", "bonus"), [(3, 12), (4, 10), (5, 10), (6, 8)])
def test_G15_6_the_most_of_a_gem_colour_scores_by_player_count(players, bonus):
    table = screens("3P", "1P", *[""] * (players - 2))
    assert score(table, True)[:2] == (bonus, 0)


@pytest.mark.parametrize(("players", "half"), [(3, 6), (4, 5), (5, 5), (6, 4)])
def test_G15_6_two_tied_for_the_most_score_half(players, half):
    table = screens("2Y", "2Y", "1Y", *[""] * (players - 3))
    assert score(table, True)[:3] == (half, half, 0)


def test_G15_6_three_or_more_tied_score_nothing():
    assert score(screens("2Y", "2Y", "2Y"), True) == (0, 0, 0)
    assert score(screens("1W", "1W", "1W", "1W"), True) == (0, 0, 0, 0)


def test_G15_6_a_cursed_owner_in_a_two_way_tie_leaves_the_other_half():
    table = screens("1K 2G", "2G", "1G")
    assert score(table, True) == (19, 6, 0)


def test_G15_6_a_cursed_owner_in_a_three_way_tie_means_nothing_for_anyone():
    table = screens("1K 2G", "2G", "2G")
    assert score(table, True) == (19, 0, 0)


def test_G15_7_the_highest_total_wins_and_ties_all_win():
    table = screens("1K", "5s 2g 1G 1B", "")
    # seat 0: 19; seat 1: 5 + 6 + green 12 + blue 12 = 35
    assert score(table, True) == (19, 35, 0)
    assert top_seats(score(screens("1s", "1s", ""), True)) == (0, 1)


# the end's score table: the same points, by category --------------------------------

def test_G14_the_points_by_category_sum_to_the_basic_score():
    table = screens("4s 1g 2B 1K", "3B 2G 1r", "2s 2g 2G 1W")
    assert CATEGORIES == ("silver", "gold", "red", "black", "majorities", "sets")
    assert categories(table, False) == ((4, 3, 0, 7, 0, 0), (0, 0, 1, 0, 30, 0),
                                        (2, 6, 0, 0, 30, 0))
    assert tuple(map(sum, categories(table, False))) == score(table, False)


def test_G15_4_and_G15_5_the_cursed_owner_scores_no_majority_and_no_set_by_category():
    table = screens("1K 1B 1G 1P 1Y 1W 1s", "2B 2G 2P 2Y 2W", "1B 1G 1P 1Y 1W 2g")
    # seat 1 holds the most of every gem: 12 each; a set each for seats 1 and 2, not 0
    assert categories(table, True) == ((1, 0, 0, 19, 0, 0), (0, 0, 0, 0, 60, 10),
                                       (0, 6, 0, 0, 0, 5))
    assert tuple(map(sum, categories(table, True))) == score(table, True)
