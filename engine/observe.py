"""What one seat sees: its observation, kept by an engine instance of its own.

A bot is never handed a table's state. The driver (engine.local, net.table.lockstep's
BotSeats) keeps a `Witness` per bot seat: a second engine instance fed every
action the table applies, with the faces that seat may not see taken out of the
chance inputs (the network's peers are fed the same way). What the witness knows
is therefore exactly what the seat knows: its own cards, every card shown, who
passed, bought, took a discard or accepted a split. The bot receives an
`Observation` made from it; a search bot that wants whole worlds asks the game
to `determinize` one, which the engine samples from the observation's own copy of
that knowledge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.chance import CHANCE, DealRequest, Dealt
from engine.errors import IllegalAction
from engine.game import Game, State, clone
from engine.wire import Action, Event, replace

#: public events kept in an observation's history, most recent last
HISTORY = 256


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's observation at a decision: nothing in it shows another seat's hidden cards.

    `view` is `game.view(state, seat)` (a dict today; it may become a typed struct
    without changing a bot), `legal` the seat's legal actions, `history` the public
    events seen so far in this match (plays, passes, buys, splits: the same on every
    peer, plus what this seat alone was shown), most recent last. `known` is opaque to
    bots: the engine's own copy of what the seat knows, from which
    `Game.determinize` samples worlds; it is None where no world may be sampled.
    """

    game_id: str
    seat: int
    seats: int
    config: Mapping[str, Any]
    view: Any
    legal: Sequence[Action]
    history: tuple[Event, ...] = ()
    known: Any = field(default=None, repr=False, compare=False)
    #: lockstep steps left on the open timer where the driver keeps time (a network
    #: table), else None (local play: a timer runs out only when every seat waits)
    clock: int | None = None


def observe(game: Game, state: State, seat: int, history: tuple[Event, ...] = (),
            known: State | None = None, clock: int | None = None) -> Observation:
    """The observation of `seat` in `state`, which must itself know no more than the seat
    does (a witness's state, or a world a bot sampled for itself)."""
    return Observation(state.game_id, seat, state.seats, MappingProxyType(state.config),
                       game.view(state, seat), game.legal_actions(state, seat), history, known,
                       clock)


def redact(action: Action, request, seat: int) -> Action:
    """`action` as `seat`'s own instance receives it: a deal's faces only for the seat it
    goes to (or its witness), as the network's deck shows them."""
    if (type(action) is Dealt and action.faces and action.to_seat != seat
            and not (isinstance(request, DealRequest) and request.witness == seat)):
        return replace(action, faces=())
    return action


class Witness:
    """The engine instance of one seat: fed what the table applies, seeing what the seat sees.

    `feed` every action in the order the table applied it (a refused one is refused here
    too and skipped), then `observe` at a decision.
    """

    def __init__(self, game: Game, state: State, seat: int):
        """`state` is a fresh match (before any action), copied: the witness keeps its own."""
        self.game = game
        self.seat = seat
        self.state = clone(state)
        self.history: list[Event] = []
        self.fed = 0

    def feed(self, action: Action) -> None:
        self.fed += 1
        if action.seat == CHANCE:
            action = redact(action, self.game.chance_request(self.state), self.seat)
        try:
            events = self.game.apply(self.state, action)
        except IllegalAction:
            return
        self.history.extend(events)
        if len(self.history) > 2 * HISTORY:
            del self.history[:-HISTORY]

    def observe(self, snapshot: bool = False, clock: int | None = None) -> Observation:
        """The seat's observation now. With `snapshot` it carries a copy of what the seat
        knows (for `Game.determinize`), and legal actions that outlive the next `feed`,
        so it may be handed to another thread."""
        history = tuple(self.history[-HISTORY:])
        if not snapshot:
            return observe(self.game, self.state, self.seat, history, None, clock)
        known = clone(self.state)  # the observation's own: nothing changes it
        return observe(self.game, known, self.seat, history, known, clock)
