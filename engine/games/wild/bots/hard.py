"""Dragons Wild's hard bot: the plan policy (engine.games.wild.bots.plan), checked by a
search.

It takes PlanBot's choice as its default and weighs it against a few other legal
actions in sampled worlds, where its own seat goes on as PlanBot plays (the search
then judges a buy by what this bot makes of the cards) and every other seat as the
easy bot, as the normal bots' playouts and defaults play; another action wins over
the plan's only when it clearly does better there. Normal and easy are unchanged.
"""

from __future__ import annotations

from engine.games.wild.bots.bot import GreedyBot
from engine.games.wild.bots.plan import PlanBot
from engine.search import SearchBot


class PlannedSearch(SearchBot):
    """Hard: PlanBot's choice unless the search finds another clearly better."""

    def __init__(self, seed: int = 0, **search):
        super().__init__(seed, easy=GreedyBot, own=PlanBot,
                         **{"budget": 0.16, "stretch": 1.6, "width": 8, **search})
        self.easy = PlanBot(seed)  # the default choice, and the answer with no time
