"""Dragon's Gold's hard bot: the value bot, weighing its options at the talks by playouts.

At a negotiation the hard bot's own choice (engine.games.gold.bot.HardBot: accept what
is worth its due by the clock, else propose the split worth most to it) meets the other
options it has — accept the split on the table, propose the split best for it, its fair
share, the plain proportional split — in worlds sampled from what its seat knows
(engine.games.gold.worlds), each played out to the end of the talks by easy bots, whose
haggling differs from bot to bot as people's does. It keeps the option that leaves its
margin over the best other player highest, unless its own choice is as good within the
worlds' luck. It thinks within its budget and never when the sand is nearly out.
"""

from __future__ import annotations

from time import perf_counter

from engine.games.gold import moves
from engine.games.gold.bot import GreedyBot, HardBot, _powers, proportional_split, worth
from engine.search import SearchBot
from engine.wire import Action

#: lockstep steps left (~1 s) under which the talks are answered without a search
HURRY = 20


class SearchingBot(HardBot):
    """Hard: the value bot, with a determinized search of its options at the talks."""

    thinks = True

    def __init__(self, seed: int = 0, budget: float = 0.15):
        super().__init__(seed)
        self.search = SearchBot(seed, easy=GreedyBot, budget=budget, least=2, most=400)

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
        proposal = view["kill"]["proposal"]
        if self.obs.known is None or (proposal and seat in proposal["accepted"]) or (
                self.clock is not None and self.clock < HURRY):
            return chosen
        options = self._options(view["kill"], seat, chosen)
        if len(options) < 2:
            return chosen
        search = self.search
        return search.pick(options, search.weigh(self.game, self.obs, options, self.started))

    def _options(self, kill, seat, chosen) -> list[Action | None]:
        """Its own choice first, then every other option worth weighing: never a split
        that gives it nothing of a hoard worth something."""
        proposal, options = kill["proposal"], [chosen]
        if proposal and self._something(kill, proposal["split"]):
            options.append(moves.Accept(seat, proposal["serial"]))
        if int(kill["made"].get(str(seat), 0)) < self.most_proposals:
            weights = [float(_powers(kill["attackers"])[s]) for s in kill["involved"]]
            for split in (self._best_split(kill, 1.5)[0], self._best_split(kill, 1.0)[0],
                          proportional_split(kill["hoard"], weights, self.value)):
                if not proposal or list(map(list, split)) != proposal["split"]:
                    options.append(moves.Propose(seat, split))
        out = []
        for option in options:
            if option not in out:
                out.append(option)
        return out

    def _something(self, kill, split) -> bool:
        share = split[kill["involved"].index(self.me)]
        return worth(share, self.base) > 0 or not any(kill["hoard"])
