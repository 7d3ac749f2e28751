"""The lobby's Resume offers tell two kept games apart."""

import time
from pathlib import Path
from types import SimpleNamespace

from client.scenes.offers import ResumeOffers
from net.face.replay import Summary


def offers_of(*kept: tuple[str, float]) -> ResumeOffers:
    offers = ResumeOffers.__new__(ResumeOffers)
    offers.elsewhere = set()
    offers.shown = [Summary(Path(f"{i}.journal"), "Ana with bots", played,
                            SimpleNamespace(game=game), 0, 12, False)
                    for i, (game, played) in enumerate(kept)]
    return offers


def test_two_games_kept_in_one_minute_are_told_apart_by_the_second():
    minute = time.mktime((2026, 11, 28, 21, 40, 0, 0, 0, -1))
    offers = offers_of(("dragon", minute + 5), ("dragon", minute + 50))
    assert [offers.caption(i) for i in range(2)] == ["Dragon, kept at 21:40:05",
                                                     "Dragon, kept at 21:40:50"]


def test_otherwise_the_minute_says_enough():
    minute = time.mktime((2026, 11, 28, 21, 40, 0, 0, 0, -1))
    offers = offers_of(("dragon", minute + 5), ("wild", minute + 50), ("dragon", minute + 65))
    assert [offers.caption(i) for i in range(3)] == [
        "Dragon, kept at 21:40", "Dragons Wild, kept at 21:40", "Dragon, kept at 21:41"]
