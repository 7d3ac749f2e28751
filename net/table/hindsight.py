"""What a replica works out from the rules alone, without touching its own state: the
match's first state, the deals that follow a deal, and the match replayed with faces
handed over to this peer. Pure functions of the game, a state and a history."""

from __future__ import annotations

import copy
from collections.abc import Callable

from engine.chance import DealRequest, Dealt
from engine.game import Game, State
from engine.wire import Action, replace
from net.wire.start import StartConfig

LOOKAHEAD = 16  # the most deals registered ahead of the rules asking for them


def first_state(game: Game, start: StartConfig) -> State:
    """The match's state before its first step."""
    config, seats = game.configure(start.config, len(start.seats))
    return game.setup(config, seats)


def upcoming_deals(game: Game, state: State, deal: DealRequest) -> list[DealRequest]:
    """The deals the rules ask for right after `deal`. The public course of a game never
    depends on a hidden face, so a copy of the state dealt without faces shows them, and
    every peer and spectator finds the same."""
    state, found = copy.deepcopy(state), []
    while len(found) < LOOKAHEAD:
        try:
            game.apply(state, Dealt(deal.deck, deal.seat, deal.positions))
        except ValueError:
            break
        deal = game.chance_request(state)
        if not isinstance(deal, DealRequest):
            break
        found.append(deal)
    return found


def replayed_knowing(game: Game, start: StartConfig, history: list[Action],
                     faces_of: Callable[[int, tuple[int, ...]], tuple[int, ...]]) -> State:
    """The match replayed with every face this peer was handed (`faces_of(deck,
    positions)`, () where it knows none): the same public state, now knowing what the
    seats it took over knew."""
    state = first_state(game, start)
    for action in history:
        if isinstance(action, Dealt) and not action.faces:  # to a seat taken over, or one
            faces = faces_of(action.deck, action.positions)  # its player was shown
            action = replace(action, faces=faces) if faces else action
        game.apply(state, action)
    return state
