"""Dragon Den's hard bot: a planned turn (engine.games.den.plan), checked by a search.

PlannerBot plays the turn the planner finds best. PlannedSearch, the hard level, takes
the plan's next step as its default and weighs it against the easy bot's likeliest
moves (ending the turn among them) in worlds dealt by what each seat's turn ends said
of its hand (engine.games.den.clues: a seat that ended its turn held nothing the piles
took), played out by the easy bot, whose quick turns buy worlds (the plan in its own
seat there cost two worlds in three); another move wins over the plan's only when it
clearly does better there.
"""

from __future__ import annotations

from engine.bots import Bot
from engine.cards import mask_of
from engine.games.den import plan
from engine.games.den.bot import GreedyBot, pick, ranked
from engine.games.den.rules import END_TURN, MOVES, Play
from engine.search import SearchBot
from engine.wire import Action

#: the turn states hard's plan looks at: past a few hundred its choice hardly changes, and
#: the time goes to the search
CHOICE_NODES = 300


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
        wanted = first_action(self.steps(mask_of(view.cards), view.piles), obs.seat)
        if isinstance(wanted, Play):  # the legal action of the same cards, with their refs
            return next(a for a in obs.legal if isinstance(a, Play)
                        and (a.pile, a.faces) == (wanted.pile, wanted.faces))
        return wanted

    def steps(self, hand: int, piles) -> list[plan.Step]:
        return plan.plan(hand, plan.table_of(piles), plan.live_faces(piles, hand), self.keep,
                         self.nodes)


class PlannedSearch(SearchBot):
    """Hard: the plan's next step unless the search finds another clearly better."""

    def __init__(self, seed: int = 0, **search):
        super().__init__(seed, easy=GreedyBot, **{"budget": 0.16, "stretch": 1.6, "width": 8,
                                                   **search})
        self.easy = PlannerBot(seed, nodes=CHOICE_NODES)

    def candidates(self, game, obs, fallback: Action) -> list[Action]:
        """The plan's step, then the moves worth a world, in the easy bot's order: each
        run at its longest (one per pile and first card: where a run stops is the plan's
        to weigh), each pile move, and ending the turn, which is always one."""
        out, heads = [fallback], {_head(fallback)}
        for action in ranked(obs.legal, obs.view.piles):
            head = _head(action)
            if head not in heads:
                heads.add(head)
                out.append(action)
        end = END_TURN[obs.seat]
        out = out[:self.width]
        return out if end in out else [*out[:self.width - 1], end]


def _head(action: Action) -> tuple:
    """What tells two candidates apart: a play's pile and first card, or the action."""
    return (action.pile, action.faces[0]) if isinstance(action, Play) else (action,)


def first_action(steps: list[plan.Step], seat: int) -> Action:
    """A plan's first step as an action: a card laid with those after it on the same pile
    (one run, DN4.2), a pile moved, or, with no step, the turn ended. A play carries its
    faces but no refs: PlannerBot.choose finds the legal one of the same cards."""
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
