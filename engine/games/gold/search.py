"""Dragon's Gold's hard bot: the value bot, weighing its answer at the talks by playouts.

At a negotiation the hard bot's own choice (engine.games.gold.bot.HardBot: accept what
is worth its due by the clock, else propose the split worth most to it, or wait) meets
accepting the split on the table instead, in worlds sampled from what its seat knows
(engine.games.gold.worlds), each played out to the end of the talks by easy and normal
bots, whose haggling differs from bot to bot as people's does. It keeps the option that
leaves its margin over the best other player highest, unless its own choice is as good
within the worlds' luck. It weighs each proposal once, within its budget, and never
when the sand is nearly out.
"""

from __future__ import annotations

from time import perf_counter

from engine.games.gold import moves
from engine.games.gold.bot import GreedyBot, HardBot, NormalBot, worth
from engine.search import SearchBot
from engine.wire import Action

#: lockstep steps left (~1 s) under which the talks are answered without a search
HURRY = 20


class SearchingBot(HardBot):
    """Hard: the value bot, with a determinized search of its options at the talks."""

    thinks = True

    def __init__(self, seed: int = 0, budget: float = 0.06):
        super().__init__(seed)
        self.search = SearchBot(seed, easy=rival, budget=budget, least=2, most=400)
        self.searched: set[tuple] = set()  # the proposals weighed: (Dragon, serial)

    @property
    def budget(self) -> float:  # the benchmark and tests set a level's budget here
        return self.search.budget

    @budget.setter
    def budget(self, seconds: float) -> None:
        self.search.budget = seconds

    def choose(self, game, obs) -> Action | None:
        self.started, self.game, self.obs = perf_counter(), game, obs
        return super().choose(game, obs)

    def _negotiate(self, view, seat, legal) -> Action | None:
        chosen = super()._negotiate(view, seat, legal)
        kill = view.kill
        proposal = kill.proposal
        if not proposal or seat in proposal.accepted or self.obs.known is None or (
                self.clock is not None and self.clock < HURRY):
            return chosen
        # once per proposal: the talks ask every seat at every move, and a second search
        # of the same question would only spend the sand
        asked = (kill.dragon, proposal.serial)
        accept = moves.Accept(seat, proposal.serial)
        if asked in self.searched or chosen == accept or not self._something(kill, proposal):
            return chosen
        self.searched.add(asked)
        options = [chosen, accept]
        search = self.search
        return search.pick(options, search.weigh(self.game, self.obs, options, self.started))

    def _something(self, kill, proposal) -> bool:
        """Does the split give it something (or is the hoard worth nothing)? It never
        weighs taking nothing of a hoard worth something."""
        share = proposal.split[kill.involved.index(self.me)]
        return worth(share, self.base) > 0 or not any(kill.hoard)


def rival(seed: int) -> GreedyBot:
    """Who haggles in a playout: an easy or a normal bot, drawn per seat and world — the
    others at a table may be either, or people, who are firmer than the easy bot."""
    return (NormalBot if seed & 1 else GreedyBot)(seed)
