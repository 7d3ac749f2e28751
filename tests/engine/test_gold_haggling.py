"""The hard bot's model of the talks: what each seat accepts, learned from its answers, and
the split it proposes by that model (engine.games.gold.bots.haggling)."""

from __future__ import annotations

from engine.games.gold import moves
from engine.games.gold.bots.bot import BASIC_VALUE, proportional_split
from engine.games.gold.bots.haggling import Rule, Table, fit
from engine.games.gold.tokens import BLUE, GOLD, GREEN, SILVER

HOARD = (4, 2, 0, 2, 1, 0, 0, 0, 0)  # 4 silver, 2 gold, 2 blue, 1 green
EMPTY = [[[0] * 9 for _ in range(4)] for _ in range(4)]  # as each seat believes them


def table(involved=(0, 1)) -> Table:
    fair = proportional_split(HOARD, [1.0] * len(involved), BASIC_VALUE)
    return Table([EMPTY], False, involved, HOARD, fair, BASIC_VALUE)


def share(**counts) -> tuple[int, ...]:
    out = [0] * 9
    for colour, n in counts.items():
        out[{"silver": SILVER, "gold": GOLD, "blue": BLUE, "green": GREEN}[colour]] = n
    return tuple(out)


def rest(mine) -> tuple[int, ...]:
    return tuple(h - m for h, m in zip(HOARD, mine, strict=True))


def split(seat1_share) -> tuple[tuple[int, ...], ...]:
    return rest(seat1_share), seat1_share


def test_a_seat_that_counts_tokens_is_learned_from_its_answers():
    """Seat 1 accepts a share worth 9 of a due of 10.5 and refuses (counters) one worth 4,
    at three talks alike: the model fits a rule by the tokens' prices that says so (over
    the prior of a player for the score, who would refuse the first), and predicts the
    rest."""
    talks = table()
    history = (
        moves.NegotiationOpened((0, 1), HOARD, 0),
        moves.Proposed(0, 1, split(share(silver=1, gold=1)), (0, 1)),  # worth 4 to seat 1
        moves.Proposed(1, 2, split(share(silver=2, gold=1, blue=1, green=1)), (0, 1)),
        moves.Proposed(0, 3, split(share(gold=1, blue=2)), (0, 1)),  # worth 9
        moves.Accepted(1, 3),
    )
    answers = talks.heard(history)
    assert [(a.seat, a.accepted) for a in answers] == [(1, False), (0, False), (1, True)]
    rule = fit(answers * 3, 1)
    assert rule.chance(talks._answer(split(share(gold=1, blue=2)), 3, 1, True)) == 1.0
    assert rule.chance(talks._answer(split(share(silver=1, gold=1)), 3, 1, True)) == 0.0


def test_the_proposal_is_the_best_bet_the_model_allows():
    """Against a seat that takes nothing below its full due by plain prices, the best split
    gives it that due and no more: the rest is the proposer's."""
    talks = table()
    firm = Rule("share", 1.0, 0.0, False)
    greedy = proportional_split(HOARD, [3.0, 1.0], BASIC_VALUE)
    chosen, gain, chance = talks.best_split([greedy], {1: firm}, 1, 0)
    assert chance == 1.0 and gain > 0
    theirs = talks.worth(chosen[1])
    assert talks.share_due[1] - 0.25 <= theirs < talks.share_due[1] + max(BASIC_VALUE)
    assert firm.chance(talks._answer(chosen, 1, 1, True)) == 1.0


def test_each_seat_believes_the_screens_with_only_the_thefts_it_was_shown():
    """A theft the observer was not shown moves a token of a colour the victim held (drawn
    per world); the thief and the victim believe it moved, a seat outside it does not."""
    from random import Random
    from types import SimpleNamespace

    from engine.games.gold.bots.worlds import screens

    theft = SimpleNamespace(card=7, thief=1, victim=2)
    known = SimpleNamespace(screens=[[0] * 9, [0] * 9, list(share(blue=2)), [0] * 9],
                            thefts=[theft], faces={})
    views = screens(known, 0, Random(1))
    moved = [list(share(blue=1))] * 2
    assert views[0][1:3] == moved  # the observer: the world as it is
    assert views[1][1:3] == moved and views[2][1:3] == moved  # the thief and the victim
    assert views[3][1:3] == [[0] * 9, list(share(blue=2))]  # a seat not shown it


def test_early_in_a_match_a_split_is_worth_its_tokens_more_than_the_majorities_now():
    """Four silver and two gold for hard, one blue for the other seat, on empty screens: as
    the screens stand the blue is a 12-point majority, and the split lowers hard's margin
    (worth less than the box); but at the start of a match, with most Dragons and tokens
    to come, majorities change hands, and by the tokens' prices it is hard's by far. It
    counts the standing fully only at the end."""
    from types import SimpleNamespace

    from engine.games.gold.bots.search import STANDING, standing_weight
    from engine.games.gold.components import DRAGONS, SLOTS
    from engine.games.gold.tokens import TOTAL

    start = SimpleNamespace(pile_next=SLOTS, bag_total=TOTAL)
    end = SimpleNamespace(pile_next=len(DRAGONS), bag_total=TOTAL // 2)
    assert standing_weight(start) == STANDING < 0.5 and standing_weight(end) == 1.0

    hoard = share(silver=4, gold=2, blue=1)
    lopsided = (share(silver=4, gold=2), share(blue=1))
    fair = proportional_split(hoard, [1.0, 1.0], BASIC_VALUE)

    def worth_to_hard(weight: float) -> float:
        return Table([EMPTY], False, (0, 1), hoard, fair, BASIC_VALUE, weight).value(lopsided, 0)

    assert worth_to_hard(standing_weight(end)) < 0  # the box is better, at the end
    assert worth_to_hard(standing_weight(start)) > 0  # the tokens are, at the start
