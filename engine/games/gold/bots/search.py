"""Dragon's Gold's hard bot: the value bot that learns what the others accept, and weighs
its answer at the talks by playouts.

At a negotiation the hard bot reads every answer given so far in the match (proposals,
accepts, refusals: engine.games.gold.bots.haggling), fits each other seat a rule of what it
accepts, and proposes the split worth most to it that all of them are expected to accept;
it accepts the split on the table when that is about as good, or when the talks run late
and it gives it something. When no split is expected to pass it haggles as the value bot
does (engine.games.gold.bots.bot.HardBot). Its choice then meets accepting the split on the table
instead, in worlds sampled from what its seat knows (engine.games.gold.bots.worlds), each played
out to the end of the talks by easy and normal bots, whose haggling differs from bot to bot
as people's does. It keeps the option that leaves its margin over the best other player
highest, unless its own choice is as good within the worlds' luck. It weighs each proposal
once, within its budget, and never when the sand is nearly out. Its Thief robs, and takes,
by what the token does to its margin. What a split is worth to it counts the screens as
they stand the more the nearer the match's end (`standing_weight`): at the start, with
most Dragons and tokens to come, majorities change hands, and a share is worth mostly its
tokens' prices against the others' shares.
"""

from __future__ import annotations

from time import perf_counter

from engine.games.gold import moves
from engine.games.gold.bots.bot import (
    GreedyBot,
    HardBot,
    NormalBot,
    _one,
    _powers,
    proportional_split,
    worth,
)
from engine.games.gold.bots.haggling import SLACK, Table, Tally, weighed
from engine.games.gold.bots.worlds import screens
from engine.games.gold.components import DRAGONS, SLOTS
from engine.games.gold.tokens import TOTAL
from engine.search import SearchBot
from engine.wire import Action

#: lockstep steps left (~1 s) under which the talks are answered without a search
HURRY = 20
#: how much more than its fair share by attack strength the climbs to a passing split start at
GREEDS = (1.0, 1.5, 2.5)
WORLDS = 4  # the screens sampled where thefts it was not shown moved tokens unseen
LIKELY = 0.5  # the least chance that a split passes for the hard bot to propose it
LATE = 0.6  # the urgency past which any split that gives it something beats the box
STANDING = 0.3  # how much the screens as they stand count at the start of a match


class SearchingBot(HardBot):
    """Hard: the value bot, with a model of the others' answers and a determinized search
    of its options at the talks."""

    thinks = True

    def __init__(self, seed: int = 0, budget: float = 0.06):
        super().__init__(seed)
        self.search = SearchBot(seed, easy=rival, budget=budget, least=2, most=400)
        self.searched: set[tuple] = set()  # the proposals weighed: (Dragon, serial)
        self.heard = Tally()  # the answers of the talks before these, weighed
        # these talks: (key, their Table, answers heard so far, those answers weighed)
        self.talks: tuple = ()
        self.rules: tuple = (None, {})  # ((talks, answers heard), the rules fitted to them)
        self.best: tuple = (None, None)  # (the state of the talks, the best bet there)

    @property
    def budget(self) -> float:  # the benchmark and tests set a level's budget here
        return self.search.budget

    @budget.setter
    def budget(self, seconds: float) -> None:
        self.search.budget = seconds

    def choose(self, game, obs) -> Action | None:
        self.started, self.game, self.obs = perf_counter(), game, obs
        self.standing_weight = 1.0 if obs.known is None else standing_weight(obs.known)
        return super().choose(game, obs)

    def _gain(self, involved, split) -> float:
        """What handing out `split` is worth to it: its margin's gain as the screens stand,
        and by the tokens' prices its share against the others', the more the earlier."""
        margin = super()._gain(involved, split)
        if self.screens is None:
            return margin
        return weighed(margin, [worth(share, self.base) for share in split],
                       involved.index(self.me), len(self.screens), self.standing_weight)

    # -- thefts: by what the token does to its margin over the best other player ------
    def _steal(self, view, legal) -> Action:
        """Rob the player whose token, drawn at random from its screen as far as this seat
        knows it, raises its margin most on average: the leader more than the richest."""
        if self.screens is None:
            return super()._steal(view, legal)
        return max(legal, key=lambda a: (self._robbing(a.victim), -a.victim))

    def _robbing(self, victim: int) -> float:
        """What robbing `victim` does to its margin on average over the tokens it is known
        to hold."""
        held = self.screens[victim]
        if not any(held):
            return 0.0
        return sum(n * self._moving(victim, c) for c, n in enumerate(held) if n) / sum(held)

    def _moving(self, victim: int, colour: int) -> float:
        """What a token of `colour` moved from `victim`'s screen to its own does to its
        margin (a colour a theft it was not shown gave the victim counts from none)."""
        token = _one(colour)
        after = self._plus(self._plus(self.screens, self.me, token), victim,
                           [-n for n in token])
        after[victim] = [max(0, n) for n in after[victim]]
        return self._margin(after) - self._margin(self.screens)

    def _take(self, view, legal) -> Action:
        """Looking into the victim's screen, take the token that raises its margin most."""
        if self.screens is None:
            return super()._take(view, legal)
        victim, looked = view.kill.theft.victim, view.looking_at
        return max(legal, key=lambda a: (self._moving(victim, looked[a.position]),
                                         -a.position))

    def _negotiate(self, view, seat, legal) -> Action | None:
        chosen = self._haggle(view, seat, legal)
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

    def _haggle(self, view, seat, legal) -> Action | None:
        """Propose the best split the others are expected to accept, or accept one on the
        table about as good; the value bot's haggling when no split is expected to pass."""
        kill = view.kill
        proposal = kill.proposal
        if self.screens is None or (proposal and seat in proposal.accepted):
            return super()._negotiate(view, seat, legal)
        table, rules = self._listen(kill)
        made = sum(kill.made)
        split, gain, chance = self._best(kill, table, rules, made)
        if proposal and self._something(kill, proposal):
            offered = table.value(proposal.split, seat)
            passes = table.passes(proposal.split, rules, made, seat, proposal.accepted)
            late = self._urgency(view, made, len(kill.involved)) > LATE
            if offered >= 0 and (offered * passes >= chance * gain - SLACK
                                 or (late and offered > 0)):
                return moves.Accept(seat, proposal.serial)
        if chance < LIKELY or gain <= 0 or kill.made[seat] >= self.most_proposals \
                or self.proposed.get(kill.dragon) == split:
            # nothing it wants is likely to pass, or it said so already and was refused
            return super()._negotiate(view, seat, legal)
        self.proposed[kill.dragon] = split
        return moves.Propose(seat, split)

    def _best(self, kill, table: Table, rules, made: int):
        """The best bet of a split to propose (`Table.best_split`), thought out once for
        each state of the talks: they ask every seat at every move."""
        # the talks and the answers heard (what the rules were fitted to), the proposals
        asked = (self.rules[0], made, kill.proposal.serial if kill.proposal else 0)
        if self.best[0] != asked:
            starts = [self._proportional(kill, greed) for greed in GREEDS]
            if kill.proposal:
                starts.append(kill.proposal.split)
            self.best = (asked, table.best_split(starts, rules, made + 1, self.me))
        return self.best[1]

    def _listen(self, kill) -> tuple[Table, dict]:
        """These talks' Table, and the rule of each other seat, fitted to every answer
        heard this match (these talks' so far read again from the history, the earlier
        talks' kept); refitted only when there is something new."""
        # the screens as it knows them are the Table's: the same key, the same talks
        key = (kill.dragon, kill.slot, kill.involved, kill.hoard, *map(tuple, self.screens))
        if not self.talks or self.talks[0] != key:
            if self.talks:
                self.heard.add(self.talks[2])
            self.talks = (key, self._table(kill), [], Tally())
        _, table, before, current = self.talks
        now = table.heard(self.obs.history)
        if now[:len(before)] != before:  # the history no longer reaches the talks' start
            current = Tally()
            before = []
        current.add(now[len(before):])  # each answer weighed once
        self.talks = (key, table, now, current)
        if self.rules[0] != (key, len(now)):
            rules = {s: self.heard.fit(s, current) for s in kill.involved if s != self.me}
            self.rules = ((key, len(now)), rules)
        return table, self.rules[1]

    def _table(self, kill) -> Table:
        known = self.obs.known
        worlds = [screens(known, self.me, self.rng)
                  for _ in range(WORLDS if known.thefts else 1)]
        return Table(worlds, self.advanced, kill.involved, kill.hoard,
                     self._proportional(kill, 1.0), self.base, self.standing_weight)

    def _proportional(self, kill, greed: float):
        power = _powers(kill.attackers)
        weights = [float(power[s]) * (greed if s == self.me else 1.0) for s in kill.involved]
        return proportional_split(kill.hoard, weights, self.base)

    def _something(self, kill, proposal) -> bool:
        """Does the split give it something (or is the hoard worth nothing)? It never
        weighs taking nothing of a hoard worth something."""
        share = proposal.split[kill.involved.index(self.me)]
        return worth(share, self.base) > 0 or not any(kill.hoard)


def standing_weight(known) -> float:
    """How much the screens as they stand count in what a split is worth to it: a little
    while most Dragons and tokens are still to come (majorities change hands), fully at
    the end."""
    dragons = (known.pile_next - SLOTS) / (len(DRAGONS) - SLOTS)
    tokens = 1.0 - known.bag_total / TOTAL
    return STANDING + (1.0 - STANDING) * min(1.0, max(dragons, tokens))


def rival(seed: int) -> GreedyBot:
    """Who haggles in a playout: an easy or a normal bot, drawn per seat and world — the
    others at a table may be either, or people, who are firmer than the easy bot."""
    return (NormalBot if seed & 1 else GreedyBot)(seed)
