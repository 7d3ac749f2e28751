"""A determinized Monte Carlo search: the normal and hard bots of the dealing games.

For a decision the bot samples worlds from its own observation
(`Game.determinize`: the cards it has not seen dealt at random from those
unaccounted for), plays each candidate action out in each world with the easy bot
in every seat to the end of the hand, and keeps the candidate whose playouts
leave it furthest ahead (`Game.standing`). Every candidate meets the same worlds
(common random numbers), so their differences are not the deal's luck. It stops
once it has spent its budget of CPU time, or a little more than the budget in
wall-clock time on a busy machine; a thought that runs past it still plays, with
what it has, or with the easy bot's choice when not a single world was played out.
The worlds go where they tell most: candidates that fall clearly behind, or play out
the same as another, leave the race early (`_prune`), and the decision ends once one
is left.

It searches the seat's information set, not each world apart: one candidate is chosen
for all the worlds together (the mean over them), and in the playouts every seat's
later turns are played by a policy that reads only that seat's hand and the table, so
the searching seat never plays as if it had seen the others' cards (the "strategy
fusion" of a search that takes each world's best line and averages those). The worlds
themselves lean on what the seats did (`Game.clues`; Dragon's as far as each seat's
later plays bore its clues out).
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Callable
from time import perf_counter, thread_time

from engine.bots import Bot, Policy
from engine.chance import TimeUp
from engine.errors import NoWorlds
from engine.game import Game
from engine.observe import Observation, observe
from engine.wire import Action

#: the longest a playout goes, in actions, before it is judged where it stands
HORIZON = 600


class SearchBot(Bot):
    """Flat Monte Carlo over determinized worlds with easy-bot playouts.

    `easy` makes the easy bot (its choice is always a candidate, and the answer when
    there is no time); `budget` is the thinking time in seconds; `width` the most
    candidates weighed (the easy bot's ranking picks them when it has one, else a
    random few join its choice); `least`/`most` bound the worlds played out; `stretch`
    times the budget is the most wall-clock time a thought takes on a busy machine; another
    candidate overrules the easy bot's only when it does better by `confidence`
    standard errors of the difference (flat Monte Carlo over few worlds otherwise
    swaps a sound heuristic for the luckiest candidate); `to_win` plays the match's last
    hand for the match (`value`), not for the lead; `own` makes the policy that plays the
    searching seat's later turns in the playouts (default: the easy bot, as every other
    seat's).
    """

    thinks = True
    wants_worlds = True
    #: the worlds played before the race first drops a candidate (then at each power of two)
    prune_from = 4

    def __init__(self, seed: int = 0, *, easy: Callable[[int], Bot], budget: float = 0.15,
                 width: int = 8, least: int = 1, most: int = 1000, confidence: float = 1.0,
                 stretch: float = 2.0, to_win: bool = False,
                 own: Callable[[int], Policy] | None = None):
        super().__init__(seed)
        self.easy_bot, self.own = easy, own
        self.easy = easy(seed)
        self.budget, self.width, self.least, self.most = budget, width, least, most
        self.confidence, self.stretch, self.to_win = confidence, stretch, to_win
        self.worlds = 0  # worlds played out at the last decision (for the benchmark)
        # the wall clock, not the CPU budget, ended the last search: a busy machine's
        # share of the CPU starved it (for the benchmark, whose figures it weakens)
        self.cut_short = False

    def choose(self, game: Game, obs: Observation) -> Action | None:
        start = perf_counter()
        legal = obs.legal
        self.worlds, self.cut_short = 0, False
        if not legal:
            return None
        fallback = self.easy.choose(game, obs)
        if fallback is None or len(legal) == 1 or obs.known is None:
            return fallback
        candidates = self.candidates(game, obs, fallback)
        if len(candidates) < 2:
            return fallback
        return self.pick(candidates, self.weigh(game, obs, candidates, start))

    def pick(self, candidates: list, results: list[list[float]]):
        """The default choice (the first candidate) unless the best of those still in the
        race clearly did better in the worlds they shared with it (`results`, per
        candidate, world by world; a candidate dropped from the race has fewer)."""
        if not results or not results[0]:
            return candidates[0]
        rounds = max(len(r) for r in results)
        racing = [i for i, r in enumerate(results) if len(r) == rounds]
        # ties go to the earlier candidate: the default comes first
        best = max(racing, key=lambda i: (sum(results[i]), -i))
        return candidates[best] if self.clearly_better(results[best], results[0],
                                                       len(candidates)) else candidates[0]

    def weigh(self, game: Game, obs: Observation, candidates: list[Action | None],
              start: float, used: float = 0.0) -> list[list[float]]:
        """Each candidate's playout scores, world by world (the same worlds for all), as
        many worlds as the budget allows (CPU time, less the `used` seconds the decision
        spent before its search; wall-clock time from `start` up to `stretch` times that
        budget); [] when no world may be sampled. A race: whenever
        the worlds played reach a power of two (4, 8, 16...), the candidates clearly
        behind or no different from another drop out (`_prune`), so the worlds go to
        the few that matter rather than to eight equally. A None candidate is waiting:
        the others move first."""
        # the budget is this thread's CPU time, so a busy machine slows the search rather
        # than thins it; the wall clock cuts it off, at `stretch` times the budget
        budget = max(0.0, self.budget - used)
        cutoff, spent = start + self.stretch * budget, thread_time() + budget
        results: list[list[float]] = [[] for _ in candidates]  # per candidate, per world
        racing = list(range(len(candidates)))
        worlds = 0
        try:
            while worlds < self.most:
                seed = self.rng.getrandbits(64)
                world = sampled_world(game, obs, seed)
                scores = []
                for i in racing:
                    scores.append(self.playout(game, obs.seat, candidates[i], world, seed))
                    if perf_counter() > cutoff or (
                            thread_time() > spent and worlds >= self.least):
                        break
                else:
                    worlds += 1
                    for i, score in zip(racing, scores, strict=True):
                        results[i].append(score)
                    if worlds >= self.prune_from and worlds & (worlds - 1) == 0 \
                            and len(racing) > 2:
                        racing = _prune(racing, results)
                    if len(racing) == 1:  # the rest fell out: the choice is made
                        break
                    continue
                # out of time mid-world: that world is left out
                self.cut_short = thread_time() <= spent
                break
        except NoWorlds:
            return []
        self.worlds = worlds
        return results

    def clearly_better(self, best: list[float], easy: list[float], candidates: int) -> bool:
        """Does the best of `candidates` beat the easy bot's choice by more than the
        worlds' luck (`confidence` standard errors)?"""
        return ahead(best, easy, self.confidence)

    def candidates(self, game: Game, obs: Observation, fallback: Action) -> list[Action]:
        legal = list(obs.legal) if len(obs.legal) <= 4 * self.width else None
        ranked = getattr(self.easy, "ranked", None)
        if ranked is not None:
            pool = ranked(game, obs)
        elif legal is not None:
            pool = legal[:]
            self.rng.shuffle(pool)
        else:
            pool = [obs.legal[i] for i in self.rng.sample(range(len(obs.legal)), 4 * self.width)]
        out = [fallback]
        for action in pool:
            if len(out) >= self.width:
                break
            if action != fallback and action not in out:
                out.append(action)
        return out

    def playout(self, game: Game, me: int, action: Action | None, world: bytes,
                seed: int) -> float:
        """How far ahead of the best other seat `me` ends the episode (`Game.episode`: the
        hand) after `action` (None: after waiting) in `world` (a pickled state and chance
        provider `Game.determinize` sampled), every seat played by the easy bot."""
        state, chance = pickle.loads(world)
        apply, request_of, to_act = game.apply, game.chance_request, game.to_act
        answer = chance.answer
        bots = [self.easy_bot(seed + s) for s in range(state.seats)]
        if self.own is not None:
            bots[me] = self.own(seed + me)
        acts = [b.act if isinstance(b, Policy) else None for b in bots]
        episode = game.episode
        now = episode(state)
        self.lead_in(game, state, me, action)
        for _ in range(HORIZON):
            if game.outcome(state) is not None or episode(state) != now:
                break
            request = request_of(state)
            if request is not None:
                apply(state, answer(request))
                continue
            for seat in to_act(state):
                act = acts[seat]
                chosen = act(game, state, seat) if act is not None else \
                    bots[seat].choose(game, observe(game, state, seat))
                if chosen is not None:
                    break
            else:
                if state.timer is None:
                    break
                chosen = TimeUp(state.timer.key)
            apply(state, chosen)
        return value(game, state, me, self.to_win)

    def lead_in(self, game: Game, state, me: int, action: Action | None) -> None:
        """Make the candidate `action` (None: wait) in a world's `state`, before the
        playout's bots take over."""
        if action is not None:
            game.apply(state, action)


def sampled_world(game: Game, obs: Observation, seed: int) -> bytes:
    """A world sampled from `obs` (`Game.determinize`, its generator seeded with `seed`),
    pickled: one world a round, copied for each candidate's playout (chance's generator
    too)."""
    return pickle.dumps(game.determinize(obs, random.Random(seed)), pickle.HIGHEST_PROTOCOL)


def _prune(racing: list[int], results: list[list[float]]) -> list[int]:
    """The candidates `racing` still worth worlds: not the same, world for world, as an
    earlier one (two Dragons into two empty corners), nor clearly worse than the leader
    (their mean difference a standard error below 0: all met the same worlds). The default
    (index 0) and the leader always stay, in their first order."""
    leader = max(racing, key=lambda i: (sum(results[i]), -i))
    keep, seen = [], set()
    for i in racing:
        same = tuple(results[i])
        if i in (0, leader) or (same not in seen and not ahead(results[leader], results[i], 1.0)):
            keep.append(i)
        seen.add(same)
    return keep


def ahead(these: list[float], those: list[float], z: float) -> bool:
    """Did `these` scores beat `those` by more than the worlds' luck? Both met the same
    worlds, so the test is on the differences, world by world: their mean must stand `z`
    standard errors above 0."""
    diffs = [a - b for a, b in zip(these, those, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    if n < 2:
        return z <= 0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * math.sqrt(var / n)


#: a won match's worth against a lead of one point (`value`): above any lead a hand makes
WON = 1_000_000


def value(game: Game, state, me: int, to_win: bool = False) -> float:
    """What a playout's end is worth to `me`: how far ahead of the best other seat it
    stands (`Game.standing`: chips, points). A mean of score leads, not a count of wins:
    it tells a near miss from a rout, so far fewer worlds tell two candidates apart,
    and a lead carries into the hands still to come. Where the playout ended the match
    and `to_win`, winning it (a share of a tie) comes first and the lead after: in the
    last hand a lead is worth nothing but the win, so a seat behind plays for first place
    and a seat ahead for safety. Where a hand may end the match or not (Dragon Den's,
    ending at a score either way), a world where it goes on is worth the chance its lead
    wins the match later (`Game.match_chance`), in the same units: valued by its lead
    alone, a loss that ended the match weighed no worse than going on behind."""
    standing = game.standing(state)
    lead = standing[me] - max(s for i, s in enumerate(standing) if i != me)
    if not to_win:
        return lead
    outcome = game.outcome(state)
    if outcome is None:
        chance = game.match_chance(state, lead)
        return lead if chance is None else WON * chance + lead
    return WON * (me in outcome.winners) / len(outcome.winners) + lead


def levels(easy: Callable[[int], Bot], **hard) -> dict[str, Callable[[int], Bot]]:
    """The three levels of a game whose easy bot is `easy`: normal is a small, quick
    search, hard a wide one at its full budget (keyword arguments override hard's, such as
    `to_win`)."""
    def normal(seed: int = 0) -> Bot:
        return SearchBot(seed, easy=easy, budget=0.04, width=3, most=12)

    def strong(seed: int = 0) -> Bot:
        # 160 ms of CPU, cut at 256 ms of wall-clock time: a busy machine's decision
        # (the last playout's overrun included) stays under the 300 ms goal
        return SearchBot(seed, easy=easy, **{"budget": 0.16, "stretch": 1.6, "width": 8,
                                             **hard})

    return {"easy": easy, "normal": normal, "hard": strong}
