"""The search's race among candidates, what it plays for, and what Dragon's plays say of a
hand."""

from __future__ import annotations

from time import perf_counter
from types import SimpleNamespace

import pytest

from engine import search
from engine.bots import make_bot
from engine.games.dragon import clues
from engine.games.dragon.cards import parse
from engine.games.dragon.rules import HandOver, HandStarted, Pass, Passed, Played, TrickWon
from engine.hands import KEEP, OVER
from engine.observe import observe
from engine.registry import get_game
from engine.search import WON, SearchBot, _prune, value
from tests.engine.dragon_helpers import GAME, play, rig


def hand(*cards: str) -> dict[int, int]:
    """A hand as a clue reads it: {card ref: face} (refs are made up: clues read faces)."""
    return {i: parse(c) for i, c in enumerate(cards)}


def test_the_race_drops_the_clearly_behind_and_the_same_but_keeps_default_and_leader():
    results = [
        [1, 0, 1, 0],  # the default: always stays
        [2, 2, 2, 2],  # the leader
        [2, 2, 2, 2],  # plays out as the leader does: no world tells them apart
        [0, -1, 0, -1],  # a standard error and more behind the leader
        [2, 1, 2, 3],  # close to the leader: still in
    ]
    assert _prune([0, 1, 2, 3, 4], results) == [0, 1, 4]


def test_the_race_keeps_the_default_even_when_behind():
    assert _prune([0, 1, 2], [[0, 0, 0, 0], [5, 5, 5, 6], [5, 5, 5, 6]]) == [0, 1]


class ScoredSearch(SearchBot):
    """A search whose candidates are their own playouts' scores, in every world alike."""

    def playout(self, game, me, action, world, seed) -> float:
        return action


@pytest.mark.parametrize("start", [4, 16])
def test_the_race_drops_a_candidate_only_once_prune_from_worlds_are_played(monkeypatch,
                                                                           start):
    """Den's hard races from 16 worlds, the others from 4: a candidate clearly behind
    meets every world until then, and none after."""
    monkeypatch.setattr(search, "sampled_world", lambda game, obs, seed: b"")
    bot = ScoredSearch(0, easy=lambda seed: None, budget=10.0, most=32)
    bot.prune_from = start
    results = bot.weigh(None, SimpleNamespace(seat=0), [0.0, 5.0, -3.0], perf_counter())
    assert [len(r) for r in results] == [32, 32, start]


def contradicted(history, held: dict[int, int], seat: int = 1) -> bool:
    return any(c.contradicts(held) for c in clues.pass_clues(history, False) if c.seat == seat)


def led(*cards: str, seat: int = 1) -> list:
    faces = tuple(sorted(parse(c) for c in cards))
    return [HandStarted(1, 0), TrickWon(0, seat),
            Played(seat, faces, "single" if len(faces) == 1 else "set", False)]


def test_a_thrifty_single_lead_says_no_longer_combination_was_held():
    assert contradicted(led("4S"), hand("5S", "5D"))  # a pair would have gone first
    assert contradicted(led("4S"), hand("7S", "8D", "9C"))  # so would a run
    assert contradicted(led("4S"), hand("3D"))  # a lower single would have led
    assert not contradicted(led("4S"), hand("5S", "7D", "KC"))
    assert not contradicted(led("4S"), hand("2S", "2D"))  # 2s are kept for need


def test_a_thrifty_beat_says_no_lower_beat_was_held():
    history = [HandStarted(1, 0), TrickWon(0, 0), Played(0, (parse("5S"),), "single", False),
               Played(1, (parse("9S"),), "single", False)]
    assert contradicted(history, hand("7D"))  # 7 beats 5 more cheaply than 9
    assert not contradicted(history, hand("4D", "10C", "2S"))


def test_the_first_lead_of_an_opening_and_a_finished_hand_say_nothing():
    opening = [HandStarted(1, -1), Played(1, (parse("3S"),), "single", False)]
    assert not contradicted(opening, hand("5S", "5D"))  # the 3 of Stars had to lead
    over = [*led("4S"), Passed(2), HandOver(1, (1, 0, 2, 3), (60, 30, 10, 0), (0,) * 4)]
    assert not contradicted(over, hand("5S", "5D"))  # a new deal: the old plays are done


def single(seat: int, card: str) -> Played:
    return Played(seat, (parse(card),), "single", False)


def passed_on_a_five_then_led(card: str) -> list:
    """Seat 1 lets a 5 go, and leads `card` once the trick is over; seat 3 lets a 7 go."""
    return [HandStarted(1, 0), TrickWon(0, 0), single(0, "5S"), Passed(1), single(2, "7S"),
            Passed(3), Passed(0), TrickWon(2, 1), single(1, card)]


def keeps(history) -> dict[int, set[float]]:
    out: dict[int, set[float]] = {}
    for clue in clues.pass_clues(history, False):
        out.setdefault(clue.seat, set()).add(clue.keep)
    return out


def test_a_seat_whose_later_play_proves_its_pass_false_is_no_longer_read():
    # it let the 5 go holding a 9 it then led, a cheap beat: it is no thrifty player, so
    # neither that pass nor its lead says anything of its hand
    history = passed_on_a_five_then_led("9D")
    assert 1 not in keeps(history)
    assert not contradicted(history, hand("6C"))  # its 9 lead no longer rules out a 6
    assert keeps(history)[3] == {KEEP}  # seat 3's pass is untested: read as before


def test_a_seat_whose_later_play_bears_its_pass_out_is_read_in_full():
    history = passed_on_a_five_then_led("4D")  # a 4 could not beat the 5
    assert keeps(history)[1] == {KEEP}
    assert contradicted(history, hand("3C"))  # a lower single would have led


def test_a_seat_whose_plays_proved_a_third_of_its_clues_false_is_no_longer_read():
    """A plain flat search's clues are proved false a fifth to three fifths of the time, and
    the true deal contradicts them nearly as often as a random deal: read at all, they
    mislead. (Before issue 41 a third proved false still weighed: KEEP ** (2 / 3).)"""
    pair = (parse("5S"), parse("5D"))
    history = [
        HandStarted(1, 0), TrickWon(0, 0), Played(0, pair, "set", False),
        Passed(1),  # no pair above 5: borne out, it plays no pair after
        Played(2, (parse("7S"), parse("7D")), "set", False), Passed(3), Passed(0),
        TrickWon(2, 1), single(1, "4D"),  # no 3, nor anything longer: borne out
        Passed(2), Passed(3), Passed(0), TrickWon(1, 0), single(0, "6C"),
        single(1, "10C"),  # no lower beat of the 6: proved false by the 8 it leads next
        Passed(2), Passed(3), Passed(0), TrickWon(1, 1), single(1, "8B")]
    assert 1 not in keeps(history)


def test_a_seat_is_read_the_less_the_more_of_its_clues_its_plays_proved_false():
    assert clues._keep(0, 0) == KEEP  # untested: read in full
    assert clues._keep(12, 0) == KEEP  # borne out
    assert clues._keep(10, 1) == pytest.approx(KEEP ** 0.5)  # a tenth false: normal's
    assert KEEP < clues._keep(20, 1) < clues._keep(10, 1) < 1
    assert clues._keep(5, 1) == clues._keep(10, 6) == 1.0  # a fifth and more: dropped


def at_match_end(chips: tuple[int, ...]):
    state = rig({})
    state.phase, state.chips = OVER, list(chips)
    return state


def test_hard_plays_the_last_hand_for_the_match_and_normal_for_the_lead():
    won_narrowly = at_match_end((1010, 1005, 990, 995))
    lost_narrowly = at_match_end((1005, 1010, 990, 995))
    assert value(GAME, won_narrowly, 0, True) == WON + 5
    assert value(GAME, lost_narrowly, 0, True) == -5
    assert value(GAME, won_narrowly, 0, False) == 5  # the lead alone: a near miss is close
    shared = at_match_end((1010, 1010, 990, 990))
    assert value(GAME, shared, 0, True) == WON / 2  # a tie shares the win
    # a win by a chip outweighs a loss by less than any lead a match makes
    assert value(GAME, at_match_end((1001, 1000, 0, 0)), 0, True) > \
        value(GAME, at_match_end((3000, 3001, 0, 0)), 0, True) + 10**5
    assert make_bot(GAME, "hard", 1).to_win and not make_bot(GAME, "normal", 1).to_win


def den_scores(scores, over: bool):
    den = get_game("den")
    state = den.setup(*den.configure({}, 4))
    state.scores = list(scores)
    if over:
        state.phase = OVER
    return den, state


def test_in_den_a_loss_that_ends_the_match_is_worth_less_than_going_on_behind():
    """DN10: a Den hand may end the match (a score at -15) or not, so a world where it goes
    on is worth the chance its lead wins later, in the units of a won match: a loss that
    ends it weighs less than going on as far behind, a win that ends it more than going on
    as far ahead, and going on is worth more the more the lead."""
    den, behind = den_scores((-5, 0, -8, -10), over=False)
    _, lost = den_scores((-5, 0, -16, -10), over=True)
    assert value(den, lost, 0, True) < value(den, behind, 0, True)
    _, ahead = den_scores((5, 0, -8, -3), over=False)
    _, won = den_scores((5, 0, -16, -3), over=True)
    assert value(den, won, 0, True) > value(den, ahead, 0, True) > value(den, behind, 0, True)
    assert 0 < den.match_chance(behind, -5) < den.match_chance(behind, 0) < \
        den.match_chance(behind, 5) < 1
    assert value(den, ahead, 0, False) == 5  # normal, playing for the lead, as before


def test_a_pass_is_weighed_however_many_beats_the_hand_holds():
    state = rig({0: "3S", 1: "4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D"})
    play(state, 0, "3S")
    obs = observe(GAME, state, 1)
    assert len(obs.legal) > 8  # more beats than hard weighs
    for level in ("normal", "hard"):
        bot = make_bot(GAME, level, 1)
        assert Pass(1) in bot.candidates(GAME, obs, bot.easy.choose(GAME, obs))


def test_wilds_hard_alone_plays_the_last_hand_for_the_match():
    """Wild's hard plays the match's last hand for the match since it plays Wild's plan
    (39.4 % of 118 against three normal, where it had 37.7 % of 171; with the easy bot's
    ranking it had done worse: 25.4 % of 69 against 30.7 %); normal plays for the lead."""
    wild = get_game("wild")
    assert make_bot(wild, "hard", 1).to_win
    assert not make_bot(wild, "normal", 1).to_win


def test_dragons_candidates_meet_other_ranks_before_another_suit_of_one_run():
    """A lead's eight candidates were a double run or two and six suit swaps of one run of
    four before issue 41: the single and the pair of 3s never met a world."""
    state = rig({0: "3S 3D 4S 4D 5S 5D 6S 6D 9C 9B KS KD AS"})
    obs = observe(GAME, state, 0)  # the opening lead: it holds the 3 of Stars (D3)
    hard = make_bot(GAME, "hard", 1)
    weighed = [tuple(sorted(a.faces))
               for a in hard.candidates(GAME, obs, hard.easy.choose(GAME, obs))]
    assert len(weighed) == hard.width
    assert (parse("3S"),) in weighed and (parse("3S"), parse("3D")) in weighed
    # the hand's six shapes (double runs of eight and six, runs of four and three, the
    # pair, the single) first, then suit swaps
    assert len({tuple(f >> 2 for f in faces) for faces in weighed[:6]}) == 6
