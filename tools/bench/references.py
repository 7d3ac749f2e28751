"""Reference engines' random playouts, for the ratios in the performance goals.

Each is a callable that plays one whole game; the engine benchmark interleaves
them with hoard's playouts so both see the same machine load.
"""

from __future__ import annotations

import random


def rlcard_doudizhu():
    """RLCard's canonical random playout: RandomAgent in every seat, env.run()."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return lambda: env.run(is_training=False)


def openspiel_gin_rummy():
    """OpenSpiel's C++ gin_rummy, uniformly random actions and chance outcomes."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)

    def one_game():
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return one_game


REFERENCES = {
    "dragon": ("rlcard_doudizhu", rlcard_doudizhu),
    "wild": ("openspiel_gin_rummy", openspiel_gin_rummy),
}
