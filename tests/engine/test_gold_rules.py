"""Dragon's Gold, clause by clause (docs/rules/gold.md): G1-G11 and G13."""

import copy
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bots import Policy
from engine.cards import ref
from engine.chance import (
    DealRequest,
    Dealt,
    OpenChance,
    RevealCardsRequest,
    RevealedCards,
    RevealRequest,
    Rolled,
    RollRequest,
    ShuffleRequest,
    TimeUp,
)
from engine.errors import BadOption, IllegalAction
from engine.game import Timer
from engine.games.gold import moves
from engine.games.gold.bots.bot import PlayoutBot
from engine.games.gold.components import (
    ATTACK,
    DOWN,
    DRAGON_FACES,
    DRAGONS,
    KNIGHT3,
    KNIGHT4,
    THIEF,
    UP,
    WIZARD,
)
from engine.games.gold.negotiation import filled_shares
from engine.games.gold.scoring import score
from engine.games.gold.state import DRAGON_DECK
from engine.games.gold.tokens import (
    NONE,
    RED,
    SUPPLY,
    TOKEN_FACES,
    TOTAL,
    UNKNOWN,
    draw,
    draw_size,
    face_colour,
    theft_faces,
)
from engine.local import play
from engine.tell import spectator_names
from tests.engine.gold_helpers import (
    DRAGON,
    GAME,
    Rig,
    act,
    agree,
    as_seen_by,
    attack,
    conserved,
    counts,
    drain,
    of,
    plain_view,
    playout,
    refused,
    settle,
    table,
)

STRONG = ["Goldbelly", "Ironhide", "Elder Wyrm", "Stormcrest"]  # 10, 10, 10, 9


def worked_example(**options):
    """G5.1's example: seat 0's wizard (1), seat 1's thief (2), seat 2's knight (3) on
    Emberling (strength 6, treasure 2 + 2) in lair 0."""
    rig = Rig(dragons=["Emberling", "Ironhide", "Goldbelly", "Elder Wyrm"])
    state, rig = table(3, rig, **options)
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, THIEF, 0)
    return state, rig, attack(state, rig, 2, KNIGHT3, 0)


# G1 ------------------------------------------------------------------------------

def test_G1_1_three_to_six_players():
    for seats in (3, 6):
        assert GAME.configure({}, seats)[1] == seats
    for seats in (2, 7):
        with pytest.raises(BadOption):
            GAME.configure({}, seats)


def test_G1_5_and_G2_4_the_market_is_not_shuffled_into_the_dragon_deck():
    config, seats = GAME.configure({}, 3)
    state = GAME.setup(config, seats)
    assert GAME.chance_request(state).faces == tuple(range(18))
    settle(state, Rig())
    assert plain_view(state, None)["market_in"] == 7 and plain_view(state, None)["pile"] == 14


def test_G1_6_the_advanced_game_has_24_magic_objects():
    config, seats = GAME.configure({"advanced": True}, 3)
    state = GAME.setup(config, seats)
    GAME.apply(state, Rig().answer(state, GAME.chance_request(state)))
    assert len(GAME.chance_request(state).faces) == 24


def test_G1_2_the_bag_holds_126_tokens_by_colour():
    state, _ = table(4)
    assert TOTAL == 126 and SUPPLY == (35, 20, 16, 12, 12, 12, 12, 6, 1)
    assert conserved(state) == list(SUPPLY)


def test_G1_3_four_adventurers_of_attack_4_3_2_1():
    state, _ = table(5)
    assert ATTACK == (4, 3, 2, 1)
    assert state.adv == [[UP] * 4] * 5


def test_G1_4_dragon_table_in_the_ranges_and_richer_than_the_bag():
    assert len(DRAGONS) == 18
    assert all(6 <= d.strength <= 10 and 0 <= d.known <= 11 and 0 <= d.hidden <= 9
               for d in DRAGONS)
    assert sum(d.known + d.hidden for d in DRAGONS) == 141 > TOTAL
    for weak, strong in itertools.pairwise(sorted(DRAGONS, key=lambda d: d.strength)):
        assert weak.strength <= strong.strength
    by_strength = {}
    for d in DRAGONS:
        by_strength.setdefault(d.strength, []).append(d.known + d.hidden)
    means = [sum(v) / len(v) for _, v in sorted(by_strength.items())]
    assert means == sorted(means)  # treasure grows with strength


# G2 ------------------------------------------------------------------------------

def test_G2_2_the_dragon_deck_is_a_hidden_shuffled_deck():
    config, seats = GAME.configure({}, 3)
    state = GAME.setup(config, seats)
    assert GAME.chance_request(state) == ShuffleRequest(DRAGON_DECK, DRAGON_FACES)
    assert plain_view(state, None)["dragons"] == [None] * 4


def test_G2_3_four_dragons_face_up_each_with_its_known_treasure():
    rig = Rig(dragons=["Goldbelly", "Hollowgut", "Emberling", "Duskfire"])
    config, seats = GAME.configure({}, 3)
    state = GAME.setup(config, seats)
    GAME.apply(state, rig.answer(state, GAME.chance_request(state)))
    assert GAME.chance_request(state) == RevealRequest(DRAGON_DECK, (0, 1, 2, 3))
    settle(state, rig)
    lairs = plain_view(state, None)["dragons"]
    assert [DRAGONS[lair["dragon"]].name for lair in lairs] == [
        "Goldbelly", "Hollowgut", "Emberling", "Duskfire"]
    assert [sum(lair["hoard"]) for lair in lairs] == [11, 0, 2, 7]
    assert state.bag_total == TOTAL - 20


def test_G2_5_the_first_player_is_a_public_roll():
    rig = Rig(first=2)
    config, seats = GAME.configure({}, 4)
    state = GAME.setup(config, seats)
    while not isinstance(request := GAME.chance_request(state), RollRequest) or (
        state.todo[0][0] != "first"
    ):
        GAME.apply(state, rig.answer(state, request))
    assert request == RollRequest(4)
    events = act(state, rig, Rolled(2))
    assert of(events, moves.FirstPlayer) == [moves.FirstPlayer(2)]
    assert state.turn == 2 and GAME.to_act(state) == (2,)


def test_G2_1_adventurers_start_face_up():
    state, _ = table(3)
    assert plain_view(state, None)["adventurers"] == [["up"] * 4] * 3


def test_G2_6_advanced_deals_one_hidden_magic_object_each():
    state, _ = table(4, advanced=True)
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    public = plain_view(state, None)
    assert public["hands"] == [1, 1, 1, 1] and "my_magic" not in public
    for seat in range(4):
        assert [c for c, _ in plain_view(state, seat)["my_magic"]] == state.hands[seat]


# G3 ------------------------------------------------------------------------------

def test_G3_1_the_bag_is_public():
    state, _ = table(3)
    assert plain_view(state, None)["bag"] == state.bag
    assert plain_view(state, 1)["bag"] == state.bag


def test_G3_2_one_roll_draws_k_tokens_with_every_ordered_draw_equally_likely():
    bag = [2, 1, 0, 0, 0, 0, 0, 0, 1]
    k, outcomes = draw_size(sum(bag), 3)
    assert (k, outcomes) == (3, 4 * 3 * 2)
    drawn = []
    for value in range(outcomes):
        left = list(bag)
        got = draw(left, k, value)
        assert sum(got) == 3 and [b + g for b, g in zip(left, got, strict=True)] == bag
        drawn.append(tuple(got))
    # each multiset appears as often as its orderings: {s,s,g}: 3 orders x 2 silvers' ways
    assert drawn.count((2, 1, 0, 0, 0, 0, 0, 0, 0)) == 6
    assert drawn.count((1, 1, 0, 0, 0, 0, 0, 0, 1)) == 12


def test_G3_2_a_big_draw_takes_several_rolls_under_two_to_the_63():
    rig = Rig(dragons=["Goldbelly"])
    config, seats = GAME.configure({}, 3)
    state = GAME.setup(config, seats)
    rolls = []
    while (request := GAME.chance_request(state)) is not None:
        if isinstance(request, RollRequest) and state.todo[0][0] == "draw":
            rolls.append((state.todo[0][2], request.outcomes))
        GAME.apply(state, rig.answer(state, request))
    assert [slot for slot, _ in rolls[:2]] == [0, 0]  # 11 tokens: two rolls (9 + 2)
    assert all(outcomes < 2**63 for _, outcomes in rolls)
    assert sum(state.slots[0].hoard) == 11


def test_G3_3_a_draw_stops_when_the_bag_is_empty():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(3, rig)
    drain(state, 1)
    attack(state, rig, 0, KNIGHT4, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    assert sum(of(events, moves.TreasureDrawn)[0].counts) == 1  # hidden treasure is 2
    assert of(events, moves.BagEmptied)
    assert conserved(state) == list(SUPPLY)


# G4 ------------------------------------------------------------------------------

def test_G4_1_turns_go_round_in_seat_order():
    state, rig = table(4, Rig(dragons=STRONG, first=2))
    order = []
    for kind in (WIZARD, THIEF):
        for _ in range(4):
            order.append(state.turn)
            attack(state, rig, state.turn, kind, state.turn % 4)
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


def _fights_without_kills(state, rig, plan):
    """plan: (seat, kind, slot) attacks in turn order; none may kill."""
    for seat, kind, slot in plan:
        events = attack(state, rig, seat, kind, slot)
        assert not of(events, moves.DragonKilled)


EVERYONE_BUSY = [  # 30 attack points on 10, 10, 10, 9 and nothing dies
    (0, KNIGHT4, 0), (1, KNIGHT4, 0), (2, WIZARD, 0),
    (0, KNIGHT3, 1), (1, THIEF, 1), (2, KNIGHT4, 1),
    (0, THIEF, 2), (1, KNIGHT3, 2), (2, KNIGHT3, 2),
    (0, WIZARD, 3), (1, WIZARD, 2), (2, THIEF, 3),
]


def test_G4_4_when_every_adventurer_is_attacking_all_come_home():
    state, rig = table(3, Rig(dragons=STRONG))
    plan = EVERYONE_BUSY[:-1]
    _fights_without_kills(state, rig, plan)
    events = attack(state, rig, *EVERYONE_BUSY[-1])
    assert of(events, moves.Routed)
    assert of(events, moves.Rallied) == [moves.Rallied(0)]  # seat 0 then turns face up
    assert state.turn == 0 and state.adv == [[UP] * 4, [DOWN] * 4, [DOWN] * 4]
    assert all(lair.total == 0 and not lair.attackers for lair in state.slots)


def test_G4_2_and_G4_3_no_face_up_rallies_all_attacking_loses_the_turn():
    rig = Rig(dragons=["Goldbelly", "Ironhide", "Elder Wyrm", "Emberling"])
    state, rig = table(3, rig)
    _fights_without_kills(state, rig, [
        (0, KNIGHT4, 0), (1, KNIGHT4, 1), (2, KNIGHT4, 2), (0, KNIGHT3, 0), (1, KNIGHT3, 3),
    ])
    events = attack(state, rig, 2, KNIGHT3, 3)  # 3 + 3 >= 6: Emberling dies
    assert of(events, moves.DragonKilled)
    agree(state, rig)
    _fights_without_kills(state, rig, [
        (0, THIEF, 1), (1, THIEF, 2), (2, THIEF, 1), (0, WIZARD, 2), (1, WIZARD, 0),
    ])
    events = attack(state, rig, 2, WIZARD, 2)
    assert of(events, moves.TurnLost) == [moves.TurnLost(0)]  # G4.3: all four attacking
    assert of(events, moves.Rallied) == [moves.Rallied(1)]  # G4.2: its knight 3 turns up
    assert state.turn == 1 and state.adv[1][KNIGHT3] == UP


def test_G4_5_only_a_face_up_adventurer_attacks_a_dragon_in_a_lair():
    state, rig = table(3, Rig(dragons=["Emberling", *STRONG]))
    refused(state, "G4.5", moves.Attack(1, KNIGHT4, 0))  # not its turn
    refused(state, "G4.5", moves.Attack(0, 4, 0))
    refused(state, "G4.5", moves.Attack(0, KNIGHT4, 4))
    attack(state, rig, 0, WIZARD, 1)
    attack(state, rig, 1, KNIGHT4, 0)
    attack(state, rig, 2, KNIGHT4, 0)  # Emberling dies: seats 1 and 2 share
    agree(state, rig)
    refused(state, "G4.5", moves.Attack(0, WIZARD, 2))  # it is attacking lair 1
    state.slots[3] = None
    refused(state, "G4.5", moves.Attack(0, KNIGHT4, 3))  # an empty lair
    assert {(a.kind, a.slot) for a in GAME.legal_actions(state, 0)} == {
        (k, s) for k in (KNIGHT4, KNIGHT3, THIEF) for s in (0, 1, 2)}


# G5 ------------------------------------------------------------------------------

def test_G5_1_worked_example_one_plus_two_plus_three_kills_strength_six():
    _, _, events = worked_example()
    attacked = of(events, moves.Attacked)
    assert attacked == [moves.Attacked(2, KNIGHT3, 0, 0, 6, 6)]
    assert of(events, moves.DragonKilled) == [moves.DragonKilled(0, 0, (0, 1, 2))]


def test_G5_2_below_strength_nothing_happens():
    state, rig = table(3, Rig(dragons=["Emberling", *STRONG]))
    events = attack(state, rig, 0, KNIGHT4, 0)
    assert of(events, moves.Attacked) == [moves.Attacked(0, KNIGHT4, 0, 0, 4, 6)]
    assert not of(events, moves.DragonKilled)
    assert state.adv[0][KNIGHT4] == 0 and state.slots[0].attackers == [(0, KNIGHT4, 0)]
    assert state.turn == 1


def test_G5_3_the_hidden_treasure_is_drawn_on_the_kill():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s g"])
    state, rig = table(3, rig)
    known = list(state.slots[0].hoard)
    rig.draws.append("B W")
    attack(state, rig, 0, KNIGHT4, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    assert of(events, moves.TreasureDrawn) == [moves.TreasureDrawn("kill", 0, counts("1B 1W"))]
    assert known == list(counts("1s 1g"))
    assert state.kill.hoard == list(counts("1s 1g 1B 1W"))


def test_G5_4_the_players_involved_in_attack_order():
    state, _, _ = worked_example()
    assert state.kill.involved == (0, 1, 2)
    assert [(s, k) for s, k, _ in state.kill.attackers] == [(0, WIZARD), (1, THIEF), (2, KNIGHT3)]


# G6 ------------------------------------------------------------------------------

def test_G6_1_a_lone_killer_takes_the_whole_hoard():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s s"])
    state, rig = table(3, rig)
    rig.draws.append("g r")
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, WIZARD, 1)
    events = attack(state, rig, 2, WIZARD, 1)
    events = attack(state, rig, 0, KNIGHT3, 0)
    assert of(events, moves.Took) == [moves.Took(0, counts("2s 1g 1r"), "lone kill")]
    assert not of(events, moves.NegotiationOpened)
    assert state.screens[0] == list(counts("2s 1g 1r")) and state.counts[0] == 4


def test_G6_2_several_players_negotiate():
    state, _, events = worked_example()
    opened = of(events, moves.NegotiationOpened)
    assert opened and opened[0].seats == (0, 1, 2) and opened[0].steps == 1200
    assert state.phase == "negotiate" and GAME.to_act(state) == (0, 1, 2)


def test_G6_3_a_lone_wizard_seizes_red_tokens_and_keeps_them_when_talks_fail():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["r s"])
    state, rig = table(3, rig)
    rig.draws.append("r g")
    attack(state, rig, 0, WIZARD, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    events = attack(state, rig, 2, KNIGHT4, 0)
    assert of(events, moves.Took) == [moves.Took(0, counts("2r"), "wizard")]
    assert state.kill.hoard == list(counts("1s 1g"))
    events = act(state, rig, TimeUp(state.timer.key))
    assert of(events, moves.HoardLost) == [moves.HoardLost(counts("1s 1g"))]
    assert state.screens[0][RED] == 2


def test_G6_4_with_several_wizards_red_tokens_are_negotiated():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["r s"])
    state, rig = table(3, rig)
    rig.draws.append("r g")
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, WIZARD, 0)
    attack(state, rig, 2, KNIGHT4, 0)
    assert state.kill.hoard == list(counts("1s 1g 2r"))


def test_G6_6_shares_go_behind_screens_in_view_of_all():
    state, _, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    split = ((0,) * 9, (0,) * 9, hoard)
    GAME.apply(state, moves.Propose(0, split))
    GAME.apply(state, moves.Accept(1, state.talks.serial))
    events = GAME.apply(state, moves.Accept(2, state.talks.serial))
    assert of(events, moves.Took) == [moves.Took(s, share, "split")
                                      for s, share in enumerate(split)]
    assert state.blind == [0, 0, 0] and state.screens[2] == list(hoard)


def test_G6_5_nothing_left_to_share_means_no_negotiation():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["r r"])
    state, rig = table(3, rig)
    rig.draws.append("r r")
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    events = attack(state, rig, 2, KNIGHT4, 0)
    assert of(events, moves.Took) == [moves.Took(0, counts("4r"), "wizard")]
    assert not of(events, moves.NegotiationOpened) and state.phase == "turn"


# G7 ------------------------------------------------------------------------------

def test_G7_1_the_sand_timer_is_a_timer_in_lockstep_steps():
    state, _, _ = worked_example(negotiation_steps=300)
    assert state.timer.steps == 300 and state.timer.what == "negotiation"
    assert GAME.view(state, None).timer == Timer(state.timer.key, 300, "negotiation")


def test_G7_2_a_proposal_shares_out_exactly_every_token():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    nothing = (0,) * 9
    refused(state, "G7.2", moves.Propose(0, (hoard, nothing)))  # two shares for three
    refused(state, "G7.2", moves.Propose(0, (nothing, nothing, nothing)))  # tokens left over
    more = tuple(n + (c == 0) for c, n in enumerate(hoard))
    refused(state, "G7.2", moves.Propose(0, (more, nothing, nothing)))  # a token too many
    refused(state, "G7.2", moves.Propose(0, ((1, 2), nothing, nothing)))
    # malformed counts never reach the clause: the engine's door refuses them (rule G1)
    refused(state, "G1", moves.Propose(0, ([*hoard], nothing, nothing)))  # a list, not a tuple
    bad = tuple(-1 if c == 1 else n for c, n in enumerate(hoard))
    refused(state, "G1", moves.Propose(0, (bad, nothing, nothing)))
    for odd in (True, 1.0, "1", None, (1,)):  # counts are exactly ints
        share = (odd, *hoard[1:])
        refused(state, "G1", moves.Propose(0, (share, nothing, nothing)))
    refused(state, "G1", moves.Propose(0, (7, nothing, nothing)))
    refused(state, "G1", moves.Propose(0, "abc"))
    events = act(state, rig, moves.Propose(1, (nothing, hoard, nothing)))
    assert of(events, moves.Proposed)[0].split == (nothing, hoard, nothing)


def test_G7_2_a_new_proposal_replaces_the_one_on_the_table():
    state, rig, _ = worked_example()
    hoard, nothing = tuple(state.kill.hoard), (0,) * 9
    act(state, rig, moves.Propose(0, (hoard, nothing, nothing)))
    first = state.talks.serial
    act(state, rig, moves.Propose(2, (nothing, nothing, hoard)))
    assert state.talks.serial > first and state.talks.by == 2
    refused(state, "G7.3", moves.Accept(1, first))
    assert plain_view(state, None)["kill"]["proposal"]["accepted"] == [2]


def test_G7_2_legal_proposals_are_every_split_of_the_hoard():
    state, _, _ = worked_example()
    hoard = state.kill.hoard
    legal = GAME.legal_actions(state, 1)
    splits = [a.split for a in legal if isinstance(a, moves.Propose)]
    expected = set()
    per_colour = [
        [c for c in itertools.product(range(n + 1), repeat=3) if sum(c) == n] for n in hoard
    ]
    for choice in itertools.product(*per_colour):
        expected.add(tuple(tuple(choice[c][s] for c in range(9)) for s in range(3)))
    assert len(splits) == len(set(splits)) == len(expected) and set(splits) == expected


def test_G7_3_the_proposer_accepts_its_own_and_the_others_name_the_serial():
    state, rig, _ = worked_example()
    hoard, nothing = tuple(state.kill.hoard), (0,) * 9
    act(state, rig, moves.Propose(0, (hoard, nothing, nothing)))
    serial = state.talks.serial
    refused(state, "G7.3", moves.Accept(0, serial))  # already accepted: it is its own
    refused(state, "G7.3", moves.Accept(1, serial + 1))
    act(state, rig, moves.Accept(1, serial))
    refused(state, "G7.3", moves.Accept(1, serial))
    assert state.phase == "negotiate"


def test_G7_4_the_split_happens_when_all_accept_the_same_proposal():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    split = ((0,) * 9, (0,) * 9, hoard)
    events = agree(state, rig, split)
    assert of(events, moves.Agreed)
    assert of(events, moves.Took)[-1] == moves.Took(2, hoard, "split")
    assert [(t.thief, t.victim) for t in state.thefts] == [(1, 2)]
    assert state.counts == [0, 1, sum(hoard) - 1]


def test_G7_5_a_rejection_clears_the_table():
    state, rig, _ = worked_example()
    hoard, nothing = tuple(state.kill.hoard), (0,) * 9
    act(state, rig, moves.Propose(0, (hoard, nothing, nothing)))
    serial = state.talks.serial
    events = act(state, rig, moves.Reject(2, serial))
    assert of(events, moves.Rejected) == [moves.Rejected(2, serial)]
    assert not state.talks.serial
    refused(state, "G7.3", moves.Accept(1, serial))
    refused(state, "G7.5", moves.Reject(1, serial))


def test_G7_6_each_player_makes_at_most_proposals_proposals():
    state, rig, _ = worked_example(proposals=2)
    hoard, nothing = tuple(state.kill.hoard), (0,) * 9
    act(state, rig, moves.Propose(0, (hoard, nothing, nothing)))
    act(state, rig, moves.Propose(0, (nothing, hoard, nothing)))
    refused(state, "G7.6", moves.Propose(0, (nothing, nothing, hoard)))
    assert not any(isinstance(a, moves.Propose) for a in GAME.legal_actions(state, 0))
    act(state, rig, moves.Propose(1, (nothing, nothing, hoard)))


def test_G7_7_when_time_runs_out_the_hoard_leaves_the_game():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    refused(state, "G7.1", TimeUp(state.timer.key + 1))
    events = act(state, rig, TimeUp(state.timer.key))
    assert of(events, moves.HoardLost) == [moves.HoardLost(hoard)]
    assert state.box == list(hoard) and state.bag_total + sum(hoard) < TOTAL
    assert state.timer is None and conserved(state) == list(SUPPLY)


def test_G7_8_only_the_players_involved_share_only_this_hoard():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(4, rig)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    hoard, nothing = tuple(state.kill.hoard), (0,) * 9
    assert GAME.to_act(state) == (0, 1) and not GAME.legal_actions(state, 2)
    refused(state, "G7.2", moves.Propose(2, (hoard, nothing)))
    refused(state, "G4.5", moves.Attack(2, KNIGHT4, 1))
    refused(state, "G11.2", moves.Offer(0, 1, counts("1s"), nothing))


# G8 ------------------------------------------------------------------------------

def test_G8_1_thieves_steal_after_the_sharing_even_when_it_fails():
    state, rig = table(3, Rig(dragons=["Emberling", "Sootwing", *STRONG]))
    attack(state, rig, 0, THIEF, 0)
    attack(state, rig, 1, THIEF, 1)
    attack(state, rig, 2, KNIGHT4, 0)  # seats 0 and 2 kill Emberling
    events = agree(state, rig, ((0,) * 9, tuple(state.kill.hoard)))
    assert of(events, moves.TheftBegins) == [moves.TheftBegins(0, 2, False)]
    attack(state, rig, 0, KNIGHT4, 1)  # seats 1 and 0 kill Sootwing (2 + 4)
    events = act(state, rig, TimeUp(state.timer.key))
    assert of(events, moves.HoardLost)
    assert of(events, moves.TheftBegins) == [moves.TheftBegins(1, 0, False)]
    assert state.counts == [0, 1, 3]


def test_G8_1_no_theft_when_the_others_have_nothing():
    state, rig = table(3, Rig(dragons=["Emberling", *STRONG]))
    attack(state, rig, 0, THIEF, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    events = act(state, rig, TimeUp(state.timer.key))
    assert not of(events, moves.TheftBegins) and not state.thefts


def test_G8_1_several_thieves_steal_in_attack_order():
    state, rig = table(3, Rig(dragons=["Emberling", *STRONG]))
    for seat in (0, 1, 2):
        attack(state, rig, seat, THIEF, 0)
    hoard = tuple(state.kill.hoard)
    one = next(c for c in range(9) if hoard[c])
    first = tuple(int(c == one) for c in range(9))
    rest = tuple(n - first[c] for c, n in enumerate(hoard))
    second = next(c for c in range(9) if rest[c])
    middle = tuple(int(c == second) for c in range(9))
    events = agree(state, rig, (first, middle, tuple(n - middle[c] for c, n in enumerate(rest))))
    thieves = [e.thief for e in of(events, moves.TheftBegins)]
    while state.phase == "steal":
        thief = GAME.to_act(state)[0]
        victim = GAME.legal_actions(state, thief)[0].victim
        thieves += [e.thief for e in of(act(state, rig, moves.Steal(thief, victim)),
                                         moves.TheftBegins)]
    assert thieves == [0, 1, 2] and len(state.thefts) == 3


def test_G8_2_the_thief_names_a_victim_who_has_tokens():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    first, second = [0] * 9, list(hoard)
    colour = next(c for c in range(9) if hoard[c])
    first[colour], second[colour] = 1, hoard[colour] - 1
    agree(state, rig, (tuple(first), (0,) * 9, tuple(second)))
    assert state.phase == "steal" and GAME.to_act(state) == (1,)
    assert [a.victim for a in GAME.legal_actions(state, 1)] == [0, 2]
    refused(state, "G8.2", moves.Steal(1, 1))
    refused(state, "G8.2", moves.Steal(0, 2))
    events = act(state, rig, moves.Steal(1, 2))
    assert of(events, moves.TheftBegins) == [moves.TheftBegins(1, 2, False)]
    assert state.counts[1] == 1 and state.counts[2] == sum(hoard) - 2


def test_G8_2_a_single_possible_victim_is_robbed_at_once():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    events = agree(state, rig, ((0,) * 9, (0,) * 9, hoard))
    assert of(events, moves.TheftBegins) == [moves.TheftBegins(1, 2, False)]


def test_G8_3_a_theft_is_private_between_thief_and_victim():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["g s"], steals=["g"])
    state, rig = table(3, rig)
    rig.draws.append("B W")
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, THIEF, 0)
    attack(state, rig, 2, KNIGHT3, 0)
    public_before = plain_view(state, None)
    hoard = tuple(state.kill.hoard)
    events = agree(state, rig, ((0,) * 9, (0,) * 9, hoard))
    stole = of(events, moves.Stole)
    assert stole == [moves.Stole(1, 2, 1)]  # this open instance saw everything
    public = plain_view(state, None)
    assert public["screens"] == [0, 1, 3] and "my_screen" not in public
    assert plain_view(state, 1)["my_screen"] == list(counts("1g"))
    assert plain_view(state, 2)["my_screen"] == list(counts("1s 1B 1W"))
    assert "my_screen" not in public_before and public["thefts"] == [[1, 2, False]]


def test_G8_3_a_theft_deals_the_victims_tokens_as_a_hidden_deck():
    state, rig, _ = worked_example()
    hoard = tuple(state.kill.hoard)
    GAME.apply(state, moves.Propose(0, ((0,) * 9, (0,) * 9, hoard)))
    GAME.apply(state, moves.Accept(1, state.talks.serial))
    GAME.apply(state, moves.Accept(2, state.talks.serial))
    shuffle = GAME.chance_request(state)
    assert isinstance(shuffle, ShuffleRequest) and len(shuffle.faces) == sum(hoard)
    assert shuffle.owner == 2  # only the victim knows what is behind its screen
    assert len(set(shuffle.faces)) == len(shuffle.faces)  # distinct faces, as decks need
    GAME.apply(state, rig.answer(state, shuffle))
    to_thief = GAME.chance_request(state)
    assert to_thief == DealRequest(shuffle.deck, 1, (0,), witness=2)  # the victim sees it go
    refused(state, "G8.3", Dealt(shuffle.deck, 1, (0,), (64 * 8 + 3,)))  # no such token
    events = GAME.apply(state, Dealt(shuffle.deck, 1, (0,), ()))  # what other peers see
    assert of(events, moves.Stole) == [moves.Stole(1, 2, UNKNOWN)]
    assert state.blind[1] == state.blind[2] == 1  # this instance does not know the colour
    assert "my_screen" not in plain_view(state, 1)


def test_G8_4_a_thief_with_its_wizard_looks_and_chooses():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["g s"])
    state, rig = table(3, rig)
    rig.draws.append("B W")
    attack(state, rig, 0, THIEF, 0)
    attack(state, rig, 1, KNIGHT3, 1)
    attack(state, rig, 2, KNIGHT3, 2)
    events = attack(state, rig, 0, WIZARD, 0)
    assert not of(events, moves.DragonKilled)
    attack(state, rig, 1, KNIGHT4, 0)  # 2 + 1 + 4 >= 6
    hoard = tuple(state.kill.hoard)
    events = agree(state, rig, ((0,) * 9, hoard))
    assert of(events, moves.TheftBegins) == [moves.TheftBegins(0, 1, True)]
    assert state.phase == "take" and GAME.to_act(state) == (0,)
    looked = plain_view(state, 0)["looking_at"]
    assert sorted(looked) == [0, 1, 3, 7] and "looking_at" not in plain_view(state, 1)
    white = looked.index(7)
    refused(state, "G8.4", moves.Take(0, 4))
    events = act(state, rig, moves.Take(0, white))
    assert of(events, moves.Stole) == [moves.Stole(0, 1, 7)]
    assert plain_view(state, 1)["my_screen"] == list(counts("1s 1g 1B"))


# G9 ------------------------------------------------------------------------------

def test_G9_1_the_weakest_divides_and_equal_attack_goes_to_the_first_placed():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s g"])
    state, rig = table(3, rig, strategic=True)
    rig.draws.append("B W")
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, KNIGHT3, 1)
    attack(state, rig, 2, THIEF, 0)
    attack(state, rig, 0, THIEF, 1)
    attack(state, rig, 1, WIZARD, 0)
    attack(state, rig, 2, WIZARD, 0)  # 1 + 2 + 1 + 1 = 5: not yet
    assert not state.kill
    events = attack(state, rig, 0, KNIGHT3, 0)  # seat 0: 4, seat 2: 3, seat 1: 1
    assert of(events, moves.DragonKilled)
    division = state.division
    assert division.divider == 1 and division.choosers == (0, 2)
    assert state.phase == "divide" and GAME.to_act(state) == (1,)


def test_G9_1_ties_go_to_who_attacked_the_dragon_first():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(3, rig, strategic=True)
    attack(state, rig, 0, THIEF, 0)  # 2
    attack(state, rig, 1, THIEF, 0)  # 2
    attack(state, rig, 2, THIEF, 0)  # 2: 6 >= 6
    assert state.division.divider == 2 and state.division.choosers == (0, 1)


def test_G9_2_each_share_holds_a_token_and_G9_3_the_divider_takes_the_last():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s g"])
    state, rig = table(3, rig, strategic=True)
    rig.draws.append("B W")
    attack(state, rig, 0, THIEF, 0)
    attack(state, rig, 1, THIEF, 0)
    attack(state, rig, 2, THIEF, 0)
    nothing = (0,) * 9
    refused(state, "G9.2", moves.Divide(2, (counts("1s 1g"), counts("1B 1W"), nothing)))
    refused(state, "G9.2", moves.Divide(0, (counts("1s 1g"), counts("1B"), counts("1W"))))
    shares = (counts("1s 1g"), counts("1B"), counts("1W"))
    events = act(state, rig, moves.Divide(2, shares))
    assert of(events, moves.Divided) == [moves.Divided(2, shares)]
    assert state.phase == "choose" and GAME.to_act(state) == (0,)
    refused(state, "G9.3", moves.Choose(1, 0))
    act(state, rig, moves.Choose(0, 0))
    refused(state, "G9.3", moves.Choose(1, 0))
    events = act(state, rig, moves.Choose(1, 2))
    assert [(t.seat, t.counts) for t in of(events, moves.Took)] == [
        (0, counts("1s 1g")), (1, counts("1W")), (2, counts("1B"))]


def test_G9_2_with_fewer_tokens_than_players_each_token_is_a_share():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s g"])
    state, rig = table(3, rig, strategic=True)
    drain(state, 0)
    attack(state, rig, 0, THIEF, 0)
    attack(state, rig, 1, THIEF, 0)
    attack(state, rig, 2, THIEF, 0)
    assert sum(state.kill.hoard) == 2 and filled_shares(state) == 2
    nothing = (0,) * 9
    refused(state, "G9.2", moves.Divide(2, (counts("1s 1g"), nothing, nothing)))
    act(state, rig, moves.Divide(2, (counts("1s"), nothing, counts("1g"))))


def test_G9_2_legal_divisions_are_exactly_the_valid_ones():
    rig = Rig(dragons=["Emberling", *STRONG], draws=["s g"])
    state, rig = table(3, rig, strategic=True)
    rig.draws.append("s B")
    for seat in (0, 1, 2):
        attack(state, rig, seat, THIEF, 0)
    hoard = state.kill.hoard
    per_colour = [
        [c for c in itertools.product(range(n + 1), repeat=3) if sum(c) == n] for n in hoard
    ]
    expected = set()
    for choice in itertools.product(*per_colour):
        shares = tuple(tuple(choice[c][s] for c in range(9)) for s in range(3))
        if all(any(share) for share in shares):
            expected.add(shares)
    legal = [a.shares for a in GAME.legal_actions(state, 2)]
    assert len(legal) == len(set(legal)) == len(expected) and set(legal) == expected


def test_G9_4_divide_and_choose_has_no_timer():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(3, rig, strategic=True)
    for seat in (0, 1, 2):
        attack(state, rig, seat, THIEF, 0)
    assert state.phase == "divide" and state.timer is None
    assert GAME.view(state, None).timer is None


# G10 -----------------------------------------------------------------------------

def _kill_in_lair_0():
    """Seats 0 and 1 kill Emberling in lair 0; Stormcrest is next in the pile."""
    rig = Rig(dragons=["Emberling", *STRONG, "Hollowgut"], draws=["s s"])
    state, rig = table(3, rig)
    attack(state, rig, 0, KNIGHT4, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    return state, events + agree(state, rig)


def test_G10_1_the_killers_go_home_face_down():
    state, events = _kill_in_lair_0()
    assert of(events, moves.Returned) == [moves.Returned(((0, KNIGHT4), (1, KNIGHT4)), False)]
    assert state.adv[0][KNIGHT4] == DOWN and state.adv[1][KNIGHT4] == DOWN


def test_G10_2_the_next_dragon_of_the_pile_takes_the_lair_with_its_known_treasure():
    state, events = _kill_in_lair_0()
    assert of(events, moves.DragonPlaced) == [moves.DragonPlaced(0, DRAGON["Stormcrest"])]
    assert sum(state.slots[0].hoard) == DRAGONS[DRAGON["Stormcrest"]].known
    assert state.pile_next == 5


def test_G10_3_the_player_after_the_killer_attacks_next():
    state, _ = _kill_in_lair_0()
    assert state.turn == 2 and GAME.to_act(state) == (2,)


# G11 -----------------------------------------------------------------------------

def _at_market(seats=3, seed=5, **options):
    rig = Rig(seed=seed)
    state, rig = table(seats, rig, **options)
    playout(state, rig, lambda s: s.phase == "market")
    return state, rig


def test_G11_1_the_market_opens_when_the_seventh_dragon_is_placed():
    rig = Rig(seed=5)
    state, rig = table(3, rig)
    events = playout(state, rig, lambda s: s.phase == "market")
    assert state.placed == 7 and of(events, moves.MarketOpened)
    placed = [i for i, e in enumerate(events) if isinstance(e, moves.DragonPlaced)]
    assert len(placed) == 7 and isinstance(events[-1], moves.MarketOpened)
    assert state.timer.what == "market" and state.timer.steps == 1200
    assert GAME.to_act(state) == (0, 1, 2)


def test_G11_2_an_offer_puts_its_tokens_on_the_table_and_a_trade_swaps():
    state, rig = _at_market()
    a, b = [s for s in range(3) if state.counts[s]][:2]
    give_colour = next(c for c in range(9) if state.screens[a][c])
    get_colour = next(c for c in range(9) if state.screens[b][c])
    give, get = [0] * 9, [0] * 9
    give[give_colour], get[get_colour] = 1, 1
    before_a, before_b = list(state.screens[a]), list(state.screens[b])
    act(state, rig, moves.Offer(a, b, tuple(give), tuple(get)))
    assert state.counts[a] == sum(before_a) - 1  # on the table, in view of all
    assert plain_view(state, None)["market"]["offers"][0][3] == give
    serial = state.market.offers[a][0]
    events = act(state, rig, moves.TakeOffer(b, a, serial))
    assert of(events, moves.Traded) == [moves.Traded(a, b, tuple(give), tuple(get))]
    assert state.screens[a][get_colour] == before_a[get_colour] + 1 - (give_colour == get_colour)
    assert state.screens[b][give_colour] == before_b[give_colour] + 1 - (give_colour == get_colour)
    assert conserved(state) == list(SUPPLY)


def test_G11_3_one_offer_each_serial_checked_tokens_needed_and_a_cap():
    state, rig = _at_market(proposals=2)
    a, b = [s for s in range(3) if state.counts[s]][:2]
    nothing = (0,) * 9
    too_many = tuple(n + 1 if c == 0 else n for c, n in enumerate(state.screens[a]))
    refused(state, "G11.2", moves.Offer(a, b, too_many, nothing))
    refused(state, "G11.2", moves.Offer(a, b, nothing, nothing))
    refused(state, "G11.2", moves.Offer(a, a, nothing, counts("1s")))
    ask = [0] * 9
    ask[0] = state.counts[b] + 1
    refused(state, "G11.2", moves.Offer(a, b, nothing, tuple(ask)))
    act(state, rig, moves.Offer(a, b, nothing, counts("1s")))
    first = state.market.offers[a][0]
    events = act(state, rig, moves.Offer(a, b, nothing, counts("1g")))
    assert of(events, moves.OfferWithdrawn) == [moves.OfferWithdrawn(a, first, "replaced")]
    refused(state, "G11.3", moves.TakeOffer(b, a, first))
    refused(state, "G11.3", moves.Offer(a, b, nothing, counts("1s")))  # its third offer
    serial = state.market.offers[a][0]
    if state.screens[b][1] == 0:
        refused(state, "G11.3", moves.TakeOffer(b, a, serial))
    events = act(state, rig, moves.Decline(b, a, serial))
    assert of(events, moves.OfferWithdrawn) == [moves.OfferWithdrawn(a, serial, "declined")]


def test_G11_4_leaving_and_time_up_close_the_market_and_send_offers_home():
    state, rig = _at_market()
    a, b = [s for s in range(3) if state.counts[s]][:2]
    give = [0] * 9
    give[next(c for c in range(9) if state.screens[a][c])] = 1
    before = list(state.screens[a])
    act(state, rig, moves.Offer(a, b, tuple(give), (0,) * 9))
    events = act(state, rig, moves.LeaveMarket(b))
    assert of(events, moves.OfferWithdrawn)[0].why == "left"
    assert state.screens[a] == before and b not in GAME.to_act(state)
    refused(state, "G11.4", moves.LeaveMarket(b))
    act(state, rig, moves.Offer(a, 3 - a - b, tuple(give), (0,) * 9))
    events = act(state, rig, TimeUp(state.timer.key))
    assert [e.why for e in of(events, moves.OfferWithdrawn)] == ["closed"]
    assert of(events, moves.MarketClosed) and state.market is None
    assert state.screens[a] == before and state.phase == "turn"


def test_G11_4_the_market_closes_when_everyone_has_left():
    state, rig = _at_market()
    for seat in range(3):
        events = act(state, rig, moves.LeaveMarket(seat))
    assert of(events, moves.MarketClosed) and state.phase == "turn"
    assert state.market_held and state.market is None


def test_G11_5_only_tokens_change_hands_at_the_market():
    state, rig = _at_market(advanced=True)
    a, b = [s for s in range(3) if state.counts[s]][:2]
    hands = [len(h) for h in state.hands]
    act(state, rig, moves.Offer(a, b, tuple(state.screens[a]), (0,) * 9))
    events = act(state, rig, moves.TakeOffer(b, a, state.market.offers[a][0]))
    assert of(events, moves.Traded) and not of(events, moves.MagicDrawn)
    assert [len(h) for h in state.hands] == hands


def test_G11_2_legal_offers_are_distinct_and_each_is_accepted():
    state, _ = _at_market()
    seat = next(s for s in range(3) if state.counts[s])
    legal = GAME.legal_actions(state, seat)
    assert legal[0] == moves.LeaveMarket(seat)  # then every offer
    rng = random.Random(1)
    picks = [legal[i] for i in rng.sample(range(len(legal)), 200)]
    assert len(set(picks)) == len(picks)
    for action in picks:
        GAME.apply(copy.deepcopy(state), action)
    own = 1
    for n in state.screens[seat]:
        own *= n + 1
    partners = [p for p in range(3) if p != seat]
    size = 0
    for p in partners:
        asks = 1
        for n in SUPPLY:
            asks *= min(state.counts[p], n) + 1
        size += own * asks - 1
    assert len(legal) == size + 1  # + leaving


def test_G11_6_no_market_once_the_bag_is_empty():
    rig = Rig(seed=5)
    state, rig = table(3, rig)
    drain(state, 0)
    events = playout(state, rig, lambda s: False)
    assert not of(events, moves.MarketOpened) and GAME.outcome(state) is not None


def _market_lie(state, liar: int):
    """An offer of a token of a colour `liar` does not hold (as this open instance knows)."""
    colour = next(c for c in range(9) if not state.screens[liar][c])
    give = tuple(int(c == colour) for c in range(9))
    partner = next(s for s in range(state.seats) if s != liar)
    return moves.Offer(liar, partner, give, (0,) * 9)


def test_G16_3_a_claim_on_a_screen_no_theft_touched_is_checked_at_once():
    state, _ = _at_market(4, seed=2)
    liar = next(s for s in range(4) if not state.touched[s] and state.counts[s])
    refused(state, "G11.2", _market_lie(state, liar))  # every instance knows that screen


def _recording(monkeypatch) -> list:
    """Every action GAME.apply is given from now on, in order."""
    applied, apply = [], GAME.apply

    def record(state, action):
        applied.append(action)
        return apply(state, action)

    monkeypatch.setattr(GAME, "apply", record)
    return applied


def _peer_replay(config, seats: int, me: int, actions):
    """The same actions as a network peer of seat `me` gets them: dealt faces only where
    it is the receiver or the witness."""
    peer = GAME.setup(config, seats)
    for action in actions:
        GAME.apply(peer, as_seen_by(me, peer, action))
    return peer


def test_G16_3_and_G13_5_a_claim_on_a_robbed_screen_is_checked_when_all_is_revealed(
        monkeypatch):
    applied = _recording(monkeypatch)
    state, rig = _at_market()
    liar = 0
    assert state.touched[liar]  # a theft touched it: not every instance knows its colours
    lie = _market_lie(state, liar)
    act(state, rig, lie)  # a peer's action: taken on trust, as by the instances not shown
    act(state, rig, moves.TakeOffer(lie.partner, liar, state.market.offers[liar][0]))
    assert state.short[liar]  # this open instance saw through it, and must not act on it
    events = playout(state, rig, lambda s: False)
    assert min(state.screens[liar]) >= 0  # it won that colour later: the last screen hides it
    assert of(events, moves.FalseClaim) == [moves.FalseClaim((liar,))]
    _the_liar_forfeits(state, liar)
    assert "they forfeit" in "\n".join(GAME.tell(e, spectator_names(3)) for e in events)
    monkeypatch.undo()
    peer = _peer_replay(state.config, 3, 2, applied)  # seat 2 was not shown every theft
    assert peer.ledger[liar] is not None and not peer.short[liar]  # it had to replay
    assert GAME.outcome(peer) == GAME.outcome(state)
    assert GAME.public_hash(peer) == GAME.public_hash(state)


def _the_liar_forfeits(state, liar: int) -> None:
    """G13.5: the liar scores nothing and cannot win; the others are scored on their
    revealed screens as if the liar's were empty."""
    outcome = GAME.outcome(state)
    screens = [NONE if s == liar else state.screens[s] for s in range(state.seats)]
    honest = score(screens, state.config["advanced"])
    assert outcome.scores == honest and outcome.scores[liar] == 0
    best = max(honest[s] for s in range(state.seats) if s != liar)
    assert outcome.winners == tuple(s for s in range(state.seats)
                                    if s != liar and honest[s] == best)
    assert outcome.detail.startswith(f"points; seat(s) [{liar}] traded tokens they did not hold")
    end = GAME.view(state, liar).end  # the end's score table says who forfeits, and why
    assert [s for s, row in enumerate(end.scores) if row.forfeit] == [liar]
    assert end.scores[liar].forfeit.rule == "G13.5" and not any(end.scores[liar].points)
    assert tuple(sum(row.points) for row in end.scores) == honest


def test_G16_3_a_false_claim_is_refused_at_once_where_the_screen_is_known(monkeypatch):
    applied = _recording(monkeypatch)
    state, _ = _at_market()
    liar = 0
    lie = _market_lie(state, liar)
    monkeypatch.undo()
    before = GAME.public_hash(state)
    with pytest.raises(IllegalAction) as err:
        GAME.vet(state, lie)  # local play: this one instance knows every screen
    assert err.value.rule == "G16.3" and GAME.public_hash(state) == before
    own = _peer_replay(state.config, 3, liar, applied)  # the robbed player's own peer
    with pytest.raises(IllegalAction):
        GAME.vet(own, lie)
    blind = next(s for s in range(3) if _peer_replay(state.config, 3, s, applied).blind[liar])
    GAME.vet(_peer_replay(state.config, 3, blind, applied), lie)  # it cannot know: no refusal
    honest = next(a for a in GAME.legal_actions(state, liar) if isinstance(a, moves.Offer))
    GAME.vet(state, honest)


def test_G16_3_paying_for_an_offer_with_tokens_not_held_is_refused_at_once():
    state, rig = _at_market()
    taker = 0
    colour = next(c for c in range(9) if not state.screens[taker][c] and SUPPLY[c] > 1)
    offerer = next(s for s in range(3) if s != taker and state.counts[s])
    give = next(a.give for a in GAME.legal_actions(state, offerer)
                if isinstance(a, moves.Offer) and a.partner == taker)
    get = tuple(int(c == colour) for c in range(9))
    act(state, rig, moves.Offer(offerer, taker, give, get))
    take = moves.TakeOffer(taker, offerer, state.market.offers[offerer][0])
    with pytest.raises(IllegalAction) as err:
        GAME.vet(state, take)
    assert err.value.rule == "G16.3"
    answers = itertools.takewhile(lambda a: not isinstance(a, moves.Offer),
                                  GAME.legal_actions(state, taker))  # the offers come last
    assert take not in list(answers)


class _LyingBot(Policy):
    """Offers, at the Market, a token of a colour it does not hold."""

    def __init__(self, seat: int):
        self.seat, self.honest = seat, PlayoutBot(seat)

    def act(self, game, state, seat):
        if state.phase == "market" and seat not in state.market.offers:
            return _market_lie(state, seat)
        return self.honest.act(game, state, seat)


def test_G16_3_local_play_refuses_a_false_claim_at_once():
    config, seats = GAME.configure({}, 3)
    state = GAME.setup(config, seats)
    bots = [_LyingBot(0), PlayoutBot(1), PlayoutBot(2)]
    with pytest.raises(IllegalAction) as err:
        for _ in play(GAME, state, bots, seed=3):
            pass
    assert err.value.rule == "G16.3" and state.phase == "market" and not state.market.offers


def _a_match_with_a_lie(seed: int):
    """Bots play a whole match with the open chance provider; at the Market a robbed
    seat's false offer is taken on trust (as a peer's is) and accepted. Returns the
    liar, the final state, every action applied and how many thefts came before the lie."""
    config, seats = GAME.configure({}, 3)
    state, answer = GAME.setup(config, seats), OpenChance(seed).answer
    bots, applied, liar, before = [PlayoutBot(s) for s in range(3)], [], None, 0

    def apply(action):
        applied.append(action)
        GAME.apply(state, action)

    while GAME.outcome(state) is None:
        if (request := GAME.chance_request(state)) is not None:
            apply(answer(request))
        elif liar is None and state.phase == "market":
            liar = next(s for s in range(3) if state.touched[s] and state.counts[s])
            before = len(state.thefts)
            lie = _market_lie(state, liar)
            apply(lie)
            apply(moves.TakeOffer(lie.partner, liar, state.market.offers[liar][0]))
        else:
            action = next((a for s in GAME.to_act(state)
                           if (a := bots[s].act(GAME, state, s)) is not None), None)
            apply(action or TimeUp(state.timer.key))
    return liar, state, applied, before


@pytest.mark.parametrize("seed", range(1, 7))
def test_G13_5_a_false_claim_never_stalls_the_game_and_the_end_names_the_liar(seed):
    """Robbing a screen a false claim left short still deals a token (the theft deck is
    cut to the public count), so the game ends; every peer names the same liar."""
    liar, state, applied, before = _a_match_with_a_lie(seed)
    robbed = [t for t in state.thefts[before:] if t.victim == liar]  # after the lie
    assert robbed and state.liars == (liar,)
    _the_liar_forfeits(state, liar)
    for me in range(3):
        peer = _peer_replay(state.config, 3, me, applied)
        assert GAME.outcome(peer) == GAME.outcome(state)
        assert GAME.public_hash(peer) == GAME.public_hash(state)


@given(screen=st.tuples(*(st.integers(-3, n + 3) for n in SUPPLY)),
       size=st.integers(0, TOTAL))
def test_G8_3_a_theft_deck_has_the_public_count_of_distinct_tokens(screen, size):
    faces = theft_faces(screen, size)
    assert len(faces) == size == len(set(faces)) and TOKEN_FACES.issuperset(faces)
    if min(screen) >= 0 and all(map(int.__le__, screen, SUPPLY)) and sum(screen) == size:
        assert [face_colour(f) for f in faces] == [c for c in range(9)
                                                   for _ in range(screen[c])]


def test_G13_5_a_robbed_screen_that_yields_a_token_it_did_not_hold_is_named_at_the_end():
    state, rig, _ = worked_example()
    victim = 2
    GAME.apply(state, moves.Propose(0, ((0,) * 9, (0,) * 9, tuple(state.kill.hoard))))
    for seat in (1, 2):
        GAME.apply(state, moves.Accept(seat, state.talks.serial))
    shuffle = GAME.chance_request(state)
    black = 64 * 8  # the black diamond: a real token, but not behind the victim's screen
    assert black not in shuffle.faces
    rig.open.stacked[shuffle.deck] = [black, *shuffle.faces[1:]]  # the owner's false deck
    events = settle(state, rig)  # the thief draws it: accepted, see G16.3
    assert of(events, moves.Stole) == [moves.Stole(1, victim, 8)]
    assert state.short[victim] and not state.exact(victim)
    events = playout(state, rig, lambda s: False)
    assert of(events, moves.FalseClaim) == [moves.FalseClaim((victim,))]


# G13 -----------------------------------------------------------------------------

def test_G13_1_once_the_bag_is_empty_no_dragon_comes_and_no_hidden_treasure():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(3, rig)
    drain(state, 0)
    attack(state, rig, 0, KNIGHT4, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    assert not of(events, moves.TreasureDrawn)
    agree(state, rig)
    assert state.slots[0] is None and state.pile_next == 4


def test_G13_2_when_the_pile_runs_out_the_lairs_stay_empty():
    rig = Rig(dragons=["Emberling", *STRONG])
    state, rig = table(3, rig)
    state.pile_next = len(DRAGONS)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    agree(state, rig)
    assert state.slots[0] is None and state.bag_total > 0


def test_G13_2_when_the_pile_runs_out_a_kill_still_draws_hidden_treasure():
    rig = Rig(dragons=["Emberling", *STRONG])  # Emberling hides 2 tokens
    state, rig = table(3, rig)
    state.pile_next = len(DRAGONS)
    bag = state.bag_total
    attack(state, rig, 0, KNIGHT4, 0)
    events = attack(state, rig, 1, KNIGHT4, 0)
    drawn = [e for e in of(events, moves.TreasureDrawn) if e.where == "kill"]
    assert [sum(e.counts) for e in drawn] == [2] and state.bag_total == bag - 2


def test_G13_3_the_game_ends_when_the_last_dragon_dies_and_G13_4_screens_are_revealed():
    rig = Rig(seed=2)
    state, rig = table(4, rig)
    events = playout(state, rig, lambda s: False)
    outcome = GAME.outcome(state)
    assert outcome is not None and not any(state.slots)
    assert of(events, moves.ScreensRevealed)[0].screens == tuple(map(tuple, state.screens))
    end = GAME.view(state, None).end
    assert end.screens == tuple(map(tuple, state.screens)) and end.winners == outcome.winners
    assert tuple(s.total for s in end.scores) == outcome.scores
    assert all(sum(s.points) == s.total and s.forfeit is None for s in end.scores)
    names = spectator_names(4)
    advised = GAME.advice(GAME.view(state, None), None, names)
    assert advised.title == f"The game is over: {names.group_acts(outcome.winners, 'win')}"
    assert advised.lines == ("Every screen revealed and scored by the basic rules",)
    assert all(b == 0 for b in state.blind) and conserved(state) == list(SUPPLY)
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == ()


def test_G8_5_and_G13_4_every_theft_is_revealed_at_the_end_in_one_request():
    state, rig = _at_the_reveal()
    request = GAME.chance_request(state)
    assert request == RevealCardsRequest(tuple(ref(t.deck, t.position) for t in state.thefts))
    GAME.apply(state, rig.answer(state, request))
    assert GAME.chance_request(state) is None and GAME.outcome(state) is not None
    assert state.touched == [0] * state.seats and state.blind == [0] * state.seats


def _at_the_reveal():
    rig = Rig(seed=3)
    state, rig = table(3, rig)
    playout(state, rig, lambda s: s.phase == "over" or (
        s.request is not None and s.todo[0][0] == "reveal_thefts"))
    assert len(state.thefts) > 1
    return state, rig


def test_G13_4_a_reveal_that_shows_another_colour_than_the_thief_was_dealt_is_refused():
    state, rig = _at_the_reveal()
    request = GAME.chance_request(state)
    faces = list(rig.answer(state, request).faces)
    faces[0] = next(f for f in sorted(TOKEN_FACES) if face_colour(f) != face_colour(faces[0]))
    refused(state, "G13.4", RevealedCards(request.cards, tuple(faces)))


def test_G13_4_a_reveal_of_other_cards_or_with_a_face_missing_is_refused():
    state, rig = _at_the_reveal()
    request = GAME.chance_request(state)
    faces = rig.open.answer(request).faces  # the same faces again: the open deck is fixed
    refused(state, "G13.4", RevealedCards(request.cards[1:], faces[1:]))
    refused(state, "G13.4", RevealedCards(request.cards, faces[1:]))
    refused(state, "G1", RevealedCards(request.cards, (-5, *faces[1:])))  # the door: no face -5
