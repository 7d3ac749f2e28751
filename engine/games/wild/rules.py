"""Dragons Wild, rummy with wild Dragons and buying: every rule of docs/rules/wild.md.

Clause numbers (W1, W7.2...) refer to that file. Hands are card references;
an engine instance knows the faces of its own hand and of every card that
was shown: the discards, the melds, and the deck once it is the turned-over
discard pile (whose order everyone saw). Lays and discards carry the faces
they show, so every instance applies the same public rules whatever it knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import card_problem, faces_of, ref, ref_position
from engine.chance import (
    DealRequest,
    Dealt,
    Revealed,
    RevealRequest,
    Shuffled,
    TimeUp,
    deal_round,
)
from engine.errors import IllegalAction
from engine.fields import Face, Index, Ref, Seat
from engine.game import Advice, LazyActions, Option, Outcome, Refusal, top_seats
from engine.games.wild import advice, melds, refusals
from engine.games.wild.cards import DECK, FIRST_DRAGON, card_words
from engine.games.wild.clues import refusal_clues
from engine.games.wild.views import (
    ANSWERING,
    BUYING,
    DEALING,
    DRAWING,
    LAYING,
    OVER,
    SHOWING,
    MeldView,
    WildView,
)
from engine.hands import HandsGame, HandsState
from engine.tell import Names
from engine.wire import Action, Event, wire

HAND_SIZE = 7
MAX_BUYS = 3  # W10.6
MAX_LAY = 9  # the most cards one lay can hold: eight of a number and a Dragon
DRAGON_PENALTY = 3  # W12.2
FACES = frozenset(DECK)


def round_points(round_number: int) -> int:
    """Clause W8.1: 8 points a card in round 1, one less each round, 1 from round 8 on."""
    return max(1, 9 - round_number)


# -- actions -----------------------------------------------------------------

@wire("wild.ask")
class AskToBuy(Action):
    """Ask to buy the top discard before the player in turn draws (W10)."""

    seat: Seat


@wire("wild.decline")
class DeclineToBuy(Action):
    seat: Seat


@wire("wild.answer")
class AnswerBuyer(Action):
    """The player in turn lets the buyer have the discard (allow) or takes it (W10.4, W10.5)."""

    seat: Seat
    allow: bool


@wire("wild.draw")
class Draw(Action):
    seat: Seat
    from_discard: bool


@wire("wild.meld")
class Meld(Action):
    """Lay a new meld; a Dragon in a run stands for `wild_as` (0 otherwise)."""

    seat: Seat
    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]
    wild_as: Face


@wire("wild.add")
class AddToMeld(Action):
    """Add cards to meld number `meld`; `wild_as` is where its Dragon stands afterwards."""

    seat: Seat
    meld: Index
    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]
    wild_as: Face


@wire("wild.discard")
class Discard(Action):
    """Discard one card (`refs` and `faces` hold one each, like every play that shows cards)."""

    seat: Seat
    refs: tuple[Ref, ...]
    faces: tuple[Face, ...]


#: the actions that carry no cards, made once (actions are immutable values)
MAX_SEATS = 6
SEATS = range(MAX_SEATS)
BUY_ANSWERS = tuple((AskToBuy(s), DeclineToBuy(s)) for s in SEATS)
SELL_ANSWERS = tuple((AnswerBuyer(s, True), AnswerBuyer(s, False)) for s in SEATS)
#: DRAWS[seat][a discard to take][a card in the deck]
DRAWS = tuple(tuple(tuple((Draw(s, True),) * discard + (Draw(s, False),) * deck
                          for deck in (0, 1)) for discard in (0, 1)) for s in SEATS)


# -- events ------------------------------------------------------------------

@wire("wild.hand_started")
class HandStarted(Event):
    hand: int
    dealer: int


@wire("wild.cards_dealt")
class CardsDealt(Event):
    seat: int
    count: int


@wire("wild.discard_turned")
class DiscardTurned(Event):
    face: int


@wire("wild.buy_offered")
class BuyOffered(Event):
    face: int
    seats: tuple[int, ...]


@wire("wild.buy_asked")
class BuyAsked(Event):
    seat: int


@wire("wild.buy_answered")
class BuyAnswered(Event):
    seat: int
    buyer: int
    allow: bool


@wire("wild.bought")
class Bought(Event):
    seat: int
    face: int


@wire("wild.drew")
class Drew(Event):
    """`face` is -1 when the card came face down from the dealt deck."""

    seat: int
    from_discard: bool
    face: int
    penalty: bool


@wire("wild.deck_turned")
class DeckTurned(Event):
    cards: int


@wire("wild.melded")
class Melded(Event):
    seat: int
    meld: int
    faces: tuple[int, ...]
    points: int


@wire("wild.added")
class Added(Event):
    seat: int
    meld: int
    faces: tuple[int, ...]
    meld_faces: tuple[int, ...]
    points: int


@wire("wild.discarded")
class Discarded(Event):
    seat: int
    face: int


@wire("wild.round")
class RoundAdvanced(Event):
    round: int


@wire("wild.went_out")
class WentOut(Event):
    seat: int


@wire("wild.hand_over")
class HandOver(Event):
    hand: int
    went_out: int  # -1: the deck ran dry (W11.2)
    penalties: tuple[int, ...]
    scores: tuple[int, ...]


@wire("wild.match_over")
class MatchOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


# -- state -------------------------------------------------------------------

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


def _taken_bit(state: WildState) -> int:
    """The card taken from the discard this turn (W9.3) as a face bit; 0 if none."""
    return 0 if state.taken < 0 else 1 << state.faces[state.taken]


class _Options(LazyActions):
    """Legal actions in the laying part of a turn, built on demand: a discard of each
    card of `hand`, then the lays, in groups (meld index or -1 for a new meld,
    [(face mask, wild_as), ...])."""

    def __init__(self, seat: int, hand: int, groups: list, face_ref: dict[int, int]):
        self.seat, self.hand, self.groups, self.face_ref = seat, hand, groups, face_ref
        self.discards = hand.bit_count()
        self.size = self.discards + sum(len(options) for _, options in groups)
        self.held: tuple[int, ...] | None = None  # the hand's faces, once a discard is built

    def build(self, i: int) -> Action:
        if i < self.discards:
            # kept: a bot weighing every discard would otherwise list the hand each time
            if self.held is None:
                self.held = faces_of(self.hand)
            face = self.held[i]
            return Discard(self.seat, (self.face_ref[face],), (face,))
        i -= self.discards
        for meld, options in self.groups:
            if i < len(options):
                mask, wild_as = options[i]
                faces = faces_of(mask)
                refs = tuple(map(self.face_ref.__getitem__, faces))
                if meld < 0:
                    return Meld(self.seat, refs, faces, wild_as)
                return AddToMeld(self.seat, meld, refs, faces, wild_as)
            i -= len(options)
        raise IndexError(i)


class Wild(HandsGame):
    id = "wild"
    name = "Dragons Wild"
    min_seats = 2
    max_seats = MAX_SEATS
    deck = FACES
    deal_clause = "W2"
    options = (
        Option("match", "deals", "deals: one hand per player; points: until someone reaches"
               " the target (W13.2)", choices=("deals", "points")),
        Option("target", 200, "the score that ends a points match (W13.2)", low=1, high=100000),
        Option("hands", 0, "end the match after this many hands anyway; 0: no limit (W13.3)",
               low=0, high=1000),
        Option("buy_window", 60, "lockstep steps the others have to ask to buy (W10.2)",
               low=1, high=100000),
        Option("turnovers", 3, "times a hand may turn the discard pile over (W11.2)",
               low=0, high=1000),
        Option("discard_taken", False, "a player may discard the very card they took from "
               "the discard pile this turn (W9.3)"),
    )

    # -- contract ---------------------------------------------------------
    def setup(self, config: dict[str, Any], seats: int) -> WildState:
        return WildState(config, seats)

    def to_act(self, state: WildState) -> tuple[int, ...]:
        if state.requests:
            return ()
        if state.phase == BUYING:
            return state.waiting
        if state.phase in (ANSWERING, DRAWING, LAYING):
            return (state.turn,)
        return ()

    def legal_actions(self, state: WildState, seat: int) -> Sequence[Action]:
        if state.requests:
            return ()
        phase = state.phase
        if phase == BUYING:
            return BUY_ANSWERS[seat] if seat in state.waiting else ()
        if seat != state.turn:
            return ()
        if phase == ANSWERING:
            return SELL_ANSWERS[seat]
        if phase == DRAWING:
            return DRAWS[seat][bool(state.discard)][state.can_draw()]
        if phase != LAYING or not state.known >> seat & 1:
            return ()
        hand = state.masks[seat]
        return _Options(seat, hand & ~_taken_bit(state), self._lays(state, seat, hand),
                        state.face_ref)

    @staticmethod
    def _lays(state: WildState, seat: int, hand: int) -> list[tuple[int, list]]:
        """Clauses W6 and W9.2: one lay a turn, and a card must be left to discard."""
        if state.laid:
            return []
        groups = [(-1, melds.meld_options(hand))]
        if state.may_add(seat):
            for i, meld in enumerate(state.melds):
                if hand & meld.reach:
                    groups.append((i, melds.addition_options(meld, hand)))
        keep = state.counts[seat] - 1
        if keep < MAX_LAY:
            groups = [(i, [o for o in options if o[0].bit_count() <= keep])
                      for i, options in groups]
        taken = _taken_bit(state)
        if hand & taken:  # W9.3: a card other than the one taken left to discard
            spare = hand & ~taken
            groups = [(i, [o for o in options if spare & ~o[0]]) for i, options in groups]
        return groups

    def view(self, state: WildState, seat: int | None) -> WildView:
        faces = state.faces
        return WildView(
            phase=state.phase, to_act=self.to_act(state), turn=state.turn, timer=state.timer,
            hand_number=state.hand, dealer=state.dealer, round=state.round,
            counts=tuple(state.counts), deck=state.deck_count, turnovers=state.turnovers,
            discard=tuple(faces[r] for r in state.discard),
            melds=tuple(MeldView(m.owner, m.kind, tuple(m.faces()), m.wild_as)
                        for m in state.melds),
            may_add=tuple(state.may_add(s) for s in range(state.seats)), laid=state.laid,
            buys=state.buys, taken=faces[state.taken] if state.taken >= 0 else None,
            asked=tuple(sorted(state.askers)), buyer=state.buyer, scores=tuple(state.scores),
            cards=state.own_cards(seat),
        )

    def why_not(self, view: WildView, seat: int, choice: refusals.Choice,
                names: Names) -> Refusal | None:
        return refusals.why_not(view, seat, choice, names)

    def advice(self, view: WildView, seat: int | None, names: Names) -> Advice | None:
        return advice.advice(view, seat, names)

    def standing(self, state) -> tuple[float, ...]:
        return tuple(state.scores)

    def clues(self, obs) -> list:
        return refusal_clues(obs.history, obs.known.stock_next)

    def outcome(self, state: WildState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.scores), top_seats(state.scores), "points")

    # -- chance -----------------------------------------------------------
    def _shuffled(self, state: WildState, action: Shuffled) -> list[Event]:
        """The hand begins, and its round 1 with it (W3.2): until its deck is shuffled (the
        table's pause between hands holds it back) the table, its round with it, is the
        hand's just played, as the log and the hand's result tell it."""
        self.shuffled(state, action)
        return [HandStarted(state.hand, state.dealer)]

    def _revealed(self, state: WildState, action: Revealed) -> list[Event]:
        self.take_due(state, action)
        for position, face in zip(action.positions, action.faces, strict=True):
            state.faces[ref(action.deck, position)] = face
        if state.phase == SHOWING:
            return self._score_hand(state)
        return self._turn_first_discard(state, action)

    def _dealt(self, state: WildState, action: Dealt) -> list[Event]:
        self.take_due(state, action)
        seat = action.to_seat
        refs = state.take_dealt(action)
        state.secret.update(refs)
        if state.phase == DEALING:
            return [CardsDealt(seat, len(refs))]
        state.stock_next += 1
        return self._drawn(state, seat, -1)

    def _turn_first_discard(self, state: WildState, action: Revealed) -> list[Event]:
        """Clause W2.3: the top card of the deck starts the discard pile."""
        state.discard.append(ref(action.deck, action.positions[0]))
        return [DiscardTurned(action.faces[0]), *self._begin_turn(state, state.dealer + 1)]

    # -- moving cards -----------------------------------------------------------
    @staticmethod
    def _release(state: WildState, seat: int, refs, faces) -> None:
        """Cards leave the hand face up: no need to reveal them at the hand's end (W12.3)."""
        state.release(seat, refs, faces)
        state.secret.difference_update(refs)

    def _from_deck(self, state: WildState, seat: int) -> list[Event]:
        """Clause W11.1: a card off the deck, turning the discard pile over when it is empty.
        Dealt cards come by a DealRequest; the turned-over pile's faces are public."""
        events: list[Event] = []
        if not state.deck_count:
            state.recycled, state.discard = state.discard, []
            state.turnovers -= 1
            events.append(DeckTurned(len(state.recycled)))
        if state.stock_next < len(DECK):
            state.requests.append(DealRequest(state.hand, seat, (state.stock_next,)))
            return events
        card = state.recycled.pop(0)
        state.receive(seat, card)
        return events + self._drawn(state, seat, state.faces[card])

    def _drawn(self, state: WildState, seat: int, face: int) -> list[Event]:
        """After a card came off the deck: a penalty goes on buying, a draw starts laying."""
        if state.phase == ANSWERING:
            state.buys += 1
            return [Drew(seat, False, face, True), *self._offer(state)]
        state.phase = LAYING
        return [Drew(seat, False, face, False)]

    def _take_discard(self, state: WildState, seat: int) -> int:
        card = state.discard.pop()
        state.receive(seat, card)
        return state.faces[card]

    def _take_discard_as_draw(self, state: WildState, seat: int) -> int:
        """The player in turn takes the top discard: clause W9.3 keeps it from going
        straight back (unless `discard_taken`)."""
        if not state.config["discard_taken"]:
            state.taken = state.discard[-1]
        return self._take_discard(state, seat)

    # -- turns and buying (W3, W4, W10) ---------------------------------------
    def _begin_turn(self, state: WildState, seat: int) -> list[Event]:
        state.turn = seat % state.seats
        state.turns += 1
        state.laid, state.buys, state.taken = False, 0, -1
        return self._offer(state)

    def _offer(self, state: WildState) -> list[Event]:
        """Clause W10.1: before the player in turn draws, the others may ask to buy."""
        state.askers, state.buyer = set(), -1
        if not state.can_buy():
            state.phase = DRAWING
            return []
        state.phase = BUYING
        state.waiting = state.others[state.turn]
        state.open_timer(state.config["buy_window"], "others may buy the discard")
        return [BuyOffered(state.top(), state.waiting)]

    def _check_window(self, state: WildState, seat: int) -> None:
        if state.requests or state.phase != BUYING or seat not in state.waiting:
            rule = "W10.7" if seat == state.turn else "W10.2"
            raise IllegalAction(rule, "{who} may answer no buying question now", seat)

    def _ask(self, state: WildState, action: AskToBuy) -> list[Event]:
        self._check_window(state, action.seat)
        state.askers.add(action.seat)
        return [BuyAsked(action.seat), *self._answered(state, action.seat)]

    def _decline(self, state: WildState, action: DeclineToBuy) -> list[Event]:
        self._check_window(state, action.seat)
        return self._answered(state, action.seat)

    def _answered(self, state: WildState, seat: int) -> list[Event]:
        """Clause W10.3: the window closes once the nearest asker is sure to win."""
        state.waiting = tuple(s for s in state.waiting if s != seat)
        for s in state.others[state.turn]:
            if s in state.askers:
                return self._close_window(state, s)
            if s in state.waiting:
                return []
        return self._close_window(state, -1)

    def _time_up(self, state: WildState, action: TimeUp) -> list[Event]:
        if state.timer is None or action.key != state.timer.key or state.requests:
            raise IllegalAction("W10.2", "no such timer is running")
        askers = [s for s in state.others[state.turn] if s in state.askers]
        return self._close_window(state, askers[0] if askers else -1)

    def _close_window(self, state: WildState, buyer: int) -> list[Event]:
        state.timer, state.waiting = None, ()
        if buyer < 0:
            state.phase = DRAWING
            return []
        state.phase, state.buyer = ANSWERING, buyer
        return []

    def _answer(self, state: WildState, action: AnswerBuyer) -> list[Event]:
        seat = action.seat
        if state.requests or state.phase != ANSWERING or seat != state.turn:
            raise IllegalAction("W10.4", "{who} may answer no buyer now", seat)
        if type(action.allow) is not bool:
            raise IllegalAction("W10.4", "the answer is yes or no")
        buyer = state.buyer
        events: list[Event] = [BuyAnswered(seat, buyer, action.allow)]
        if not action.allow:  # W10.5: the player in turn takes the discard to begin the turn
            face = self._take_discard_as_draw(state, seat)
            state.phase, state.buyer = LAYING, -1
            return [*events, Drew(seat, True, face, False)]
        face = self._take_discard(state, buyer)
        return [*events, Bought(buyer, face), *self._from_deck(state, buyer)]

    def _draw(self, state: WildState, action: Draw) -> list[Event]:
        seat = action.seat
        if state.requests or state.phase != DRAWING or seat != state.turn:
            raise IllegalAction("W4", "{who} may not draw now", seat)
        if action.from_discard is True:
            if not state.discard:
                raise IllegalAction("W4", "the discard pile is empty")
            face = self._take_discard_as_draw(state, seat)
            state.phase = LAYING
            return [Drew(seat, True, face, False)]
        if action.from_discard is not False or not state.can_draw():
            raise IllegalAction("W11.2", "there is no card to draw from the deck")
        return self._from_deck(state, seat)

    # -- laying down (W5-W9) ------------------------------------------------------
    def _check_lay(self, state: WildState, seat: int, refs, faces) -> None:
        if state.requests or state.phase != LAYING or seat != state.turn:
            raise IllegalAction("W6.1", "{who} may not lay down now", seat)
        if state.laid:
            raise IllegalAction("W6.3", "one meld or one addition a turn")
        _check_cards(state, seat, refs, faces)
        if len(refs) >= state.counts[seat]:
            raise IllegalAction("W9.2", "a card must be left over to discard")
        if state.taken in state.held[seat] and state.taken not in refs and \
                state.counts[seat] - len(refs) < 2:
            raise IllegalAction("W9.3", "a card other than the one taken from the discard "
                                        "must be left over to discard")

    def _meld(self, state: WildState, action: Meld) -> list[Event]:
        seat = action.seat
        self._check_lay(state, seat, action.refs, action.faces)
        meld = melds.new_meld(seat, action.faces, action.wild_as)
        if meld.wild >= 0:
            meld.refs.append(action.refs[action.faces.index(meld.wild)])
        meld.refs.extend(r for r, f in zip(action.refs, action.faces, strict=True)
                         if f < FIRST_DRAGON)
        state.melds.append(meld)
        if not state.first_meld[seat]:
            state.first_meld[seat] = state.turns
        points = self._lay(state, seat, action.refs, action.faces)
        return [Melded(seat, len(state.melds) - 1, tuple(meld.faces()), points)]

    def _add(self, state: WildState, action: AddToMeld) -> list[Event]:
        seat = action.seat
        if action.refs == ():
            raise IllegalAction("W7.4", "an addition lays at least one card")
        self._check_lay(state, seat, action.refs, action.faces)
        if not state.may_add(seat):
            raise IllegalAction("W6.2", "adding to melds needs a meld of one's own from an"
                                " earlier turn")
        if type(action.meld) is not int or not 0 <= action.meld < len(state.melds):
            raise IllegalAction("W7", f"there is no meld {action.meld!r}")
        meld = state.melds[action.meld]
        meld.change(*melds.extend(meld, action.faces, action.wild_as))
        meld.refs.extend(action.refs)
        points = self._lay(state, seat, action.refs, action.faces)
        return [Added(seat, action.meld, action.faces, tuple(meld.faces()), points)]

    def _lay(self, state: WildState, seat: int, refs, faces) -> int:
        """Clause W8: every card laid scores by the round, wherever it goes."""
        self._release(state, seat, refs, faces)
        state.laid = True
        points = round_points(state.round) * len(refs)
        state.scores[seat] += points
        return points

    def _discard(self, state: WildState, action: Discard) -> list[Event]:
        seat = action.seat
        if state.requests or state.phase != LAYING or seat != state.turn:
            raise IllegalAction("W9.1", "{who} may not discard now", seat)
        _check_cards(state, seat, action.refs, action.faces)
        if len(action.refs) != 1:
            raise IllegalAction("W9.1", "one card is discarded")
        (card,), (face,) = action.refs, action.faces
        if card == state.taken:
            raise IllegalAction("W9.3", "the card taken from the discard pile this turn "
                                        "cannot be discarded the same turn")
        self._release(state, seat, action.refs, action.faces)
        state.discard.append(card)
        events: list[Event] = [Discarded(seat, face)]
        if not state.counts[seat]:
            state.went_out = seat
            return [*events, WentOut(seat), *self._end_hand(state)]
        if seat == state.dealer:  # W3.2
            state.round += 1
            events.append(RoundAdvanced(state.round))
        if not state.deck_count and not state.turnovers:
            return events + self._end_hand(state)
        return events + self._begin_turn(state, seat + 1)

    # -- the end of a hand and of the match (W12, W13) ----------------------------
    def _end_hand(self, state: WildState) -> list[Event]:
        """Clause W12.3: the cards left in hand are shown, then counted."""
        state.phase, state.turn = SHOWING, -1
        if state.secret:
            positions = tuple(sorted(ref_position(r) for r in state.secret))
            state.requests.append(RevealRequest(state.hand, positions))
            return []
        return self._score_hand(state)

    def _score_hand(self, state: WildState) -> list[Event]:
        penalties = tuple(
            sum(DRAGON_PENALTY if state.faces[r] >= FIRST_DRAGON else 1 for r in held)
            for held in state.held
        )
        for s, p in enumerate(penalties):
            state.scores[s] -= p
        events: list[Event] = [
            HandOver(state.hand, state.went_out, penalties, tuple(state.scores))
        ]
        config = state.config
        cap = config["hands"]
        if config["match"] == "deals":
            done = state.hand >= state.seats
        else:
            done = max(state.scores) >= config["target"]
        if done or (cap and state.hand >= cap):
            state.phase = OVER
            return [*events, MatchOver(tuple(state.scores), top_seats(state.scores))]
        state.next_hand(DECK)
        return events

    moves_clause = "W1"
    moves = {
        Shuffled: _shuffled,
        Dealt: _dealt,
        Revealed: _revealed,
        TimeUp: _time_up,
        AskToBuy: _ask,
        DeclineToBuy: _decline,
        AnswerBuyer: _answer,
        Draw: _draw,
        Meld: _meld,
        AddToMeld: _add,
        Discard: _discard,
    }


def _check_cards(state: WildState, seat: int, refs, faces) -> None:
    """Clause W6.4: distinct cards the seat holds, each showing its true face."""
    problem = card_problem(state.held[seat], state.faces, refs, faces, FACES, card_words)
    if problem:
        raise IllegalAction("W6.4", problem)


GAME = Wild()
