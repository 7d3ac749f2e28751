"""What a Dragon seat may do now, in the rules' words (Game.advice): the line a player reads
when it asks to play with no card selected.

Each line is worded from `DragonView.offered`, the seat's legal actions, so the words
agree with the buttons: "pass" only when Pass is legal (never at a match's first trick,
where the 3 of Stars must lead: D3), a Dragon only when it may be shown (D9.2)."""

from __future__ import annotations

from engine.cards import mask_of
from engine.game import Advice
from engine.games.dragon.combos import KIND_NAMES, classify, play_words
from engine.games.dragon.views import (
    DRAGON_STAGE,
    LEAD_WITH_THREE,
    LEADER_PLAYS,
    OPENING,
    THREE_LEADS,
    DragonView,
    Offered,
)
from engine.tell import Names, capital

#: D7.1: the trick's last play is beyond this hand, and Pass is legal
NOTHING_BEATS = "Nothing in your hand beats this trick: pass."
#: D9.2: a Dragon may be shown only on the seat's first turn, which this is
SHOW_DRAGON = "Your hand is a Dragon: show it now to take the whole pot, or play on."
#: D9.4: another seat showed a Dragon; those yet to act may show theirs
DRAGON_SHOWN = {True: "A Dragon is shown: show yours too now, or let the chance go.",
                False: "A Dragon is shown and your hand holds none: let the chance go."}
#: D7.2 with `chop_in`: a seat that passed is back only to chop a set of 2s
CHOP_BACK_IN = "You passed this trick: only a chop of the 2s brings you back in, or pass."
#: D3.2: the status of a seat the opening awaits with no 3 of Stars (and no Dragon) to play
WAITING_FOR_THREE = "waiting for the 3 of Stars"


def advice(view: DragonView, seat: int | None, names: Names) -> Advice | None:
    offered = view.offered
    if seat is None or offered is None:
        return None
    if view.phase == DRAGON_STAGE:
        return Advice(DRAGON_SHOWN[offered.dragon])
    if offered.dragon:
        return Advice(SHOW_DRAGON)
    return Advice(_first_turn(offered) if view.phase == OPENING else _in_trick(view, seat,
                                                                               offered))


def table_words(view: DragonView, names: Names) -> str:
    """What the middle of the table says: who played the trick's last play and its kind
    (D4), "Whoever holds the 3 of Stars leads" at a hand's opening (D3.1), else nothing."""
    if view.trick:
        last = view.trick[-1]
        kind = KIND_NAMES[classify(mask_of(last.faces))[0]]
        return f"{names.who(last.seat, start=True)} played a {kind}"
    return capital(THREE_LEADS) if view.phase == OPENING else ""


def waiting_words(view: DragonView) -> str:
    """The viewing seat's status while the opening awaits it with nothing to do (D3.2: every
    seat is awaited, but only the 3 of Stars' holder can lead, or a Dragon be shown); empty
    at any other time."""
    offered = view.offered
    if view.phase == OPENING and offered is not None and not (offered.plays or offered.dragon):
        return WAITING_FOR_THREE
    return ""


def _first_turn(offered: Offered) -> str:
    """D3.1-D3.2: every seat is awaited, but only the holder of the 3 of Stars can play."""
    if offered.plays:
        return f"Select cards to play: {LEAD_WITH_THREE}."
    return f"{capital(LEAD_WITH_THREE)}: its holder leads, so wait for it."


def _in_trick(view: DragonView, seat: int, offered: Offered) -> str:
    """D5, D7: lead anything; else beat the last play or pass."""
    if not view.trick:
        return f"Select cards to play: you lead, and {LEADER_PLAYS}."
    if not offered.plays:
        return NOTHING_BEATS if offered.passes else "Wait for the others."
    if view.passed[seat]:
        return CHOP_BACK_IN
    return f"Select cards to play that beat {play_words(view.trick[-1].faces)}, or pass."
