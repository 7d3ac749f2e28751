"""A tiny registered game with a decision window, to test deadlines in lockstep steps.

Every seat may press once; each press reopens the window. When the window
runs out (the table's TimeUp), the game is over.
"""

from engine.chance import TimeUp
from engine.errors import IllegalAction
from engine.fields import Seat
from engine.game import Game, Option, Outcome, State
from engine.registry import game_ids, register
from engine.wire import Action, Event, wire


@wire("nettimer.press")
class Press(Action):
    seat: Seat


@wire("nettimer.pressed")
class Pressed(Event):
    seat: int


@wire("nettimer.timed_out")
class TimedOut(Event):
    key: int


class TimerGame(Game):
    id = "nettimer"
    name = "Timer test"
    min_seats = 1
    max_seats = 4
    options = (Option("window", 5, "steps each window lasts", low=1, high=100),)

    def setup(self, config, seats):
        state = State(self.id, config, seats)
        state.pressed = set()
        state.over = False
        state.open_timer(config["window"], "press")
        return state

    def chance_request(self, state):
        return None

    def to_act(self, state):
        return () if state.over else tuple(s for s in range(state.seats) if s not in state.pressed)

    def legal_actions(self, state, seat):
        return [Press(seat)] if seat in self.to_act(state) else []

    def apply(self, state, action):
        if isinstance(action, TimeUp):
            if state.timer is None or action.key != state.timer.key:
                raise IllegalAction("T1", "no such timer")
            state.over, state.timer = True, None
            return [TimedOut(action.key)]
        if not isinstance(action, Press) or action.seat not in self.to_act(state):
            raise IllegalAction("T2", "that seat may not press")
        state.pressed.add(action.seat)
        state.open_timer(state.config["window"], "press")
        return [Pressed(action.seat)]

    def view(self, state, seat):
        return {"pressed": sorted(state.pressed), "over": state.over,
                "timer": state.timer}

    def outcome(self, state):
        if not state.over:
            return None
        scores = tuple(int(s in state.pressed) for s in range(state.seats))
        return Outcome(scores, tuple(s for s in range(state.seats) if scores[s]))


if TimerGame.id not in game_ids():
    register(TimerGame())
