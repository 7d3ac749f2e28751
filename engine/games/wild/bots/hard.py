"""Dragons Wild's hard bot: the plan policy (engine.games.wild.bots.plan), checked by a
search.

It takes PlanBot's choice as its default and weighs it against the plan's next-best
actions (`PlanBot.ranked`) in sampled worlds, where its own seat goes on as PlanBot
plays (the search then judges a buy by what this bot makes of the cards) and every other
seat as the easy bot, as the normal bots' playouts and defaults play; another action
wins over the plan's only when it clearly does better there: the more rivals the plan
meets, the clearer (the luckiest of seven beats it by one standard error far more often
than a single rival does), and never on a handful of worlds. In the match's last hand
it plays for the match (`to_win`): a playout that ends it is judged by who won, since
there a lead over the best other seat is worth nothing but first place. It searches only
the buying questions (W10: whether to ask to buy, and the answer to a buyer): re-weighed on
120 fresh worlds, its overrules of the plan's lays and discards were mostly worse than the
plan (the luckiest of several candidates on a few worlds), its overrules of its buying
mostly better (docs/bots.md, "Wild's plan"); elsewhere it plays the plan at once. Normal
and easy are unchanged.
"""

from __future__ import annotations

from engine.games.wild.bots.bot import GreedyBot
from engine.games.wild.bots.plan import PlanBot
from engine.games.wild.moves import AnswerBuyer, AskToBuy, DeclineToBuy
from engine.search import SearchBot, ahead

#: the standard errors by which the best of n candidates (index n, two to eight) must beat
#: the plan's: one against a single rival, as every search's; against more, the one-sided
#: 16 % chance of one rival shared among them (Bonferroni: z of 1 - 0.159 / rivals)
CONFIDENCE = (1.0, 1.0, 1.0, 1.41, 1.62, 1.75, 1.86, 1.94, 2.0)
#: the fewest worlds on which another action may overrule the plan's
LEAST_WORLDS = 8
#: the choices the search weighs (W10's buying questions); at any other the plan's stands.
#: The draw searched too won alike against normal (39.7 % of 258 matches over seeds 3 and 4,
#: these 39.1 % of 258) and less against easy (61.8 % of 195, these 67.8 % of 169)
SEARCHED = (AskToBuy, DeclineToBuy, AnswerBuyer)


class PlannedSearch(SearchBot):
    """Hard: PlanBot's choice unless the search finds another clearly better."""

    def __init__(self, seed: int = 0, **search):
        super().__init__(seed, easy=GreedyBot, own=PlanBot,
                         **{"budget": 0.16, "stretch": 1.6, "width": 8, "to_win": True,
                            **search})
        self.easy = PlanBot(seed)  # the default choice, its ranking, the answer with no time

    def choose(self, game, obs):
        """The search at a buying question; the plan's choice, unsearched, at any other."""
        if obs.legal and not isinstance(obs.legal[0], SEARCHED):
            self.worlds, self.cut_short = 0, False
            return self.easy.choose(game, obs)
        return super().choose(game, obs)

    def clearly_better(self, best: list[float], default: list[float], candidates: int) -> bool:
        """On LEAST_WORLDS or more, by a bar set by the rivals' count (not `confidence`)."""
        bar = CONFIDENCE[min(candidates, len(CONFIDENCE) - 1)]
        return len(best) >= LEAST_WORLDS and ahead(best, default, bar)
