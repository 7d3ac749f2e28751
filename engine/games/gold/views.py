"""What a Dragon's Gold seat sees (G16): the view's types, and the view built from a state.

Screens show only their counts, hands only theirs, until the end; a seat's own screen,
Magic Objects, foreseen Dragons and the tokens its wizard shows it are its alone.
"""

from __future__ import annotations

from engine.cards import ref
from engine.game import View
from engine.games.gold.components import DOWN, DRAGONS, MARKET_AFTER, UP
from engine.games.gold.flow import OVER
from engine.games.gold.scoring import categories
from engine.games.gold.state import DRAGON_DECK, GoldState
from engine.games.gold.telling.words import FORFEIT_WHY
from engine.games.gold.tokens import NONE, face_colour
from engine.wire import Value

#: an adventurer's place as the view says it: "up", "down", or the slot it attacks
PLACES = {UP: "up", DOWN: "down"}

Counts = tuple[int, ...]  # tokens by colour, in the order of tokens.COLOURS


#: an attacker at a lair: (seat, adventurer kind, bonus), as the rules keep it
Attacker = tuple[int, int, int]


class Lair(Value):
    dragon: int
    strength: int
    hidden: int  # tokens of its treasure drawn face down
    hoard: Counts
    attackers: tuple[Attacker, ...]
    total: int  # the attack so far


class Proposal(Value):
    serial: int
    by: int
    split: tuple[Counts, ...]  # a share per involved seat, in `Kill.involved` order
    accepted: tuple[int, ...]


class Theft(Value, array_like=True):
    thief: int
    victim: int
    looks: bool  # the thief's wizard shows it the tokens


class Kill(Value, kw_only=True):
    """A slain Dragon whose hoard is being shared (negotiation, or divide and choose)."""

    slot: int
    dragon: int
    attackers: tuple[Attacker, ...]
    involved: tuple[int, ...]
    hoard: Counts
    proposal: Proposal | None = None
    made: tuple[int, ...] = ()  # proposals made, per seat
    most_proposals: int = 0  # the most each may make (G7.6)
    divider: int = -1
    choosers: tuple[int, ...] = ()
    shares: tuple[Counts, ...] = ()
    taken: tuple[int, ...] = ()  # the seat that took each share, -1 while it is open
    theft: Theft | None = None


class Offer(Value, array_like=True):
    seat: int
    serial: int
    partner: int
    give: Counts
    get: Counts


class Market(Value):
    offers: tuple[Offer, ...]
    left: tuple[int, ...]  # seats that left the Market
    made: tuple[int, ...]  # offers made, per seat


class MagicCard(Value, array_like=True):
    card: int
    face: int


class Forfeit(Value):
    """Why a seat scores nothing: the clause, and the words the end's score table says."""

    rule: str
    why: str


class SeatScore(Value, kw_only=True):
    """One seat's line of the end's score table, as the engine scored it."""

    points: tuple[int, ...]  # by category, in the order of scoring.CATEGORIES
    total: int
    forfeit: Forfeit | None = None


class End(Value):
    """The end (G13.4-G15): every screen revealed and scored, and who won."""

    screens: tuple[Counts, ...]
    scores: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    advanced: bool  # scored by the advanced rules (G15), or the basic (G14)


class GoldView(View, kw_only=True):
    bag: Counts
    box: Counts
    pile: int  # Dragons left to draw
    market_in: int | None  # Dragons until the Market opens; None once it has been
    dragons: tuple[Lair | None, ...]
    adventurers: tuple[tuple[str | int, ...], ...]  # per seat: "up", "down" or a slot
    screens: tuple[int, ...]  # tokens behind each screen
    hands: tuple[int, ...]  # Magic Objects held by each seat
    discards: tuple[int, ...]
    might: int
    haste: bool
    kill: Kill | None = None
    market: Market | None = None
    thefts: tuple[Theft, ...] = ()
    end: End | None = None
    my_screen: Counts | None = None
    my_magic: tuple[MagicCard, ...] | None = None
    foreseen: tuple[int, ...] | None = None
    looking_at: tuple[int, ...] | None = None  # the colours a thief's wizard shows it

    @property
    def proposal(self) -> Proposal | None:
        """The split on the table (G7.5), while a hoard is shared and one is proposed."""
        return self.kill.proposal if self.kill is not None else None


def view(state: GoldState, seat: int | None, to_act: tuple[int, ...]) -> GoldView:
    return GoldView(
        phase=state.phase, to_act=to_act, turn=state.turn, timer=state.timer,
        bag=tuple(state.bag), box=tuple(state.box), pile=len(DRAGONS) - state.pile_next,
        market_in=None if state.market_held else max(0, MARKET_AFTER - state.placed),
        dragons=tuple(_lair(lair) for lair in state.slots),
        adventurers=tuple(tuple(PLACES.get(p, p) for p in team) for team in state.adv),
        screens=tuple(state.counts), hands=tuple(len(h) for h in state.hands),
        discards=tuple(sorted(state.magic_discard)), might=state.might, haste=state.haste,
        kill=_kill(state), market=_market(state),
        thefts=tuple(Theft(t.thief, t.victim, bool(t.looks)) for t in state.thefts),
        end=_end(state) if state.phase == OVER else None,
        **({} if seat is None else _private(state, seat)),
    )


def _attackers(attackers) -> tuple[Attacker, ...]:
    return tuple(tuple(a) for a in attackers)


def _lair(lair) -> Lair | None:
    if lair is None:
        return None
    return Lair(lair.dragon, lair.strength, DRAGONS[lair.dragon].hidden, tuple(lair.hoard),
                _attackers(lair.attackers), lair.total)


def _per_seat(counts: dict[int, int], seats: int) -> tuple[int, ...]:
    return tuple(counts.get(s, 0) for s in range(seats))


def _kill(state: GoldState) -> Kill | None:
    kill = state.kill
    if kill is None:
        return None
    talks, division, theft = state.talks, state.division, state.theft
    more = {}
    if talks is not None:
        more["made"] = _per_seat(talks.made, state.seats)
        more["most_proposals"] = state.config["proposals"]
        if talks.serial:
            more["proposal"] = Proposal(
                talks.serial, talks.by, tuple(tuple(s) for s in talks.split),
                tuple(s for s in kill.involved if talks.accepted >> s & 1))
    if division is not None:
        more.update(divider=division.divider, choosers=tuple(division.choosers),
                    shares=tuple(tuple(s) for s in division.shares),
                    taken=tuple(division.taken.get(i, -1) for i in range(len(division.shares))))
    if theft is not None:
        more["theft"] = Theft(theft.thief, theft.victim, bool(theft.looks))
    return Kill(slot=kill.slot, dragon=kill.dragon, attackers=_attackers(kill.attackers),
                involved=tuple(kill.involved), hoard=tuple(kill.hoard), **more)


def _end(state: GoldState) -> End:
    """G13.5: a liar's screen is scored as empty, as `flow` scored it; G14, G15 by category."""
    advanced = state.config["advanced"]
    counted = [NONE if s in state.liars else screen for s, screen in enumerate(state.screens)]
    forfeit = Forfeit("G13.5", FORFEIT_WHY)
    scores = tuple(SeatScore(points=points, total=total,
                             forfeit=forfeit if s in state.liars else None)
                   for s, (points, total) in enumerate(zip(categories(counted, advanced),
                                                           state.scores, strict=True)))
    return End(tuple(tuple(s) for s in state.screens), scores, tuple(state.winners), advanced)


def _market(state: GoldState) -> Market | None:
    market = state.market
    if market is None:
        return None
    offers = tuple(Offer(s, serial, partner, tuple(give), tuple(get))
                   for s, (serial, partner, give, get) in sorted(market.offers.items()))
    left = tuple(s for s in range(state.seats) if market.left >> s & 1)
    return Market(offers, left, _per_seat(market.made, state.seats))


def _private(state: GoldState, seat: int) -> dict:
    """What only `seat` sees: its screen, its Magic Objects, what it foresaw or looked at."""
    out: dict = {}
    if state.exact(seat):
        out["my_screen"] = tuple(state.screens[seat])
    hand = state.hands[seat]
    if all(c in state.faces for c in hand):
        out["my_magic"] = tuple(MagicCard(c, state.faces[c]) for c in hand)
    seen = tuple(
        state.faces[ref(DRAGON_DECK, p)] for p in sorted(state.foreseen[seat])
        if p >= state.pile_next and ref(DRAGON_DECK, p) in state.faces
    )
    if seen:
        out["foreseen"] = seen
    theft = state.theft
    if theft is not None and theft.looks and theft.thief == seat:
        looked = [state.faces.get(ref(theft.deck, p)) for p in range(theft.size)]
        if None not in looked:
            out["looking_at"] = tuple(face_colour(f) for f in looked)
    return out
