"""Dragon Den's hard bot: whole turns planned (engine.games.den.plan), weighed by a search.

PlannerBot plays the turn the planner finds best. PlannedSearch, the hard level, plans
its turn at its first move, several times over: at the plan's own price of a kept card
(the default), at lower prices (hold more back: a hand is a race of two or three rounds,
and a card kept can shut a pile to the others) and at a higher one (shed more); with them
the next best turn ends by the plan's worth (other piles opened, another card in an empty
place, another held back), the easy bot's whole turn (what normal seats play) and ending
the turn at once. It weighs these whole turns against each
other in worlds dealt by what each seat's turn ends said of its hand
(engine.games.den.clues: a seat that ended its turn held nothing the piles took), each
turn made in full and the hand then played out by the easy bot, whose quick turns buy
worlds (the plan in its own seat there cost two worlds in three); another turn wins over
the default only when it clearly does better there. The turn chosen is then followed
step by step: one search a turn, and the turn played as it was weighed (a search at each
step weighed a single step with the easy bot's shedding after it, not the plan's turn).
"""

from __future__ import annotations

import random
from time import perf_counter, thread_time

from engine.bots import Bot
from engine.cards import mask_of
from engine.errors import NoWorlds
from engine.games.den import plan
from engine.games.den.bot import GreedyBot, greedy, pick
from engine.games.den.rules import END_TURN, MOVES, PLAYING, MovePile, Play
from engine.search import SearchBot, ahead
from engine.wire import Action

#: the turn states hard's plan looks at: past a few hundred its choice hardly changes, and
#: the time goes to the search
CHOICE_NODES = 300
#: the prices of a kept card (plan.KEEP's unit: openings) hard plans its turn at, the
#: default first
KEEPS = (plan.KEEP, 0.0, 1.0, 4.0)
#: the most planned turns weighed: those at `KEEPS`, then the best other turn ends by the
#: plan's worth at its default keep (the plans alone were often two distinct turns, so the
#: search chose little of what a turn leaves on the table); the easy bot's turn and ending
#: the turn now come on top
WIDTH = 8
#: the fewest worlds on which another turn may overrule the plan's
LEAST_WORLDS = 8
#: the standard errors by which another turn must beat the plan's there, and the worlds
#: played before the race first drops a turn. Each candidate played out again on the real
#: hands (`python -m tools.lab.truth`, 291 searches against three normal): a bar of 1 and a
#: race from 4 worlds gained 1.71 a search of the 3.91 the best candidate would, a bar of
#: 0.5 and a race from 16 some 2.1 on the same searches; at the bench, against three easy,
#: 46.0 % of 2,460 matches (seed 29) where the bar of 1 won 44.1 % of 3,408 (seeds 3-19)
OVERRULE = 0.5
RACE_FROM = 16

Turn = tuple[plan.Step, ...]


class PlannerBot(Bot):
    """Plays the turn engine.games.den.plan finds best: the most cards shed, but not a
    card that opens more to the others than it is worth, and of equal turns the one that
    leaves them least. Not a Policy: the search's worlds are played out by the easy bot,
    whose quick turns buy more of them."""

    def __init__(self, seed: int = 0, keep: float = plan.KEEP, nodes: int = plan.NODES):
        super().__init__(seed)
        self.keep, self.nodes = keep, nodes

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        if not obs.legal or view.cards is None:
            return pick(obs.legal, view.piles)
        return legal_action(first_action(self.steps(mask_of(view.cards), view.piles),
                                         obs.seat), obs.legal)

    def steps(self, hand: int, piles) -> list[plan.Step]:
        return plan.plan(hand, plan.table_of(piles), plan.live_faces(piles, hand), self.keep,
                         self.nodes)


class PlannedSearch(SearchBot):
    """Hard: the plan's turn unless the search finds another turn clearly better; the
    turn chosen is played out to its end."""

    prune_from = RACE_FROM

    def __init__(self, seed: int = 0, **search):
        # to_win: a Den match ends when a score reaches the target either way, so a hand
        # that may end it is played for the match, not for the lead
        super().__init__(seed, easy=GreedyBot, **{"budget": 0.16, "stretch": 1.6,
                                                   "to_win": True, "confidence": OVERRULE,
                                                   **search})
        self.easy = PlannerBot(seed, nodes=CHOICE_NODES)
        # the turn being played: what is left of it from each (hand, table) it passes
        self.following: dict[tuple, Turn] = {}

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        self.worlds, self.cut_short = 0, False
        if not obs.legal or view.cards is None or obs.known is None:
            return self.easy.choose(game, obs)
        hand, table = mask_of(view.cards), plan.table_of(view.piles)
        turn = self.following.get((hand, table))
        if turn is None:
            turn = self.choose_turn(game, obs, hand, table)
        self.following = _route(hand, table, turn)
        if not turn:
            self.following = {}  # the turn ends: the next one is planned afresh
        return legal_action(first_action(list(turn), obs.seat), obs.legal)

    def choose_turn(self, game, obs, hand: int, table: tuple[plan.Pile, ...]) -> Turn:
        """The turns planned at each of `KEEPS`, the plan's next best turn ends (`WIDTH` in
        all), the easy bot's turn and ending it now: the default (the first) unless the
        search finds another clearly better."""
        start, planning = perf_counter(), thread_time()
        live = plan.live_faces(obs.view.piles, hand)
        turns: list[Turn] = []
        seen: set[tuple] = set()

        def add(turn: Turn) -> None:
            # two ways to the same hand and table are one turn to the others
            end = _end(hand, table, turn)
            if end not in seen:
                seen.add(end)
                turns.append(turn)

        for keep in KEEPS:
            add(tuple(plan.plan(hand, table, live, keep, CHOICE_NODES)))
        for _, turn in plan.ends(hand, table, live, plan.KEEP, CHOICE_NODES):
            if len(turns) >= WIDTH:
                break
            add(turn)
        add(self.greedy_turn(game, obs))
        add(())
        if len(turns) < 2:
            return turns[0]
        # the turns' planning (p99 some 40 ms on a loaded machine) is spent from the
        # decision's CPU budget, so the whole decision stays within it
        return self.pick(turns, self.weigh(game, obs, turns, start,
                                           used=thread_time() - planning))

    def greedy_turn(self, game, obs) -> Turn:
        """The easy bot's whole turn from here (the normal bots' default), as plan steps:
        made in a world, though it reads only this seat's hand and the table."""
        try:
            state, _ = game.determinize(obs, random.Random(self.rng.getrandbits(64)))
        except NoWorlds:
            return ()
        me, steps = obs.seat, []
        while state.phase == PLAYING and state.turn == me and state.counts[me]:
            action = greedy(state, me)
            if isinstance(action, Play):
                steps += [("play", action.pile, face) for face in action.faces]
            elif isinstance(action, MovePile):
                steps.append(("move", action.source, action.target))
            else:
                break
            game.apply(state, action)
        return tuple(steps)

    def clearly_better(self, best: list[float], default: list[float], candidates: int) -> bool:
        """On `LEAST_WORLDS` or more, by `confidence` (`OVERRULE`) standard errors, however
        many the rivals: a bar rising with them (Bonferroni, as Wild's hard) kept the plan's
        turn at 104 of 118 searches and won 31.2 % of 300 matches against three normal, a
        flat bar of 1 34.8 % (seed 3)."""
        return len(best) >= LEAST_WORLDS and ahead(best, default, self.confidence)

    def lead_in(self, game, state, me: int, turn: Turn) -> None:
        """The candidate turn made in a world, in full: each card laid and each pile moved,
        then the turn ended unless it went out."""
        apply, face_ref = game.apply, state.face_ref
        for kind, a, b in turn:
            apply(state, Play(me, a, (face_ref[b],), (b,)) if kind == "play" else MOVES[me][a][b])
        if state.phase == PLAYING and state.counts[me]:
            apply(state, END_TURN[me])


def _end(hand: int, table: tuple[plan.Pile, ...], turn: Turn) -> tuple:
    """The hand and table `turn` leaves."""
    for step in turn:
        hand, table = plan.after(hand, table, step)
    return hand, table


def _route(hand: int, table: tuple[plan.Pile, ...], turn: Turn) -> dict[tuple, Turn]:
    """What is left of `turn` at each (hand, table) it passes on its way, its end
    included (nothing left: the turn ends there)."""
    route = {}
    for i, step in enumerate(turn):
        route[(hand, table)] = turn[i:]
        hand, table = plan.after(hand, table, step)
    route[(hand, table)] = ()
    return route


def legal_action(wanted: Action, legal) -> Action:
    """The legal action `wanted` stands for: a play of the same cards, with their refs."""
    if isinstance(wanted, Play):
        return next(a for a in legal if isinstance(a, Play)
                    and (a.pile, a.faces) == (wanted.pile, wanted.faces))
    return wanted


def first_action(steps: list[plan.Step], seat: int) -> Action:
    """A plan's first step as an action: a card laid with those after it on the same pile
    (one run, DN4.2), a pile moved, or, with no step, the turn ended. A play carries its
    faces but no refs: `legal_action` finds the legal one of the same cards."""
    if not steps:
        return END_TURN[seat]
    kind, a, b = steps[0]
    if kind == "move":
        return MOVES[seat][a][b]
    faces = [b]
    for kind, pile, face in steps[1:]:
        if kind != "play" or pile != a:
            break
        faces.append(face)
    return Play(seat, a, (), tuple(faces))
