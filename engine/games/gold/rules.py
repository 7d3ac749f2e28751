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

from engine.cards import ref
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
from engine.game import Game, Option, Outcome
from engine.games.gold import flow, magic, market, moves, negotiation
from engine.games.gold.components import (
    DOWN,
    DRAGONS,
    MARKET_AFTER,
    UP,
    adventurer_name,
    magic_name,
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
from engine.games.gold.state import DRAGON_DECK, GoldState
from engine.games.gold.tokens import COLOURS, face_colour, show
from engine.wire import Action, Event

ADVENTURER_PLACES = {UP: "up", DOWN: "down"}


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
        Option("negotiation_steps", 1200, "length of the negotiation sand timer in lockstep "
               "steps (1200 = 60 s at 50 ms a step) (G7.1)", low=1, high=100000),
        Option("market_steps", 1200, "length of the Market in lockstep steps (G11.2)",
               low=1, high=100000),
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

    # -- views --------------------------------------------------------------------
    def view(self, state: GoldState, seat: int | None) -> dict[str, Any]:
        """G16: screens show only their counts, hands only theirs, until the end."""
        out: dict[str, Any] = {
            "game": "gold",
            "phase": state.phase,
            "to_act": list(self.to_act(state)),
            "turn": state.turn,
            "timer": state.timer_view(),
            "bag": list(state.bag),
            "box": list(state.box),
            "pile": len(DRAGONS) - state.pile_next,
            "market_in": None if state.market_held else max(0, MARKET_AFTER - state.placed),
            "dragons": [_lair_view(lair) for lair in state.slots],
            "adventurers": [[ADVENTURER_PLACES.get(p, p) for p in team] for team in state.adv],
            "screens": list(state.counts),
            "hands": [len(h) for h in state.hands],
            "discards": sorted(state.magic_discard),
            "might": state.might,
            "haste": state.haste,
            "kill": _kill_view(state),
            "market": _market_view(state),
            "thefts": [[t.thief, t.victim] for t in state.thefts],
        }
        if state.phase == OVER:
            out["revealed"] = [list(s) for s in state.screens]
            out["scores"] = list(state.scores)
            out["winners"] = list(state.winners)
        if seat is not None:
            out.update(_private_view(state, seat))
        return out

    # -- logs -----------------------------------------------------------------------
    def describe(self, item) -> str:
        text = DESCRIBE.get(type(item))
        return text(item) if text else super().describe(item)


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


def _lair_view(lair) -> dict | None:
    if lair is None:
        return None
    return {
        "dragon": lair.dragon,
        "strength": lair.strength,
        "hidden": DRAGONS[lair.dragon].hidden,
        "hoard": list(lair.hoard),
        "attackers": [list(a) for a in lair.attackers],
        "total": lair.total,
    }


def _kill_view(state: GoldState) -> dict | None:
    kill = state.kill
    if kill is None:
        return None
    out: dict[str, Any] = {
        "slot": kill.slot,
        "dragon": kill.dragon,
        "attackers": [list(a) for a in kill.attackers],
        "involved": list(kill.involved),
        "hoard": list(kill.hoard),
    }
    talks, division = state.talks, state.division
    if talks is not None:
        out["proposal"] = talks.serial and {
            "serial": talks.serial,
            "by": talks.by,
            "split": [list(s) for s in talks.split],
            "accepted": [s for s in kill.involved if talks.accepted >> s & 1],
        }
        out["made"] = {str(s): n for s, n in sorted(talks.made.items())}
    if division is not None:
        out["divider"] = division.divider
        out["choosers"] = list(division.choosers)
        out["shares"] = [list(s) for s in division.shares]
        out["taken"] = {str(i): s for i, s in sorted(division.taken.items())}
    if state.theft is not None:
        out["theft"] = [state.theft.thief, state.theft.victim, state.theft.looks]
    return out


def _market_view(state: GoldState) -> dict | None:
    market_ = state.market
    if market_ is None:
        return None
    return {
        "offers": [[s, serial, partner, list(give), list(get)]
                   for s, (serial, partner, give, get) in sorted(market_.offers.items())],
        "left": [s for s in range(state.seats) if market_.left >> s & 1],
        "made": {str(s): n for s, n in sorted(market_.made.items())},
    }


def _private_view(state: GoldState, seat: int) -> dict[str, Any]:
    """What only `seat` sees: its screen, its Magic Objects, what it foresaw or looked at."""
    out: dict[str, Any] = {}
    if state.exact(seat):
        out["my_screen"] = list(state.screens[seat])
    hand = [state.faces[c] for c in state.hands[seat] if c in state.faces]
    if len(hand) == len(state.hands[seat]):
        out["my_magic"] = [[c, state.faces[c]] for c in state.hands[seat]]
    seen = [
        state.faces[ref(DRAGON_DECK, p)] for p in sorted(state.foreseen[seat])
        if p >= state.pile_next and ref(DRAGON_DECK, p) in state.faces
    ]
    if seen:
        out["foreseen"] = seen
    theft = state.theft
    if theft is not None and theft.looks and theft.thief == seat:
        looked = [state.faces.get(ref(theft.deck, p)) for p in range(theft.size)]
        if None not in looked:
            out["looking_at"] = [face_colour(f) for f in looked]
    return out


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


def _dragon(d: int) -> str:
    card = DRAGONS[d]
    return f"{card.name} (strength {card.strength}, treasure {card.known}+{card.hidden})"


def _split(split) -> str:
    return " | ".join(show(share) for share in split)


DESCRIBE = {
    moves.DragonPlaced: lambda e: f"Dragon {_dragon(e.dragon)} appears in lair {e.slot}",
    moves.TreasureDrawn: lambda e: (
        f"bag -> {'lair' if e.where == 'lair' else e.where} {e.index}: {show(e.counts)}"
        if e.where != "screen" else f"bag -> seat {e.index}'s screen: {show(e.counts)}"
    ),
    moves.BagEmptied: lambda e: "the bag is empty: no more Dragons will come",
    moves.FirstPlayer: lambda e: f"seat {e.seat} plays first",
    moves.Rallied: lambda e: f"seat {e.seat} turns its adventurers face up",
    moves.TurnLost: lambda e: f"seat {e.seat} has every adventurer fighting: turn lost",
    moves.Routed: lambda e: "every adventurer is fighting: all come home",
    moves.Attacked: lambda e: (
        f"seat {e.seat} sends its {adventurer_name(e.kind)} to lair {e.slot}:"
        f" {e.total}/{e.strength}"
    ),
    moves.DragonKilled: lambda e: (
        f"{DRAGONS[e.dragon].name} is slain by seat(s) {', '.join(map(str, e.seats))}"
    ),
    moves.Took: lambda e: f"seat {e.seat} takes {show(e.counts)} ({e.why})",
    moves.Returned: lambda e: (
        ", ".join(f"seat {s}'s {adventurer_name(k)}" for s, k in e.adventurers)
        + f" come{'s' if len(e.adventurers) == 1 else ''} home face"
        + (" up" if e.face_up else " down")
    ),
    moves.NegotiationOpened: lambda e: (
        f"seats {', '.join(map(str, e.seats))} share {show(e.hoard)}"
        + (f" within {e.steps} steps" if e.steps else " by divide-and-choose")
    ),
    moves.Proposed: lambda e: f"seat {e.seat} proposes #{e.serial}: {_split(e.split)}",
    moves.Accepted: lambda e: f"seat {e.seat} accepts #{e.serial}",
    moves.Rejected: lambda e: f"seat {e.seat} rejects #{e.serial}",
    moves.Agreed: lambda e: f"agreement on #{e.serial}",
    moves.HoardLost: lambda e: f"time is up: {show(e.counts)} leaves the game",
    moves.Divided: lambda e: f"seat {e.seat} divides: {_split(e.shares)}",
    moves.Chose: lambda e: f"seat {e.seat} chooses share {e.share}",
    moves.TheftBegins: lambda e: (
        f"seat {e.thief}'s thief robs seat {e.victim}" + (" with its wizard's help" if e.looks
                                                          else "")
    ),
    moves.Stole: lambda e: (
        f"seat {e.thief} stole a {COLOURS[e.colour] if e.colour >= 0 else 'hidden'} token"
        f" from seat {e.victim}"
    ),
    moves.MarketOpened: lambda e: f"the Market opens for {e.steps} steps",
    moves.Offered: lambda e: (
        f"seat {e.seat} offers seat {e.partner} {show(e.give)} for {show(e.get)} (#{e.serial})"
    ),
    moves.Traded: lambda e: (
        f"seat {e.seat} and seat {e.partner} trade {show(e.give)} for {show(e.get)}"
    ),
    moves.OfferWithdrawn: lambda e: f"seat {e.seat}'s offer #{e.serial} is off ({e.why})",
    moves.LeftMarket: lambda e: f"seat {e.seat} leaves the Market",
    moves.MarketClosed: lambda e: "the Market closes",
    moves.MagicDrawn: lambda e: f"seat {e.seat} draws {e.count} Magic Object(s)",
    moves.MagicUsed: lambda e: (
        f"seat {e.seat} uses {magic_name(e.face)}" + (f" on {list(e.target)}" if e.target else "")
    ),
    moves.ScreensRevealed: lambda e: "screens: " + "; ".join(
        f"seat {s}: {show(c)}" for s, c in enumerate(e.screens)
    ),
    moves.FalseClaim: lambda e: (
        f"seat(s) {list(e.seats)} traded at the Market tokens they did not hold: they "
        "forfeit, and the others are scored without them"
    ),
    moves.GameOver: lambda e: (
        f"game over: scores {list(e.scores)}; winner(s) {list(e.winners)}"
    ),
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
