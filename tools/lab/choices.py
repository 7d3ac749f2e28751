"""How one bot chooses beside others at the very same observations: `python -m
tools.lab.choices --game dragon --watch baseline --with hard --against easy,plan
[--matches N] [--seed S] [--one-hand]`. Prints one JSON object.

A searching bot plays the other seats of its worlds by a cheap policy (the easy bot, a
plan), so its search is as good as that policy's guess of what those seats will do. This
says how far the guess is off. It plays the bench's table — one seat of `--with` (its seat
turning round the table from match to match) and `--watch` in the others — and at each
choice a watched seat makes among two or more legal actions, asks each `--against` bot
what it would choose at the very same observation. Per situation it counts the choices,
how often each of those bots chose the same, and the kinds of action each chose.

Dragon's situations are leading or following a play, with a seat near out (the easy bot's
DANGER: that many cards or fewer) or not, and an action's kind is a pass or a play by its
card count, "+2" where it spends a 2 or a bomb; another game's situation is the kinds of
action that are legal, an action's kind its type.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict

from engine.bots import bot_kinds
from engine.cards import mask_of
from engine.games.dragon.bot import DANGER, strength_used
from engine.games.dragon.rules import Pass, Play
from engine.local import play
from engine.registry import game_ids, get_game
from tools.bench.bots import PLANNERS, match_options, match_players, searcher


def kind(game, action) -> str:
    """What sort of action `action` is, in the words of the tool's report."""
    if game.id != "dragon":
        return type(action).__name__
    if type(action) is Pass:
        return "pass"
    if type(action) is not Play:
        return type(action).__name__
    spends = strength_used(mask_of(action.faces))
    return f"{len(action.faces)} card{'s' * (len(action.faces) > 1)}{' +2' * bool(spends)}"


def situation(game, obs) -> str:
    """Where a choice is made: Dragon's lead or follow, a seat near out or not; another
    game's legal kinds of action."""
    if game.id != "dragon":
        return "|".join(sorted({type(a).__name__ for a in obs.legal}))
    view = obs.view
    others = [c for s, c in enumerate(view.counts) if s != obs.seat and c]
    near = bool(others) and min(others) <= DANGER
    return f"{'follow' if view.trick else 'lead'}, {'a seat near out' if near else 'none near out'}"


class Watched:
    """A bot whose every choice among two or more actions is set beside the `against`
    bots' at the same observation, counted into `counts` by situation."""

    def __init__(self, bot, against: dict, counts: dict):
        self.bot, self.against, self.counts = bot, against, counts
        self.wants_worlds = bot.wants_worlds

    def choose(self, game, obs):
        chosen = self.bot.choose(game, obs)
        if chosen is None or len(obs.legal) < 2:
            return chosen
        count = self.counts[situation(game, obs)]
        count["choices"] += 1
        count["watched"][kind(game, chosen)] += 1
        for name, bot in self.against.items():
            theirs = bot.choose(game, obs)
            count["same as " + name] += theirs == chosen
            count[name][kind(game, theirs)] += 1
        return chosen


def new_count(against: list[str]) -> dict:
    return {"choices": 0, "watched": Counter(),
            **{f"same as {name}": 0 for name in against}, **{name: Counter() for name in against}}


def run(args) -> dict:
    game = get_game(args.game)
    against = args.against.split(",")
    counts: dict[str, dict] = defaultdict(lambda: new_count(against))
    config, seats = game.configure(match_options(game, args.one_hand), 4)
    for n in range(args.matches):
        seed, host, bots = match_players(game, args.with_, args.watch, args.seed, n, seats)
        # each asked bot seeded as it would be in that seat
        asked = {name: match_players(game, name, name, args.seed, n, seats)[2]
                 for name in against}
        for s, bot in enumerate(bots):
            if args.stretch is not None and searcher(bot) is not None:
                searcher(bot).stretch = args.stretch
            if s != host:
                bots[s] = Watched(bot, {name: asked[name][s] for name in against}, counts)
        state = game.setup(config, seats)
        for _ in play(game, state, bots, seed):
            pass
        print(f"match {n + 1} of {args.matches}", file=sys.stderr, flush=True)
    return {"lab": "choices", "game": args.game, "watch": args.watch, "with": args.with_,
            "against": against, "matches": args.matches, "seed": args.seed,
            "situations": {where: _plain(count) for where, count in sorted(counts.items())}}


def _plain(count: dict) -> dict:
    """A situation's count as JSON: kinds most chosen first."""
    return {key: dict(value.most_common()) if isinstance(value, Counter) else value
            for key, value in count.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.choices", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="dragon", choices=game_ids())
    parser.add_argument("--watch", default="baseline",
                        help="the level watched (a level, the bench's baseline or plan)")
    parser.add_argument("--with", dest="with_", default="hard",
                        help="the level of the one other seat, as the bench's pairing")
    parser.add_argument("--against", default="easy,plan",
                        help="the bots asked at each watched choice, comma-separated")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stretch", type=float, default=10.0,
                        help="the searches' wall clock, times their CPU budget (the bench's)")
    parser.add_argument("--one-hand", action="store_true", help="one hand a match")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    known = players(get_game(args.game))
    for level in (args.watch, args.with_, *args.against.split(",")):
        if level not in known:
            parser.error(f"no player {level!r} for {args.game}; players: {', '.join(known)}")
    print(json.dumps(run(args)))


def players(game) -> list[str]:
    """What may sit at the tool's table or be asked: the bots, the bench's baseline and,
    where the game's hard bot has one, its plan."""
    return [*bot_kinds(game), "baseline", *(["plan"] if game.id in PLANNERS else [])]


if __name__ == "__main__":
    main()
