"""Why a suggested Dragons Wild action is good, read off the seat's own view (Game.why): 'the
6 of Hydras completes a run of Hydras from 4 to 6 with your 4 and 5', 'it scores 21 points:
7 a card in round 2'.

Each clause is a fact of the hand, the discard and the round (clauses W4-W10): a card is
worth taking when it makes a meld, a meld is worth laying for the round's points, and the
card to discard is the one furthest from any meld."""

from __future__ import annotations

from engine.cards import faces_of, mask_of
from engine.games.wild.cards import DRAGONS, card_words, is_dragon, number, suit
from engine.games.wild.melds import meld_options, new_meld
from engine.games.wild.moves import (
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    DeclineToBuy,
    Discard,
    Draw,
    Meld,
)
from engine.games.wild.scoring import round_points
from engine.games.wild.views import WildView
from engine.games.wild.words import cards_words, meld_words
from engine.tell import count

#: W10.4: what buying costs
PENALTY = "a penalty card comes with it"
#: numbers apart within a suit that a Dragon or one more card can join into a run (W5.2)
NEAR = 2


def why(action, view: WildView, names) -> str:
    """The reasons for `action` at the viewer's seat, or "" where its hand is unknown."""
    if view.cards is None:
        return ""
    hand = mask_of(view.cards)
    said = _SAID.get(type(action))
    return said(action, view, hand) if said is not None else ""


def _offered(view: WildView) -> int | None:
    return view.discard[-1] if view.discard else None


def _meld_made(card: int, hand: int) -> str:
    """'the 6 of Hydras completes a run of Hydras from 4 to 6 with your 4 and 5 of Hydras',
    or "" when `card` makes no new meld with `hand` (W5)."""
    made = [(m, w) for m, w in meld_options(hand | 1 << card) if m >> card & 1]
    if not made:
        return ""
    best, wild_as = min(made, key=lambda mw: (bool(mw[0] & DRAGONS), mw[0].bit_count()))
    faces = faces_of(best)
    meld = meld_words(new_meld(0, faces, wild_as).faces())
    others = [f for f in faces if f != card]
    return f"{card_words(card)} completes {meld} with your {_bare(cards_words(others))}"


def _near(card: int, cards) -> str:
    """'the 6 of Hydras sits near your 4 of Hydras for a meld later', or ""."""
    partners = _partners(card, cards)
    if not partners:
        return ""
    return f"{card_words(card)} sits near your {_bare(cards_words(partners[:2]))} for a " \
           "meld later"


def _take(card: int | None, hand: int) -> str:
    if card is None:
        return ""
    made = _meld_made(card, hand)
    if made:
        return made
    if is_dragon(card):
        return "a Dragon is wild: it stands for the card a meld of yours lacks"
    return ""


def _draw(action: Draw, view: WildView, hand: int) -> str:
    card = _offered(view)
    if card is None:
        return "the deck's card is unseen, and may be the one you need"
    if action.from_discard:
        return _take(card, hand) or _near(card, view.cards) or \
            f"{card_words(card)} is a card you can see, where the deck's is a guess"
    if _take(card, hand):
        return "the deck's card is unseen, and may be the one you need"
    return f"{card_words(card)} makes no meld with your cards; the deck's may"


def _ask(action: AskToBuy, view: WildView, hand: int) -> str:
    card = _offered(view)
    if card is None:
        return ""
    made = _take(card, hand) or _near(card, view.cards)
    return f"{made}, worth the penalty card that comes with it" if made else \
        "two cards for one: more cards to make melds with"


def _decline(action: DeclineToBuy, view: WildView, hand: int) -> str:
    card = _offered(view)
    made = _take(card, hand) if card is not None else ""
    if made:
        return f"{PENALTY}, and your own turn may bring the card you need"
    return f"{card_words(card)} makes no meld with your cards, and {PENALTY}" if card is not None \
        else PENALTY


def _answer(action: AnswerBuyer, view: WildView, hand: int) -> str:
    card = _offered(view)
    made = _take(card, hand) if card is not None else ""
    if action.allow:
        return f"{card_words(card)} makes no meld with your cards, and the buyer takes a penalty " \
               "card with it" if not made and card is not None else \
               "the buyer takes a penalty card with it"
    return f"{made}, and taking it is your draw" if made else \
        "you take it as your draw, and the buyer does not get it"


def _scores(laid: int, view: WildView, hand_left: int) -> str:
    """W8.1: every card laid scores the round's points."""
    each = round_points(view.round)
    said = f"it scores {count(laid * each, 'point')}: {each} a card in round {view.round}"
    if hand_left == 1:
        return f"{said}, and leaves one card to discard: you go out"
    return said


def _meld(action: Meld, view: WildView, hand: int) -> str:
    return _scores(len(action.faces), view, len(view.cards) - len(action.faces))


def _added(action: AddToMeld, view: WildView, hand: int) -> str:
    return _scores(len(action.faces), view, len(view.cards) - len(action.faces))


def _discard(action: Discard, view: WildView, hand: int) -> str:
    card = action.faces[0]
    if len(view.cards) == 1:
        return "it is your last card: you go out"
    rest = [f for f in view.cards if f != card]
    partners = {f: _partners(f, view.cards) for f in view.cards if not is_dragon(f)}
    if is_dragon(card):
        return "a Dragon held at the end costs 3 points"
    kept = ", and keeps your Dragon" if any(map(is_dragon, rest)) else ""
    if not partners.get(card):
        return f"no other card of yours shares its number or sits near it in its suit{kept}"
    if len(partners[card]) <= min(len(p) for p in partners.values()):
        return f"it is the card of yours furthest from a meld{kept}"
    return "it keeps your cards that are closer to melds" + (", and your Dragon" if kept else "")


def _partners(card: int, cards) -> list[int]:
    """The other naturals that share `card`'s number or sit within NEAR of it in its suit."""
    return [f for f in cards if f != card and not is_dragon(f) and (
        number(f) == number(card) or (suit(f) == suit(card)
                                      and abs(number(f) - number(card)) <= NEAR))]


def _bare(words: str) -> str:
    """'the 4 of Hydras and the 5 of Hydras' as 'your 4 of Hydras and 5 of Hydras' says it."""
    return words.replace("the ", "")


_SAID = {Draw: _draw, AskToBuy: _ask, DeclineToBuy: _decline, AnswerBuyer: _answer,
         Meld: _meld, AddToMeld: _added, Discard: _discard}
