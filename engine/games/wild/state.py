"""A Dragons Wild table's state: the hands, the deck, the discard pile, the melds, and
where the turn and the buying window stand (clauses W2, W6.2, W10.8, W11).

Clause numbers (W1, W7.2...) refer to docs/rules/wild.md.
"""

from __future__ import annotations

from typing import Any

from engine.chance import RevealRequest, deal_round
from engine.games.wild import melds
from engine.games.wild.cards import DECK
from engine.hands import HandsState

HAND_SIZE = 7
MAX_BUYS = 3  # W10.6


class WildState(HandsState):
    def __init__(self, config: dict[str, Any], seats: int):
        super().__init__("wild", config, seats)
        self.hand = 0
        self.scores = [0] * seats
        #: others[s]: every seat but s, nearest after s first (W10.3)
        self.others = [tuple((s + i) % seats for i in range(1, seats)) for s in range(seats)]
        self.next_hand(DECK)
        self.lay_table()

    def lay_table(self) -> None:
        """Clause W2: a fresh deck; no cards in hand, on the table or in the discard yet."""
        self.turns = 0  # turns begun this hand; a meld "from an earlier turn" has a lower number
        self.round = 1  # W3.2: a hand begins in round 1
        self.empty_hands()
        self.secret: set[int] = set()  # held refs dealt face down (revealed at the hand's end)
        self.stock_next = HAND_SIZE * self.seats + 1
        self.recycled: list[int] = []  # the turned-over discard pile, next card first
        self.turnovers = self.config["turnovers"]
        self.discard: list[int] = []  # refs, top last
        self.melds: list[melds.Meld] = []
        self.first_meld = [0] * self.seats  # turn number of each seat's first meld; 0: none yet
        self.laid = False
        self.taken = -1  # W9.3: the card (ref) taken from the discard this turn; its face is public
        self.buys = 0
        self.waiting: tuple[int, ...] = ()  # seats the buy window still waits for
        self.askers: set[int] = set()
        self.buyer = -1
        self.went_out = -1

    def deal_requests(self) -> list:
        """Clause W2.2-W2.3: seven cards each from the dealer's left, then one discard."""
        n = self.seats
        return [*deal_round(self.hand, n, self.dealer, HAND_SIZE),
                RevealRequest(self.hand, (HAND_SIZE * n,))]

    @property
    def deck_count(self) -> int:
        return len(DECK) - self.stock_next + len(self.recycled)

    def can_draw(self) -> bool:
        """A card can come from the deck, turning the discard pile over if need be (W11)."""
        return bool(self.deck_count or (self.discard and self.turnovers))

    def can_buy(self) -> bool:
        """Clause W10.8: the top discard, a penalty card and the next draw must all exist."""
        if not self.discard or self.buys >= MAX_BUYS:
            return False
        below = len(self.discard) - 1 if self.turnovers else 0
        return self.deck_count + below >= 2

    def top(self) -> int:
        return self.faces[self.discard[-1]]

    def may_add(self, seat: int) -> bool:
        """Clause W6.2: adding to melds needs a meld of one's own from an earlier turn."""
        return 0 < self.first_meld[seat] < self.turns
