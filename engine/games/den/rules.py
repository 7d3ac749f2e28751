"""Dragon Den, shedding onto a cross of foundations: every rule of docs/rules/den.md.

Clause numbers (DN1, DN2...) refer to that file. Hands are card references;
an engine instance knows the faces of its own hand and of everything on the
table. Plays carry the faces they lay, so every instance applies the same
public rules whatever it knows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce
from itertools import pairwise
from operator import or_
from typing import Any

from engine import hand_events
from engine.cards import card_problem, ref
from engine.chance import (
    DealRequest,
    Dealt,
    Revealed,
    RevealRequest,
    Shuffled,
    deal_round,
)
from engine.errors import IllegalAction
from engine.fields import Face, Index, Ref
from engine.game import Advice, LazyActions, Option, Refusal, View
from engine.games.den import advice
from engine.games.den.cards import (
    DECK,
    DECK_MASK,
    DRAGON,
    DRAGONS,
    FITS,
    FORCE_NAMES,
    RANK_NAMES,
    SUIT_NAMES,
    force,
    name,
    rank,
)
from engine.games.den.clues import turn_end_clues
from engine.hands import HandsGame, HandsState
from engine.tell import Names, capital, count, join_words
from engine.wire import Action, Event, SeatAction, SeatEvent, Value, wire

HAND_SIZE = 7
FOUNDATIONS = 4  # piles 0-3: the cross (north, east, south, west)
PILES = 8  # piles 4-7: the corners
PILE_NAMES = ("north", "east", "south", "west",
              "north-east corner", "south-east corner", "south-west corner", "north-west corner")
FACES = frozenset(DECK)
WIN_POINTS = 5
DEFAULT_TARGET = 15
#: `Den.match_chance`: the lead (at the default target) that wins half the matches from a
#: hand's start at three or four seats, and the points that take the chance from a half to
#: some 73 %
CHANCE_EVEN, CHANCE_SCALE = 5.0, 7.0
PLAYING = advice.PLAYING  # dealing and over are every dealing game's (engine.hands)


# -- actions -----------------------------------------------------------------

@wire("den.play")
class Play(SeatAction):
    """Lay the cards at `refs` (a sequence, highest first) on `pile`, showing `faces`."""

    pile: Index
    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]


@wire("den.move")
class MovePile(SeatAction):
    """Move the whole foundation pile `source` onto the pile `target` (clause DN6)."""

    source: Index
    target: Index


@wire("den.end_turn")
class EndTurn(SeatAction):
    pass


# -- events ------------------------------------------------------------------

@wire("den.hand_started")
class HandStarted(hand_events.HandStarted):
    pass


@wire("den.cards_dealt")
class CardsDealt(hand_events.CardsDealt):
    pass


@wire("den.foundations")
class FoundationsTurned(Event):
    faces: tuple[int, ...]


@wire("den.drew")
class Drew(SeatEvent):
    stock: int


@wire("den.played")
class Played(SeatEvent):
    pile: int
    faces: tuple[int, ...]


@wire("den.moved")
class PileMoved(SeatEvent):
    source: int
    target: int


@wire("den.turn_ended")
class TurnEnded(SeatEvent):
    next_seat: int


@wire("den.hand_over")
class HandOver(Event):
    hand: int
    winners: tuple[int, ...]
    blocked: bool
    points: tuple[int, ...]
    scores: tuple[int, ...]


@wire("den.match_over")
class MatchOver(hand_events.MatchOver):
    pass


# -- what a seat sees -------------------------------------------------------------

class DenView(View, kw_only=True):
    hand_number: int
    dealer: int
    counts: tuple[int, ...]
    stock: int
    piles: tuple[tuple[int, ...], ...]  # north, east, south, west, then the corners
    scores: tuple[int, ...]
    target: int
    cards: tuple[int, ...] | None = None  # the seat's own hand, where it is known


class Drop(Value):
    """What a player would put on `pile`: cards from the hand (`faces`) or the whole
    foundation pile `source` (asked of `Den.why_not`)."""

    pile: int
    faces: tuple[int, ...] = ()
    source: int | None = None


# -- state -------------------------------------------------------------------

class DenState(HandsState):
    def __init__(self, config: dict[str, Any], seats: int):
        super().__init__("den", config, seats)
        self.hand = 0
        self.scores = [0] * seats
        self.next_hand(DECK)
        self.lay_table()

    def lay_table(self) -> None:
        """Clause DN2: a fresh deck; no cards in hand or on the piles yet."""
        self.empty_hands()
        self.piles: list[list[int]] = [[] for _ in range(PILES)]
        self.accepts = [0] * PILES  # per pile, the faces that may begin a play on it
        self.firsts = 0  # the first cards of the foundation piles, which may move (DN6.1)
        self.stock_next = HAND_SIZE * self.seats + FOUNDATIONS
        self.played = False  # a card left the hand this turn
        # per turn's end: (seat, the faces the piles took, the next stock position), public:
        # what a search reads of a seat's hand (engine.games.den.clues)
        self.ended: list[tuple[int, int, int]] = []
        self.idle = 0  # turns in a row without a card played since the stock ran out

    def deal_requests(self) -> list:
        """Clause DN2.2-DN2.3: seven cards each from the dealer's left, four foundations."""
        n = self.seats
        return [*deal_round(self.hand, n, self.dealer, HAND_SIZE),
                RevealRequest(self.hand, tuple(range(HAND_SIZE * n, self.stock_next)))]

    def piles_changed(self, *changed: int) -> None:
        """Clauses DN4.1, DN5.1 and DN7: what the changed piles take now, and what may move."""
        for p in changed:
            cards = self.piles[p]
            if cards:
                self.accepts[p] = FITS[cards[-1]]
            else:
                self.accepts[p] = DECK_MASK if p < FOUNDATIONS else DRAGONS
        self.firsts = 0
        for cards in self.piles[:FOUNDATIONS]:
            if cards:
                self.firsts |= 1 << cards[0]

    @property
    def stock(self) -> int:
        return len(DECK) - self.stock_next


def chain_count(face: int, hand: int, memo: dict[int, int]) -> int:
    """How many sequences (clause DN4.2) of `hand` begin with `face`."""
    n = memo.get(face)
    if n is None:
        n = 1
        below = hand & FITS[face]
        while below:
            bit = below & -below
            below ^= bit
            n += chain_count(bit.bit_length() - 1, hand, memo)
        memo[face] = n
    return n


def heads_count(heads: int, hand: int, memo: dict[int, int]) -> int:
    """How many sequences of `hand` begin with a card of `heads`."""
    n = 0
    while heads:
        bit = heads & -heads
        heads ^= bit
        n += chain_count(bit.bit_length() - 1, hand, memo)
    return n


def nth_chain(heads: int, i: int, hand: int, memo: dict[int, int]) -> tuple[int, ...]:
    """The i-th sequence of `hand` begun by a card of `heads`: each head alone first,
    then the longer sequences through the cards below it, lowest face first."""
    chain: list[int] = []
    while True:
        while heads:
            bit = heads & -heads
            heads ^= bit
            face = bit.bit_length() - 1
            n = chain_count(face, hand, memo)
            if i < n:
                break
            i -= n
        chain.append(face)
        if not i:
            return tuple(chain)
        i -= 1
        heads = hand & FITS[face]


class _Moves(LazyActions):
    """Legal actions built on demand: `head` as is, then for each (pile, heads) every
    sequence of the hand that a card of `heads` begins, laid on that pile."""

    def __init__(self, seat: int, head: list[Action], groups: list, hand: int, face_ref):
        self.seat, self.head, self.groups, self.hand, self.face_ref = (
            seat, head, groups, hand, face_ref)
        self.memo: dict[int, int] = {}
        self.sizes = [heads_count(heads, hand, self.memo) for _, heads in groups]
        self.size = len(head) + sum(self.sizes)

    def build(self, i: int) -> Action:
        head = self.head
        if i < len(head):
            return head[i]
        i -= len(head)
        for (pile, heads), size in zip(self.groups, self.sizes, strict=True):
            if i < size:
                faces = nth_chain(heads, i, self.hand, self.memo)
                return Play(self.seat, pile, tuple(map(self.face_ref.__getitem__, faces)), faces)
            i -= size
        raise IndexError(i)


#: the actions that carry no cards, made once: actions are immutable values
MAX_SEATS = 4
END_TURN = tuple(EndTurn(s) for s in range(MAX_SEATS))
MOVES = tuple(tuple(tuple(MovePile(s, q, p) for p in range(PILES)) for q in range(FOUNDATIONS))
              for s in range(MAX_SEATS))


class Den(HandsGame):
    id = "den"
    name = "Dragon Den"
    min_seats = 2
    max_seats = MAX_SEATS
    deck = FACES
    fresh_deck = DECK
    deal_clause = "DN2"
    options = (
        Option("target", DEFAULT_TARGET, "the match ends when a player reaches this score (DN10.1)",
               low=1, high=1000),
        Option("hands", 12, "end the match after this many hands anyway; 0: no limit (DN10.2)",
               low=0, high=1000, meanings=((0, "no limit"),)),
        Option("bust", True, "the match also ends when a player falls to minus the target"
               " (DN10.4)"),
    )

    def goal_words(self, config: dict[str, Any], seats: int) -> str:
        """DN10: the target, either way with bust (DN10.4), and the hand limit (DN10.2)."""
        target, hands = config["target"], config["hands"]
        goal = f"to {target} or {count(-target, 'point')}" if config["bust"] \
            else f"first to {count(target, 'point')}"
        return f"{goal}, {count(hands, 'hand')} at most" if hands else goal

    # -- contract ---------------------------------------------------------
    def setup(self, config: dict[str, Any], seats: int) -> DenState:
        return DenState(config, seats)

    def to_act(self, state: DenState) -> tuple[int, ...]:
        if state.phase == PLAYING and not state.requests:
            return (state.turn,)
        return ()

    def legal_actions(self, state: DenState, seat: int) -> Sequence[Action]:
        if state.phase != PLAYING or state.requests or seat != state.turn:
            return []
        if not state.known >> seat & 1:
            return []
        hand = state.masks[seat]
        head: list[Action] = [END_TURN[seat]]
        groups = []
        firsts = state.firsts
        for p, accepts in enumerate(state.accepts):
            heads = hand & accepts
            if heads:
                groups.append((p, heads))
            if accepts & firsts and state.piles[p]:
                head.extend(self._pile_moves(state, seat, p))
        return _Moves(seat, head, groups, hand, state.face_ref)

    @staticmethod
    def _pile_moves(state: DenState, seat: int, target: int) -> list[MovePile]:
        """Clause DN6.1: the foundation piles that may move onto `target`."""
        accepts, piles = state.accepts[target], state.piles
        return [MOVES[seat][q][target] for q in range(FOUNDATIONS)
                if piles[q] and accepts >> piles[q][0] & 1]

    def view(self, state: DenState, seat: int | None) -> DenView:
        return DenView(
            phase=state.phase, to_act=self.to_act(state), turn=state.turn,
            hand_number=state.hand, dealer=state.dealer, counts=tuple(state.counts),
            stock=state.stock, piles=tuple(tuple(p) for p in state.piles),
            scores=tuple(state.scores), target=state.config["target"],
            cards=state.own_cards(seat),
        )

    def why_not(self, view: DenView, seat: int, drop: Drop, names: Names) -> Refusal | None:
        """Clauses DN4 to DN6 applied to what a seat holds and the pile it drops it on."""
        if view.phase != PLAYING or seat not in view.to_act:
            return Refusal("DN3", f"It is {names.whose(view.turn)} turn."
                           if view.turn >= 0 and view.phase == PLAYING
                           else "Wait for the cards to be dealt.")
        if drop.source is not None:
            return _why_not_move(view.piles, drop.source, drop.pile)
        if not drop.faces:
            return Refusal("DN4", "Select cards in your hand first, or pick up a foundation "
                           "pile to move it.")
        return _why_not_lay(view.piles, drop.pile, drop.faces)

    def advice(self, view: DenView, seat: int | None, names: Names) -> Advice | None:
        return advice.advice(view, seat, names)

    def match_chance(self, state: DenState, lead: float) -> float:
        """DN10: a logistic in the lead over the best other seat, fitted to 1,500 matches
        of four easy bots at the default target (the share won from each hand's start, by
        lead: -10 12 %, -5 22 %, 0 36 %, +5 50 %, +10 70 %, +15 85 %): at three or four
        seats a lead of 0 is a tie for first, with others close behind; its points scale
        with the target."""
        scale = state.config["target"] / DEFAULT_TARGET
        even = CHANCE_EVEN if state.seats > 2 else 0.0
        return 1.0 / (1.0 + math.exp(-(lead / scale - even) / CHANCE_SCALE))

    def clues(self, obs) -> list:
        return turn_end_clues(obs.known.ended)

    # -- chance -----------------------------------------------------------
    def _shuffled(self, state: DenState, action: Shuffled) -> list[Event]:
        self.shuffled(state, action)
        return [HandStarted(state.hand, state.dealer)]

    def _dealt(self, state: DenState, action: Dealt) -> list[Event]:
        self.take_due(state, action)
        seat = action.to_seat
        refs = state.take_dealt(action)
        if state.phase == PLAYING:
            state.stock_next += 1
            return [Drew(seat, state.stock)]
        return [CardsDealt(seat, len(refs))]

    def _turn_foundations(self, state: DenState, action: Revealed) -> list[Event]:
        """Clause DN2.3: the four foundations, north, east, south, west."""
        self.take_due(state, action)
        for pile, (position, face) in enumerate(zip(action.positions, action.faces, strict=True)):
            state.faces[ref(action.deck, position)] = face
            state.piles[pile].append(face)
        state.piles_changed(*range(PILES))
        state.phase = PLAYING
        first = (state.dealer + 1) % state.seats
        return [FoundationsTurned(action.faces), *self._begin_turn(state, first)]

    # -- turns --------------------------------------------------------------
    def _begin_turn(self, state: DenState, seat: int) -> list[Event]:
        """Clauses DN3.2 and DN9.1: draw one card if the stockpile has any."""
        state.turn, state.played = seat, False
        if state.stock:
            state.requests.append(DealRequest(state.hand, seat, (state.stock_next,)))
        return []

    def _check_turn(self, state: DenState, seat: int) -> None:
        if state.phase != PLAYING or state.requests or seat != state.turn:
            raise IllegalAction("DN3.5", "it is not {whose} turn", seat)

    def _play(self, state: DenState, action: Play) -> list[Event]:
        seat, pile, refs, faces = action.seat, action.pile, action.refs, action.faces
        self._check_turn(state, seat)
        if type(pile) is not int or not 0 <= pile < PILES:
            raise IllegalAction("DN4", f"there is no pile {pile!r}")
        _check_cards(state, seat, refs, faces)
        for high, low in pairwise(faces):
            if not FITS[high] >> low & 1:
                raise IllegalAction("DN4.2", f"{cards_words(faces)} are not a descending "
                                             "sequence")
        cards = state.piles[pile]
        first = faces[0]
        if cards and not FITS[cards[-1]] >> first & 1:
            raise IllegalAction("DN4.1", f"{card_words(first)} does not go on "
                                        f"{card_words(cards[-1])}")
        if not cards and pile >= FOUNDATIONS and first >> 2 != DRAGON:
            raise IllegalAction("DN5.1", "only a Dragon goes into an empty corner")
        state.release(seat, refs, faces)
        if not cards and pile < FOUNDATIONS:
            state.firsts |= 1 << first  # DN6.1: a new pile that may move
        cards.extend(faces)
        state.accepts[pile] = FITS[faces[-1]]
        state.played = True
        events: list[Event] = [Played(seat, pile, tuple(faces))]
        if not state.counts[seat]:
            events += self._end_hand(state, (seat,), blocked=False)
        return events

    def _move(self, state: DenState, action: MovePile) -> list[Event]:
        seat, source, target = action.seat, action.source, action.target
        self._check_turn(state, seat)
        piles = state.piles
        if type(source) is not int or not 0 <= source < FOUNDATIONS:
            raise IllegalAction("DN6.1", "only a foundation pile of the cross may be moved")
        if type(target) is not int or not 0 <= target < PILES or target == source:
            raise IllegalAction("DN6.1", "a pile moves onto another pile")
        if not piles[source] or not piles[target]:
            raise IllegalAction("DN6.2", "a move needs a pile to move and a pile to receive it")
        if not FITS[piles[target][-1]] >> piles[source][0] & 1:
            raise IllegalAction(
                "DN6.1",
                f"{name(piles[source][0])} does not go on {name(piles[target][-1])}",
            )
        piles[target].extend(piles[source])
        piles[source].clear()
        state.piles_changed(source, target)
        return [PileMoved(seat, source, target)]

    def _end_turn(self, state: DenState, action: EndTurn) -> list[Event]:
        seat = action.seat
        self._check_turn(state, seat)
        if state.played:
            state.idle = 0
        elif not state.stock:
            state.idle += 1
        events: list[Event] = [TurnEnded(seat, (seat + 1) % state.seats)]
        state.ended.append((seat, reduce(or_, state.accepts), state.stock_next))
        if state.idle >= state.seats:
            fewest = min(state.counts)
            winners = tuple(s for s in range(state.seats) if state.counts[s] == fewest)
            return events + self._end_hand(state, winners, blocked=True)
        return events + self._begin_turn(state, (seat + 1) % state.seats)

    # -- the end of a hand and of the match (DN8-DN10) -------------------------
    def _end_hand(self, state: DenState, winners: tuple[int, ...], blocked: bool) -> list[Event]:
        points = tuple(
            WIN_POINTS if s in winners else -state.counts[s] for s in range(state.seats)
        )
        for s, p in enumerate(points):
            state.scores[s] += p
        told = HandOver(state.hand, winners, blocked, points, tuple(state.scores))
        return state.close_hand(told, _match_over(state), MatchOver, state.scores, DECK)

    moves_clause = "DN3.5"
    moves = {
        Shuffled: _shuffled,
        Dealt: _dealt,
        Revealed: _turn_foundations,
        Play: _play,
        MovePile: _move,
        EndTurn: _end_turn,
    }


def card_words(face: int) -> str:
    """'the 5 of Taiyang (Yang)': ranks and suits in full, as a player says them."""
    return f"the {RANK_NAMES[rank(face)]} of {SUIT_NAMES[face & 3]} " \
           f"({FORCE_NAMES[force(face)]})"


def cards_words(faces) -> str:
    """'the 7 of Taiyang (Yang) and the 6 of Shaoyin (Yin)'."""
    return join_words([card_words(face) for face in faces])


def _why_not_move(piles, source: int, target: int) -> Refusal:
    if not piles[target]:
        return Refusal("DN6.2", "A pile moves only onto another pile, not into an empty place.")
    first, top = piles[source][0], piles[target][-1]
    return Refusal("DN6.1", f"The {PILE_NAMES[source]} pile starts with {card_words(first)}, "
                   f"which does not go on {card_words(top)}: one rank lower and the other "
                   "force.")


def _why_not_lay(piles, pile: int, faces) -> Refusal | None:
    run = sorted(faces, key=lambda f: -rank(f))
    if any(rank(a) != rank(b) + 1 or force(a) == force(b) for a, b in pairwise(run)):
        said = cards_words(run)
        return Refusal("DN4.2", f"{capital(said)} are not a sequence: each card "
                       "must be one rank lower than the one before and of the other force.")
    top = piles[pile][-1] if piles[pile] else None
    if top is None and pile >= FOUNDATIONS and rank(run[0]) != DRAGON:
        return Refusal("DN5.1", f"Only a Dragon may start the empty {PILE_NAMES[pile]}.")
    if top is not None and not FITS[top] >> run[0] & 1:
        if rank(top) == 0:
            return Refusal("DN4.1", "Nothing goes on a Key.")
        said = card_words(run[0])
        return Refusal("DN4.1", f"{capital(said)} does not go on "
                       f"{card_words(top)}: a card goes on one rank higher of the other force.")
    return None


def _check_cards(state: DenState, seat: int, refs, faces) -> None:
    """Clause DN3.5: distinct cards the seat holds, each showing its true face."""
    problem = card_problem(state.held[seat], state.faces, refs, faces, FACES, card_words)
    if problem:
        raise IllegalAction("DN3.5", problem)


def _match_over(state: DenState) -> bool:
    """Clauses DN10.1, DN10.2 and DN10.4: a score reaches the target, up (or, with bust,
    down), or the hand limit is reached."""
    config, scores = state.config, state.scores
    target, cap = config["target"], config["hands"]
    return (max(scores) >= target or (config["bust"] and min(scores) <= -target)
            or bool(cap and state.hand >= cap))


GAME = Den()
