"""Dragon, clause by clause (docs/rules/dragon.md)."""

import itertools

import pytest

from engine.cards import mask_of
from engine.chance import Dealt, Rolled, Shuffled, TimeUp
from engine.errors import IllegalAction
from engine.games.dragon import combos, rules
from engine.games.dragon.cards import parse
from engine.tell import Names
from tests.engine.dragon_helpers import GAME, cards, declare, pass_, play, rig
from tests.engine.story_check import problems

DRAGON_HAND = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 5C"  # attack: 5S (D9.1)


def opened(hands, **options):
    """Seat 0 opens with the 3 of Stars alone, the others pass: seat 0 leads anew."""
    state = rig(hands, **options)
    play(state, 0, "3S")
    for seat in (1, 2, 3):
        pass_(state, seat)
    assert state.turn == 0 and state.trick is None
    return state


def combo_of(action):
    return combos.classify(mask_of(action.faces))


def combo(text):
    return combos.classify(mask_of(cards(text)))


def refused(state, rule, action):
    before = (GAME.public_hash(state), [GAME.view(state, s) for s in range(4)])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)
    assert err.value.rule == rule
    assert (GAME.public_hash(state), [GAME.view(state, s) for s in range(4)]) == before


def play_action(state, seat, text):
    faces = tuple(cards(text))
    return rules.Play(seat, tuple(state.face_ref[f] for f in faces), faces)


# D1 ------------------------------------------------------------------------

def test_D1_2_rank_order_three_lowest_two_highest():
    assert parse("3S") == 0 and parse("2B") == 51
    assert combos.beats(combo("2S"), combo("AB"), False, True)


def test_D1_3_rank_counts_before_suit():
    assert combos.beats(combo("8D"), combo("7B"), False, True)
    assert not combos.beats(combo("7B"), combo("8D"), False, True)


def test_D1_3_suit_breaks_equal_rank():
    order = [combo(t) for t in ("7S", "7D", "7C", "7B")]
    for low, high in itertools.pairwise(order):
        assert combos.beats(high, low, False, True)


# D2 ------------------------------------------------------------------------

def test_D2_1_each_player_gets_13():
    state = rig({})
    assert state.counts == [13, 13, 13, 13]
    assert len(set().union(*state.held)) == 52


def test_D2_1_deal_out_of_order_is_refused():
    state = GAME.setup(*GAME.configure({}, 4))
    refused(state, "D2", Dealt(1, 0, tuple(range(0, 52, 4)), ()))
    GAME.apply(state, Shuffled(1))
    refused(state, "D2", Dealt(1, 1, tuple(range(1, 52, 4)), ()))  # seat 0 is due first


# D3 ------------------------------------------------------------------------

def test_D3_1_first_play_must_hold_three_of_stars():
    state = rig({0: "3S 4D 5C"})
    refused(state, "D3", play_action(state, 0, "4D"))
    play(state, 0, "3S 4D 5C")
    assert state.trick == combo("3S 4D 5C")


def test_D3_2_only_the_holder_has_an_opening_play():
    state = rig({2: "3S"})
    assert GAME.to_act(state) == (0, 1, 2, 3)
    assert [len(GAME.legal_actions(state, s)) for s in (0, 1, 3)] == [0, 0, 0]
    assert all(parse("3S") in a.faces for a in GAME.legal_actions(state, 2))


def test_D3_3_option_winner_leads_next_hand():
    state = rig({0: "3S"}, hands=2, lead="winner")
    _finish_hand_with_places(state)
    state_hand2 = state
    from tests.engine.dragon_helpers import deal

    deal(state_hand2, {3: "3S"})
    assert GAME.to_act(state_hand2) == (state.prev_winner,)


# D4 ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "kind"),
    [("9C", combos.SINGLE), ("5C 5B", combos.PAIR), ("JC JB JS", combos.TRIPLE),
     ("3C 3D 3B 3S", combos.BOMB)],
)
def test_D4_1_sets(text, kind):
    assert combo(text)[0] == kind


def test_D4_2_runs_mix_suits_and_exclude_twos():
    assert combo("4S 5C 6D")[0] == combos.RUN
    assert combo("JC QD KS AS")[0] == combos.RUN
    assert combo("KS AS 2S") is None
    assert combo("4S 5C") is None  # too short
    assert combo("4S 6C 7D") is None  # not consecutive


def test_D4_3_double_runs():
    assert combo("3C 3S 4S 4C 5C 5B")[0] == combos.DOUBLE_RUN
    assert combo("KC KS AS AC 2C 2B") is None
    assert combo("3C 3S 4S 4C") is None


def test_D4_4_not_a_combination_is_refused():
    state = rig({0: "3S 4D 6C"})
    refused(state, "D4", play_action(state, 0, "3S 4D 6C"))


def test_D4_4_cards_not_held_are_refused():
    state = rig({0: "3S", 1: "4S"})
    foreign = state.face_ref[parse("4S")]
    refused(state, "D4", rules.Play(0, (state.face_ref[0], foreign), (0, parse("4S"))))


def test_D4_4_a_face_that_is_not_the_card_is_refused():
    state = rig({0: "3S 9C"})
    refused(state, "D4", rules.Play(0, (state.face_ref[parse("9C")],), (parse("3S"),)))


# D5 ------------------------------------------------------------------------

def test_D5_1_higher_top_card_beats():
    state = opened({0: "3S 7C 7S", 1: "7B 7D"})
    play(state, 0, "7C 7S")
    play(state, 1, "7B 7D")  # 7B is higher than 7C
    assert state.last_player == 1


def test_D5_1_lower_top_card_is_refused():
    state = opened({0: "3S 7B 7D", 1: "7C 7S"})
    play(state, 0, "7B 7D")
    refused(state, "D5", play_action(state, 1, "7C 7S"))


def test_D5_2_other_kind_or_length_is_refused():
    state = opened({0: "3S 5C 5D 6C 7C 8C 9C", 1: "9S 9D 9B JS QS KS AS 10D"})
    play(state, 0, "5C 5D")
    refused(state, "D5", play_action(state, 1, "9S 9D 9B"))
    pass_(state, 1)
    pass_(state, 2)
    pass_(state, 3)
    play(state, 0, "6C 7C 8C 9C")
    refused(state, "D5", play_action(state, 1, "10D JS QS KS AS"))


# D6 ------------------------------------------------------------------------

def test_D6_1_bomb_beats_a_single_two():
    state = opened({0: "3S 2S", 1: "6C 6D 6S 6B"})
    play(state, 0, "2S")
    play(state, 1, "6C 6D 6S 6B")
    assert state.trick_chop


def test_D6_1_bomb_does_not_beat_a_single_ace():
    state = opened({0: "3S AB", 1: "6C 6D 6S 6B"})
    play(state, 0, "AB")
    refused(state, "D5", play_action(state, 1, "6C 6D 6S 6B"))


def test_D6_2_bomb_beaten_only_by_a_higher_bomb():
    hands = {0: "3S 2S", 1: "6C 6D 6S 6B", 2: "9C 9D 9S 9B", 3: "10C 10D JC JD QC QD"}
    state = opened(hands)
    play(state, 0, "2S")
    play(state, 1, "6C 6D 6S 6B")
    play(state, 2, "9C 9D 9S 9B")
    refused(state, "D5", play_action(state, 3, "10C 10D JC JD QC QD"))


def test_D6_3_four_twos_beat_anything():
    twos = "2S 2D 2C 2B"
    for other in ("AB", "AC AB", "KS KD KC KB", "4S 5S 6S 7S 8S", "5S 5D 6S 6D 7S 7D"):
        assert combos.beats(combo(twos), combo(other), False, True), other
    state = opened({0: "3S 8C 9C 10C", 1: twos})
    play(state, 0, "8C 9C 10C")
    play(state, 1, twos)
    assert state.trick_chop


@pytest.mark.parametrize(
    ("double_run", "twos"),
    [("3C 3S 4S 4C 5C 5B", "2S"), ("3C 3S 4S 4C 5C 5B 6C 6S", "2S 2D"),
     ("3C 3S 4S 4C 5C 5B 6C 6S 7C 7S", "2S 2D 2C")],
)
def test_D6_4_double_runs_chop_twos(double_run, twos):
    assert combos.chop_beats(combo(double_run), combo(twos))


def test_D6_4_chops_are_read_literally():
    assert not combos.chop_beats(combo("3C 3S 4S 4C 5C 5B 6C 6S"), combo("2S"))
    assert not combos.chop_beats(combo("3C 3S 4S 4C 5C 5B"), combo("2S 2D"))
    assert not combos.chop_beats(combo("3C 3S 4S 4C 5C 5B"), combo("AS"))


def test_D6_5_overchop_default_lets_a_higher_double_run_answer():
    hands = {0: "3S 2S", 1: "4C 4D 5C 5D 6C 6D", 2: "7S 7D 8S 8D 9S 9D"}
    state = opened(hands)
    play(state, 0, "2S")
    play(state, 1, "4C 4D 5C 5D 6C 6D")
    play(state, 2, "7S 7D 8S 8D 9S 9D")
    assert state.last_player == 2


def test_D6_5_without_overchop_a_chop_stands():
    hands = {0: "3S 2S", 1: "4C 4D 5C 5D 6C 6D", 2: "7S 7D 8S 8D 9S 9D"}
    state = opened(hands, overchop=False)
    play(state, 0, "2S")
    play(state, 1, "4C 4D 5C 5D 6C 6D")
    refused(state, "D5", play_action(state, 2, "7S 7D 8S 8D 9S 9D"))
    assert all(not hasattr(a, "faces") for a in GAME.legal_actions(state, 2))


# D7 ------------------------------------------------------------------------

def test_D7_1_leader_cannot_pass():
    state = opened({0: "3S"})
    refused(state, "D7.1", rules.Pass(0))


def test_D7_1_only_the_seat_in_turn_acts():
    state = opened({0: "3S"})
    refused(state, "D7", play_action(state, 1, _any_card(state, 1)))


def test_a_refusal_names_the_player_only_where_the_names_are_known():
    """Raised without names, the refusal says "that player"; the window words it for its
    own player and the table's names, and no seat number reaches anyone."""
    state = opened({0: "3S"})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, play_action(state, 1, _any_card(state, 1)))
    assert str(err.value) == "it is not that player's turn (rule D7)"
    assert err.value.explain(Names(("ana", "Bo", "Cy", "Di"), 1)) == \
        "it is not your turn (rule D7)"
    assert err.value.explain(Names(("ana", "Bo", "Cy", "Di"), 0)) == \
        "it is not Bo's turn (rule D7)"


def _any_card(state, seat):
    from engine.games.dragon.cards import name

    return name(GAME.view(state, seat).cards[0])


def test_D7_2_a_player_who_passed_is_locked_out():
    state = opened({0: "3S 4S 9S", 1: "5S", 2: "6S", 3: "7S"})
    play(state, 0, "4S")
    pass_(state, 1)
    play(state, 2, "6S")
    play(state, 3, "7S")
    assert state.turn == 0  # seat 1 is skipped
    play(state, 0, "9S")
    assert state.turn == 2


def chop_back_in():
    """With `chop_in`, seat 1 passed and the trick is now a single 2 (D7.2)."""
    state = opened({0: "3S 4S 2B", 1: "5S 9C 9D 9S 9B", 2: "6S", 3: "7S"}, chop_in=True)
    play(state, 0, "4S")
    pass_(state, 1)
    play(state, 2, "6S")
    play(state, 3, "7S")
    play(state, 0, "2B")
    return state


def test_D7_2_chop_in_option_lets_a_passed_player_chop():
    state = chop_back_in()
    assert state.turn == 1
    legal = GAME.legal_actions(state, 1)
    plays = [a for a in legal if isinstance(a, rules.Play)]
    assert len(plays) < len(legal)  # passing again is allowed
    assert plays and all(combos.chop_beats(combo_of(a), state.trick) for a in plays)
    refused(state, "D7.2", play_action(state, 1, "5S"))
    play(state, 1, "9C 9D 9S 9B")


def test_D7_2_without_chop_in_a_passed_player_cannot_chop():
    state = opened({0: "3S 4S 2B", 1: "5S 9C 9D 9S 9B", 2: "6S", 3: "7S"})
    play(state, 0, "4S")
    pass_(state, 1)
    play(state, 2, "6S")
    play(state, 3, "7S")
    play(state, 0, "2B")
    assert state.turn == 2


def test_D7_3_players_out_are_skipped():
    state = _seat0_goes_out_first()
    assert state.counts[0] == 0
    assert 0 not in GAME.to_act(state)


# D8 ------------------------------------------------------------------------

def test_D8_1_unbeaten_player_leads_the_next_trick():
    state = opened({0: "3S 4S", 1: "5S"})
    play(state, 0, "4S")
    play(state, 1, "5S")
    events = [pass_(state, s) for s in (2, 3, 0)]
    assert any(isinstance(e, rules.TrickWon) and e.seat == 1 for e in events[-1])
    assert state.turn == 1 and state.trick is None and state.passed == 0


def test_D8_2_when_the_winner_is_out_the_next_player_leads():
    state = _seat0_goes_out_first()
    for seat in (1, 2, 3):
        pass_(state, seat)
    assert state.turn == 1 and state.trick is None


def _seat0_goes_out_first():
    """Seat 0 sheds 3S then its remaining 12 cards as a run and two more singles."""
    state = rig({0: "3S 4D 5D 6D 7D 8D 9D 10D JD QD KD 2C 2B"})
    play(state, 0, "3S")
    for seat in (1, 2, 3):
        pass_(state, seat)
    play(state, 0, "4D 5D 6D 7D 8D 9D 10D JD QD KD")
    for seat in (1, 2, 3):
        pass_(state, seat)
    play(state, 0, "2C")
    for seat in (1, 2, 3):
        pass_(state, seat)
    play(state, 0, "2B")
    return state


# D9 ------------------------------------------------------------------------

def test_D9_1_dragon_uses_the_highest_suits():
    mask = mask_of(cards(DRAGON_HAND))
    assert rules.is_dragon(mask)
    assert rules.dragon_attack(mask) == parse("5S")


def test_D9_1_a_two_is_the_attack():
    mask = mask_of(cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2B"))
    assert rules.dragon_attack(mask) == parse("2B")


def test_D9_2_dragon_wins_the_whole_pot_at_once():
    state = rig({0: "3D", 1: DRAGON_HAND.replace("3S", "3C")}, hands=1)
    legal = GAME.legal_actions(state, 1)
    assert any(isinstance(a, rules.DeclareDragon) for a in legal)
    declare(state, 1)
    for seat in (0, 2, 3):
        GAME.apply(state, rules.Pass(seat))
    assert state.chips == [975, 1075, 975, 975]
    assert GAME.outcome(state).winners == (1,)


def test_D9_2_dragon_only_on_the_first_turn():
    state = rig({0: "3S", 1: DRAGON_HAND.replace("3S", "3C").replace("5C", "4C")})
    play(state, 0, "3S")
    pass_(state, 1)
    for seat in (2, 3):
        pass_(state, seat)
    play(state, 0, _any_card(state, 0))
    hand = [f for f, r in state.face_ref.items() if r in state.held[1]]
    refs = tuple(state.face_ref[f] for f in hand)
    refused(state, "D9.2", rules.DeclareDragon(1, refs, tuple(hand)))


def test_D9_3_higher_attack_wins_between_two_dragons():
    baby = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 3D"  # attack 3S
    ancient = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2B"  # attack 2B
    state = rig({0: baby, 2: ancient}, hands=1)
    declare(state, 0)
    assert set(GAME.to_act(state)) == {1, 2, 3}
    declare(state, 2)
    pass_(state, 1)
    pass_(state, 3)
    assert GAME.outcome(state).winners == (2,)


def test_D9_4_window_closes_when_time_runs_out():
    state = rig({0: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 3D"}, hands=1)
    declare(state, 0)
    assert state.timer is not None and state.timer.steps == 200
    refused(state, "D9.4", TimeUp(state.timer.key + 1))
    GAME.apply(state, TimeUp(state.timer.key))
    assert GAME.outcome(state).winners == (0,)


def test_D9_1_a_hand_that_is_not_a_dragon_is_refused():
    state = rig({0: "3S"})
    hand = [f for f, r in state.face_ref.items() if r in state.held[0]]
    refs = tuple(state.face_ref[f] for f in hand)
    refused(state, "D9.1", rules.DeclareDragon(0, refs, tuple(hand)))


# D10, D11 ------------------------------------------------------------------

def _finish_hand_with_places(state):
    """Play the hand out with the greedy bots of every seat."""
    from engine.bots import make_bot
    from engine.observe import observe

    bots = [make_bot(GAME, "greedy", s) for s in range(4)]
    hand = state.hand
    while state.hand == hand and GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0] if len(GAME.to_act(state)) == 1 else next(
            s for s in GAME.to_act(state) if GAME.legal_actions(state, s))
        GAME.apply(state, bots[seat].choose(GAME, observe(GAME, state, seat)))


def test_D10_1_places_in_order_of_going_out():
    state = _seat0_goes_out_first()
    assert state.places == [0]


def test_D10_2_hand_ends_when_one_player_holds_cards():
    state = rig({0: "3S"}, hands=1)
    events = []
    from engine.bots import make_bot
    from engine.observe import observe

    bots = [make_bot(GAME, "greedy", s) for s in range(4)]
    while GAME.outcome(state) is None:
        seat = next(s for s in GAME.to_act(state) if GAME.legal_actions(state, s))
        events += GAME.apply(state, bots[seat].choose(GAME, observe(GAME, state, seat)))
    over = next(e for e in events if isinstance(e, rules.HandOver))
    assert sorted(over.places) == [0, 1, 2, 3]
    went_out = [e.seat for e in events if isinstance(e, rules.WentOut)]
    assert went_out == list(over.places[:3])


def test_D11_1_pot_paid_60_30_10_0():
    state = rig({0: "3S"}, hands=1)
    _finish_hand_with_places(state)
    first, second, third, fourth = GAME.view(state, None).places
    assert state.chips[first] == 1000 - 25 + 60
    assert state.chips[second] == 1000 - 25 + 30
    assert state.chips[third] == 1000 - 25 + 10
    assert state.chips[fourth] == 1000 - 25
    assert sum(state.chips) == 4000


def test_D11_1_rounding_remainder_goes_to_first_place():
    state = rig({0: "3S"}, hands=1, stake=7)  # pot 28: 16 + 8 + 2 + 0, remainder 2 to first
    _finish_hand_with_places(state)
    first = state.places[0]
    assert state.chips[first] == 1000 - 7 + 18
    assert sum(state.chips) == 4000



def test_D11_1_the_texts_4_000_000_pot_can_be_set_up():
    state = rig({0: "3S"}, hands=1, stake=1_000_000, chips=1_000_000)
    _finish_hand_with_places(state)
    paid = [state.chips[seat] for seat in state.places]
    assert paid == [2_400_000, 1_200_000, 400_000, 0]

def test_D11_3_match_runs_the_set_number_of_hands():
    state = rig({0: "3S"}, hands=2)
    _finish_hand_with_places(state)
    assert state.hand == 2 and GAME.outcome(state) is None
    from tests.engine.dragon_helpers import deal

    deal(state, {1: "3S"})
    _finish_hand_with_places(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == tuple(state.chips)
    assert outcome.winners == tuple(s for s in range(4) if state.chips[s] == max(state.chips))


# Errors ------------------------------------------------------------------------

def test_D1_actions_of_no_dragon_kind_are_refused():
    state = rig({0: "3S"})
    refused(state, "D1", Rolled(3))



def test_a_refusal_tells_the_cards_by_name_not_by_code():
    """The advice line says what a player would: no '4S' or '9D' (story_check's codes)."""
    state = opened({0: "3S 9D", 1: "4S 5D 7C"})
    play(state, 0, "9D")
    names = Names(("ana", "Bo", "Cy", "Di"), 1)
    view = GAME.view(state, 1)
    lower = GAME.why_not(view, 1, tuple(cards("4S")), names)
    assert lower.text.startswith("The 4 of Stars does not beat the 9 of Droids: a single")
    mixed = GAME.why_not(view, 1, tuple(cards("4S 7C")), names)
    assert mixed.rule == "D4" and mixed.text.startswith("That selection is not a combination")
    assert not problems(lower.text) and not problems(mixed.text)


# -- the advice: what a seat may do, worded from its legal actions (Game.advice) ----------

NAMES = Names(("Ana", "Bo", "Cy", "Di"), 0)
DRAGON = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"


def advised(state, seat: int) -> str:
    view = GAME.view(state, seat)
    said = GAME.advice(view, seat, Names(NAMES.seats, seat))
    legal = GAME.legal_actions(state, seat)
    passes = any(isinstance(a, rules.Pass) for a in legal)
    if view.phase != rules.DRAGON_STAGE:  # there a Pass lets the chance to show a Dragon go
        assert passes == ("pass" in said.title.lower() and "not pass" not in said.title), \
            said  # it says pass exactly when Pass is legal
    return said.title


def test_D3_1_at_the_first_trick_the_advice_never_says_pass():
    state = rig({1: "3S"})
    assert advised(state, 1) == "Select cards to play: the first play must hold the 3 of Stars."
    assert advised(state, 0) == \
        "The first play must hold the 3 of Stars: its holder leads, so wait for it."


def test_D7_1_the_leader_must_play_and_a_follower_beats_or_passes():
    state = opened({0: "3S 9D", 1: "4S 5D 10C"})
    assert advised(state, 0) == "Select cards to play: you lead, and the leader must play, " \
                                "not pass."
    play(state, 0, "9D")
    assert advised(state, 1) == "Select cards to play that beat the 9 of Droids, or pass."
    assert GAME.advice(GAME.view(state, 2), 2, NAMES) is None  # not awaited: nothing to say


def test_D7_1_nothing_beats_the_trick_so_the_advice_says_pass():
    state = rig({0: "3S 4S 5D 6C 7B 8S 9D 10C JB QS KD AC 2S", 1: "2B"})
    play(state, 0, "3S")
    play(state, 1, "2B")
    pass_(state, 2)
    pass_(state, 3)
    assert advised(state, 0) == "Nothing in your hand beats this trick: pass."


def test_D7_2_with_chop_in_a_passed_seat_is_told_only_a_chop_brings_it_back():
    state = chop_back_in()
    assert advised(state, 1) == "You passed this trick: only a chop of the 2s brings you " \
                                "back in, or pass."


def test_D9_2_and_D9_4_a_dragon_is_advised_only_where_it_may_be_shown():
    state = rig({0: DRAGON}, hands=1)
    assert advised(state, 0) == "Your hand is a Dragon: show it now to take the whole pot, " \
                                "or play on."
    declare(state, 0)
    assert advised(state, 1) == "A Dragon is shown and your hand holds none: let the chance go."
