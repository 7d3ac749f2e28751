"""Dragons Wild, rummy with wild Dragons and buying: every rule of docs/rules/wild.md.

Clause numbers (W1, W7.2...) refer to that file. Hands are card references;
an engine instance knows the faces of its own hand and of every card that
was shown: the discards, the melds, and the deck once it is the turned-over
discard pile (whose order everyone saw). Lays and discards carry the faces
they show, so every instance applies the same public rules whatever it knows.

The table lives in state.py and the wire types in moves.py; the course of a
hand is in flow.py, buying the discard in buying.py, melds and discards in
laying.py and the scores in scoring.py. This module holds the contract:
options, legal actions, dispatch, views and the chance answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import faces_of, ref
from engine.chance import Dealt, Revealed, Shuffled, TimeUp
from engine.game import Advice, LazyActions, Option, Refusal
from engine.games.wild import advice, buying, flow, laying, melds, refusals, scoring
from engine.games.wild.bots.clues import refusal_clues
from engine.games.wild.cards import FACES
from engine.games.wild.moves import (
    Added,
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    Bought,
    BuyAnswered,
    BuyAsked,
    BuyOffered,
    CardsDealt,
    DeckTurned,
    DeclineToBuy,
    Discard,
    Discarded,
    DiscardTurned,
    Draw,
    Drew,
    HandOver,
    HandStarted,
    MatchOver,
    Meld,
    Melded,
    RoundAdvanced,
    WentOut,
)
from engine.games.wild.scoring import round_points
from engine.games.wild.state import HAND_SIZE, WildState
from engine.games.wild.views import (
    ANSWERING,
    BUYING,
    DEALING,
    DRAWING,
    LAYING,
    SHOWING,
    MeldView,
    WildView,
)
from engine.hands import HandsGame
from engine.tell import Names, count
from engine.wire import Action, Event

#: what the client, the tools and the tests import from here: the game, its phases, and
#: the wire types, hand size and round points the modules above define
__all__ = [
    "ANSWERING", "BUYING", "DRAWING", "GAME", "HAND_SIZE", "LAYING",
    "AddToMeld", "Added", "AnswerBuyer", "AskToBuy", "Bought", "BuyAnswered", "BuyAsked",
    "BuyOffered", "CardsDealt", "DeckTurned", "DeclineToBuy", "Discard", "DiscardTurned",
    "Discarded", "Draw", "Drew", "HandOver", "HandStarted", "MatchOver", "Meld", "Melded",
    "RoundAdvanced", "TimeUp", "WentOut", "Wild", "round_points",
]

MAX_LAY = 9  # the most cards one lay can hold: eight of a number and a Dragon

#: the actions that carry no cards, made once (actions are immutable values)
MAX_SEATS = 6
SEATS = range(MAX_SEATS)
BUY_ANSWERS = tuple((AskToBuy(s), DeclineToBuy(s)) for s in SEATS)
SELL_ANSWERS = tuple((AnswerBuyer(s, True), AnswerBuyer(s, False)) for s in SEATS)
#: DRAWS[seat][a discard to take][a card in the deck]
DRAWS = tuple(tuple(tuple((Draw(s, True),) * discard + (Draw(s, False),) * deck
                          for deck in (0, 1)) for discard in (0, 1)) for s in SEATS)


def _without_game(apply: Callable[[WildState, Any], list[Event]]) -> Callable:
    """A `moves` entry for a move that needs only the state and the action."""
    return lambda game, state, action: apply(state, action)


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
               " the target (W13.2)", choices=("deals", "points"),
               meanings=(("deals", "one hand per player"), ("points", "to the target"))),
        Option("target", 200, "the score that ends a points match (W13.2)", low=1, high=100000),
        Option("hands", 0, "end the match after this many hands anyway; 0: no limit (W13.3)",
               low=0, high=1000, meanings=((0, "no limit"),)),
        Option("buy_window", 60, "how long the others have to ask to buy (W10.2)",
               low=1, high=100000, timed=True),
        Option("turnovers", 3, "times a hand may turn the discard pile over (W11.2)",
               low=0, high=1000),
        Option("discard_taken", False, "a player may discard the very card they took from "
               "the discard pile this turn (W9.3)"),
    )

    def goal_words(self, config: dict[str, Any], seats: int) -> str:
        """W13.2: a hand per player, or a points target; W13.3: the hand limit."""
        hands = config["hands"]
        if config["match"] == "points":
            goal = f"first to {count(config['target'], 'point')}"
            return f"{goal}, {count(hands, 'hand')} at most" if hands else goal
        if hands and hands < seats:
            return count(hands, "hand")  # the limit comes before every player has dealt
        return f"one hand per player ({count(seats, 'hand')})"

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

    def clues(self, obs) -> list:
        return refusal_clues(obs.history, obs.known.stock_next)

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
            return scoring.score_hand(state)
        return flow.turn_first_discard(state, action)

    def _dealt(self, state: WildState, action: Dealt) -> list[Event]:
        self.take_due(state, action)
        seat = action.to_seat
        refs = state.take_dealt(action)
        state.secret.update(refs)
        if state.phase == DEALING:
            return [CardsDealt(seat, len(refs))]
        state.stock_next += 1
        return flow.drawn(state, seat, -1)

    moves_clause = "W1"
    moves = {
        Shuffled: _shuffled,
        Dealt: _dealt,
        Revealed: _revealed,
        TimeUp: _without_game(buying.on_time_up),
        AskToBuy: _without_game(buying.on_ask),
        DeclineToBuy: _without_game(buying.on_decline),
        AnswerBuyer: _without_game(buying.on_answer),
        Draw: _without_game(flow.on_draw),
        Meld: _without_game(laying.on_meld),
        AddToMeld: _without_game(laying.on_add),
        Discard: _without_game(laying.on_discard),
    }


GAME = Wild()
