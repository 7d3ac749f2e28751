"""tools.lab.choices: a bot's choices set beside others' at the same observations."""

from argparse import Namespace

import pytest

from tools.lab.choices import main, run

DRAGON_SITUATIONS = {f"{where}, {near}" for where in ("lead", "follow")
                     for near in ("a seat near out", "none near out")}


def lab(game="dragon", watch="easy", with_="easy", against="easy,plan", matches=2):
    return run(Namespace(game=game, watch=watch, with_=with_, against=against,
                         matches=matches, seed=3, stretch=None, one_hand=True))


def test_a_bot_asked_beside_itself_chooses_the_same_every_time():
    """The easy bot is deterministic: asked at the very observation it chose at, it
    chooses alike; each count's kinds add up to its choices."""
    report = lab()
    situations = report["situations"]
    assert set(situations) <= DRAGON_SITUATIONS and situations
    for count in situations.values():
        assert count["same as easy"] == count["choices"] > 0
        assert 0 <= count["same as plan"] <= count["choices"]
        for who in ("watched", "easy", "plan"):
            assert sum(count[who].values()) == count["choices"]
        assert count["watched"] == count["easy"]


def test_another_games_situations_are_the_kinds_of_action_legal():
    report = lab(game="den", against="plan", matches=1)
    for where, count in report["situations"].items():
        legal = set(where.split("|"))
        assert len(legal) >= 1 and set(count["watched"]) <= legal
        assert sum(count["plan"].values()) == count["choices"]


def test_a_player_the_game_lacks_is_refused_with_words(capsys):
    with pytest.raises(SystemExit):
        main(["--game", "gold", "--watch", "plan"])
    assert "no player 'plan' for gold" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--matches", "0"])
    assert "--matches must be at least 1" in capsys.readouterr().err
