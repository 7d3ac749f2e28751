"""tools.lab.truth: a searching bot's choices set beside the choices knowing the hands makes."""

import random
from argparse import Namespace
from dataclasses import replace

import pytest

from engine.bots import make_bot
from engine.local import play
from engine.observe import observe
from engine.registry import get_game
from tools.lab.truth import correlation, main, run


@pytest.mark.parametrize("game_id", ["den", "wild"])
def test_a_truth_world_deals_every_seat_its_real_hand(game_id):
    game = get_game(game_id)
    config, seats = game.configure({}, 4)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", s) for s in range(seats)]
    for step, _ in enumerate(play(game, state, bots, 5)):
        if step == 40:
            break
    told = replace(observe(game, state, 0), known=state)  # as the tool tells its seat
    world, _ = game.determinize(told, random.Random(1))
    assert world.masks == state.masks and world.counts == state.counts


def test_the_search_gains_no_more_than_the_oracle_and_its_overrules_are_counted(capsys):
    report = run(Namespace(game="den", level="hard", others="normal", matches=2, searches=6,
                           truth=12, sampled=8, seed=2))
    assert report["searches"] == 6
    assert "match 1 of 2: " in capsys.readouterr().err, "minutes a match: it says how far"
    gain = report["for_the_match"]  # Den plays every hand for the match
    assert gain["searches"] + report["for_the_lead"]["searches"] == 6 and gain["searches"]
    assert gain["oracle"] >= gain["search"] and gain["oracle"] >= gain["sampled_best"]
    assert report["overrules_better_in_truth"] + report["overrules_worse_in_truth"] \
        <= report["overrules"] <= 6
    assert gain["correlation"] is None or -1.0 <= gain["correlation"] <= 1.0


def test_correlation_reads_a_line_as_one_and_no_spread_as_none():
    assert correlation([(1, 2), (2, 4), (3, 6)]) == 1.0
    assert correlation([(1, 2), (1, 3)]) is None


def test_a_count_below_one_is_refused_with_words(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--searches", "0"])
    assert exit_.value.code == 2 and "--searches must be at least 1" in capsys.readouterr().err
