"""Dragon Den's turn planner (engine.games.den.plan), the hard bot's default: what a whole
turn sheds, what it keeps back, and what it leaves the others."""

from __future__ import annotations

from engine.bots import make_bot
from engine.games.den import plan
from engine.games.den.cards import DECK, name, parse
from engine.games.den.rules import GAME, EndTurn
from engine.observe import observe
from engine.tell import Names
from tests.engine.den_wild_helpers import RiggedTable

NAMES = Names(("Me", "Bo"), 0)


def planned(hand: str, *piles: str) -> list[tuple[str, int, str]]:
    """The plan for `hand` (faces, space-separated) on the piles north, east, south, west,
    then the corners (each its faces bottom first; "" empty): its steps, cards named."""
    cards = [[parse(f) for f in pile.split()] for pile in piles]
    cards += [[] for _ in range(plan.FOUNDATIONS * 2 - len(cards))]
    mask = sum(1 << parse(f) for f in hand.split())
    steps = plan.plan(mask, plan.table_of(cards), plan.live_faces(cards, mask))
    return [(kind, a, _named(kind, b)) for kind, a, b in steps]


def _named(kind: str, b: int):
    return name(b) if kind == "play" else b


def test_both_cards_a_pile_takes_are_kept_back_so_the_pile_stays_closed_to_the_others():
    """The north 7 of Taiyang takes only the two Yin 6s, both in this hand: laying either
    gives the next seats the two Yang 5s and sheds just one card, so the plan keeps them
    and the north pile takes nothing from the others."""
    assert planned("6TN 6SN", "8SN 7TG", "KTN", "KSN", "KTG") == []


def test_a_card_kept_back_is_laid_when_the_run_it_heads_sheds_more():
    """With a Yang 5 to follow the 6, two cards go for the two openings the 4s make."""
    assert planned("6TN 6SN 5TG", "8SN 7TG", "KTN", "KSN", "KTG") == [
        ("play", 0, "6TN"), ("play", 0, "5TG")]


def test_the_last_cards_go_out_whatever_they_open():
    assert planned("6TN", "8SN 7TG", "KTN", "KSN", "KTG") == [("play", 0, "6TN")]


def test_an_emptied_pile_is_filled_with_the_card_that_leaves_the_others_least():
    """Moving the north 8 onto the east 9 empties the north, which would take any card
    from the next seat; the plan fills it, and with its Key, on which nothing goes,
    rather than its 3, on which two live 2s would."""
    assert planned("KTN 3TG", "8SN", "9TG", "KSN", "KTG") == [
        ("move", 0, 1), ("play", 0, "KTN")]


def test_a_move_open_at_the_turns_end_is_made_rather_than_left_to_the_next_seat():
    """Laying the 9 on the X lets the north 8 move onto it: the plan moves it itself and
    fills the place, rather than leave the next seat a pile to empty."""
    steps = planned("9TG 3SG KSG", "8SN", "XSN", "KSN", "KTG")
    assert steps[:2] == [("play", 1, "9TG"), ("move", 0, 1)]
    assert steps[2][:2] == ("play", 0)


def test_hards_default_keeps_the_pile_closed_and_the_hint_says_why():
    """At a table the hard bot's default (its plan, played when it may not search) ends
    the turn holding both Yin 6s the north 7 takes, and the hint's reason names it."""
    table = RiggedTable(GAME, DECK, parse, {0: "6TN 6SN 2TG 3SG 4TG 9SN XSN"},
                        "7TG KTN KSN KTG 1TG", seats=2)
    obs = observe(GAME, table.state, 0)
    assert len(obs.legal) > 1  # either 6 could go on the north 7
    chosen = make_bot(GAME, "hard", 1).choose(GAME, obs)
    assert chosen == EndTurn(0)
    assert GAME.why(chosen, obs.view, NAMES).startswith(
        "the north pile takes only cards you hold")


def test_cards_a_pile_keeps_for_this_hand_alone_wait_for_a_later_turn():
    """The north X of Shaoyang takes only the two Yin 9s, both in this hand: kept, either
    may go there next turn whatever the others do. Laying the 9 of Taiyin sheds a card
    but opens the north to both live Yang 8s, so the plan lays only its Dragon (the old
    plan, counting every kept card alike, laid the 9 as well)."""
    assert planned("DSG 9TN 9SN", "XSG", "VTG", "5SG", "5TG") == [("play", 4, "DSG")]


def test_a_kept_card_a_top_takes_costs_less_than_one_nothing_takes():
    """Two cards kept on the same table: the one a top takes (the 6 of Taiyin on the north
    7 of Taiyang) costs `FOLLOW` openings less than one nothing takes (a 2)."""
    cards = [[parse("7TG")], [parse("KTN")], [parse("KSN")], [parse("KTG")], [], [], [], []]
    table = plan.table_of(cards)
    live = plan.live_faces(cards, 0)
    takes, takes_not = (plan.worth_kept(1 << parse(f), table, live, plan.KEEP)
                        for f in ("6TN", "2SG"))
    assert takes - takes_not == plan.FOLLOW > 0


def test_every_turn_end_is_listed_once_best_first_with_the_plans_own_end_at_the_top():
    """The hard bot weighs the best few turn ends as whole turns: each end the turn may
    leave (ending at once too), each once, worth what ending there is worth, best first,
    and no end better than the plan's own."""
    cards = [[parse(f) for f in pile.split()] for pile in ("8SN 7TG", "KTN", "KSN", "KTG")]
    cards += [[] for _ in range(4)]
    hand = sum(1 << parse(f) for f in ["6TN", "6SN", "5TG"])
    table, live = plan.table_of(cards), plan.live_faces(cards, hand)
    ends = plan.ends(hand, table, live)
    states = [_end(hand, table, path) for _, path in ends]
    assert len(set(states)) == len(states) > 3
    assert (hand, table) in states  # ending the turn at once
    assert [w for w, _ in ends] == sorted((w for w, _ in ends), reverse=True)
    for worth, (h, t) in zip((w for w, _ in ends), states, strict=True):
        assert worth == plan.worth_kept(h, t, live, plan.KEEP)
    assert _end(hand, table, plan.plan(hand, table, live)) == states[0]
    # laying only the 6 of Shaoyin is one of them: not the plan's turn, still a turn
    assert [("play", 0, parse("6SN"))] in [list(path) for _, path in ends]


def _end(hand: int, table, path) -> tuple:
    for step in path:
        hand, table = plan.after(hand, table, step)
    return hand, table
