"""What a Dragon seat sees: the phases by name, the view's types, and the words of the two
refusals the advice says too (one text, the engine's)."""

from __future__ import annotations

from engine import hands
from engine.game import View
from engine.wire import Value

#: the phases; dealing and over are every dealing game's (engine.hands runs them)
DEALING, OPENING, PLAYING, DRAGON_STAGE, OVER = (
    hands.DEALING, "opening", "playing", "dragons", hands.OVER)
#: the words of refusals the advice words its lines with (one text, the engine's)
LEAD_WITH_THREE = "the first play must hold the 3 of Stars"
LEADER_PLAYS = "the leader must play, not pass"
#: D3.1: who opens a hand (the story's "Hand 1 begins" and the table's centre say it)
THREE_LEADS = "whoever holds the 3 of Stars leads"


class TrickPlay(Value):
    """One play of the trick on the table."""

    seat: int
    faces: tuple[int, ...]


class Claim(Value):
    """A Dragon shown, with its attack card (D9.3)."""

    seat: int
    attack: int


class Offered(Value, kw_only=True):
    """What the rules let the viewing seat do now, read off its legal actions: the advice
    words its line from this, so it never says "pass" when Pass is not legal."""

    plays: bool  # some play of its cards
    passes: bool  # Pass (after a Dragon is shown: let the chance go)
    dragon: bool  # show its Dragon (D9)


class DragonView(View, kw_only=True):
    hand_no: int
    hands: int
    counts: tuple[int, ...]
    trick: tuple[TrickPlay, ...]  # oldest first
    last_player: int
    passed: tuple[bool, ...]
    places: tuple[int, ...]  # seats out, first out first
    chips: tuple[int, ...]
    pile: int  # cards won this hand
    claims: tuple[Claim, ...]
    cards: tuple[int, ...] | None = None  # the seat's own hand, where it is known
    offered: Offered | None = None  # the seat's own, while it is awaited
