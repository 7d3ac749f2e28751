"""Dragon's Gold bots: easy (GreedyBot), normal (NormalBot) and hard (HardBot).

GreedyBot plays from its seat's view and legal actions: it attacks where its
adventurers earn the most, proposes splits roughly proportional to attack
value (asking a little more for itself at first), accepts fair ones, cuts
even shares, robs the richest, trades gems towards its majorities at the
Market and plays its Magic Objects when they help.

HardBot plays for the final score: it prices each token by what it does to its
margin over the best other player (gem majorities are most of the points), from
the screens it has seen built by public splits; it haggles by that price and by
the sand timer. NormalBot prices tokens alike but proposes plain fair shares.

PlayoutBot is the benchmark's: random attacks and an immediate proportional
split that every other player accepts. For speed it reads the public parts of
the state (adventurers, Dragons, the hoard on the table) directly; it never
looks behind a screen or into a hand.
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import mul

from engine.bots import Bot, Policy
from engine.games.gold import moves
from engine.games.gold.components import ATTACK, DRAGONS, MAGIC_DECK, MIGHT_BONUS, UP, Effect
from engine.games.gold.flow import (
    CHOOSE,
    DIVIDE,
    MARKET,
    NEGOTIATE,
    STEAL,
    TAKE,
    TURN,
    victims,
)
from engine.games.gold.rules import known_screens
from engine.games.gold.scoring import score
from engine.games.gold.tokens import GEMS
from engine.wire import Action

#: what a token is worth to a bot, by colour: gems count towards majorities
BASIC_VALUE = (1, 3, 1, 3, 3, 3, 3, 4, 7)
ADVANCED_VALUE = (1, 3, 2, 3, 3, 3, 3, 4, 12)
HIDDEN_TOKEN = 2.5  # what an unseen token of hidden treasure is worth on average
WEAKEST_FIRST = (3, 2, 1, 0)  # adventurer kinds by rising attack


def proportional_split(hoard, weights: list[float], value) -> tuple[tuple[int, ...], ...]:
    """Give each token, most valuable first, to the share furthest below its target,
    where targets are proportional to `weights` (G7 baseline)."""
    total = sum(map(mul, hoard, value)) / (sum(weights) or 1)
    deficit, shares = [], []
    for w in weights:
        deficit.append(total * w)
        shares.append([0] * 9)
    for colour in _by_value(value):
        count = hoard[colour]
        if count:
            worth = value[colour]
            for _ in range(count):
                top = max(deficit)
                best = deficit.index(top)  # the first of equals, as the share order says
                shares[best][colour] += 1
                deficit[best] = top - worth
    return tuple(map(tuple, shares))


@lru_cache(maxsize=8)
def _by_value(value) -> tuple[int, ...]:
    return tuple(sorted(range(9), key=lambda c: -value[c]))


def even_split(hoard, parts: int, value) -> tuple[tuple[int, ...], ...]:
    """Shares as equal in value as a greedy cut makes them (the divider's cut, G9.2)."""
    return proportional_split(hoard, [1.0] * parts, value)


def worth(counts, value) -> float:
    return sum(n * value[c] for c, n in enumerate(counts))


def _powers(attackers) -> dict[int, int]:
    power: dict[int, int] = {}
    for seat, kind, bonus in attackers:
        power[seat] = power.get(seat, 0) + ATTACK[kind] + bonus
    return power


class GreedyBot(Bot):
    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.greed = 1.0 + self.rng.random() * 0.6  # how much more than fair it asks at first
        self.floor = 0.6 + self.rng.random() * 0.3  # the least share of fair it settles for
        self.proposed: dict[int, tuple] = {}  # Dragon -> the bot's last split for its hoard
        self.market_key = -1  # the Market (by timer key) the bot trades at
        self.tried: set[tuple[int, int]] = set()  # (partner, colour) asked for at this Market

    def choose(self, game, obs) -> Action | None:
        legal, seat = obs.legal, obs.seat
        if not legal:
            return None
        view = obs.view
        self.value = ADVANCED_VALUE if obs.config["advanced"] else BASIC_VALUE
        self.most_proposals = obs.config["proposals"]
        phase = view.phase
        if phase == TURN:
            return self._magic(view, seat, legal) or self._attack(view, seat, legal)
        if phase == NEGOTIATE:
            return self._negotiate(view, seat, legal)
        if phase == DIVIDE:
            kill = view.kill
            return moves.Divide(seat, even_split(kill.hoard, len(kill.involved), self.value))
        if phase == CHOOSE:
            shares = view.kill.shares
            return max(legal, key=lambda a: (worth(shares[a.share], self.value), -a.share))
        if phase == STEAL:
            return self._steal(view, legal)
        if phase == TAKE:
            return self._take(view, legal)
        if phase == MARKET:
            return self._market(view, seat, legal)
        return legal[0]

    # -- thefts ------------------------------------------------------------------
    def _steal(self, view, legal) -> Action:
        """Rob the player with the most tokens."""
        return max(legal, key=lambda a: (view.screens[a.victim], -a.victim))

    def _take(self, view, legal) -> Action:
        """Looking into the victim's screen, take its most valuable token."""
        looked = view.looking_at
        return max(legal, key=lambda a: (self.value[looked[a.position]], -a.position))

    # -- attacks ------------------------------------------------------------------
    def _attack(self, view, seat, legal) -> Action:
        attacks = [a for a in legal if isinstance(a, moves.Attack)]
        return max(attacks, key=lambda a: (self._attack_worth(view, seat, a), self.rng.random()))

    def _attack_worth(self, view, seat, attack) -> float:
        lair = view.dragons[attack.slot]
        power = _powers(lair.attackers)
        hit = ATTACK[attack.kind] + view.might
        total = lair.total + hit
        treasure = worth(lair.hoard, self.value) + HIDDEN_TOKEN * lair.hidden
        mine = power.get(seat, 0) + hit
        cost = 0.4 * ATTACK[attack.kind]  # a strong adventurer is kept for kills
        if total >= lair.strength:
            others = [s for s in power if s != seat]
            thief = 2.0 if attack.kind == 2 and others else 0.0
            return treasure * mine / total + thief + (3.0 if not others else 0.0) - cost
        gap = lair.strength - total
        return 0.3 * treasure * mine / lair.strength - cost - (1.5 if gap <= 2 else 0.0)

    # -- Magic Objects ------------------------------------------------------------
    def _magic(self, view, seat, legal) -> Action | None:
        uses = [a for a in legal if isinstance(a, moves.UseMagic)]
        if not uses:
            return None
        team = view.adventurers[seat]
        up, down = team.count("up"), team.count("down")
        for use in sorted(uses, key=lambda a: (a.card, a.target)):
            effect = MAGIC_DECK[use.face]
            if effect in (Effect.MAP, Effect.SCRY):
                return use
            if effect == Effect.RALLY and up <= 1 and down >= 2:
                return use
            if effect == Effect.HASTE and up >= 2:
                return use
            if effect == Effect.CHARM and self._best_charm(view, uses) == use:
                return use
            if effect == Effect.MIGHT and self._might_kills(view, seat):
                return use
            if effect == Effect.BANISH and self._banish_helps(view, seat, use):
                return use
            if effect == Effect.RECALL and up <= 1 and self._stuck(view, use.target[0], seat):
                return use
            if effect == Effect.FEAR and self._fear_helps(view, seat, use.target[0]):
                return use
        return None

    def _best_charm(self, view, uses):
        charms = [a for a in uses if MAGIC_DECK[a.face] == Effect.CHARM]
        return max(charms, key=lambda a: (self.value[a.target[1]], -a.target[0]))

    def _best_hit(self, view, seat) -> int:
        return max(ATTACK[k] for k, p in enumerate(view.adventurers[seat]) if p == "up")

    def _might_kills(self, view, seat) -> bool:
        if view.might:
            return False
        hit = self._best_hit(view, seat)
        return any(
            lair and 0 < lair.strength - lair.total - hit <= MIGHT_BONUS
            for lair in view.dragons
        )

    def _banish_helps(self, view, seat, use) -> bool:
        owner, kind = use.target
        slot = view.adventurers[owner][kind]
        lair = view.dragons[slot]
        mine = _powers(lair.attackers).get(seat, 0)
        after = lair.total - ATTACK[kind] + self._best_hit(view, seat)
        return after >= lair.strength and mine > 0

    def _stuck(self, view, kind, seat) -> bool:
        slot = view.adventurers[seat][kind]
        lair = view.dragons[slot]
        return lair.strength - lair.total >= 4 and ATTACK[kind] >= 2

    def _fear_helps(self, view, seat, slot) -> bool:
        lair = view.dragons[slot]
        power = _powers(lair.attackers)
        return seat not in power and len(power) >= 2 and lair.strength - lair.total <= 3

    # -- sharing ------------------------------------------------------------------
    def _negotiate(self, view, seat, legal) -> Action | None:
        kill = view.kill
        involved, hoard = kill.involved, kill.hoard
        power = _powers(kill.attackers)
        weights = [float(power[s]) for s in involved]
        me = involved.index(seat)
        fair = worth(hoard, self.value) * weights[me] / sum(weights)
        made = kill.made[seat]
        seen = sum(kill.made)
        proposal = kill.proposal
        can_propose = made < self.most_proposals
        if proposal:
            mine = worth(proposal.split[me], self.value)
            if seat in proposal.accepted:
                return None  # wait for the others
            if mine >= fair * max(self.floor, 1.05 - 0.1 * seen) - 0.25:
                return moves.Accept(seat, proposal.serial)
        if can_propose and (made == 0 or proposal):
            weights[me] *= self.greed ** (1 / (1 + made))
            split = proportional_split(hoard, weights, self.value)
            if self.proposed.get(kill.dragon) != split:
                self.proposed[kill.dragon] = split
                return moves.Propose(seat, split)
            holdout = len(involved) > 2 and len(proposal.accepted) == len(involved) - 1
            if holdout or self.rng.random() < 0.5:  # concede rather than repeat itself
                return moves.Accept(seat, proposal.serial)
            return None
        hourglass = [m.card for m in view.my_magic or () if MAGIC_DECK[m.face] == Effect.HOURGLASS]
        if proposal and hourglass:
            return moves.UseMagic(seat, hourglass[0], _face(view, hourglass[0]), ())
        if proposal:
            return moves.Reject(seat, proposal.serial)
        return None

    # -- the Market ---------------------------------------------------------------
    def _market(self, view, seat, legal) -> Action | None:
        mine = view.my_screen
        for offer in view.market.offers:
            if offer.partner != seat:
                continue
            holds = mine is not None and all(m >= g for m, g in zip(mine, offer.get,
                                                                    strict=True))
            if holds and self._gem_value(mine, offer.give, offer.get) >= 0:
                return moves.TakeOffer(seat, offer.seat, offer.serial)
            return moves.Decline(seat, offer.seat, offer.serial)
        if view.timer.key != self.market_key:
            self.market_key, self.tried = view.timer.key, set()
        if mine is None or any(o.seat == seat for o in view.market.offers):
            return None  # wait for an answer to the offer on the table
        if view.market.made[seat] >= self.most_proposals:
            return None
        return self._offer(view, seat, mine)

    def _gem_value(self, mine, gained, lost) -> float:
        """A gem is worth more the more of its colour the bot already has (majorities)."""
        def value(c):
            return 2 + mine[c] if c in GEMS else self.value[c]

        return sum(n * value(c) for c, n in enumerate(gained)) - sum(
            n * value(c) for c, n in enumerate(lost)
        )

    def _offer(self, view, seat, mine) -> Action | None:
        """One gem of its weakest colour for one of a colour it leads in, asking each
        partner in turn (richest first) until someone trades."""
        held = [c for c in GEMS if mine[c]]
        if len(held) < 2:
            return None
        weakest = min(held, key=lambda c: (mine[c], c))
        wanted = sorted((c for c in held if mine[c] > mine[weakest]), key=lambda c: -mine[c])
        partners = sorted(
            (s for s in range(len(view.screens))
             if s != seat and s not in view.market.left and view.screens[s]),
            key=lambda s: (-view.screens[s], s),
        )
        for colour in wanted:
            for partner in partners:
                if (partner, colour) not in self.tried:
                    self.tried.add((partner, colour))
                    give, get = [0] * 9, [0] * 9
                    give[weakest], get[colour] = 1, 1
                    return moves.Offer(seat, partner, tuple(give), tuple(get))
        return None


class FirmBot(GreedyBot):
    """The greedy bot that never settles for nothing: it accepts a split only when its
    share is worth something (or the hoard is worth nothing to it), and concedes only
    to a split that gives it at least half its fair share."""

    def _negotiate(self, view, seat, legal) -> Action | None:
        action = super()._negotiate(view, seat, legal)
        if isinstance(action, moves.Accept):
            kill = view.kill
            share = kill.proposal.split[kill.involved.index(seat)]
            if worth(share, self.value) < self._least(view, seat):
                return self._refuse(view, seat, legal)
        return action

    def _fair(self, view, seat) -> float:
        kill = view.kill
        power = _powers(kill.attackers)
        weights = [float(power[s]) for s in kill.involved]
        return worth(kill.hoard, self.value) * power[seat] / sum(weights)

    def _least(self, view, seat) -> float:
        """The least share it accepts: something, and half its fair share."""
        if not any(view.kill.hoard):
            return 0.0
        return max(0.5, 0.5 * self._fair(view, seat))

    def _refuse(self, view, seat, legal) -> Action | None:
        kill = view.kill
        if kill.made[seat] < self.most_proposals:
            weights = [float(_powers(kill.attackers)[s]) for s in kill.involved]
            split = proportional_split(kill.hoard, weights, self.value)
            if kill.proposal and tuple(map(tuple, split)) != kill.proposal.split:
                return moves.Propose(seat, split)
        return None


class HardBot(FirmBot):
    """Plays for the final score, not for tokens. Every token handed out is public, so
    the seat knows the others' screens (but for what thefts moved unseen), and it
    values a token by what it does to its margin over the best other player at the
    end (a gem that wins or keeps a majority is worth a dozen points, one more of a
    colour it cannot win is worth nothing). It haggles by that value and by the
    clock: it proposes the others their fair share by attack strength at their own
    prices, then trades tokens so that its share holds what is worth most to it; it
    accepts a split whose effect on its margin is at least what it could still
    expect (its full due while the sand timer is young, half as it runs out), and
    never one that leaves it worse off than the hoard going into the box, nor one that
    gives it nothing while it could do better."""

    wants_worlds = True  # its observations carry the seat's knowledge: the screens seen
    swaps = 12  # the most token swaps it makes towards a split worth more to it

    def choose(self, game, obs) -> Action | None:
        self.clock = obs.clock
        self.screens = known_screens(obs)
        self.advanced = obs.config["advanced"]
        self.me = obs.seat
        base = ADVANCED_VALUE if self.advanced else BASIC_VALUE
        self.base = base
        if self.screens is not None:
            margin = self._margin(self.screens)
            self.marginal = tuple(
                max(0.25, self._margin(self._plus(self.screens, obs.seat, _one(c))) - margin)
                for c in range(9))
        else:
            self.marginal = base
        action = GreedyBot.choose(self, game, obs)
        return action

    # GreedyBot.choose sets self.value to the base prices each call: attacks and thefts
    # look at the marginal prices instead
    def _attack(self, view, seat, legal) -> Action:
        self.value = self.marginal
        try:
            return super()._attack(view, seat, legal)
        finally:
            self.value = self.base

    def _margin(self, screens) -> float:
        points = score(screens, self.advanced)
        return points[self.me] - max(p for s, p in enumerate(points) if s != self.me)

    @staticmethod
    def _plus(screens, seat, counts):
        out = [list(sc) for sc in screens]
        out[seat] = [a + b for a, b in zip(out[seat], counts, strict=True)]
        return out

    def _gain(self, involved, split) -> float:
        """What handing out `split` does to the seat's margin (the box: 0)."""
        if self.screens is None:
            return worth(split[involved.index(self.me)], self.base)
        after = [list(sc) for sc in self.screens]
        for seat, share in zip(involved, split, strict=True):
            after[seat] = [a + b for a, b in zip(after[seat], share, strict=True)]
        return self._margin(after) - self._margin(self.screens)

    def _best_split(self, kill, greed: float):
        """Fair shares at base prices for the others (scaled by `greed` for itself), then
        swaps that raise its margin while each other share keeps its base worth."""
        involved, hoard = kill.involved, kill.hoard
        power = _powers(kill.attackers)
        weights = [float(power[s]) for s in involved]
        me = involved.index(self.me)
        weights[me] *= greed
        split = [list(x) for x in proportional_split(hoard, weights, self.base)]
        best = self._gain(involved, split)
        for _ in range(self.swaps):
            improved = False
            for j in range(len(involved)):
                if j == me:
                    continue
                for a in range(9):
                    if not split[j][a]:
                        continue
                    for b in range(9):
                        if a == b or not split[me][b] or self.base[b] < self.base[a]:
                            continue  # the other's share keeps at least its base worth
                        split[j][a] -= 1
                        split[j][b] += 1
                        split[me][b] -= 1
                        split[me][a] += 1
                        gain = self._gain(involved, split)
                        if gain > best + 1e-9:
                            best, improved = gain, True
                            break
                        split[j][a] += 1
                        split[j][b] -= 1
                        split[me][b] += 1
                        split[me][a] -= 1
                    if improved:
                        break
                if improved:
                    break
            if not improved:
                break
        return tuple(map(tuple, split)), best

    def _negotiate(self, view, seat, legal) -> Action | None:
        kill = view.kill
        involved = kill.involved
        me = involved.index(seat)
        made = kill.made[seat]
        seen = sum(kill.made)
        urgency = self._urgency(view, seen, len(involved))
        proposal = kill.proposal
        can_propose = made < self.most_proposals
        _, due = self._best_split(kill, 1.0)
        least = max(0.0, due) * (1.0 - 0.5 * urgency)
        if proposal:
            if seat in proposal.accepted:
                return None
            gain = self._gain(involved, proposal.split)
            mine = worth(proposal.split[me], self.base)
            something = mine > 0 or not any(kill.hoard)
            holdout = len(proposal.accepted) == len(involved) - 1
            if gain >= least - 0.25 and gain >= 0 and something:
                return moves.Accept(seat, proposal.serial)
            if (holdout or not can_propose) and gain > 0 and something and urgency > 0.6:
                return moves.Accept(seat, proposal.serial)  # something beats the box
        if can_propose:
            split, _ = self._best_split(kill, 1.0 + 0.5 * (1.0 - urgency))
            if not proposal or self.proposed.get(kill.dragon) != split:
                self.proposed[kill.dragon] = split
                return moves.Propose(seat, split)
            split, _ = self._best_split(kill, 1.0)
            if tuple(map(tuple, split)) != proposal.split:
                self.proposed[kill.dragon] = split
                return moves.Propose(seat, split)
        return None

    def _gem_value(self, mine, gained, lost) -> float:
        """A trade at the Market by what it does to the seat's margin."""
        if self.screens is None:
            return super()._gem_value(mine, gained, lost)
        net = [g - n for g, n in zip(gained, lost, strict=True)]
        return self._margin(self._plus(self.screens, self.me, net)) - self._margin(self.screens)

    def _urgency(self, view, seen: int, involved: int) -> float:
        """0 as the talks open, 1 as they must end: from the clock where the table keeps
        one, else from the proposals made against the most there may be."""
        timer, clock = view.timer, self.clock
        if timer and clock is not None and timer.steps:
            return min(1.0, max(0.0, 1.0 - clock / timer.steps))
        return min(1.0, seen / max(1, involved * min(self.most_proposals, 4)))


class NormalBot(HardBot):
    """The hard bot's prices and haggling, without its search for the split worth most to
    it: it proposes fair shares at base prices."""

    swaps = 0


def _one(colour: int) -> tuple[int, ...]:
    counts = [0] * 9
    counts[colour] = 1
    return tuple(counts)


def _face(view, card: int) -> int:
    return next(m.face for m in view.my_magic if m.card == card)


class PlayoutBot(Policy):
    """The benchmark's bot: the greedy bot's attacks made cheap, immediate
    proportional splits, no trading, no magic."""

    def _attack(self, state, seat) -> Action:
        """Kill the richest Dragon the weakest able adventurer can; else chip at a random
        Dragon with the weakest adventurer."""
        mine = state.adv[seat]
        reach = ATTACK[mine.index(UP)]  # kinds go from the strongest to the weakest
        best, best_worth, slots = -1, -1, []
        for slot, lair in enumerate(state.slots):
            if lair:
                slots.append(slot)
                if lair.strength - lair.total <= reach:
                    treasure = sum(lair.hoard) + DRAGONS[lair.dragon].hidden
                    if treasure > best_worth:
                        best, best_worth = slot, treasure
        if best < 0:
            weakest = len(mine) - 1 - mine[::-1].index(UP)
            return moves.Attack(seat, weakest, slots[int(self.rng.random() * len(slots))])
        gap = state.slots[best].strength - state.slots[best].total
        for kind in WEAKEST_FIRST:
            if mine[kind] == UP and ATTACK[kind] >= gap:
                return moves.Attack(seat, kind, best)

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, game, state, seat) -> Action | None:
        phase = state.phase
        if phase == TURN:
            return self._attack(state, seat)
        if phase == NEGOTIATE:
            talks, kill = state.talks, state.kill
            if talks.serial:
                return None if talks.accepted >> seat & 1 else moves.Accept(seat, talks.serial)
            if seat != kill.involved[0]:
                return None
            power = _powers(kill.attackers)
            # map, not a comprehension: that would cost every call of choose a closure cell
            weights = list(map(float, map(power.get, kill.involved)))
            return moves.Propose(seat, proportional_split(kill.hoard, weights, BASIC_VALUE))
        if phase == MARKET:
            return moves.LeaveMarket(seat)
        if phase == DIVIDE:
            kill = state.kill
            return moves.Divide(seat, even_split(kill.hoard, len(kill.involved), BASIC_VALUE))
        if phase == STEAL:
            return moves.Steal(seat, victims(state, seat)[0])
        if phase == TAKE:
            return moves.Take(seat, 0)
        legal = game.legal_actions(state, seat)
        return legal[0] if legal else None

