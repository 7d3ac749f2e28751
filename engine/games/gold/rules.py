"""Dragon's Gold by Bruno Faidutti: the game as the engine plays it.

Clause numbers (G1, G7.2...) refer to docs/rules/gold.md. The course of play
is a queue of steps (flow.py); the sharing of a hoard lives in
negotiation.py, the Market in market.py, Magic Objects in magic.py and the
scores in scoring.py. This module holds the contract: options, legal actions,
dispatch, views and log lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.chance import (
    ChanceRequest,
    Dealt,
    Revealed,
    RevealedCards,
    Rolled,
    Shuffled,
    TimeUp,
)
from engine.errors import IllegalAction
from engine.game import Advice, Game, Option, Outcome, Refusal
from engine.games.gold import (
    flow,
    magic,
    market,
    moves,
    negotiation,
    refusals,
    views,
)
from engine.games.gold.bots import worlds
from engine.games.gold.components import (
    UP,
)
from engine.games.gold.flow import (
    CHOOSE,
    DIVIDE,
    NEGOTIATE,
    OVER,
    STEAL,
    TAKE,
    TURN,
)
from engine.games.gold.splits import Chain, Splits
from engine.games.gold.state import GoldState
from engine.games.gold.telling import advice
from engine.tell import Names
from engine.wire import Action, Event


class Gold(Game):
    id = "gold"
    name = "Dragon's Gold"
    min_seats = 3
    max_seats = 6
    moves_clause = "G1"
    options = (
        Option("advanced", False, "advanced rules: Magic Objects, red tokens always shared, "
               "advanced scoring (G12, G15)"),
        Option("strategic", False, "divide-and-choose instead of the timed negotiation (G9)"),
        Option("negotiation_steps", 1200, "how long the negotiation's sand timer runs (G7.1)",
               low=1, high=100000, timed=True, label="Negotiation time"),
        Option("market_steps", 1200, "how long the Market stays open (G11.2)",
               low=1, high=100000, timed=True, label="Market time"),
        Option("proposals", 12, "most proposals (or Market offers) one player may make in one "
               "negotiation (or Market) (G7.6)", low=1, high=1000),
    )

    # -- contract ---------------------------------------------------------------
    def setup(self, config: dict[str, Any], seats: int) -> GoldState:
        state = GoldState(config, seats)
        flow.start(state)
        return state

    def chance_request(self, state: GoldState) -> ChanceRequest | None:
        return state.request

    to_act = staticmethod(flow.waiting_seats)  # no wrapper: playouts ask it every move

    def legal_actions(self, state: GoldState, seat: int) -> Sequence[Action]:
        phase = state.phase
        if phase == TURN:
            return self._turn_actions(state, seat) if seat == state.turn else []
        if phase is None or phase == OVER or seat not in flow.waiting_seats(state):
            return []
        if phase == NEGOTIATE:
            return _negotiation_actions(state, seat)
        if phase == DIVIDE:
            kill = state.kill
            return Splits(kill.hoard, len(kill.involved), negotiation.filled_shares(state),
                          lambda shares: moves.Divide(seat, shares))
        if phase == CHOOSE:
            taken = state.division.taken
            return [moves.Choose(seat, i) for i in range(len(state.division.shares))
                    if i not in taken]
        if phase == STEAL:
            return [moves.Steal(seat, v) for v in flow.victims(state, seat)]
        if phase == TAKE:
            return [moves.Take(seat, p) for p in range(state.theft.size)]
        return market.legal(state, seat)

    def _turn_actions(self, state: GoldState, seat: int) -> list[Action]:
        mine = state.adv[seat]
        slots = [i for i, lair in enumerate(state.slots) if lair]
        out: list[Action] = [
            moves.Attack(seat, kind, slot)
            for kind in range(4) if mine[kind] == UP
            for slot in slots
        ]
        if state.hands[seat]:
            out += magic.legal(state, seat)
        return out

    def apply(self, state: GoldState, action: Action) -> list[Event]:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(self.moves_clause,
                                f"{type(action).__name__} is not a Dragon's Gold action")
        return handler(state, action)

    def vet(self, state: GoldState, action: Action) -> None:
        """G16.3: a Market claim on a screen this instance knows is checked at once."""
        market.vet(state, action)

    def outcome(self, state: GoldState) -> Outcome | None:
        if state.phase != OVER:
            return None
        detail = (f"points; seat(s) {list(state.liars)} traded tokens they did not hold and "
                  "forfeit (G13.5)" if state.liars else "points")
        return Outcome(state.scores, state.winners, detail)

    def final(self, before: GoldState, after: GoldState) -> str | None:
        """G7: the accept (or the choice) that settles a hoard's sharing closes the
        negotiation: it is not taken back."""
        def talking(state: GoldState) -> bool:
            return state.talks is not None or state.division is not None
        return "the negotiation closed" if talking(before) and not talking(after) else None

    # -- views --------------------------------------------------------------------
    # -- the hard bot's search (engine.games.gold.bots.worlds) ---------------------------
    def determinize(self, obs, rng):
        return worlds.determinize(obs, rng)

    def standing(self, state: GoldState) -> tuple[float, ...]:
        return worlds.standing(state)

    def episode(self, state: GoldState) -> bool:
        return worlds.episode(state)

    def view(self, state: GoldState, seat: int | None) -> views.GoldView:
        """G16: screens show only their counts, hands only theirs, until the end."""
        return views.view(state, seat, self.to_act(state))

    def why_not(self, view: views.GoldView, seat: int, choice: refusals.Choice,
                names: Names) -> Refusal | None:
        return refusals.why_not(view, seat, choice, names)

    def advice(self, view: views.GoldView, seat: int | None, names: Names) -> Advice | None:
        return advice.advice(view, seat, names)


def _negotiation_actions(state: GoldState, seat: int) -> Sequence[Action]:
    talks, kill = state.talks, state.kill
    head: list[Action] = []
    if talks.serial:
        if not talks.accepted >> seat & 1:
            head.append(moves.Accept(seat, talks.serial))
        head.append(moves.Reject(seat, talks.serial))
    head += magic.legal(state, seat)
    if talks.made.get(seat, 0) >= state.config["proposals"]:
        return head
    return Chain(head, Splits(kill.hoard, len(kill.involved), 0,
                              lambda split: moves.Propose(seat, split)))


def _time_up(state: GoldState, action: TimeUp) -> list[Event]:
    if state.timer is None or action.key != state.timer.key or state.request is not None:
        raise IllegalAction("G7.1", "no such timer is running")
    if state.phase == NEGOTIATE:
        return negotiation.time_up(state)
    events: list[Event] = []
    market.close(state, events)
    return events


HANDLERS = {
    Shuffled: flow.on_chance,
    Dealt: flow.on_chance,
    Revealed: flow.on_chance,
    RevealedCards: flow.on_chance,
    Rolled: flow.on_chance,
    TimeUp: _time_up,
    moves.Attack: flow.on_attack,
    moves.Steal: flow.on_steal,
    moves.Take: flow.on_take,
    moves.UseMagic: magic.on_magic,
    moves.Propose: negotiation.on_propose,
    moves.Accept: negotiation.on_accept,
    moves.Reject: negotiation.on_reject,
    moves.Divide: negotiation.on_divide,
    moves.Choose: negotiation.on_choose,
    moves.Offer: market.on_offer,
    moves.TakeOffer: market.on_take_offer,
    moves.Decline: market.on_decline,
    moves.LeaveMarket: market.on_leave,
}


def known_screens(obs) -> list[list[int]] | None:
    """Every seat's screen as the observing seat knows it: its own exactly; the others'
    as the public splits, rewards and trades built them (a theft this seat was not shown
    leaves out the token it moved). None when the observation carries no knowledge."""
    known = obs.known
    if known is None:
        return None
    return [[max(0, n) for n in screen] for screen in known.screens]


GAME = Gold()
