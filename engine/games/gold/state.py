"""The state of a Dragon's Gold table, and the screens' bookkeeping.

Screens (clause G16): the number of tokens behind each screen is public.
Their colours are public too while tokens move in view of all (a split, a
trade); a theft moves one token whose colour only the thief and the victim
learn. So each instance keeps, per screen, the counts it can vouch for and
`blind`, the number of thefts touching that screen whose colour it was not
shown; the screen is exact where blind is 0. Public state uses only counts.

Claims on screens (G13.5): while an instance knows a screen it sees at once
whether a move leaves it short of a colour (`short`). From the first theft it
is not shown, it keeps that screen's ledger instead: the screen as it knew it,
then every move in or out, a theft by its index. At the end, with every stolen
colour revealed, replaying the ledgers tells every instance the same truth.
"""

from __future__ import annotations

from collections import deque
from operator import add, gt, sub
from typing import Any

from engine.cards import mask_of, ref
from engine.chance import ChanceRequest
from engine.game import State
from engine.games.gold.components import ATTACK, DRAGONS, SLOTS, UP
from engine.games.gold.tokens import NONE, SUPPLY, UNKNOWN

DRAGON_DECK = 1
MAGIC_DECK_ID = 2


class Lair:
    """A face-up Dragon, its treasure and who attacks it (in attack order)."""

    __slots__ = ("attackers", "dragon", "hoard", "strength", "total")

    def __init__(self, dragon: int):
        self.dragon = dragon
        self.strength = DRAGONS[dragon].strength
        self.hoard = [0] * 9
        self.attackers: list[tuple[int, int, int]] = []  # (seat, kind, bonus)
        self.total = 0


class Kill:
    """A dead Dragon's hoard while it is shared out (G6-G9)."""

    __slots__ = ("attackers", "dragon", "hoard", "involved", "slot")

    def __init__(self, slot: int, lair: Lair):
        self.slot, self.dragon = slot, lair.dragon
        self.attackers = tuple(lair.attackers)
        self.hoard = lair.hoard
        self.involved = tuple(sorted({seat for seat, _, _ in self.attackers}))

    def has(self, seat: int, kind: int) -> bool:
        return any(s == seat and k == kind for s, k, _ in self.attackers)

    def power(self, seat: int) -> int:
        return sum(ATTACK[k] + b for s, k, b in self.attackers if s == seat)

    def first_attack(self, seat: int) -> int:
        return next(i for i, (s, _, _) in enumerate(self.attackers) if s == seat)


class Talks:
    """A timed negotiation (G7): one proposal on the table at a time."""

    __slots__ = ("accepted", "by", "everyone", "made", "serial", "split")

    def __init__(self, involved: tuple[int, ...]):
        self.everyone = mask_of(involved)  # bit per involved seat
        self.serial = 0  # 0: nothing on the table
        self.split: tuple[tuple[int, ...], ...] = ()
        self.by = -1
        self.accepted = 0  # bit per seat
        self.made: dict[int, int] = {}


class Division:
    """The strategic variant's divide-and-choose (G9)."""

    __slots__ = ("choosers", "divider", "shares", "taken")

    def __init__(self, divider: int, choosers: tuple[int, ...]):
        self.divider, self.choosers = divider, choosers
        self.shares: tuple[tuple[int, ...], ...] = ()
        self.taken: dict[int, int] = {}  # share index -> seat


class Theft:
    __slots__ = ("deck", "looks", "position", "size", "thief", "victim")

    def __init__(self, thief: int, victim: int, deck: int, size: int, looks: bool):
        self.thief, self.victim, self.deck, self.size, self.looks = thief, victim, deck, size, looks
        self.position = 0

    @property
    def card(self) -> int:
        """The stolen token as a card (engine.cards.ref), once drawn."""
        return ref(self.deck, self.position)


class Market:
    """The Market's open offers (G11): seat -> (serial, partner, give, get)."""

    __slots__ = ("left", "made", "offers")

    def __init__(self):
        self.offers: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        self.left = 0  # bit per seat
        self.made: dict[int, int] = {}


def _goes_short(ledger: list[tuple[int, Any]], stolen: list[int]) -> bool:
    screen = [0] * 9
    for sign, what in ledger:
        if type(what) is int:  # a theft's index: one token of the colour it turned out to be
            colour = stolen[what]
            screen[colour] += sign
            if screen[colour] < 0:
                return True
        elif sign > 0:
            screen[:] = map(add, screen, what)
        else:  # only what leaves can leave the screen short
            screen[:] = map(sub, screen, what)
            if min(screen) < 0:
                return True
    return False


class GoldState(State):
    def __init__(self, config: dict[str, Any], seats: int):
        super().__init__("gold", config, seats)
        self.phase: str | None = None  # a flow.Phase (by value)
        self.request: ChanceRequest | None = None
        self.todo: deque[tuple] = deque()
        self.bag = list(SUPPLY)
        self.bag_total = sum(SUPPLY)
        self.draw_k = 0  # tokens the pending roll draws
        self.box = [0] * 9
        self.slots: list[Lair | None] = [None] * SLOTS
        self.pile_next = 0  # next undrawn position of the Dragon deck
        self.seen_dragons: set[int] = set()  # Dragons turned face up so far
        self.placed = 0  # Dragons drawn after set-up (G11.1)
        self.market_held = False
        self.adv = [[UP] * 4 for _ in range(seats)]
        self.turn = -1
        self.might = 0
        self.haste = False
        self.kill: Kill | None = None
        self.talks: Talks | None = None
        self.division: Division | None = None
        self.market: Market | None = None
        self.theft: Theft | None = None
        self.thefts: list[Theft] = []
        self.serials = 0
        self.decks = MAGIC_DECK_ID  # last deck id handed out
        self.counts = [0] * seats  # tokens behind each screen: public
        self.screens = [[0] * 9 for _ in range(seats)]
        self.blind = [0] * seats
        self.touched = [0] * seats  # thefts not yet revealed that touched each screen: public
        self.liars: tuple[int, ...] = ()  # seats whose Market claims proved false (G13.5)
        self.short = [False] * seats  # seen short of a colour while this instance knew it
        self.ledger: list[list[tuple[int, Any]] | None] = [None] * seats  # once not known
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.magic_deck = MAGIC_DECK_ID
        self.magic_next = 0
        self.magic_size = 0
        self.magic_discard: list[int] = []
        self.foreseen: list[set[int]] = [set() for _ in range(seats)]
        self.scores: tuple[int, ...] = ()
        self.winners: tuple[int, ...] = ()

    def new_deck(self) -> int:
        self.decks += 1
        return self.decks

    def serial(self) -> int:
        self.serials += 1
        return self.serials

    # -- screens ----------------------------------------------------------------
    def exact(self, seat: int) -> bool:
        """Does this instance know every colour behind seat's screen? Not when a theft it
        was not shown touched it, nor when the screen cannot be (short of a colour, or
        more of one than the game has): a false claim this instance saw through, which
        only the end may judge (G13.5)."""
        screen = self.screens[seat]
        return self.blind[seat] == 0 and min(screen) >= 0 and not any(map(gt, screen, SUPPLY))

    def holds(self, seat: int, counts, extra=NONE) -> bool:
        """Does seat hold these tokens (plus `extra` coming back to it), as far as this
        instance can tell? What a seat's own legal actions offer: its screen is exact."""
        return self._covers(seat, counts, extra, self.blind[seat])

    def may_claim(self, seat: int, counts, extra=NONE) -> bool:
        """May seat claim to hold these tokens now (G16.3)? Every instance must answer
        alike, so colours are checked only while no theft has touched the screen (all
        know it then); a touched screen's claims are checked at the end (G13.5)."""
        return self._covers(seat, counts, extra, self.touched[seat])

    def _covers(self, seat: int, counts, extra, colours_unknown: int) -> bool:
        if sum(counts) > self.counts[seat] + sum(extra):
            return False
        if colours_unknown:
            return True
        screen = self.screens[seat]
        return all(screen[c] + extra[c] >= n for c, n in enumerate(counts))

    def add_screen(self, seat: int, counts) -> None:
        self.screens[seat][:] = map(add, self.screens[seat], counts)
        self.counts[seat] += sum(counts)
        if self.ledger[seat] is not None:
            self.ledger[seat].append((1, counts))

    def take_screen(self, seat: int, counts) -> None:
        screen = self.screens[seat]
        screen[:] = map(sub, screen, counts)
        self.counts[seat] -= sum(counts)
        self._moved(seat, -1, counts, screen)

    def steal(self, thief: int, victim: int, colour: int) -> None:
        """Theft number len(thefts) moves a token of `colour` (UNKNOWN: not shown here)."""
        self.counts[thief] += 1
        self.counts[victim] -= 1
        self.touched[thief] += 1
        self.touched[victim] += 1
        theft = len(self.thefts)
        for seat, sign in ((thief, 1), (victim, -1)):
            if colour == UNKNOWN:
                self.blind[seat] += 1
                if self.ledger[seat] is None:  # from now on this screen is replayed
                    self.ledger[seat] = [(1, tuple(self.screens[seat]))]
            else:
                self.screens[seat][colour] += sign
            self._moved(seat, sign, theft, self.screens[seat])

    def _moved(self, seat: int, sign: int, what, screen: list[int]) -> None:
        """Book a move of seat's screen: in its ledger, or checked at once while known."""
        ledger = self.ledger[seat]
        if ledger is not None:
            ledger.append((sign, what))
        elif sign < 0 and min(screen) < 0:
            self.short[seat] = True

    def short_screens(self, stolen: list[int]) -> tuple[int, ...]:
        """G13.5: the seats whose screens ever went short of a colour: seen at once while
        this instance knew them, else found by replaying their ledgers now that the
        colours of the `stolen` tokens are known."""
        return tuple(
            seat for seat, ledger in enumerate(self.ledger)
            if self.short[seat] or (ledger is not None and _goes_short(ledger, stolen))
        )
