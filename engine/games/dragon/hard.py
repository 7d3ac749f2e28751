"""Dragon's hard bot: the planner's play (engine.games.dragon.plan), checked by a search.

PlannedSearch takes PlanBot's choice as its default and weighs it against the easy bot's
likeliest plays (engine.search). In its worlds its own seat's later turns are the
planner's, as it will play them, and every other seat's the easy bot's: the cheap,
thrifty play the other seats' clues already assume of them (engine.games.dragon.clues).
Another play wins over the plan's only when it clearly does better there.
"""

from __future__ import annotations

from engine.games.dragon.bot import GreedyBot
from engine.games.dragon.plan import PlanBot
from engine.search import SearchBot
from engine.wire import Action


class PlannedSearch(SearchBot):
    """Hard: the plan's play unless the search finds another clearly better."""

    def __init__(self, seed: int = 0, **search):
        super().__init__(seed, easy=GreedyBot, own=PlanBot,
                         **{"budget": 0.16, "stretch": 1.6, "width": 8, "to_win": True,
                            **search})
        self.easy = PlanBot(seed)  # the default choice, and the answer with no time
        self.ranker = GreedyBot(seed)

    def candidates(self, game, obs, fallback: Action) -> list[Action]:
        """The plan's play, then the easy bot's ranking of the rest (its cheapest beat, a
        pass, the other shapes of play), up to the search's width."""
        out = [fallback]
        for action in self.ranker.ranked(game, obs):
            if len(out) >= self.width:
                break
            if action != fallback and action not in out:
                out.append(action)
        return out
