"""The state of a Dragon's Gold table, and the screens' bookkeeping.

Screens (clause G16): the number of tokens behind each screen is public.
Their colours are public too while tokens move in view of all (a split, a
trade); a theft moves one token whose colour only the thief and the victim
learn. So each instance keeps, per screen, the counts it can vouch for and
`blind`, the number of thefts touching that screen whose colour it was not
shown; the screen is exact where blind is 0. Public state uses only counts.
"""

from __future__ import annotations

from collections import deque
from operator import add, sub
from typing import Any

from engine.chance import ChanceRequest
from engine.game import State
from engine.games.gold.components import ATTACK, DRAGONS, SLOTS, UP
from engine.games.gold.tokens import NONE, SUPPLY

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
        self.everyone = sum(1 << s for s in involved)  # bit per involved seat
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


class Market:
    """The Market's open offers (G11): seat -> (serial, partner, give, get)."""

    __slots__ = ("left", "made", "offers")

    def __init__(self):
        self.offers: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        self.left = 0  # bit per seat
        self.made: dict[int, int] = {}


class GoldState(State):
    def __init__(self, config: dict[str, Any], seats: int):
        super().__init__("gold", config, seats)
        self.phase: str | None = None
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
        return self.blind[seat] == 0

    def can_give(self, seat: int, counts, extra=NONE) -> bool:
        """Does seat hold these tokens (plus `extra` coming back to it), as far as
        this instance can tell?"""
        if sum(counts) > self.counts[seat] + sum(extra):
            return False
        if self.blind[seat]:
            return True  # a theft's colour is unknown here: the network audits the claim
        screen = self.screens[seat]
        return all(screen[c] + extra[c] >= n for c, n in enumerate(counts))

    def add_screen(self, seat: int, counts) -> None:
        self.screens[seat][:] = map(add, self.screens[seat], counts)
        self.counts[seat] += sum(counts)

    def take_screen(self, seat: int, counts) -> None:
        self.screens[seat][:] = map(sub, self.screens[seat], counts)
        self.counts[seat] -= sum(counts)
