"""Dragon's Gold Magic Objects, clause by clause (docs/rules/gold.md G12)."""

from collections import Counter

from engine.chance import DealRequest, Dealt, ShuffleRequest, TimeUp
from engine.games.gold import moves
from engine.games.gold.components import (
    DOWN,
    KNIGHT3,
    KNIGHT4,
    MAGIC_DECK,
    MAGIC_NAMES,
    THIEF,
    UP,
    WIZARD,
    Effect,
)
from engine.games.gold.state import DRAGON_DECK
from engine.games.gold.tokens import GOLD, RED, SILVER
from tests.engine.gold_helpers import (
    DRAGON,
    GAME,
    Rig,
    act,
    agree,
    attack,
    counts,
    of,
    plain_view,
    refused,
    table,
)

STRONG = ["Goldbelly", "Ironhide", "Elder Wyrm", "Stormcrest"]


def face(effect: int, nth: int = 0) -> int:
    return [f for f, e in enumerate(MAGIC_DECK) if e == effect][nth]


def magic_table(*effects, dragons=("Emberling", *STRONG), draws=(), seats=3, **options):
    """An advanced table where seat s holds one card of effects[s]."""
    faces = [face(e, effects[:i].count(e)) for i, e in enumerate(effects)]
    rig = Rig(dragons=dragons, magic=faces, draws=draws)
    state, rig = table(seats, rig, advanced=True, **options)
    return state, rig


def lone_wizard_kill(state, rig, apply_last=True):
    """Seat 0 kills Emberling (lair 0) alone, its wizard included: 1 + 4 + 3."""
    for seat, kind, slot in [(0, WIZARD, 0), (1, WIZARD, 1), (2, WIZARD, 1),
                             (0, KNIGHT4, 0), (1, THIEF, 1), (2, THIEF, 1)]:
        attack(state, rig, seat, kind, slot)
    if apply_last:
        return attack(state, rig, 0, KNIGHT3, 0)
    return GAME.apply(state, moves.Attack(0, KNIGHT3, 0))


def use(state, rig, seat, *target):
    card = state.hands[seat][0]
    return act(state, rig, moves.UseMagic(seat, card, state.faces[card], tuple(target)))


# G12.1-G12.5 ----------------------------------------------------------------------

def test_G12_1_twenty_four_cards_ten_effects():
    assert len(MAGIC_DECK) == 24 and len(set(MAGIC_DECK)) == len(MAGIC_NAMES) == 10
    assert Counter(MAGIC_DECK) == {
        Effect.RECALL: 3, Effect.BANISH: 3, Effect.RALLY: 3, Effect.MIGHT: 3, Effect.HASTE: 2,
        Effect.FEAR: 2, Effect.SCRY: 2, Effect.MAP: 2, Effect.CHARM: 2, Effect.HOURGLASS: 2,
    }


def test_G12_2_a_players_magic_objects_are_hidden_from_the_others():
    effects = (Effect.RECALL, Effect.BANISH, Effect.RALLY)
    state, _ = magic_table(*effects)
    for seat in range(3):
        view = plain_view(state, seat)
        assert view["my_magic"] == [[state.hands[seat][0], face(effects[seat])]]
        assert view["hands"] == [1, 1, 1]
    assert "my_magic" not in plain_view(state, None)


def test_G12_3_red_tokens_won_with_ones_own_wizard_draw_magic_objects():
    state, rig = magic_table(Effect.RECALL, Effect.RECALL, Effect.RECALL, draws=["r r"])
    rig.draws.append("r s")
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    attack(state, rig, 2, KNIGHT4, 0)
    assert state.kill.hoard[RED] == 3  # G12.16: no seizure in the advanced game
    split = (counts("2r"), counts("1r"), counts("1s"))
    events = agree(state, rig, split)
    assert of(events, moves.MagicDrawn) == [moves.MagicDrawn(0, 2)]  # seat 1 has no wizard
    assert [len(h) for h in state.hands] == [3, 1, 1]


def test_G12_3_a_lone_killer_with_its_wizard_draws_too():
    state, rig = magic_table(Effect.RECALL, Effect.RECALL, Effect.RECALL, draws=["r g"])
    rig.draws.append("s s")
    events = lone_wizard_kill(state, rig)
    assert of(events, moves.Took) == [moves.Took(0, counts("2s 1g 1r"), "lone kill")]
    assert of(events, moves.MagicDrawn) == [moves.MagicDrawn(0, 1)]


def test_G12_3_and_G8_6_a_stolen_red_token_draws_nothing():
    state, rig = magic_table(Effect.RECALL, Effect.RECALL, Effect.RECALL, draws=["r r"])
    rig.draws.append("r r")
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, WIZARD, 0)
    attack(state, rig, 2, WIZARD, 1)
    attack(state, rig, 0, WIZARD, 1)
    attack(state, rig, 1, THIEF, 0)  # 4 + 1 + 2: seats 0 and 1, seat 1 with its wizard
    events = agree(state, rig, (counts("4r"), (0,) * 9))
    assert not of(events, moves.MagicDrawn)  # seat 0's wizard fights elsewhere
    assert state.phase == "take"
    events = act(state, rig, moves.Take(1, 0))
    assert of(events, moves.Stole) == [moves.Stole(1, 0, RED)]
    assert not of(events, moves.MagicDrawn) and state.hands[1] == [state.hands[1][0]]


def test_G12_4_an_empty_deck_is_refilled_from_the_discards():
    state, rig = magic_table(Effect.MAP, Effect.RECALL, Effect.RECALL, draws=["r s"])
    use(state, rig, 0)  # the Treasure Map goes to the discards
    state.magic_next = state.magic_size  # the draw deck is used up
    before = state.decks
    lone_wizard_kill(state, rig, apply_last=False)
    while not isinstance(request := GAME.chance_request(state), ShuffleRequest):
        GAME.apply(state, rig.answer(state, request))
    assert request == ShuffleRequest(before + 1, (face(Effect.MAP),))
    GAME.apply(state, rig.answer(state, request))
    assert GAME.chance_request(state) == DealRequest(before + 1, 0, (0,))


def test_G12_4_no_card_when_deck_and_discards_are_empty():
    state, rig = magic_table(Effect.RECALL, Effect.RECALL, Effect.RECALL, draws=["r s"])
    state.magic_next = state.magic_size
    events = lone_wizard_kill(state, rig)
    assert of(events, moves.Took) and not of(events, moves.MagicDrawn)


def test_G12_5_played_once_by_its_holder_on_its_turn_and_discarded_face_up():
    state, rig = magic_table(Effect.RALLY, Effect.RALLY, Effect.MIGHT)
    card = state.hands[2][0]
    refused(state, "G12.5", moves.UseMagic(2, card, face(Effect.MIGHT), ()))  # not its turn
    mine = state.hands[0][0]
    refused(state, "G12.5", moves.UseMagic(0, card, face(Effect.MIGHT), ()))  # not its card
    refused(state, "G12.5", moves.UseMagic(0, mine, face(Effect.MIGHT), ()))  # not that card
    refused(state, "G12.1", moves.UseMagic(0, mine, 99, ()))
    refused(state, "G12.5", moves.UseMagic(0, mine, face(Effect.RALLY), (1,)))  # no target
    refused(state, "G12.8", moves.UseMagic(0, mine, face(Effect.RALLY), ()))  # nothing face down
    attack(state, rig, 0, KNIGHT4, 1)
    attack(state, rig, 1, KNIGHT4, 2)
    events = use(state, rig, 2)
    assert of(events, moves.MagicUsed) == [moves.MagicUsed(2, face(Effect.MIGHT), ())]
    assert state.hands[2] == [] and plain_view(state, None)["discards"] == [face(Effect.MIGHT)]
    assert state.phase == "turn" and state.turn == 2  # it still attacks


# G12.6-G12.15 ----------------------------------------------------------------------

def test_G12_6_ring_of_recall_brings_an_attacker_home_face_up():
    state, rig = magic_table(Effect.RECALL, Effect.RALLY, Effect.RALLY, dragons=STRONG)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    attack(state, rig, 2, KNIGHT4, 1)
    card = state.hands[0][0]
    refused(state, "G12.6", moves.UseMagic(0, card, face(Effect.RECALL), (KNIGHT3,)))
    events = use(state, rig, 0, KNIGHT4)
    assert of(events, moves.Returned) == [moves.Returned(((0, KNIGHT4),), True)]
    assert state.adv[0][KNIGHT4] == UP and state.slots[0].total == 4
    assert state.slots[0].attackers == [(1, KNIGHT4, 0)]


def test_G12_7_wand_of_banishing_sends_another_players_attacker_home_face_down():
    state, rig = magic_table(Effect.RALLY, Effect.RALLY, Effect.BANISH, dragons=STRONG)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT3, 0)
    card = state.hands[2][0]
    attack(state, rig, 2, WIZARD, 0)  # 8
    attack(state, rig, 0, KNIGHT3, 1)
    attack(state, rig, 1, KNIGHT4, 1)
    banish = face(Effect.BANISH)
    refused(state, "G12.7", moves.UseMagic(2, card, banish, (2, WIZARD)))  # its own
    refused(state, "G12.7", moves.UseMagic(2, card, banish, (0, THIEF)))  # not fighting
    use(state, rig, 2, 0, KNIGHT4)
    assert state.adv[0][KNIGHT4] == DOWN and state.slots[0].total == 4
    events = attack(state, rig, 2, KNIGHT4, 0)  # 3 + 1 + 4 = 8: no kill without seat 0's 4
    assert not of(events, moves.DragonKilled)


def test_G12_8_horn_of_rallying_turns_face_down_adventurers_up():
    state, rig = magic_table(Effect.RALLY, Effect.RALLY, Effect.RALLY)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT3, 0)  # Emberling dies: seats 0 and 1 go home
    agree(state, rig)
    attack(state, rig, 2, KNIGHT4, 1)
    assert state.adv[0][KNIGHT4] == DOWN
    events = use(state, rig, 0)
    assert of(events, moves.Rallied) == [moves.Rallied(0)]
    assert state.adv[0] == [UP] * 4


def test_G12_9_potion_of_giant_strength_adds_three_to_the_next_attack():
    state, rig = magic_table(Effect.MIGHT, Effect.RALLY, Effect.RALLY, dragons=STRONG)
    use(state, rig, 0)
    card = state.hands[0]
    assert card == [] and state.might == 3
    events = attack(state, rig, 0, KNIGHT4, 3)  # 4 + 3 = 7 on Stormcrest (9)
    assert of(events, moves.Attacked) == [moves.Attacked(0, KNIGHT4, 3, 11, 7, 9)]
    assert state.slots[3].attackers == [(0, KNIGHT4, 3)] and state.might == 0
    events = attack(state, rig, 1, THIEF, 3)  # 7 + 2 >= 9
    assert of(events, moves.DragonKilled)


def test_G12_9_the_potion_counts_in_the_strategic_ranking():
    state, rig = magic_table(Effect.RALLY, Effect.MIGHT, Effect.RALLY, strategic=True)
    attack(state, rig, 0, KNIGHT3, 0)  # 3
    use(state, rig, 1)
    attack(state, rig, 1, WIZARD, 0)  # 1 + 3 = 4: 7 >= 6
    assert state.division.divider == 0 and state.division.choosers == (1,)


def test_G12_10_boots_of_haste_give_another_attack():
    state, rig = magic_table(Effect.HASTE, Effect.RALLY, Effect.RALLY)
    use(state, rig, 0)
    attack(state, rig, 0, KNIGHT4, 1)
    assert state.turn == 0 and not state.haste
    card_less = GAME.legal_actions(state, 0)
    assert all(isinstance(a, moves.Attack) for a in card_less)
    attack(state, rig, 0, KNIGHT3, 2)
    assert state.turn == 1


def test_G12_10_haste_after_a_kill_still_gives_the_extra_attack():
    state, rig = magic_table(Effect.HASTE, Effect.RALLY, Effect.RALLY)
    attack(state, rig, 0, KNIGHT3, 0)
    attack(state, rig, 1, WIZARD, 1)
    attack(state, rig, 2, WIZARD, 1)
    use(state, rig, 0)
    events = attack(state, rig, 0, KNIGHT4, 0)  # 3 + 4: a lone kill
    assert of(events, moves.Took) and state.turn == 0 and state.phase == "turn"


def test_G12_11_scroll_of_fear_sends_every_attacker_of_a_dragon_home():
    state, rig = magic_table(Effect.RALLY, Effect.RALLY, Effect.FEAR, dragons=STRONG)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    card = state.hands[2][0]
    refused(state, "G12.11", moves.UseMagic(2, card, face(Effect.FEAR), (1,)))  # nobody there
    attack(state, rig, 2, WIZARD, 0)
    attack(state, rig, 0, KNIGHT3, 1)
    attack(state, rig, 1, KNIGHT3, 1)
    events = use(state, rig, 2, 0)
    assert of(events, moves.Returned) == [moves.Returned(((0, KNIGHT4),), False),
                                           moves.Returned(((1, KNIGHT4),), False),
                                           moves.Returned(((2, WIZARD),), False)]
    assert state.slots[0].total == 0 and state.adv[2][WIZARD] == DOWN


def test_G12_12_crystal_ball_shows_the_next_two_dragons_to_its_holder_only():
    pile = ["Emberling", *STRONG, "Hollowgut", "Duskfire"]
    state, rig = magic_table(Effect.SCRY, Effect.RALLY, Effect.RALLY, dragons=pile)
    card = state.hands[0][0]
    GAME.apply(state, moves.UseMagic(0, card, face(Effect.SCRY), ()))
    assert GAME.chance_request(state) == DealRequest(DRAGON_DECK, 0, (4, 5))
    act(state, rig, rig.answer(state, GAME.chance_request(state)))
    assert plain_view(state, 0)["foreseen"] == [DRAGON["Stormcrest"], DRAGON["Hollowgut"]]
    assert "foreseen" not in plain_view(state, 1) and "foreseen" not in plain_view(state, None)
    assert state.phase == "turn" and state.turn == 0


def test_G12_13_treasure_map_draws_two_tokens_behind_the_screen():
    state, rig = magic_table(Effect.MAP, Effect.RALLY, Effect.RALLY)
    rig.draws.append("g B")
    bag = state.bag_total
    events = use(state, rig, 0)
    assert of(events, moves.TreasureDrawn) == [moves.TreasureDrawn("screen", 0, counts("1g 1B"))]
    assert state.screens[0] == list(counts("1g 1B")) and state.bag_total == bag - 2


def test_G12_14_lodestone_takes_a_token_of_ones_choice_from_a_living_dragon():
    state, rig = magic_table(Effect.CHARM, Effect.RALLY, Effect.RALLY, draws=["s g"])
    card = state.hands[0][0]
    missing = next(c for c in range(9) if not state.slots[0].hoard[c])
    refused(state, "G12.14", moves.UseMagic(0, card, face(Effect.CHARM), (0, missing)))
    events = use(state, rig, 0, 0, GOLD)
    assert of(events, moves.Took) == [moves.Took(0, counts("1g"), "lodestone")]
    assert state.slots[0].hoard[GOLD] == 0 and state.slots[0].hoard[SILVER] == 1


def test_G12_15_hourglass_turns_the_timer_over_in_ones_own_negotiation():
    state, rig = magic_table(Effect.HOURGLASS, Effect.RALLY, Effect.HOURGLASS)
    card = state.hands[0][0]
    refused(state, "G12.15", moves.UseMagic(0, card, face(Effect.HOURGLASS), ()))  # no negotiation
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    old = state.timer.key
    refused(state, "G12.15", moves.UseMagic(2, state.hands[2][0], face(Effect.HOURGLASS, 1), ()))
    assert [type(a) for a in GAME.legal_actions(state, 0)[:1]] == [moves.UseMagic]
    use(state, rig, 0)
    assert state.timer.key != old and state.timer.steps == 1200
    refused(state, "G7.1", TimeUp(old))
    events = act(state, rig, TimeUp(state.timer.key))
    assert of(events, moves.HoardLost)


def test_G12_16_in_the_advanced_game_wizards_do_not_seize_red_tokens():
    state, rig = magic_table(Effect.RALLY, Effect.RALLY, Effect.RALLY, draws=["r r"])
    attack(state, rig, 0, WIZARD, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    events = attack(state, rig, 2, KNIGHT4, 0)
    assert not [t for t in of(events, moves.Took) if t.why == "wizard"]
    assert state.kill.hoard[RED] >= 2


def test_G12_5_legal_magic_lists_every_usable_target():
    state, rig = magic_table(Effect.BANISH, Effect.RALLY, Effect.RALLY, dragons=STRONG)
    attack(state, rig, 0, KNIGHT4, 0)
    attack(state, rig, 1, KNIGHT4, 0)
    attack(state, rig, 2, THIEF, 1)
    uses = [a.target for a in GAME.legal_actions(state, 0) if isinstance(a, moves.UseMagic)]
    assert sorted(uses) == [(1, KNIGHT4), (2, THIEF)]


def test_G16_4_a_magic_object_is_hidden_until_played():
    config, seats = GAME.configure({"advanced": True}, 3)
    peer = GAME.setup(config, seats)  # seat 1's engine: dealt faces only for itself
    magic = [face(Effect.MIGHT), face(Effect.RALLY), face(Effect.RALLY, 1)]
    rig2 = Rig(dragons=("Emberling", *STRONG), magic=magic)
    while (request := GAME.chance_request(peer)) is not None:
        action = rig2.answer(peer, request)
        if isinstance(action, Dealt) and action.to_seat != 1:
            action = Dealt(action.deck, action.to_seat, action.positions, ())
        GAME.apply(peer, action)
    card = peer.hands[0][0]
    assert card not in peer.faces and "my_magic" in plain_view(peer, 1)
    assert GAME.legal_actions(peer, 0) and not any(
        isinstance(a, moves.UseMagic) for a in GAME.legal_actions(peer, 0))
    GAME.apply(peer, moves.UseMagic(0, card, face(Effect.MIGHT), ()))
    assert peer.faces[card] == face(Effect.MIGHT) and peer.might == 3
