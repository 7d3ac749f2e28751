"""Dragons Wild's wire types: the actions a seat takes and the events the rules tell.

Clause numbers (W1, W7.2...) refer to docs/rules/wild.md.
"""

from __future__ import annotations

from engine import hand_events
from engine.fields import Face, Index, Ref
from engine.wire import Event, SeatAction, SeatEvent, wire

# -- actions -----------------------------------------------------------------

@wire("wild.ask")
class AskToBuy(SeatAction):
    """Ask to buy the top discard before the player in turn draws (W10)."""


@wire("wild.decline")
class DeclineToBuy(SeatAction):
    pass


@wire("wild.answer")
class AnswerBuyer(SeatAction):
    """The player in turn lets the buyer have the discard (allow) or takes it (W10.4, W10.5)."""

    allow: bool


@wire("wild.draw")
class Draw(SeatAction):
    from_discard: bool


@wire("wild.meld")
class Meld(SeatAction):
    """Lay a new meld; a Dragon in a run stands for `wild_as` (0 otherwise)."""

    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]
    wild_as: Face


@wire("wild.add")
class AddToMeld(SeatAction):
    """Add cards to meld number `meld`; `wild_as` is where its Dragon stands afterwards."""

    meld: Index
    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]
    wild_as: Face


@wire("wild.discard")
class Discard(SeatAction):
    """Discard one card (`refs` and `faces` hold one each, like every play that shows cards)."""

    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]


# -- events ------------------------------------------------------------------

@wire("wild.hand_started")
class HandStarted(hand_events.HandStarted):
    pass


@wire("wild.cards_dealt")
class CardsDealt(hand_events.CardsDealt):
    pass


@wire("wild.discard_turned")
class DiscardTurned(Event):
    face: int


@wire("wild.buy_offered")
class BuyOffered(Event):
    face: int
    seats: tuple[int, ...]


@wire("wild.buy_asked")
class BuyAsked(SeatEvent):
    pass


@wire("wild.buy_answered")
class BuyAnswered(SeatEvent):
    buyer: int
    allow: bool


@wire("wild.bought")
class Bought(SeatEvent):
    face: int


@wire("wild.drew")
class Drew(SeatEvent):
    """`face` is -1 when the card came face down from the dealt deck."""

    from_discard: bool
    face: int
    penalty: bool


@wire("wild.deck_turned")
class DeckTurned(Event):
    cards: int


@wire("wild.melded")
class Melded(SeatEvent):
    meld: int
    faces: tuple[int, ...]
    points: int


@wire("wild.added")
class Added(SeatEvent):
    meld: int
    faces: tuple[int, ...]
    meld_faces: tuple[int, ...]
    points: int


@wire("wild.discarded")
class Discarded(SeatEvent):
    face: int


@wire("wild.round")
class RoundAdvanced(Event):
    round: int


@wire("wild.went_out")
class WentOut(SeatEvent):
    pass


@wire("wild.hand_over")
class HandOver(Event):
    hand: int
    went_out: int  # -1: the deck ran dry (W11.2)
    penalties: tuple[int, ...]
    scores: tuple[int, ...]


@wire("wild.match_over")
class MatchOver(hand_events.MatchOver):
    pass

