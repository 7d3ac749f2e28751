"""The bots benchmark's pairings and search counts (a smoke run: nothing is timed)."""

from argparse import Namespace

import pytest

from engine.local import play
from engine.registry import get_game
from tools.bench.bots import Timed, make_player, pairings, run


def test_pairings_are_read_as_subject_then_other_level():
    assert pairings("hard-normal,normal-easy") == [("hard", "normal"), ("normal", "easy")]
    with pytest.raises(SystemExit):
        pairings("hard-expert")


def test_a_run_plays_only_the_pairings_asked_and_counts_the_searches():
    args = Namespace(games="den", matches=2, seconds=60.0, budget=0.02, one_hand=True, seed=1,
                     pairings="hard-easy", stretch=None, jobs=1, per_match=None)
    report = run(args)
    assert set(report["games"]["den"]) == {"seats", "options", "hard_vs_easy"}
    assert report["games"]["den"]["hard_vs_easy"]["matches"] == 2
    hard = report["searches"]["hard"]
    assert hard["searches"] > 0 and 1 <= hard["worlds_p10"] <= hard["worlds_p50"]
    assert 0.0 <= hard["cut_by_wall_clock"] <= 1.0
    assert "normal" not in report["searches"]  # no normal bot sat at these tables


def test_a_large_stretch_leaves_no_search_cut_by_the_wall_clock():
    """--stretch moves the wall-clock cap far out: every search ends on its CPU budget
    (or its race), however busy the machine."""
    args = Namespace(games="den", matches=1, seconds=60.0, budget=0.01, one_hand=True, seed=2,
                     pairings="hard-normal", stretch=1000.0, jobs=2, per_match=None)
    report = run(args)
    assert report["stretch"] == 1000.0
    assert all(level["cut_by_wall_clock"] == 0.0 for level in report["searches"].values())


def test_the_time_cap_ends_a_pairing_and_stops_its_workers_before_the_next():
    """With no seconds to spend, each pairing keeps the first match that finishes; the
    matches its workers still played are dropped with them, so the next pairing's come
    from workers of its own."""
    args = Namespace(games="gold", matches=50, seconds=0.0, budget=0.01, one_hand=False,
                     seed=3, pairings="normal-easy,easy-normal", stretch=None, jobs=2,
                     per_match=None)
    report = run(args)
    gold = report["games"]["gold"]
    assert gold["normal_vs_easy"]["matches"] == 1 and gold["easy_vs_normal"]["matches"] == 1
    assert report["jobs"] == 2


def test_the_baseline_search_plays_whole_hands_reading_nothing_of_the_seats_conduct(
        monkeypatch):
    """The baseline (a plain determinized search) answers with legal actions, and deals
    its worlds without clues: the history it hands `determinize` is empty."""
    game = get_game("dragon")
    asked: list[tuple] = []
    clues = type(game).clues

    def recording(self, obs):
        asked.append(obs.history)
        return clues(self, obs)

    monkeypatch.setattr(type(game), "clues", recording)
    config, seats = game.configure({"hands": 1}, 4)
    state = game.setup(config, seats)
    searches: list[tuple[int, bool]] = []  # every search's worlds, as the benchmark notes them
    bots = []
    for s in range(seats):
        bot = make_player(game, "baseline", s)
        bot.budget, bot.stretch = 0.002, 1e6  # its CPU alone ends it: no wall clock's luck
        bots.append(Timed(bot, [], searches))
    for n, _ in enumerate(play(game, state, bots, 5)):  # play vets every action
        assert n < 20_000
    assert game.outcome(state) is not None
    assert asked and not any(asked)
    # at some decision, not at each seat's last, which may offer a single action
    assert searches


def test_a_plan_is_measured_alone_and_refused_for_a_game_that_plans_nothing():
    """plan-easy plays Den's turn planner and Wild's plan policy without their search (no
    searches noted); asked of a game whose hard bot has no plan, the run stops before a
    match is played."""
    args = Namespace(games="den,wild", matches=2, seconds=60.0, budget=None, one_hand=True, seed=1,
                     pairings="plan-easy", stretch=None, jobs=1, per_match=None)
    report = run(args)
    assert report["games"]["den"]["plan_vs_easy"]["matches"] == 2
    assert report["games"]["wild"]["plan_vs_easy"]["matches"] == 2
    assert report["decision_ms"]["plan"]["decisions"] > 0
    assert "plan" not in report["searches"]
    with pytest.raises(SystemExit, match="not gold"):
        run(Namespace(**{**vars(args), "games": "den,gold"}))


@pytest.mark.parametrize("stop", ["ctrl-c", "sigterm"])
def test_a_run_stopped_early_reports_what_it_played_and_tells_progress(monkeypatch, capsys,
                                                                        stop):
    """Ctrl-C or SIGTERM mid-run: the matches played are reported, marked stopped early,
    not lost; a long run says how it stands on stderr as it goes."""
    import os
    import signal

    import tools.bench.bots as bench

    played = []

    def job(work):
        if len(played) == 2:
            if stop == "ctrl-c":
                raise KeyboardInterrupt
            os.kill(os.getpid(), signal.SIGTERM)
            signal.sigtimedwait([], 0.1)  # the handler runs in this (the main) thread
        played.append(work)
        return work[1], 1.0, {level: [] for level in bench.LEVELS}, \
            {level: [] for level in bench.LEVELS}

    monkeypatch.setattr(bench, "_play_job", job)
    monkeypatch.setattr(bench, "PROGRESS_SECONDS", 0.0)
    args = Namespace(games="den,dragon", matches=5, seconds=60.0, budget=None, one_hand=True,
                     seed=1, pairings="hard-easy,normal-easy", stretch=None, jobs=1, per_match=None)
    report = run(args)
    assert report["stopped_early"] is True
    assert report["games"]["den"]["hard_vs_easy"]["matches"] == 2
    assert set(report["games"]) == {"den"} and "normal_vs_easy" not in report["games"]["den"]
    assert "den hard_vs_easy: 2 matches, 100.0% won so far" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGTERM) is not bench._interrupt, "put back as it was"
