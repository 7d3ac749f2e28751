"""Dragon's Gold actions (what seats send) and events (what the client animates).

Tokens travel as nine-count tuples (see tokens.py); a split or a division is a
tuple of such tuples, one per share.
"""

from __future__ import annotations

from engine.fields import Count, Face, Index, Ref, Seat, Serial
from engine.wire import Event, SeatAction, SeatEvent, wire

# -- actions -----------------------------------------------------------------


@wire("gold.attack")
class Attack(SeatAction):
    """Send the face-up adventurer `kind` against the Dragon in `slot` (G4.5)."""

    kind: Index
    slot: Index


@wire("gold.magic")
class UseMagic(SeatAction):
    """Play the Magic Object `card`, revealing its `face`; `target` as components.TARGETS."""

    card: Ref
    face: Face
    target: tuple[Index, ...]


@wire("gold.propose")
class Propose(SeatAction):
    """Put a split on the table: one share per involved seat, in seat order (G7.2)."""

    split: tuple[tuple[Count, ...], ...]


@wire("gold.accept")
class Accept(SeatAction):
    serial: Serial


@wire("gold.reject")
class Reject(SeatAction):
    serial: Serial


@wire("gold.divide")
class Divide(SeatAction):
    """Strategic variant: cut the hoard into one share per involved seat (G9.2)."""

    shares: tuple[tuple[Count, ...], ...]


@wire("gold.choose")
class Choose(SeatAction):
    share: Index


@wire("gold.steal")
class Steal(SeatAction):
    """Name the player whose screen the Thief robs (G8.2)."""

    victim: Seat


@wire("gold.take")
class Take(SeatAction):
    """A Thief helped by a Wizard takes the token at `position` of the screen it looked at."""

    position: Index


@wire("gold.offer")
class Offer(SeatAction):
    """At the Market: give these tokens to `partner` for those (G11.2)."""

    partner: Seat
    give: tuple[Count, ...]
    get: tuple[Count, ...]


@wire("gold.take_offer")
class TakeOffer(SeatAction):
    """Accept the offer `serial` that `offerer` made to this seat."""

    offerer: Seat
    serial: Serial


@wire("gold.decline")
class Decline(SeatAction):
    offerer: Seat
    serial: Serial


@wire("gold.leave")
class LeaveMarket(SeatAction):
    pass


# -- events ------------------------------------------------------------------


@wire("gold.placed")
class DragonPlaced(Event):
    slot: int
    dragon: int


@wire("gold.drawn")
class TreasureDrawn(Event):
    """Tokens from the bag onto a Dragon (`where` "lair"), a hoard ("kill") or a screen."""

    where: str
    index: int
    counts: tuple[int, ...]


@wire("gold.bag_empty")
class BagEmptied(Event):
    pass


@wire("gold.first")
class FirstPlayer(SeatEvent):
    pass


@wire("gold.rallied")
class Rallied(SeatEvent):
    pass


@wire("gold.turn_lost")
class TurnLost(SeatEvent):
    pass


@wire("gold.routed")
class Routed(Event):
    pass


@wire("gold.attacked")
class Attacked(SeatEvent):
    kind: int
    slot: int
    dragon: int  # the Dragon in that lair: players know lairs by their Dragons
    total: int
    strength: int


@wire("gold.killed")
class DragonKilled(Event):
    slot: int
    dragon: int
    seats: tuple[int, ...]


@wire("gold.took")
class Took(SeatEvent):
    """Tokens went behind a screen in view of all: `why` names the rule."""

    counts: tuple[int, ...]
    why: str


@wire("gold.returned")
class Returned(Event):
    """Adventurers, as (seat, kind) pairs, come home face up or face down."""

    adventurers: tuple[tuple[int, int], ...]
    face_up: bool


@wire("gold.negotiation")
class NegotiationOpened(Event):
    seats: tuple[int, ...]
    hoard: tuple[int, ...]
    steps: int


@wire("gold.proposed")
class Proposed(SeatEvent):
    """A split of the hoard: a share for each of `involved`, in that order."""

    serial: int
    split: tuple[tuple[int, ...], ...]
    involved: tuple[int, ...] = ()


@wire("gold.accepted")
class Accepted(SeatEvent):
    serial: int


@wire("gold.rejected")
class Rejected(SeatEvent):
    serial: int


@wire("gold.agreed")
class Agreed(Event):
    serial: int


@wire("gold.lost")
class HoardLost(Event):
    counts: tuple[int, ...]


@wire("gold.divided")
class Divided(SeatEvent):
    shares: tuple[tuple[int, ...], ...]


@wire("gold.chose")
class Chose(SeatEvent):
    share: int


@wire("gold.theft")
class TheftBegins(Event):
    thief: int
    victim: int
    looks: bool


@wire("gold.stole")
class Stole(Event):
    """A token moved from victim to thief; `colour` is -1 where this instance may not know it."""

    thief: int
    victim: int
    colour: int


@wire("gold.market")
class MarketOpened(Event):
    steps: int


@wire("gold.offered")
class Offered(SeatEvent):
    partner: int
    serial: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@wire("gold.traded")
class Traded(SeatEvent):
    partner: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@wire("gold.withdrawn")
class OfferWithdrawn(SeatEvent):
    """An offer left the table (`why`: declined, replaced, left, closed); its tokens go home."""

    serial: int
    why: str


@wire("gold.left")
class LeftMarket(SeatEvent):
    pass


@wire("gold.closed")
class MarketClosed(Event):
    pass


@wire("gold.magic_drawn")
class MagicDrawn(SeatEvent):
    count: int


@wire("gold.magic_used")
class MagicUsed(SeatEvent):
    face: int
    target: tuple[int, ...]


@wire("gold.revealed")
class ScreensRevealed(Event):
    screens: tuple[tuple[int, ...], ...]


@wire("gold.false_claim")
class FalseClaim(Event):
    """G13.5: these seats traded tokens they did not hold; they forfeit."""

    seats: tuple[int, ...]


@wire("gold.over")
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
