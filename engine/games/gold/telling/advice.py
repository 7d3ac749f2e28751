"""What a Dragon's Gold seat may do now, in the rules' words (Game.advice): the thefts (G8)
and the Market (G11), for the panel of the phase, and what each Magic Object does (G12).

The client asks with its view and draws the answer; the sentences that explain a rule live
here, beside the rules, so the table never restates one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import Advice
from engine.games.gold.components import DRAGONS, MAGIC_DECK, Effect, adventurer_name, magic_name
from engine.games.gold.flow import CHOOSE, DIVIDE, MARKET, NEGOTIATE, OVER, STEAL, TAKE, TURN
from engine.games.gold.telling.words import game_over
from engine.tell import Names

if TYPE_CHECKING:  # the views say a liar's forfeit in this module's words
    from engine.games.gold.views import GoldView

#: G11.3: said under the Market's trade editor
OFFERS_WAIT = "Tokens you offer wait on the table until the offer is answered."
#: G11.3: a seat at the Market with no offer left to make
NO_MORE_OFFERS = "You cannot make another offer now; answer the offers made to you or leave " \
                 "the Market."
#: G8.3: a stolen token's colour is known to the thief and the victim only when it is dealt
SCREEN_UNKNOWN = "A stolen token's colour is still hidden: your screen shows again once it " \
                 "is known."
#: G13.4, G14, G15: how the end's screens were scored
SCORED_BY = {False: "Every screen revealed and scored by the basic rules",
             True: "Every screen revealed and scored by the advanced rules"}

#: what each Magic Object does (G12), in a player's words
MAGIC_WORDS = {
    Effect.RECALL: "bring one of your attacking adventurers home, face up",
    Effect.BANISH: "send another player's attacking adventurer home, face down",
    Effect.RALLY: "turn all your face-down adventurers face up",
    Effect.MIGHT: "your attack this turn counts 3 more",
    Effect.HASTE: "attack twice this turn",
    Effect.FEAR: "every adventurer at one Dragon goes home, face down",
    Effect.SCRY: "look at the next two Dragons of the pile",
    Effect.MAP: "draw two tokens from the bag behind your screen",
    Effect.CHARM: "take one token of a Dragon's treasure behind your screen",
    Effect.HOURGLASS: "turn the sand timer: the negotiation starts its time again",
}


#: what a Magic Object's use asks the player to pick on the board before it is played (G12)
TARGET_WORDS = {
    Effect.RECALL: "click one of your adventurers at a Dragon",
    Effect.BANISH: "click another player's adventurer at a Dragon",
    Effect.FEAR: "click a Dragon with attackers",
    Effect.CHARM: "click a token on a Dragon",
}
#: G4.5: a turn sends one face-up adventurer of the player's own to attack a Dragon
ADVENTURER_FIRST = "Choose one of your face-up adventurers first, then a Dragon."
#: G4.5: a lair emptied this turn holds no Dragon to attack
NO_DRAGON_THERE = "No Dragon lies there now."
#: G12.6, G12.7: only Recall and Banish move an attacking adventurer
MAGIC_FIRST = "Hold a Magic Object that moves adventurers to pick one."


def turn_words(view: GoldView, seat: int | None, names: Names, adventurer: int | None = None,
               magic: int | None = None) -> str:
    """The line of a turn (G4.5): whose attack it is, or for `seat` (None: a window that does
    not play) in turn what to pick next: an adventurer and a Dragon, or the target of the
    Magic Object of face `magic` in hand (G12). Empty outside a turn."""
    if view.phase != TURN:
        return ""
    if view.turn != seat:
        return f"{names.acts(view.turn, 'choose', start=True)} an attack"
    if magic is not None:
        return f"{magic_name(magic)}: {TARGET_WORDS.get(MAGIC_DECK[magic], 'press Use it')}"
    if adventurer is not None:
        return f"Your {adventurer_name(adventurer)}: now click a Dragon"
    return "Your turn: click an adventurer, then a Dragon to attack"


def kill_title(view: GoldView) -> str:
    """The sharing panel's title: what becomes of the slain Dragon's hoard (G7, G9)."""
    kill = view.kill
    what = "share its hoard before the sand runs out" if view.phase == NEGOTIATE else \
        "divide and choose its hoard"
    return f"{DRAGONS[kill.dragon].name} is slain: {what}"


def division_words(view: GoldView, names: Names) -> str:
    """Who divides and who chooses, in order (G9.1, G9.2)."""
    kill = view.kill
    order = ", then ".join(names.who(s) for s in kill.choosers)
    verb = "chooses" if len(kill.choosers) == 1 else "choose"
    return (f"{names.who(kill.divider, start=True)} divides the hoard into "
            f"{len(kill.involved)} shares; {order} {verb} in that order, and the divider "
            "keeps the last.")


def magic_words(face: int) -> str:
    """What the Magic Object of `face` does, in a player's words."""
    return MAGIC_WORDS[MAGIC_DECK[face]]


#: G4.5-G6: what a turn is, for a seat whose turn it is
TURN_ADVICE = Advice("Your turn: send one face-up adventurer against a Dragon",
                     ("When the attackers on a Dragon add up to its strength, it dies and its "
                      "hoard is shared by those who attacked it.",))
#: G7: what the talks are, for a seat involved in them
TALKS_ADVICE = ("Propose a split, or accept or reject the one on the table: a split everyone "
                "accepts is made, and if the sand runs out the hoard is lost.",)
#: G9: what divide and choose is
DIVIDING_ADVICE = ("The divider cuts the hoard into shares; the others choose in turn, and "
                   "the divider keeps the last.",)


def advice(view: GoldView, seat: int | None, names: Names) -> Advice | None:
    if view.phase in (STEAL, TAKE):
        return _theft(view, seat, names)
    if seat is None or seat not in view.to_act:
        return _others(view, names)
    if view.phase == TURN:
        return TURN_ADVICE
    if view.phase == NEGOTIATE and view.kill is not None:
        return Advice(kill_title(view), TALKS_ADVICE)
    if view.phase in (DIVIDE, CHOOSE) and view.kill is not None:
        return Advice(kill_title(view), DIVIDING_ADVICE)
    return _others(view, names)


def _others(view: GoldView, names: Names) -> Advice | None:
    """The Market and the end, which every seat reads alike."""
    if view.phase == MARKET:
        return Advice("The Market: trade tokens with anyone before the time is up")
    if view.phase == OVER and view.end is not None:
        return Advice(game_over(view.end.winners, names), (SCORED_BY[view.end.advanced],))
    return None


def _theft(view: GoldView, seat: int | None, names: Names) -> Advice:
    """G8.2-G8.4: the thief's owner names the victim; with its wizard it looks and takes."""
    mine = seat is not None and seat in view.to_act
    theft = view.kill.theft if view.kill else None
    if mine and view.phase == STEAL:
        return Advice("Your thief steals one token: from whose screen?",
                      ("The token is drawn unseen from that player's screen.",))
    if mine and view.phase == TAKE and theft is not None:
        return Advice(f"Your wizard looks behind {names.whose(theft.victim)} screen: take one "
                      "token", ("Only you and your victim learn which token it was.",))
    if theft is not None:
        helped = " with the wizard's help" if theft.looks else ""
        return Advice(f"{names.whose(theft.thief, True)} thief robs {names.who(theft.victim)}"
                      f"{helped}", ("The thief and the victim see the token; the others do "
                                    "not.",))
    thief = f"{names.whose(view.to_act[0], True)} thief" if view.to_act else "A thief"
    return Advice(f"{thief} chooses whom to rob",
                  ("Thieves steal in turn after the hoard is shared.",))
