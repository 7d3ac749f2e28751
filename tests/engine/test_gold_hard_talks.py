"""Gold's hard bot at the talks against normal seats: it models a normal seat's rule of
acceptance exactly where it knows the screens (no theft it was not shown), so the split it
proposes is one the normal seats accept; and it robs where a token helps its margin most
(engine.games.gold.bots.search.SearchingBot)."""

from __future__ import annotations

import copy

from engine.games.gold import moves
from engine.games.gold.bots.bot import NormalBot
from engine.games.gold.bots.search import LIKELY, SearchingBot
from engine.local import play
from engine.observe import Witness
from engine.registry import get_game

GAME = get_game("gold")
HARD = 0


def talks_opened(seed: int, most: int):
    """Up to `most` positions of a match of hard (seat 0) and three normal bots where talks
    between hard and others have just opened and no theft has happened yet: each the
    actions that led there (from the start), the seats at the talks and a copy of the hard
    bot as it is there (it has heard every answer at its talks before)."""
    config, seats = GAME.configure({}, 4)
    bots = [SearchingBot(seed) if s == HARD else NormalBot(seed * 10 + s) for s in range(seats)]
    state = GAME.setup(config, seats)
    start, actions, found = GAME.setup(config, seats), [], []
    for action, events in play(GAME, state, bots, seed):
        actions.append(action)
        if state.thefts:
            break
        if any(isinstance(e, moves.NegotiationOpened) and HARD in e.seats for e in events):
            found.append((list(actions), state.kill.involved, listened(bots[HARD], seed)))
            if len(found) == most:
                break
    return start, found


def listened(hard: SearchingBot, seed: int) -> SearchingBot:
    """A hard bot that has heard what `hard` heard at the talks so far."""
    out = SearchingBot(seed)
    out.heard, out.talks = copy.deepcopy(hard.heard), copy.deepcopy(hard.talks)
    return out


def witness(start, actions, seat: int) -> Witness:
    w = Witness(GAME, start, seat)
    for action in actions:
        w.feed(action)
    return w


def test_the_split_hard_expects_to_pass_is_one_the_normal_seats_accept():
    """At talks just opened, hard (with the rules it fitted to the answers heard at its
    talks before, or the prior of a fair player for the score who yields late) proposes
    the split its model expects every other seat to accept (when there is one worth
    something to it); each normal seat, asked in turn, accepts that very split. The model
    before this counted a seat's own proposals as answers, fitted normal seats a rule by
    the tokens' prices, and such splits passed about one time in five."""
    checked = 0
    for seed in range(1, 12):
        start, found = talks_opened(seed, 6)
        for actions, involved, hard in found:
            hard.budget = 0.0  # the model's choice, not the playouts'
            proposal = hard.choose(GAME, witness(start, actions, HARD).observe(True))
            split, _, chance = hard.best[1]
            if not isinstance(proposal, moves.Propose) or proposal.split != split:
                continue  # nothing worth proposing was expected to pass: it haggles
            assert chance >= LIKELY
            actions = [*actions, proposal]
            for seat in involved:
                if seat != HARD:
                    w = witness(start, actions, seat)
                    serial = w.observe().view.kill.proposal.serial
                    answer = NormalBot(seat).choose(GAME, w.observe(True))
                    assert answer == moves.Accept(seat, serial), (seed, involved, proposal)
                    actions.append(answer)
            checked += 1
    assert checked >= 5


def test_hard_robs_the_leader_where_easy_robs_the_richest():
    """Hard (seat 0, the blue majority) robs the leader (2 green, 2 gold: a green taken ties
    its majority, a gold closes the gap) rather than the seat with the most tokens (6 silver:
    a silver is one point), whom easy robs."""
    from types import SimpleNamespace

    from engine.games.gold.bots.bot import GreedyBot
    from engine.games.gold.tokens import BLUE, GOLD, GREEN, SILVER

    def screen(**counts):
        out = [0] * 9
        for colour, n in counts.items():
            out[{"silver": SILVER, "gold": GOLD, "blue": BLUE, "green": GREEN}[colour]] = n
        return out

    screens = [screen(blue=2), screen(green=2, gold=2), screen(silver=6), screen()]
    view = SimpleNamespace(screens=tuple(map(sum, screens)))
    legal = [moves.Steal(HARD, 1), moves.Steal(HARD, 2)]
    hard = SearchingBot(1)
    hard.screens, hard.me, hard.advanced = screens, HARD, False
    assert hard._steal(view, legal) == moves.Steal(HARD, 1)
    assert GreedyBot(1)._steal(view, legal) == moves.Steal(HARD, 2)
