"""Driving a game on one machine: the open chance provider answers, bots act.

Used by selfplay, tests, benchmarks and bots-only tables. No I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.bots import Bot
from engine.chance import OpenChance, TimeUp
from engine.game import Game, State
from engine.wire import Action, Event


class Stalled(RuntimeError):
    """No bot will act, no chance is due and no timer runs: the game cannot go on."""


def play(
    game: Game, state: State, bots: Sequence[Bot], seed: int
) -> Iterator[tuple[Action, list[Event]]]:
    """Play `state` to the end, yielding each action with the events it caused.

    Each turn the open chance provider answers a pending request; else the first
    awaited seat whose bot acts does; else, when every bot waits on a running
    timer, the timer runs out.
    """
    answer = OpenChance(seed).answer
    # bound once: this loop is the playouts' hot path
    outcome, apply, vet = game.outcome, game.apply, game.vet
    request_of, to_act = game.chance_request, game.to_act
    while outcome(state) is None:
        request = request_of(state)
        if request is not None:
            action = answer(request)
        else:
            for seat in to_act(state):
                action = bots[seat].choose(game, state, seat)
                if action is not None:
                    vet(state, action)  # one instance: what it knows, it refuses at once
                    break
            else:
                action = _time_up(game, state)
        yield action, apply(state, action)


def _time_up(game: Game, state: State) -> Action:
    if state.timer is not None:
        return TimeUp(state.timer.key)  # every bot waits: let the window run out
    raise Stalled(f"{game.name}: nobody can act in {game.view(state, None)}")
