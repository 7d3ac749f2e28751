"""Dragon Den, clause by clause (docs/rules/den.md)."""

import pytest

from client.selfplay import transcript
from engine.bots import make_bot
from engine.chance import Dealt, Shuffled, TimeUp
from engine.errors import BadOption, IllegalAction
from engine.game import top_seats
from engine.games.den import rules
from engine.games.den.cards import DECK, FITS, RANK_NAMES, SUIT_NAMES, force, parse, rank
from engine.local import play
from engine.registry import get_game
from tests.engine.den_wild_helpers import RiggedTable, first_deals

GAME = get_game("den")


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


class Table(RiggedTable):
    """A Den hand with a stacked deck: named hands, then the foundations and the stockpile."""

    def __init__(self, dealt: dict[int, str], foundations: str, stock: str = "",
                 seats: int = 2, **options):
        super().__init__(GAME, DECK, parse, dealt, f"{foundations} {stock}", seats, **options)

    def play_action(self, seat, pile, text):
        return rules.Play(seat, pile, self.refs(text), self.cards(text))

    def play(self, seat, pile, text):
        return self.do(self.play_action(seat, pile, text))

    def move(self, seat, source, target):
        return self.do(rules.MovePile(seat, source, target))

    def end(self, seat):
        return self.do(rules.EndTurn(seat))


# DN1 -------------------------------------------------------------------------

def test_DN1_1_deck_is_four_suits_of_thirteen_ranks():
    assert len(DECK) == 52 and len(SUIT_NAMES) == 4 and len(RANK_NAMES) == 13
    assert {(rank(f), f & 3) for f in DECK} == {(r, s) for r in range(13) for s in range(4)}


@pytest.mark.parametrize("seats", [1, 5])
def test_DN1_1_two_to_four_players(seats):
    with pytest.raises(BadOption):
        GAME.configure({}, seats)


def test_DN1_2_ranks_run_from_key_to_dragon():
    assert RANK_NAMES[0] == "Key" and RANK_NAMES[1] == "Void" and RANK_NAMES[-1] == "Dragon"
    assert [rank(parse(t)) for t in ("KTN", "VTN", "1TN", "9TN", "XTN", "DTN")] == [
        0, 1, 2, 10, 11, 12]


def test_DN1_3_forces():
    assert [force(parse(f"5{s}")) for s in ("TN", "SN", "TG", "SG")] == [0, 0, 1, 1]


# DN2 -------------------------------------------------------------------------

def test_DN2_1_seven_each_one_at_a_time_from_the_dealers_left():
    assert GAME.setup(*GAME.configure({}, 3)).dealer == 2
    assert first_deals(GAME, 3) == [(0, (0, 3, 6, 9, 12, 15, 18)),
                                    (1, (1, 4, 7, 10, 13, 16, 19)),
                                    (2, (2, 5, 8, 11, 14, 17, 20))]
    assert Table({}, "5TN 6TN 7TN 8TN", seats=3).state.counts == [8, 7, 7]  # seat 0 drew


def test_DN2_1_a_deal_out_of_order_is_refused():
    state = GAME.setup(*GAME.configure({}, 2))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Dealt(1, 0, (0, 2, 4, 6, 8, 10, 12), ()))
    assert err.value.rule == "DN2"
    GAME.apply(state, Shuffled(1))
    with pytest.raises(IllegalAction):
        GAME.apply(state, Dealt(1, 1, (1, 3, 5, 7, 9, 11, 13), ()))  # seat 0 is due first
    with pytest.raises(IllegalAction):
        GAME.apply(state, Dealt(1, 0, (0, 2, 4, 6, 8, 10, 12), (1, 1, 2, 3, 4, 5, 6)))


def test_DN2_2_the_rest_is_the_stockpile():
    table = Table({}, "5TN 6TN 7TN 8TN", seats=3)
    assert GAME.view(table.state, None).stock == 52 - 21 - 4 - 1  # seat 0 has drawn


def test_DN2_3_four_foundations_turned_face_up():
    table = Table({}, "5TN 6SG 7TG 8SN")
    piles = GAME.view(table.state, None).piles
    assert piles[:4] == tuple((f,) for f in cards("5TN 6SG 7TG 8SN"))
    assert piles[4:] == ((), (), (), ())


def test_DN2_4_a_dragon_turned_up_stays_a_foundation():
    table = Table({0: "XSG"}, "DTN 6SG 7TG 8SN")
    assert table.state.piles[0] == cards("DTN")
    table.play(0, 0, "XSG")
    assert table.state.piles[0] == cards("DTN XSG")


def test_DN2_5_the_last_seat_deals_first_then_the_deal_passes_left():
    table = chain_table(seats=3, target=100)
    assert table.state.dealer == 2 and table.state.turn == 0
    go_out(table, 0)
    assert table.state.hand == 2 and table.state.dealer == 0
    assert GAME.view(table.state, None).dealer == 0


# DN3 -------------------------------------------------------------------------

def test_DN3_1_the_player_left_of_the_dealer_begins():
    state = Table({}, "5TN 6TN 7TN 8TN", seats=4).state
    assert state.dealer == 3 and GAME.to_act(state) == (0,)


def test_DN3_2_each_turn_begins_with_a_draw_dealt_to_the_player():
    table = Table({}, "5TN 6TN 7TN 8TN", stock="1TN 2SG")
    assert table.hand(0).count(parse("1TN")) == 1 and len(table.hand(0)) == 8
    table.end(0)
    assert parse("2SG") in table.hand(1) and len(table.hand(1)) == 8
    assert table.state.counts == [8, 8]


def test_DN3_2_a_draw_is_visible_only_to_the_drawer():
    table = Table({}, "5TN 6TN 7TN 8TN", stock="1TN")
    assert GAME.view(table.state, None).cards is None
    assert parse("1TN") not in GAME.view(table.state, 1).cards


def test_DN3_3_several_moves_in_one_turn():
    table = Table({0: "4SG 3TN 6SG"}, "5TN 7TN 2TG 9TN")
    table.play(0, 0, "4SG")
    table.play(0, 0, "3TN")
    table.play(0, 1, "6SG")
    assert table.state.turn == 0 and table.state.piles[0] == cards("5TN 4SG 3TN")


def test_DN3_4_a_player_may_end_the_turn_with_moves_left():
    table = Table({0: "4SG"}, "5TN 7TN 2TG 9TN")
    assert any(isinstance(a, rules.Play) for a in GAME.legal_actions(table.state, 0))
    table.end(0)
    assert table.state.turn == 1


def test_DN3_5_only_the_player_in_turn_moves():
    table = Table({0: "4SG", 1: "4TG"}, "5TN 7TN 2TG 9TN")
    table.refused("DN3.5", table.play_action(1, 0, "4TG"))
    table.refused("DN3.5", rules.EndTurn(1))
    assert not GAME.legal_actions(table.state, 1)


def test_DN3_5_cards_not_held_or_wrong_faces_are_refused():
    table = Table({0: "4SG 9SG", 1: "4TG"}, "5TN 7TN 2TG 9TN")
    foreign = table.state.held[1]
    table.refused("DN3.5", rules.Play(0, 0, (next(iter(foreign)),), (parse("4TG"),)))
    mine = table.state.face_ref[parse("9SG")]
    table.refused("DN3.5", rules.Play(0, 0, (mine,), (parse("4SG"),)))
    table.refused("DN3.5", rules.Play(0, 0, (mine, mine), cards("4SG 4SG")))


# DN4 -------------------------------------------------------------------------

def test_DN4_1_one_rank_lower_and_the_other_force():
    table = Table({0: "4SG 4SN 3TN"}, "5TN 7TN 2TG 9TN")
    table.refused("DN4.1", table.play_action(0, 0, "4SN"))  # same force
    table.refused("DN4.1", table.play_action(0, 0, "3TN"))  # two ranks lower
    table.play(0, 0, "4SG")
    assert FITS[parse("5TN")] == (1 << parse("4TG")) | (1 << parse("4SG"))


def test_DN4_1_nothing_goes_on_a_key():
    assert FITS[parse("KTN")] == 0 and FITS[parse("KSG")] == 0


def test_DN4_2_a_sequence_goes_on_in_one_move():
    table = Table({0: "4SG 3TN 2TG 1SN"}, "5TN 7TN 2SG 9TN")
    table.play(0, 0, "4SG 3TN 2TG 1SN")
    assert table.state.piles[0] == cards("5TN 4SG 3TN 2TG 1SN")
    assert table.state.counts[0] == 4  # 7 dealt, 1 drawn, 4 laid


def test_DN4_2_a_broken_sequence_is_refused():
    table = Table({0: "4SG 3SG 2TG"}, "5TN 7TN 2SN 9TN")
    table.refused("DN4.2", table.play_action(0, 0, "4SG 3SG"))
    table.refused("DN4.2", table.play_action(0, 0, "4SG 2TG"))


# DN5 -------------------------------------------------------------------------

def test_DN5_1_only_a_dragon_goes_into_an_empty_corner():
    table = Table({0: "DTN XSG 9TN 8SN"}, "5TN 7TN 2SG 9TG")
    table.refused("DN5.1", table.play_action(0, 4, "XSG"))
    table.play(0, 4, "DTN XSG 9TN")
    assert table.state.piles[4] == cards("DTN XSG 9TN")


def test_DN5_2_a_cornered_dragon_builds_like_a_pile():
    table = Table({0: "DTN XSG 9TN"}, "5TN 7TN 2SG 9TG")
    table.play(0, 5, "DTN")
    table.refused("DN4.1", table.play_action(0, 5, "9TN"))
    table.play(0, 5, "XSG")
    table.play(0, 5, "9TN")
    assert table.state.piles[5] == cards("DTN XSG 9TN")


# DN6, DN7 -------------------------------------------------------------------------

def test_DN6_1_a_pile_moves_when_its_first_card_fits():
    table = Table({}, "5TN 6SG 8SN 9TN")
    assert rules.MovePile(0, 0, 1) in GAME.legal_actions(table.state, 0)
    table.move(0, 0, 1)
    assert table.state.piles[1] == cards("6SG 5TN") and table.state.piles[0] == []


def test_DN6_1_a_pile_that_does_not_fit_is_refused():
    table = Table({}, "5TN 6TN 8SN 9TN")
    table.refused("DN6.1", rules.MovePile(0, 0, 1))
    table.refused("DN6.1", rules.MovePile(0, 0, 0))
    table.refused("DN6.1", rules.MovePile(0, 0, 8))


def test_DN6_1_a_corner_pile_never_moves():
    table = Table({0: "DSN"}, "5TN 6TN 8SN 9TN")
    table.play(0, 4, "DSN")
    table.refused("DN6.1", rules.MovePile(0, 4, 0))


def test_DN6_2_a_pile_moves_only_onto_a_pile():
    table = Table({0: "DSN"}, "5TN 6SG 8SN 9TN")
    table.move(0, 0, 1)
    table.refused("DN6.2", rules.MovePile(0, 2, 0))  # the vacated north
    table.refused("DN6.2", rules.MovePile(0, 0, 3))  # north is empty now


def test_DN6_3_and_DN7_1_any_card_or_sequence_on_a_vacated_foundation():
    table = Table({0: "1TN VSG KTN"}, "5TN 6SG 8SN 9TN")
    table.move(0, 0, 1)
    table.play(0, 0, "1TN VSG KTN")
    assert table.state.piles[0] == cards("1TN VSG KTN")


def test_DN7_1_the_legal_plays_on_a_vacated_foundation_are_every_sequence():
    table = Table({0: "1TN VSG KTN 7SN 7SG 3TG"}, "5TN 6SG 8SN 9TN")
    table.move(0, 0, 1)
    plays = {a.faces for a in GAME.legal_actions(table.state, 0)
             if isinstance(a, rules.Play) and a.pile == 0}
    hand = table.hand(0)
    assert {(f,) for f in hand} <= plays
    assert tuple(cards("1TN VSG KTN")) in plays and tuple(cards("VSG KTN")) in plays
    assert all(len(p) == 1 or FITS[p[0]] >> p[1] & 1 for p in plays)


# DN8 -------------------------------------------------------------------------

CHAIN = "9TN 8SG 7TN 6SG 5TN 4SG 3TN"  # with the first draw, 2SG, it all goes on XSG


def chain_table(**options):
    return Table({0: CHAIN}, "XSG 6TN 7TG 8SN", stock="2SG", **options)


def go_out(table, seat):
    return table.play(seat, 0, CHAIN + " 2SG")


def test_DN8_1_emptying_the_hand_wins_at_once():
    table = Table({0: "4SG 3TN 2TG 1SN VTG KSN 3SG"}, "5TN 7TN 4SN 9TN", stock="2SN",
                  hands=1)
    table.play(0, 0, "4SG 3TN 2TG 1SN VTG KSN")
    events = table.play(0, 2, "3SG 2SN")
    over = next(e for e in events if isinstance(e, rules.HandOver))
    assert over.winners == (0,) and not over.blocked
    assert GAME.outcome(table.state) is not None


def test_DN8_2_winner_plus_five_others_minus_one_a_card():
    table = Table({0: "4SG 3TN 2TG 1SN VTG KSN 3SG"}, "5TN 7TN 4SN 9TN", stock="2SN",
                  seats=3, hands=1)
    table.play(0, 0, "4SG 3TN 2TG 1SN VTG KSN")
    events = table.play(0, 2, "3SG 2SN")
    over = next(e for e in events if isinstance(e, rules.HandOver))
    assert over.points == (5, -7, -7) and table.state.scores == [5, -7, -7]


# DN9 -------------------------------------------------------------------------

def _run_out_the_stock(table):
    state = table.state
    while state.stock:
        table.end(state.turn)
    return state


def test_DN9_1_turns_go_on_without_a_draw():
    table = Table({}, "5TN 7TN 4SN 9TN")
    state = _run_out_the_stock(table)
    counts = list(state.counts)
    table.end(state.turn)
    assert GAME.chance_request(state) is None and state.counts == counts


def test_DN9_2_a_round_without_a_card_played_blocks_the_hand():
    table = Table({}, "KTN KSN KTG KSG", hands=1)  # nothing fits on a Key
    state = _run_out_the_stock(table)
    events = []
    while GAME.outcome(state) is None:
        events += table.end(state.turn)
    over = next(e for e in events if isinstance(e, rules.HandOver))
    assert over.blocked
    fewest = min(state.counts)
    assert over.winners == tuple(s for s in range(2) if state.counts[s] == fewest)
    assert over.points == tuple(5 if s in over.winners else -state.counts[s] for s in range(2))


def test_DN9_2_a_card_played_restarts_the_count():
    table = Table({0: "DTN", 1: "DSN"}, "KTN KSN KTG KSG")
    state = _run_out_the_stock(table)
    first = state.turn
    table.end(first)
    dragon = "DTN" if state.turn == 0 else "DSN"
    table.play(state.turn, 4, dragon)
    table.end(state.turn)
    assert state.hand == 1 and state.idle == 0
    table.end(first)
    assert state.hand == 1 and state.idle == 1


# DN10 ------------------------------------------------------------------------

def test_DN10_1_the_match_ends_at_the_target():
    table = chain_table(target=10)
    go_out(table, 0)
    assert GAME.outcome(table.state) is None and table.state.scores == [5, -7]
    table.deal({0: CHAIN}, "XSG 6TN 7TG 8SN KTN 2SG")
    assert table.state.turn == 1  # seat 0 dealt this hand
    table.end(1)
    events = go_out(table, 0)
    assert any(isinstance(e, rules.MatchOver) for e in events)
    outcome = GAME.outcome(table.state)
    assert outcome.winners == (0,) and outcome.scores == (10, -15)


def test_DN10_2_the_hands_option_caps_the_match():
    table = chain_table(hands=1)
    events = go_out(table, 0)
    assert any(isinstance(e, rules.MatchOver) for e in events)
    assert GAME.outcome(table.state).scores == (5, -7)


def test_DN10_2_by_default_the_match_ends_after_twelve_hands():
    config, _ = GAME.configure({})
    assert config["hands"] == 12
    state = rules.DenState(config, 2)
    state.hand = 12
    assert rules._match_over(state)
    state.hand, config["hands"] = 1000, 0  # 0: no limit
    assert not rules._match_over(state)


def test_DN10_4_with_bust_a_player_at_minus_the_target_ends_the_match():
    table = chain_table(target=7, bust=True)
    events = go_out(table, 0)
    assert table.state.scores == [5, -7] and any(isinstance(e, rules.MatchOver) for e in events)
    assert GAME.outcome(table.state).winners == (0,)


def test_DN10_4_by_default_the_target_is_reached_either_way():
    """The pre-determined number is reached from below as well: scores drift down."""
    assert GAME.configure({})[0]["bust"] is True
    table = chain_table(target=7)
    events = go_out(table, 0)
    assert any(isinstance(e, rules.MatchOver) for e in events)


def test_DN10_4_without_bust_only_the_target_ends_the_match():
    table = chain_table(target=7, bust=False)
    go_out(table, 0)
    assert GAME.outcome(table.state) is None and table.state.hand == 2


def test_DN10_3_highest_scores_win_and_ties_share():
    assert top_seats([3, 7, 7]) == (1, 2)


def ended(state) -> bool:
    """One of the default endings came: DN10.1, DN10.4 (the target either way) or DN10.2."""
    return max(state.scores) >= 15 or min(state.scores) <= -15 or state.hand == 12


def test_DN10_greedy_bots_play_whole_matches():
    for seats in (2, 3, 4):
        config, seats = GAME.configure({}, seats)
        state = GAME.setup(config, seats)
        bots = [make_bot(GAME, "greedy", s) for s in range(seats)]
        steps = sum(1 for _ in play(GAME, state, bots, seats))
        outcome = GAME.outcome(state)
        assert steps and ended(state)
        assert outcome.scores == tuple(state.scores)


@pytest.mark.parametrize("seed", range(1, 9))
def test_DN10_a_default_four_seat_match_ends_within_twelve_hands(seed):
    """`hoard selfplay den --players 4 --seed N` (the window's bots play the same)."""
    result = transcript(GAME, *GAME.configure({}, 4), "greedy", seed)
    hands = [line for line in result["log"] if line.startswith("Hand ") and " begins" in line]
    assert 1 <= len(hands) <= 12 and result["winners"]
    assert result["log"][-1].startswith("The match is over")


def test_DN_foreign_actions_are_refused():
    table = Table({}, "5TN 6TN 7TN 8TN")
    table.refused("DN3.5", TimeUp(1))


@pytest.mark.parametrize("blocked, winners, said", [
    (False, (1,), "You go out"),
    (False, (0,), "Ana goes out"),
    (True, (0, 1), "Play is blocked, and Ana and you win with the fewest cards"),
])
def test_DN9_the_hand_result_headline_says_how_the_hand_ended(blocked, winners, said):
    from engine.games.den.words import how_won
    from engine.tell import Names

    over = rules.HandOver(1, winners, blocked, (0, 0), (0, 0))
    assert how_won(over, Names(("Ana", "Bo"), 1), start=True) == said


def test_DN10_the_match_goal_is_worded_by_the_engine():
    from engine.games.den.rules import GAME

    config, seats = GAME.configure({}, 3)
    assert GAME.goal_words(config, seats) == "to 15 or \u221215 points, 12 hands at most"
    config, seats = GAME.configure({"bust": False, "hands": 0, "target": 20}, 2)
    assert GAME.goal_words(config, seats) == "first to 20 points"
