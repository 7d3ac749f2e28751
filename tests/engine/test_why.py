"""A hint says why its action is good, in the game's words read off the seat's own view
(Game.why): one constructed view per reason, clause by clause, for every game."""

from __future__ import annotations

import pytest

from engine.games.den.cards import parse as den_card
from engine.games.den.rules import DenView, EndTurn, MovePile
from engine.games.den.rules import Play as DenPlay
from engine.games.dragon.cards import parse as dragon_card
from engine.games.dragon.rules import DeclareDragon, DragonView, Pass, Play
from engine.games.dragon.views import DRAGON_STAGE, OPENING, PLAYING, TrickPlay
from engine.games.gold import moves
from engine.games.gold.views import GoldView, Kill, Lair, Proposal
from engine.games.wild.cards import parse as wild_card
from engine.games.wild.moves import AnswerBuyer, AskToBuy, DeclineToBuy, Discard, Draw, Meld
from engine.games.wild.views import WildView
from engine.registry import get_game
from engine.tell import Names

NAMES = Names(("Me", "Ana", "Bo", "Cy"), 0)


# -- Dragon --------------------------------------------------------------------------------

def dragon(hand: str, trick: str = "", counts=(13, 13, 13, 13), phase=PLAYING) -> DragonView:
    cards = tuple(sorted(dragon_card(c) for c in hand.split()))
    plays = (TrickPlay(1, tuple(sorted(dragon_card(c) for c in trick.split()))),) if trick \
        else ()
    return DragonView(phase=phase, to_act=(0,), turn=0, hand_no=1, hands=1,
                      counts=(len(cards), *counts[1:]), trick=plays, last_player=1 if trick
                      else -1, passed=(False,) * 4, places=(), chips=(1000,) * 4, pile=0,
                      claims=(), cards=cards)


def play(cards: str) -> Play:
    faces = tuple(sorted(dragon_card(c) for c in cards.split()))
    return Play(0, tuple(range(len(faces))), faces)


DRAGON_REASONS = [
    ("lowest that beats, keeping the 2s", dragon("7S 7C 9D 9B 2S 2D", "5S 5C"), play("7S 7C"),
     "it is your lowest pair that beats a pair of 5s (Stars and Coins); it keeps your 2s"),
    ("beats, not the lowest", dragon("7S 7C 9D 9B", "5S 5C"), play("9D 9B"),
     "it beats a pair of 5s (Stars and Coins)"),
    ("beats, keeping the lower cards' run", dragon("4B 5S 6D 10D 10C", "3B"), play("10D"),
     "it beats the 3 of Blades and leaves your lower cards in the runs and sets they make"),
    ("a chop", dragon("4S 4D 4C 4B 9S", "2S"), play("4S 4D 4C 4B"),
     "it chops the 2 of Stars with a bomb"),
    ("the longest lead", dragon("3S 4D 5C 6B 9S KD"), play("3S 4D 5C 6B"),
     "it leads your longest play, 4 cards at once"),
    ("the lowest lead", dragon("3S 4D 5C 6B 9S KD"), play("3S"),
     "it leads your lowest single, keeping the higher cards"),
    ("a bomb kept", dragon("5S 9S 9D 9C 9B KD"), play("5S"), "it keeps your bomb of 9s"),
    ("going out", dragon("JS JD"), play("JS JD"), "it is the last of your hand: you go out"),
    ("someone about to go out", dragon("7S 9D QB", "5S", counts=(3, 2, 9, 9)), play("7S"),
     "and Ana has only 2 cards left"),
    ("the opening", dragon("3S 8D QB", phase=OPENING), play("3S"),
     "the first play must hold the 3 of Stars"),
    ("the opening with more", dragon("3S 3D 8D QB", phase=OPENING), play("3S 3D"),
     "it sheds 2 cards, and the first play must hold the 3 of Stars"),
    ("nothing beats", dragon("3D 4D 5C", "AS"), Pass(0), "nothing in your hand beats the Ace"),
    ("only 2s beat", dragon("3D 4D 2C", "AS"), Pass(0),
     "only your 2s or a bomb beat the Ace of Stars: keep them"),
    ("a cheap play kept", dragon("3D 9D KC", "8S"), Pass(0),
     "it keeps the 9 of Droids for later rather than spend it on the 8 of Stars"),
    ("a Dragon shown", dragon("3S"), DeclareDragon(0, (0,), (0,)), "a Dragon shown on your first "
     "turn wins the whole pot"),
    ("no Dragon to show", dragon("3S 4S", phase=DRAGON_STAGE), Pass(0),
     "your hand holds no Dragon to show"),
]


@pytest.mark.parametrize("view, action, said", [r[1:] for r in DRAGON_REASONS],
                         ids=[r[0] for r in DRAGON_REASONS])
def test_dragon_says_why(view, action, said):
    assert said in get_game("dragon").why(action, view, NAMES)


def test_a_card_of_a_set_the_play_breaks_is_not_said_to_be_kept_in_it():
    view = dragon("4D 4B 9S", "3S")  # the 4 of Droids makes a pair only with the 4 played
    assert get_game("dragon").why(play("4B"), view, NAMES) == "it beats the 3 of Stars"


def test_the_hint_holds_the_action_and_its_why():
    view = dragon("7S 7C 9D 9B 2S", "5S 5C")
    assert get_game("dragon").hint(play("7S 7C"), view, NAMES, "hard") == (
        "The hard bot would play a pair of 7s (Stars and Coins): it is your lowest pair that "
        "beats a pair of 5s (Stars and Coins); it keeps your 2.")


def test_a_spectator_is_told_no_why():
    view = dragon("7S 7C", "5S 5C").__class__(**{**_fields(dragon("7S 7C", "5S 5C")),
                                                   "cards": None})
    assert get_game("dragon").why(play("7S 7C"), view, NAMES) == ""
    assert get_game("dragon").hint(play("7S 7C"), view, NAMES, "hard").endswith("Coins).")


def _fields(view) -> dict:
    return {name: getattr(view, name) for name in view.__struct_fields__}


# -- Dragon Den ------------------------------------------------------------------------------

def den(hand: str, piles: list[str]) -> DenView:
    return DenView(phase="playing", to_act=(0,), turn=0, hand_number=1, dealer=2,
                   counts=(len(hand.split()), 7, 7), stock=20,
                   piles=tuple(tuple(den_card(c) for c in p.split()) for p in piles),
                   scores=(0, 0, 0), target=15, cards=tuple(den_card(c) for c in hand.split()))


def lay(pile: int, cards: str) -> DenPlay:
    faces = tuple(den_card(c) for c in cards.split())
    return DenPlay(0, pile, tuple(range(len(faces))), faces)


CROSS = ["8TG", "5SN", "XTN", "3TG", "", "", "", ""]  # north east south west, then corners
DEN_REASONS = [
    ("a run shed", den("7TN 6SG 4SG", CROSS), lay(0, "7TN 6SG"),
     "it sheds 2 cards, 2 points fewer to lose if another goes out"),
    ("a card that can follow", den("7TN 6SG 4SG", CROSS), lay(0, "7TN"),
     "then your 6 of Shaoyang (Yang) can follow it"),
    ("a Key closes the pile", den("KTN 9TG", ["VTG", "5SN", "XTN", "3TG", "", "", "", ""]),
     lay(0, "KTN"), "nothing goes on a Key, so the north is closed to the others too"),
    ("a Dragon opens a corner", den("DTG 9TG", CROSS), lay(4, "DTG"),
     "a Dragon opens the empty north-east corner"),
    ("an empty pile started", den("9TG 4SG", ["", "5SN", "XTN", "3TG", "", "", "", ""]),
     lay(0, "9TG"), "it starts the empty north pile with the 9 of Taiyang (Yang)"),
    ("going out", den("7TN", CROSS), lay(0, "7TN"), "it lays your last cards: you go out"),
    ("a pile moved frees a place", den("6SG", ["8TG", "9TN", "XTN", "3TG", "", "", "", ""]),
     MovePile(0, 0, 1), "it empties the north pile, where any card may start a new one: your 6 "
     "of Shaoyang (Yang) fits nowhere else"),
    ("nothing fits", den("6SG", ["8TG", "5SN", "XTN", "3TG", "", "", "", ""]), EndTurn(0),
     "none of your cards goes on any pile now"),
    ("cards kept back", den("7TN", CROSS), EndTurn(0), "keep the rest for your next turns"),
    ("a pile kept closed", den("6TN 6SN", ["8SN 7TG", "KTN", "KSN", "KTG", "", "", "", ""]),
     EndTurn(0), "the north pile takes only cards you hold: kept, they keep it closed to the "
     "others"),
]


@pytest.mark.parametrize("view, action, said", [r[1:] for r in DEN_REASONS],
                         ids=[r[0] for r in DEN_REASONS])
def test_den_says_why(view, action, said):
    assert said in get_game("den").why(action, view, NAMES)


# -- Dragons Wild ----------------------------------------------------------------------------

def wild(hand: str, discard: str = "1Un", phase="drawing", round_number=2) -> WildView:
    return WildView(phase=phase, to_act=(0,), turn=0, hand_number=1, dealer=3,
                    round=round_number, counts=(len(hand.split()), 7, 7, 7), deck=30,
                    turnovers=0, discard=tuple(wild_card(c) for c in discard.split()),
                    melds=(), may_add=(False,) * 4, laid=False, buys=0, taken=None, asked=(),
                    buyer=-1, scores=(0,) * 4, cards=tuple(wild_card(c) for c in hand.split()))


def cards(text: str) -> tuple[int, ...]:
    return tuple(wild_card(c) for c in text.split())


WILD_REASONS = [
    ("the discard completes a run", wild("4Hy 5Hy 1Un", "6Hy"), Draw(0, True),
     "the 6 of Hydras completes a run of Hydras from 4 to 6 with your 4 of Hydras and 5 of "
     "Hydras"),
    ("the discard sits near", wild("4Hy 1Un", "6Hy"), Draw(0, True),
     "the 6 of Hydras sits near your 4 of Hydras for a meld later"),
    ("the discard makes nothing", wild("4Hy 1Un", "8Ke"), Draw(0, False),
     "the 8 of Kelpies makes no meld with your cards; the deck's may"),
    ("a meld scores the round's points", wild("4Hy 5Hy 6Hy 1Un 8Ke", phase="laying"),
     Meld(0, (0, 1, 2), cards("4Hy 5Hy 6Hy"), 0), "it scores 21 points: 7 a card in round 2"),
    ("a meld to go out", wild("4Hy 5Hy 6Hy 1Un", phase="laying"),
     Meld(0, (0, 1, 2), cards("4Hy 5Hy 6Hy"), 0), "leaves one card to discard: you go out"),
    ("a lone card discarded", wild("4Hy 5Hy 1Un D1", phase="laying"),
     Discard(0, (2,), cards("1Un")), "no other card of yours shares its number or sits near it "
     "in its suit, and keeps your Dragon"),
    ("a Dragon discarded", wild("4Hy D1", phase="laying"), Discard(0, (1,), cards("D1")),
     "a Dragon held at the end costs 3 points"),
    ("a buy worth its penalty", wild("4Hy 5Hy 1Un", "6Hy", phase="buying"), AskToBuy(0),
     "completes a run of Hydras from 4 to 6 with your 4 of Hydras and 5 of Hydras, worth the "
     "penalty card"),
    ("a buy declined", wild("4Hy 1Un", "8Ke", phase="buying"), DeclineToBuy(0),
     "the 8 of Kelpies makes no meld with your cards, and a penalty card comes with it"),
    ("a buyer let through", wild("4Hy 1Un", "8Ke", phase="answering"), AnswerBuyer(0, True),
     "the buyer takes a penalty card with it"),
    ("a card kept from a buyer", wild("4Hy 5Hy 1Un", "6Hy", phase="answering"),
     AnswerBuyer(0, False), "and taking it is your draw"),
]


@pytest.mark.parametrize("view, action, said", [r[1:] for r in WILD_REASONS],
                         ids=[r[0] for r in WILD_REASONS])
def test_wild_says_why(view, action, said):
    assert said in get_game("wild").why(action, view, NAMES)


# -- Dragon's Gold ---------------------------------------------------------------------------

SILVER3 = (3, 0, 0, 0, 0, 0, 0, 0, 0)
HOARD = (2, 2, 0, 1, 0, 0, 0, 0, 0)  # 2 silver, 2 gold, 1 blue: worth 11
ATTACKERS = ((0, 0, 0), (1, 1, 0))  # my knight 4, Ana's knight 3


def gold(phase="turn", dragons=(), kill=None, screens=(5, 12, 3, 0), looking=None) -> GoldView:
    return GoldView(phase=phase, to_act=(0,), turn=0, bag=(0,) * 9, box=(0,) * 9, pile=10,
                    market_in=3, dragons=tuple(dragons), adventurers=(("up",) * 4,) * 4,
                    screens=screens, hands=(0,) * 4, discards=(), might=0, haste=False,
                    kill=kill, my_screen=(0,) * 9, looking_at=looking)


def lair(strength=8, total=0, hoard=SILVER3, hidden=2, dragon=7) -> Lair:
    return Lair(dragon=dragon, strength=strength, hidden=hidden, hoard=hoard, attackers=(),
                total=total)


def kill(split=None, shares=()) -> Kill:
    proposal = Proposal(serial=1, by=1, split=split, accepted=(1,)) if split else None
    return Kill(slot=0, dragon=7, attackers=ATTACKERS, involved=(0, 1), hoard=HOARD,
                proposal=proposal, made=(0, 1), most_proposals=12, shares=shares,
                taken=tuple(-1 for _ in shares))


FAIR = ((1, 2, 0, 0, 0, 0, 0, 0, 0), (1, 0, 0, 1, 0, 0, 0, 0, 0))  # worth 7 and 4 of 11
POOR = ((1, 0, 0, 0, 0, 0, 0, 0, 0), (1, 2, 0, 1, 0, 0, 0, 0, 0))  # worth 1 and 10
GOLD_REASONS = [
    ("an attack that slays", gold(dragons=[lair(total=5)]), moves.Attack(0, 0, 0),
     "it slays Ashmaw (strength 8, attack 9), and its hoard of 5 tokens (2 hidden), the richest "
     "on the table, is shared"),
    ("an attack that builds", gold(dragons=[lair(), lair(hoard=HOARD, dragon=1)]),
     moves.Attack(0, 1, 0), "it brings the attack on Ashmaw to 3 of its strength 8, and its "
     "hoard of 5 tokens (2 hidden) goes to those who slay it"),
    ("a fair split accepted", gold("negotiate", kill=kill(FAIR)), moves.Accept(0, 1),
     "it gives you about 7 points of the hoard's 11, at least the share your attack of 4 of 7 "
     "earns"),
    ("a poor split accepted", gold("negotiate", kill=kill(POOR)), moves.Accept(0, 1),
     "risks the sand running out and the hoard lost"),
    ("a poor split rejected", gold("negotiate", kill=kill(POOR)), moves.Reject(0, 1),
     "it gives you only about 1 point of the hoard's 11, less than the share"),
    ("a split proposed", gold("negotiate", kill=kill()), moves.Propose(0, FAIR),
     "it gives you about 7 points of the hoard's 11, at least the share your attack"),
    ("a share chosen", gold("choose", kill=kill(shares=POOR)), moves.Choose(0, 1),
     "it is the share worth most of those left, about 10 points"),
    ("a hoard divided", gold("divide", kill=kill()), moves.Divide(0, FAIR),
     "the one left to you is worth at least about 4 points"),
    ("the richest screen robbed", gold("steal"), moves.Steal(0, 1),
     "Ana has 12 tokens behind the screen, the most of anyone"),
    ("a token taken", gold("take", looking=(0, 8, 1)), moves.Take(0, 1),
     "it is a black token, worth about 7 points"),
    ("a Magic Object used", gold(), moves.UseMagic(0, 5, 9, ()),
     "your attack this turn counts 3 more"),
    ("a trade offered", gold("market"), moves.Offer(0, 1, SILVER3, (0, 2, 0, 0, 0, 0, 0, 0, 0)),
     "you get about 6 points for about 3 points"),
]


@pytest.mark.parametrize("view, action, said", [r[1:] for r in GOLD_REASONS],
                         ids=[r[0] for r in GOLD_REASONS])
def test_gold_says_why(view, action, said):
    assert said in get_game("gold").why(action, view, NAMES)
