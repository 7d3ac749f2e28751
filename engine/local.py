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


def next_action(game: Game, state: State, bots: Sequence[Bot], chance: OpenChance) -> Action:
    request = game.chance_request(state)
    if request is not None:
        return chance.answer(request)
    for seat in game.to_act(state):
        action = bots[seat].choose(game, state, seat)
        if action is not None:
            return action
    if state.timer is not None:
        return TimeUp(state.timer.key)  # every bot waits: let the window run out
    raise Stalled(f"{game.name}: nobody can act in {game.view(state, None)}")


def play(
    game: Game, state: State, bots: Sequence[Bot], seed: int
) -> Iterator[tuple[Action, list[Event]]]:
    """Play `state` to the end, yielding each action with the events it caused."""
    chance = OpenChance(seed)
    outcome, apply = game.outcome, game.apply  # bound once: this loop is the playouts' hot path
    while outcome(state) is None:
        action = next_action(game, state, bots, chance)
        yield action, apply(state, action)
