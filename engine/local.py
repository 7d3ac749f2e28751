"""Driving a game on one machine: the open chance provider answers, bots act.

Used by selfplay, tests, benchmarks and bots-only tables. No I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.bots import Bot, Policy
from engine.chance import OpenChance, TimeUp
from engine.game import Game, State
from engine.observe import Witness
from engine.wire import Action, Event


class Stalled(RuntimeError):
    """No bot will act, no chance is due and no timer runs: the game cannot go on."""


def play(
    game: Game, state: State, bots: Sequence[Bot | Policy], seed: int
) -> Iterator[tuple[Action, list[Event]]]:
    """Play `state` to the end, yielding each action with the events it caused.

    Each turn the open chance provider answers a pending request; else the first
    awaited seat whose bot acts does; else, when every bot waits on a running
    timer, the timer runs out.

    A `Policy` acts on the state itself (the benchmarks' playouts: it reads nothing but
    the legal actions, or public parts). Every other bot sees its seat's observation,
    made by a `Witness` of that seat, which starts from `state` as it is: give `play`
    a match as `setup` made it, before any action.
    """
    answer = OpenChance(seed).answer
    seats = range(state.seats)
    policies = [b.act if isinstance(b, Policy) else None for b in bots]
    witnesses = [None if policies[s] else Witness(game, state, s) for s in seats]
    watching = [w for w in witnesses if w is not None]
    # bound once: this loop is the playouts' hot path
    outcome, apply, vet = game.outcome, game.apply, game.vet
    request_of, to_act = game.chance_request, game.to_act
    while outcome(state) is None:
        request = request_of(state)
        if request is not None:
            action = answer(request)
        else:
            for seat in to_act(state):
                policy = policies[seat]
                if policy is not None:
                    action = policy(game, state, seat)
                else:
                    witness = witnesses[seat]
                    action = bots[seat].choose(game, witness.observe(bots[seat].wants_worlds))
                if action is not None:
                    vet(state, action)  # one instance: what it knows, it refuses at once
                    break
            else:
                action = _time_up(game, state)
        events = apply(state, action)
        for witness in watching:
            witness.feed(action)
        yield action, events


def _time_up(game: Game, state: State) -> Action:
    if state.timer is not None:
        return TimeUp(state.timer.key)  # every bot waits: let the window run out
    raise Stalled(f"{game.name}: nobody can act in {game.view(state, None)}")
