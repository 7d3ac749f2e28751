"""The night's standings from finished matches: ranks, nights, wins and the rating."""

from client.night.standings import NIGHT_GAP, Match, nights, standings

ANA, BO = b"a" * 32, b"b" * 32


def _match(game, keys, scores, winners, ended) -> Match:
    names = tuple("Ana" if k == ANA else "Bo" if k == BO else f"Bot {i + 1} · easy"
                  for i, k in enumerate(keys))
    return Match(game, names, keys, winners, scores, ended)


def test_winners_rank_first_then_the_others_by_falling_score_ties_shared():
    match = _match("dragon", (ANA, BO, b"", b""), (900, 1100, 1000, 1000), (1,), 0)
    assert match.ranks() == [3, 1, 2, 2]


def test_a_gap_longer_than_a_night_cuts_the_matches_into_two_nights():
    early = _match("den", (ANA, BO), (10, 3), (0,), 1000.0)
    later = _match("den", (ANA, BO), (2, 15), (1,), 1000.0 + NIGHT_GAP / 2)
    next_day = _match("den", (ANA, BO), (2, 15), (1,), 1000.0 + 2 * NIGHT_GAP)
    assert [len(n) for n in nights([early, later, next_day])] == [2, 1]


def test_wins_per_game_and_one_rating_across_games_lists_players_not_bots():
    night = standings([
        _match("dragon", (ANA, BO, b"", b""), (1100, 900, 1000, 1000), (0,), 1.0),
        _match("den", (ANA, BO), (15, 4), (0,), 2.0),
        _match("wild", (ANA, BO, b""), (10, 40, 20), (1,), 3.0),
    ])
    ana, bo = night.players
    assert (ana.name, ana.wins, ana.played) == ("Ana", {"dragon": 1, "den": 1}, 3)
    assert (bo.name, bo.wins) == ("Bo", {"wild": 1})
    assert ana.rating > bo.rating
    assert night.games == ("dragon", "den", "wild")
    assert night.matches[0].row() == {"game": "dragon", "players": ["Ana", "Bo", "Bot 3 · easy",
                                                                   "Bot 4 · easy"],
                                      "winners": ["Ana"], "scores": [1100, 900, 1000, 1000]}
