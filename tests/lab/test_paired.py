"""tools.lab.paired: two versions weighed match by match on the bench's same deals."""

import json
from argparse import Namespace

import pytest

from tools.bench.bots import run
from tools.lab.paired import BadRun, compare, main, read_run


def bench(per_match, seed=4):
    return run(Namespace(games="dragon", matches=4, seconds=60.0, budget=None, one_hand=True,
                         seed=seed, pairings="easy-easy", stretch=None, jobs=1,
                         per_match=str(per_match)))


def test_the_bench_keeps_each_matchs_share_and_one_seed_deals_the_same_matches(tmp_path):
    """--per-match writes a line a match, numbered as the bench deals them; easy bots play
    alike on alike deals, so a second run at the seed gives the same shares."""
    report = bench(tmp_path / "a.jsonl")
    bench(tmp_path / "b.jsonl")
    a, b = read_run(tmp_path / "a.jsonl"), read_run(tmp_path / "b.jsonl")
    assert list(a) == [("dragon", "easy_vs_easy", 4)]
    shares = a["dragon", "easy_vs_easy", 4]
    assert sorted(shares) == [0, 1, 2, 3]
    assert sum(shares.values()) / 4 == report["games"]["dragon"]["easy_vs_easy"]["win_rate"]
    assert b == a


def test_the_gain_is_the_mean_difference_on_the_matches_both_played():
    a = {0: 1.0, 1: 0.0, 2: 1.0, 3: 0.0, 9: 1.0}  # match 9: A's alone, left out
    b = {0: 1.0, 1: 1.0, 2: 1.0, 3: 0.0}
    out = compare(a, b)
    # differences 0, 1, 0, 0: mean 0.25, sample sd 0.5, half-width 1.96 * 0.5 / 2
    assert out["matches"] == 4 and out["gain"] == 0.25
    assert out["interval95"] == [-0.24, 0.74]
    assert out["a_win_rate"] == 0.5 and out["b_win_rate"] == 0.75
    assert compare({0: 1.0}, {0: 0.0}) == {"matches": 1}


def test_the_report_pairs_the_runs_by_game_pairing_and_seed(tmp_path, capsys):
    rows = [{"game": "den", "pairing": "hard_vs_normal", "seed": 7, "match": m, "share": s}
            for m, s in enumerate([1, 0, 0, 1, 0.5])]
    (tmp_path / "a").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    (tmp_path / "b").write_text("\n".join(json.dumps({**r, "share": 1 - r["share"]})
                                          for r in rows) + "\n")
    main([str(tmp_path / "a"), str(tmp_path / "b")])
    out = json.loads(capsys.readouterr().out)
    (pairing,) = out["pairings"]
    assert pairing["game"] == "den" and pairing["seed"] == 7 and pairing["matches"] == 5
    assert pairing["correlation"] == -1.0 and pairing["gain"] == pytest.approx(-0.0)


@pytest.mark.parametrize("text, says", [
    ("not json\n", "line 1: not a match's result"),
    ('{"game": "den", "pairing": "p", "seed": 1, "match": 0}\n', "line 1: not a match's"),
    ('{"game": "den", "pairing": "p", "seed": 1, "match": 0, "share": 2}\n',
     "a share of 2.0 is not between 0 and 1"),
])
def test_a_file_that_is_not_a_runs_results_is_refused_with_its_line(tmp_path, text, says):
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(BadRun, match=says):
        read_run(path)


def test_runs_with_nothing_in_common_are_refused_in_words(tmp_path, capsys):
    (tmp_path / "a").write_text('{"game": "den", "pairing": "p", "seed": 1, "match": 0, '
                                '"share": 1}\n')
    (tmp_path / "b").write_text('{"game": "den", "pairing": "p", "seed": 2, "match": 0, '
                                '"share": 1}\n')
    with pytest.raises(SystemExit):
        main([str(tmp_path / "a"), str(tmp_path / "b")])
    assert "share no game, pairing and seed" in capsys.readouterr().err
