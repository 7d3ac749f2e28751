"""Dragon's actions and events: what a seat may do and what the table tells of it (the
rules that judge them are rules.py's)."""

from __future__ import annotations

from engine import hand_events
from engine.fields import Face, Ref
from engine.wire import Event, SeatAction, SeatEvent, wire

# -- actions -----------------------------------------------------------------

@wire("dragon.play")
class Play(SeatAction):
    """Play the cards at `refs`, revealing their `faces`."""

    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]


@wire("dragon.pass")
class Pass(SeatAction):
    pass


@wire("dragon.declare")
class DeclareDragon(SeatAction):
    """Reveal a whole hand that holds a Dragon (clause D9)."""

    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]


# -- events ------------------------------------------------------------------

@wire("dragon.hand_started")
class HandStarted(Event):
    hand: int
    leader: int  # -1: whoever holds the 3 of Stars leads


@wire("dragon.cards_dealt")
class CardsDealt(hand_events.CardsDealt):
    pass


@wire("dragon.played")
class Played(SeatEvent):
    faces: tuple[int, ...]
    kind: str
    chop: bool


@wire("dragon.passed")
class Passed(SeatEvent):
    pass


@wire("dragon.trick_won")
class TrickWon(SeatEvent):
    leader: int


@wire("dragon.went_out")
class WentOut(SeatEvent):
    place: int


@wire("dragon.dragon_declared")
class DragonDeclared(SeatEvent):
    faces: tuple[int, ...]
    attack: int


@wire("dragon.hand_over")
class HandOver(Event):
    hand: int
    places: tuple[int, ...]
    payouts: tuple[int, ...]
    chips: tuple[int, ...]


@wire("dragon.match_over")
class MatchOver(hand_events.MatchOver):
    """Its scores are the seats' chips (D11)."""
