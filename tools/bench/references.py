"""Reference engines' random playouts, for the ratios in the performance goals."""

from __future__ import annotations

import time


def rlcard_doudizhu(seconds: float) -> float:
    import numpy as np
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": 0})
    rng = np.random.default_rng(0)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.integers(len(legal))])
        games += 1
    return round(games / (time.perf_counter() - start), 1)


def openspiel_gin_rummy(seconds: float) -> float:
    import random

    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return round(games / (time.perf_counter() - start), 1)
