"""Dragons Wild, clause by clause (docs/rules/wild.md)."""

import pytest

from engine.bots import make_bot
from engine.chance import DealRequest, Dealt, RevealRequest, Shuffled, TimeUp
from engine.errors import BadOption, IllegalAction
from engine.game import top_seats
from engine.games.wild import melds, rules
from engine.games.wild.cards import DECK, FIRST_DRAGON, SUIT_NAMES, name, parse
from engine.local import play
from engine.registry import get_game
from tests.engine.den_wild_helpers import RiggedTable, first_deals

GAME = get_game("wild")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse(t) for t in text.split())


class Table(RiggedTable):
    """A Dragons Wild hand with a stacked deck: named hands, the first discard, the deck."""

    def __init__(self, dealt: dict[int, str], discard: str = "", stock: str = "",
                 seats: int = 2, **options):
        super().__init__(GAME, DECK, parse, dealt, f"{discard} {stock}", seats, **options)

    def no_buys(self):
        events = []
        while self.state.phase == rules.BUYING:
            events += self.do(rules.DeclineToBuy(self.state.waiting[0]))
        return events

    def draw(self, seat, from_discard=False):
        return self.no_buys() + self.do(rules.Draw(seat, from_discard))

    def meld_action(self, seat, text, wild_as=0):
        return rules.Meld(seat, self.refs(text), cards(text), wild_as)

    def meld(self, seat, text, wild_as=0):
        return self.do(self.meld_action(seat, text, wild_as))

    def add_action(self, seat, meld, text, wild_as=0):
        return rules.AddToMeld(seat, meld, self.refs(text), cards(text), wild_as)

    def add(self, seat, meld, text, wild_as=0):
        return self.do(self.add_action(seat, meld, text, wild_as))

    def discard(self, seat, text):
        face = parse(text)
        return self.do(rules.Discard(seat, (self.state.face_ref[face],), (face,)))

    def pass_turn(self, seat=None):
        """Decline every buy, draw from the deck, discard the highest card."""
        seat = self.state.turn if seat is None else seat
        events = self.draw(seat)
        return events + self.discard(seat, name(self.hand(seat)[-1]))


def table_faces(table, meld):
    return melds_faces(table.state.melds[meld])


def melds_faces(meld):
    return " ".join(name(f) for f in meld.faces())


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# W1 --------------------------------------------------------------------------

def test_W1_1_seventy_cards_eight_suits_of_eight_and_six_dragons():
    assert len(DECK) == 70 and len(SUIT_NAMES) == 8
    assert SUIT_NAMES[:4] == ("Unicorns", "Kelpies", "Phoenixes", "Pegasi")
    assert [name(f) for f in DECK[FIRST_DRAGON:]] == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert {name(f) for f in DECK[:FIRST_DRAGON]} == {
        f"{n}{s}" for n in range(1, 9) for s in ("Un", "Ke", "Ph", "Pe", "Gr", "Hy", "Sp", "Ba")}


@pytest.mark.parametrize("seats", [1, 7])
def test_W1_2_two_to_six_players(seats):
    with pytest.raises(BadOption):
        GAME.configure({}, seats)


# W2 --------------------------------------------------------------------------

def test_W2_1_seven_each_one_at_a_time_from_the_dealers_left():
    assert GAME.setup(*GAME.configure({}, 3)).dealer == 2
    assert first_deals(GAME, 3) == [(s, tuple(range(s, 21, 3))) for s in range(3)]


def test_W2_1_a_deal_out_of_order_is_refused():
    state = GAME.setup(*GAME.configure({}, 2))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Dealt(1, 1, tuple(range(1, 14, 2)), ()))
    assert err.value.rule == "W2"


def test_W2_2_and_W2_3_the_deck_and_the_first_discard():
    table = Table({}, discard="5Ke", seats=3)
    view = GAME.view(table.state, None)
    assert view.discard == (parse("5Ke"),)
    assert view.deck == 70 - 21 - 1


# W3 --------------------------------------------------------------------------

def test_W3_1_the_player_left_of_the_dealer_goes_first():
    table = Table({}, seats=4)
    assert table.state.dealer == 3 and table.state.turn == 0


def test_W3_2_the_round_moves_on_after_the_dealers_turn():
    table = Table({}, discard="5Ke")
    table.pass_turn(0)
    assert table.state.round == 1
    events = table.pass_turn(1)  # seat 1 deals this hand
    assert table.state.round == 2 and of(events, rules.RoundAdvanced)


def test_W3_2_between_hands_the_round_is_the_last_hands_until_the_next_is_shuffled():
    """The table's pause shows a hand's result under the round it ended in, as the log
    told it; the next hand's round 1 begins with its shuffle."""
    config, seats = GAME.configure({"match": "deals"}, 2)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "greedy", s) for s in range(seats)]
    told, between = 1, []
    for action, events in play(GAME, state, bots, 3):
        told = next((e.round for e in events if isinstance(e, rules.RoundAdvanced)), told)
        if of(events, rules.HandOver) and not of(events, rules.MatchOver):
            between.append((told, GAME.view(state, None).round))
        if isinstance(action, Shuffled) and state.hand > 1:
            assert state.round == 1
            told = 1
    assert between and all(shown == told for told, shown in between), between
    assert any(told > 1 for told, _ in between), "a hand that ended past its first round"


# W4 --------------------------------------------------------------------------

def test_W4_1_taking_the_discard_shows_it():
    table = Table({}, discard="5Ke")
    events = table.draw(0, from_discard=True)
    assert of(events, rules.Drew)[0].face == parse("5Ke") and parse("5Ke") in table.hand(0)
    assert GAME.view(table.state, None).discard == ()


def test_W4_1_a_card_from_the_deck_is_dealt_to_the_drawer_alone():
    table = Table({}, discard="5Ke", stock="6Ph")
    table.no_buys()
    GAME.apply(table.state, rules.Draw(0, False))
    request = GAME.chance_request(table.state)
    assert isinstance(request, DealRequest) and request.seat == 0
    events = table.settle()
    assert of(events, rules.Drew)[0].face == -1
    assert parse("6Ph") in table.hand(0) and parse("6Ph") not in GAME.view(table.state, 1).cards


def test_W4_1_no_drawing_out_of_turn_or_twice():
    table = Table({}, discard="5Ke")
    table.no_buys()
    table.refused("W4", rules.Draw(1, False))
    table.draw(0)
    table.refused("W4", rules.Draw(0, False))


# W5 --------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["2Un 2Ke 2Ph", "5Un 5Ke 5Ph 5Pe", "7Hy 7Ba D3"])
def test_W5_1_sets(text):
    meld = melds.new_meld(0, cards(text), 0)
    assert meld.kind == melds.SET


def test_W5_1_two_cards_are_no_meld():
    with pytest.raises(IllegalAction) as err:
        melds.new_meld(0, cards("2Un 2Ke"), 0)
    assert err.value.rule == "W5.1"


@pytest.mark.parametrize(("text", "wild_as"), [("2Un 3Un 4Un", 0), ("5Ke 6Ke 7Ke 8Ke", 0),
                                               ("5Ke 7Ke D1", 6), ("5Ke 6Ke D1", 4)])
def test_W5_2_runs(text, wild_as):
    meld = melds.new_meld(0, cards(text), wild_as)
    assert meld.kind == melds.RUN and meld.wild_as == wild_as


@pytest.mark.parametrize(("text", "wild_as"), [("2Un 3Ke 4Un", 0), ("7Un 8Un 1Un", 0),
                                               ("2Un 4Un 5Un", 0), ("7Un 8Un D1", 9)])
def test_W5_2_not_runs(text, wild_as):
    with pytest.raises(IllegalAction):
        melds.new_meld(0, cards(text), wild_as)


def test_W5_3_one_dragon_at_most_and_it_stands_somewhere():
    for text, wild_as in (("5Un D1 D2", 4), ("5Un 6Un D1 D2", 7)):
        with pytest.raises(IllegalAction) as err:
            melds.new_meld(0, cards(text), wild_as)
        assert err.value.rule == "W5.3"
    with pytest.raises(IllegalAction):
        melds.new_meld(0, cards("5Un 5Ke D1"), 3)  # in a set it is the set's number
    with pytest.raises(IllegalAction):
        melds.new_meld(0, cards("5Un 6Un D1"), 6)  # its place is taken


# W6 --------------------------------------------------------------------------

def test_W6_1_laying_down_comes_after_the_draw():
    table = Table({0: "5Un 6Un 7Un"}, discard="5Ke")
    table.refused("W6.1", table.meld_action(0, "5Un 6Un 7Un"))
    table.no_buys()
    table.refused("W6.1", table.meld_action(0, "5Un 6Un 7Un"))
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")


def _seat0_melded(**options):
    """Seat 0 melds 5-6-7 of Unicorns in round 1; seat 1 is to play."""
    table = Table({0: "5Un 6Un 7Un 8Un", 1: "4Un 4Ke 4Ph"}, discard="1Gr", stock="2Gr 3Gr 4Gr",
                  **options)
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")
    table.discard(0, "2Gr")
    return table


def test_W6_2_no_adding_before_a_meld_of_ones_own():
    table = _seat0_melded()
    table.draw(1)
    table.refused("W6.2", table.add_action(1, 0, "4Un"))
    assert not any(isinstance(a, rules.AddToMeld) for a in GAME.legal_actions(table.state, 1))


def _both_melded():
    """After _seat0_melded, seat 1 lays a set of 4s; seat 0 draws the 4 of Griffins."""
    table = _seat0_melded()
    table.draw(1)
    table.meld(1, "4Un 4Ke 4Ph")
    table.discard(1, "3Gr")
    table.draw(0)
    return table


def test_W6_2_a_meld_from_an_earlier_turn_opens_adding():
    table = _both_melded()
    events = table.add(0, 1, "4Gr")  # seat 0 adds to seat 1's set
    assert table_faces(table, 1) == "4Un 4Ke 4Ph 4Gr"
    assert of(events, rules.Added)[0].points == 7


def test_W6_2_not_even_to_ones_own_meld_of_this_turn():
    table = Table({0: "5Un 6Un 7Un 8Un"}, discard="1Gr")
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")
    assert not table.state.may_add(0)


def test_W6_3_one_lay_a_turn():
    table = Table({0: "5Un 6Un 7Un 2Ke 2Ph 2Pe"}, discard="1Gr")
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")
    table.refused("W6.3", table.meld_action(0, "2Ke 2Ph 2Pe"))
    assert all(isinstance(a, rules.Discard) for a in GAME.legal_actions(table.state, 0))


def test_W6_4_only_cards_held_showing_their_faces():
    table = Table({0: "5Un 6Un 7Un", 1: "8Un"}, discard="1Gr")
    table.draw(0)
    mine = table.refs("5Un 6Un")
    foreign = next(iter(table.state.held[1]))
    table.refused("W6.4", rules.Meld(0, (*mine, foreign), cards("5Un 6Un 8Un"), 0))
    table.refused("W6.4", rules.Meld(0, table.refs("5Un 6Un 7Un"), cards("5Un 6Un 8Un"), 0))
    table.refused("W6.4", rules.Meld(0, (*mine, mine[0]), cards("5Un 6Un 5Un"), 0))


# W7: from a run of 5-6-W --------------------------------------------------------

def _five_six_wild():
    """Seat 0 laid 5-6-W (the Dragon as 7) in round 1; it is seat 0's turn in round 2."""
    table = Table({0: "5Un 6Un D1 3Un 4Un 7Un 8Un"}, discard="1Gr", stock="2Gr 3Gr 4Gr")
    table.draw(0)
    table.meld(0, "5Un 6Un D1", wild_as=7)
    table.discard(0, "2Gr")
    table.pass_turn(1)
    table.draw(0)
    assert table.state.round == 2 and table_faces(table, 0) == "5Un 6Un D1"
    return table


@pytest.mark.parametrize(("text", "wild_as", "after"), [
    ("7Un", 8, "5Un 6Un 7Un D1"), ("7Un", 4, "D1 5Un 6Un 7Un"),
    ("4Un", 7, "4Un 5Un 6Un D1"), ("4Un", 3, "D1 4Un 5Un 6Un"),
])
def test_W7_1_1_a_seven_or_a_four_with_the_dragon_at_either_end(text, wild_as, after):
    table = _five_six_wild()
    events = table.add(0, 0, text, wild_as)
    assert table_faces(table, 0) == after
    assert of(events, rules.Added)[0].points == 7  # one card in round 2


def test_W7_1_2_an_eight_as_5_6_w_8():
    table = _five_six_wild()
    table.add(0, 0, "8Un", 7)
    assert table_faces(table, 0) == "5Un 6Un D1 8Un"
    assert table.state.melds[0].wild_fixed()


def test_W7_1_3_the_dragon_moves_to_the_other_end_for_a_three():
    table = _five_six_wild()
    events = table.add(0, 0, "3Un", 4)
    assert table_faces(table, 0) == "3Un D1 5Un 6Un"
    assert of(events, rules.Added)[0].points == 7


def test_W7_1_4_both_ends_at_once_4_5_6_w_8_scores_two_cards():
    table = _five_six_wild()
    events = table.add(0, 0, "4Un 8Un", 7)
    assert table_faces(table, 0) == "4Un 5Un 6Un D1 8Un"
    assert of(events, rules.Added)[0].points == 14


def test_W7_1_the_legal_additions_include_every_example():
    table = _five_six_wild()
    adds = {(a.faces, a.wild_as) for a in GAME.legal_actions(table.state, 0)
            if isinstance(a, rules.AddToMeld)}
    for text, wild_as in (("7Un", 8), ("7Un", 4), ("4Un", 7), ("4Un", 3), ("8Un", 7),
                          ("3Un", 4), ("4Un 8Un", 7)):
        assert (cards(text), wild_as) in adds
    assert (cards("8Un"), 4) not in adds  # 4 would leave a gap at 7


def test_W7_2_a_dragon_inside_a_run_stays():
    table = _five_six_wild()
    table.add(0, 0, "8Un", 7)  # 5-6-W-8
    table.discard(0, "4Gr")
    table.pass_turn(1)
    table.draw(0)
    table.refused("W7.2", table.add_action(0, 0, "7Un", 4))  # no replacing it
    table.refused("W7.2", table.add_action(0, 0, "4Un", 4))  # no moving it
    table.add(0, 0, "4Un", 7)
    assert table_faces(table, 0) == "4Un 5Un 6Un D1 8Un"


def test_W7_3_no_dragon_ever_leaves_a_meld():
    config, seats = GAME.configure({}, 4)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "greedy", s) for s in range(seats)]
    seen: dict[int, tuple[int, int]] = {}  # this hand's melds; a shuffle clears the table
    wild_seen = False
    for action, _ in play(GAME, state, bots, 7):
        if isinstance(action, Shuffled):
            seen.clear()
        for i, meld in enumerate(state.melds):
            size, wild = len(meld.faces()), meld.wild
            old = seen.get(i)
            if old is not None:
                assert size >= old[0] and (old[1] < 0 or wild == old[1])
            seen[i] = (size, wild)
            wild_seen |= wild >= 0
    assert wild_seen


def test_W7_4_the_dragon_moves_only_with_an_addition():
    table = _five_six_wild()
    table.refused("W7.4", rules.AddToMeld(0, 0, (), (), 4))


def test_W7_5_a_dragon_may_join_a_meld_without_one():
    table = Table({0: "5Un 6Un 7Un D2 D3"}, discard="1Gr", stock="2Gr 3Gr 4Gr")
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")
    table.discard(0, "2Gr")
    table.pass_turn(1)
    table.draw(0)
    table.add(0, 0, "D2", 8)
    assert table_faces(table, 0) == "5Un 6Un 7Un D2"
    table.discard(0, "4Gr")
    table.pass_turn(1)
    table.draw(0)
    table.refused("W5.3", table.add_action(0, 0, "D3", 4))


# W8 --------------------------------------------------------------------------

def test_W8_1_a_run_of_three_in_round_one_scores_24():
    table = Table({0: "5Un 6Un 7Un"}, discard="1Gr")
    table.draw(0)
    events = table.meld(0, "5Un 6Un 7Un")
    assert of(events, rules.Melded)[0].points == 24 and table.state.scores[0] == 24


def test_W8_1_points_a_card_by_round():
    assert [rules.round_points(r) for r in range(1, 11)] == [8, 7, 6, 5, 4, 3, 2, 1, 1, 1]


def test_W8_2_cards_added_to_anothers_meld_score_for_the_layer():
    table = Table({0: "5Un 6Un 7Un", 1: "4Ke 4Ph 4Pe 8Un"}, discard="1Gr")
    table.draw(0)
    table.meld(0, "5Un 6Un 7Un")
    table.discard(0, name(table.hand(0)[-1]))
    table.draw(1)
    table.meld(1, "4Ke 4Ph 4Pe")  # round 1: 24
    table.discard(1, name(table.hand(1)[-1]))
    table.pass_turn(0)
    table.draw(1)
    events = table.add(1, 0, "8Un")
    assert of(events, rules.Added)[0].seat == 1 and table.state.melds[0].owner == 0
    assert table.state.scores[1] == 24 + 7  # one card in round 2


# W9 --------------------------------------------------------------------------

def test_W9_1_the_turn_ends_with_a_discard():
    table = Table({}, discard="1Gr", stock="2Gr")
    table.refused("W9.1", rules.Discard(0, (next(iter(table.state.held[0])),), (0,)))
    table.draw(0)
    two = tuple(table.hand(0)[:2])
    table.refused("W9.1", rules.Discard(0, tuple(table.state.face_ref[f] for f in two), two))
    events = table.discard(0, "2Gr")
    assert of(events, rules.Discarded)[0].face == parse("2Gr")
    assert table.state.turn == 1 and GAME.view(table.state, None).discard[-1] == parse("2Gr")


def test_W9_2_a_card_must_be_left_to_discard():
    table = Table({0: "1Un 2Un 3Un 4Un 5Un 6Un 7Un"}, discard="1Gr", stock="8Un")
    table.draw(0)
    table.refused("W9.2", table.meld_action(0, "1Un 2Un 3Un 4Un 5Un 6Un 7Un 8Un"))
    lays = [a for a in GAME.legal_actions(table.state, 0) if isinstance(a, rules.Meld)]
    assert lays and max(len(a.faces) for a in lays) == 7



def _took_1gr(**options):
    """Seat 0 holds the seven Un cards and has just taken 1Gr from the discard pile."""
    table = Table({0: "1Un 2Un 3Un 4Un 5Un 6Un 7Un"}, discard="1Gr", **options)
    table.draw(0, from_discard=True)
    return table


def _discard_action(table, text):
    face = parse(text)
    return rules.Discard(0, (table.state.face_ref[face],), (face,))


def test_W9_3_the_card_taken_from_the_discard_cannot_go_straight_back():
    table = _took_1gr()
    assert GAME.view(table.state, None).taken == parse("1Gr")
    table.refused("W9.3", _discard_action(table, "1Gr"))
    discards = [a for a in GAME.legal_actions(table.state, 0) if isinstance(a, rules.Discard)]
    assert len(discards) == 7 and parse("1Gr") not in {a.faces[0] for a in discards}


def test_W9_3_a_lay_may_not_leave_only_the_taken_card():
    table = _took_1gr()
    table.refused("W9.3", table.meld_action(0, "1Un 2Un 3Un 4Un 5Un 6Un 7Un"))
    lays = [a for a in GAME.legal_actions(table.state, 0) if isinstance(a, rules.Meld)]
    assert lays and max(len(a.faces) for a in lays) == 6
    table.meld(0, "1Un 2Un 3Un 4Un 5Un 6Un")
    table.discard(0, "7Un")
    assert table.state.turn == 1 and GAME.view(table.state, None).taken is None


def test_W9_3_taking_the_discard_after_a_refused_buy_counts_too():
    table = Table({}, discard="1Gr", stock="2Gr", seats=3)
    table.do(rules.AskToBuy(1))
    table.do(rules.AnswerBuyer(0, False))  # W10.5
    table.refused("W9.3", _discard_action(table, "1Gr"))


def test_W9_3_the_discard_taken_option_allows_it():
    table = _took_1gr(discard_taken=True)
    assert GAME.view(table.state, None).taken is None
    lays = [a for a in GAME.legal_actions(table.state, 0) if isinstance(a, rules.Meld)]
    assert max(len(a.faces) for a in lays) == 7
    events = table.do(_discard_action(table, "1Gr"))
    assert of(events, rules.Discarded)[0].face == parse("1Gr")

# W10 -------------------------------------------------------------------------

def test_W10_1_the_others_may_ask_before_the_draw():
    table = Table({}, discard="1Gr", seats=4)
    assert table.state.phase == rules.BUYING
    assert GAME.to_act(table.state) == (1, 2, 3)
    assert not GAME.legal_actions(table.state, 0)


def test_W10_2_silence_is_declining():
    table = Table({}, discard="1Gr", seats=4)
    key = table.state.timer.key
    assert table.state.timer.steps == 60
    table.refused("W10.2", TimeUp(key + 1))
    table.do(TimeUp(key))
    assert table.state.phase == rules.DRAWING and table.state.timer is None


def test_W10_2_the_window_closes_once_the_result_is_certain():
    table = Table({}, discard="1Gr", seats=4)
    table.do(rules.AskToBuy(2))
    assert GAME.to_act(table.state) == (1, 3)
    table.do(rules.DeclineToBuy(1))  # seat 3 cannot change the result
    assert table.state.phase == rules.ANSWERING and table.state.buyer == 2


def test_W10_3_the_nearest_asker_after_the_player_in_turn_wins():
    table = Table({}, discard="1Gr", seats=4)
    table.do(rules.AskToBuy(3))
    table.do(rules.AskToBuy(2))
    table.do(rules.DeclineToBuy(1))
    assert table.state.buyer == 2
    table = Table({}, discard="1Gr", seats=4)
    table.do(rules.AskToBuy(3))
    table.do(rules.TimeUp(table.state.timer.key))
    assert table.state.buyer == 3


def test_W10_4_yes_the_buyer_takes_the_discard_and_a_penalty_card():
    table = Table({}, discard="1Gr", stock="2Gr 3Gr", seats=3)
    table.do(rules.AskToBuy(1))
    GAME.apply(table.state, rules.AnswerBuyer(0, True))
    request = GAME.chance_request(table.state)
    assert isinstance(request, DealRequest) and request.seat == 1  # face down to the buyer
    events = table.settle()
    assert table.state.counts == [7, 9, 7]
    assert {parse("1Gr"), parse("2Gr")} <= set(table.hand(1))
    assert of(events, rules.Drew)[0].penalty


def test_W10_5_no_the_player_in_turn_takes_the_discard():
    table = Table({}, discard="1Gr", stock="2Gr", seats=3)
    table.do(rules.AskToBuy(1))
    table.do(rules.AnswerBuyer(0, False))
    assert table.state.phase == rules.LAYING and parse("1Gr") in table.hand(0)
    assert table.state.counts == [8, 7, 7]


def _discards(table, count):
    """Play turns that leave `count` cards on the discard pile, seat 0 to play."""
    while len(table.state.discard) < count or table.state.turn != 0:
        table.pass_turn()


def test_W10_6_up_to_three_buys_in_a_row():
    table = Table({}, discard="1Gr")
    _discards(table, 5)
    for bought in range(3):
        assert table.state.phase == rules.BUYING and table.state.buys == bought
        table.do(rules.AskToBuy(1))
        table.do(rules.AnswerBuyer(0, True))
    assert table.state.phase == rules.DRAWING and len(table.state.discard) >= 2
    assert table.state.counts[1] == 7 + 6


def test_W10_7_no_buying_on_ones_own_turn_but_ones_own_discard_after_it():
    table = Table({}, discard="1Gr", stock="2Gr 3Gr")
    table.refused("W10.7", rules.AskToBuy(0))
    table.pass_turn(0)
    table.no_buys()
    table.draw(1)
    table.discard(1, "3Gr")
    table.do(rules.AskToBuy(1))  # seat 1 buys back its own discard
    table.do(rules.AnswerBuyer(0, True))
    assert parse("3Gr") in table.hand(1)


def test_W10_8_no_buying_when_the_draw_would_run_short():
    table = Table({}, discard="1Gr", turnovers=0)
    while table.state.deck_count >= 2:
        assert table.state.phase == rules.BUYING
        table.pass_turn()
    assert table.state.phase == rules.DRAWING


# W11 -------------------------------------------------------------------------

def test_W11_1_the_discard_pile_is_turned_over_not_shuffled():
    table = Table({}, discard="1Gr")
    state = table.state
    while state.deck_count:
        table.pass_turn()
    pile = GAME.view(state, None).discard
    seat = state.turn
    events = table.draw(seat)
    assert of(events, rules.DeckTurned)[0].cards == len(pile)
    drawn = of(events, rules.Drew)[0]
    assert drawn.face == pile[0]  # the oldest discard, shown to all: no chance needed
    assert tuple(state.faces[r] for r in state.recycled) == pile[1:]
    assert state.turnovers == 2


def test_W11_2_with_no_turnover_left_the_hand_ends_when_the_deck_runs_out():
    table = Table({}, discard="1Gr", turnovers=0, hands=1)
    events = []
    while GAME.outcome(table.state) is None:
        events += table.pass_turn()
    over = of(events, rules.HandOver)[0]
    assert over.went_out == -1 and table.state.deck_count == 0
    assert over.penalties == tuple(len(h) + 2 * sum(
        table.state.faces[r] >= FIRST_DRAGON for r in h) for h in table.state.held)


# W12 -------------------------------------------------------------------------

def test_W12_going_out_reveals_and_counts_the_others_hands():
    table = Table({0: "1Un 2Un 3Un 4Un 5Un 6Un 7Un", 1: "D2 D3 1Ke 2Ke 3Ke 4Ke 5Ke"},
                  discard="1Gr", stock="8Un", hands=1)
    table.draw(0)
    table.meld(0, "1Un 2Un 3Un 4Un 5Un 6Un 7Un")
    GAME.apply(table.state, rules.Discard(0, table.refs("8Un"), cards("8Un")))
    request = GAME.chance_request(table.state)  # W12.3: seat 1's face-down cards
    assert isinstance(request, RevealRequest) and request.positions == tuple(range(1, 14, 2))
    events = table.settle()
    over = of(events, rules.HandOver)[0]
    assert over.went_out == 0
    assert over.penalties == (0, 3 + 3 + 5)  # W12.2
    assert table.state.scores == [56, -11]


# W13 -------------------------------------------------------------------------

def _greedy_match(seats, **options):
    config, seats = GAME.configure(options, seats)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "greedy", s) for s in range(seats)]
    events = [e for _, evs in play(GAME, state, bots, seats) for e in evs]
    return state, events


def test_W13_1_and_W13_2_each_player_deals_once_passing_left():
    _, events = _greedy_match(5)
    assert [e.dealer for e in of(events, rules.HandStarted)] == [4, 0, 1, 2, 3]
    assert len(of(events, rules.HandOver)) == 5


def test_W13_2_a_points_match_ends_at_the_target():
    _, events = _greedy_match(3, match="points", target=150)
    overs = of(events, rules.HandOver)
    assert max(overs[-1].scores) >= 150
    assert all(max(o.scores) < 150 for o in overs[:-1])


def test_W13_3_the_hands_option_caps_the_match():
    state, events = _greedy_match(4, hands=1)
    assert len(of(events, rules.HandOver)) == 1 and GAME.outcome(state) is not None


def test_W13_4_highest_scores_win():
    state, _ = _greedy_match(6)
    outcome = GAME.outcome(state)
    assert outcome.winners == top_seats(state.scores)
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


def test_W1_foreign_actions_are_refused():
    table = Table({}, discard="1Gr")
    from engine.games.den.rules import EndTurn

    table.refused("W1", EndTurn(0))


def test_W13_2_and_W13_3_the_match_goal_is_worded_by_the_engine():
    from engine.games.wild.rules import GAME

    assert GAME.goal_words(*GAME.configure({}, 4)) == "one hand per player (4 hands)"
    assert GAME.goal_words(*GAME.configure({"match": "points"}, 3)) == "first to 200 points"
    assert GAME.goal_words(*GAME.configure({"match": "points", "hands": 5}, 3)) == \
        "first to 200 points, 5 hands at most"
    assert GAME.goal_words(*GAME.configure({"hands": 2}, 4)) == "2 hands"


def test_W13_the_setup_reads_the_match_options_in_words_not_raw_values():
    from engine.games.wild.rules import GAME

    config, _ = GAME.configure({}, 4)
    words = GAME.options_words(config)
    assert "Match one hand per player" in words and "Hands no limit" in words
    config, _ = GAME.configure({"match": "points", "hands": 3}, 4)
    assert "Match to the target" in GAME.options_words(config)
    assert "Hands 3" in GAME.options_words(config)


def test_W5_a_hint_names_a_meld_in_the_logs_words_never_card_codes():
    from engine.games.wild.hints import HINTERS
    from engine.games.wild.moves import Meld
    from engine.tell import Names
    from tests.engine.story_check import problems

    faces = tuple(parse(c) for c in ["4Un", "4Ba", "D4"])
    said = HINTERS[Meld](Meld(0, (1, 2, 3), faces, 0), None, Names(("Ana", "Bo"), 0))
    assert said == "lay down three 4s (Unicorns, Basilisks and a Dragon)"
    run = tuple(parse(c) for c in ["6Ph", "D1", "8Ph"])
    said = HINTERS[Meld](Meld(0, (4, 5, 6), run, 7), None, Names(("Ana", "Bo"), 0))
    assert said == "lay down a run of Phoenixes from 6 to 8 (a Dragon as the 7)"
    assert not problems(said)
