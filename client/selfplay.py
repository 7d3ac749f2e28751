"""Play a whole match with bots in every seat and print the log (or --json).

The same seed always gives the same transcript.
"""

from __future__ import annotations

import json
import sys

from engine.bots import bot_kinds, describe_levels, level_word, make_bot
from engine.errors import BadOption
from engine.game import Game, options_from_pairs
from engine.local import play
from engine.registry import game_ids, get_game
from engine.tell import figure, join_words, spectator_names
from engine.wire import to_record


def add_arguments(parser, argv: list[str]) -> None:
    parser.add_argument("game", choices=game_ids(), help="game id")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deal and the bots")
    parser.add_argument("--players", type=int, default=None, help="number of seats")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable); listed below")
    parser.add_argument("--bot", default="easy", metavar="LEVEL",
                        help=f"bot for every seat: {describe_levels()}")
    parser.add_argument("--json", action="store_true", help="print one JSON transcript")
    game = _game_named_in(argv)
    if game is not None:
        parser.epilog = f"{game.name} options: " + "; ".join(o.describe() for o in game.options)


def _game_named_in(argv: list[str]) -> Game | None:
    if len(argv) > 1 and argv[0] == "selfplay" and argv[1] in game_ids():
        return get_game(argv[1])
    return None


def transcript(game: Game, config: dict, seats: int, bot: str, seed: int,
               on_line=None) -> dict:
    """The whole match; `on_line` is called with each log line as it happens, so a match
    that stops on an error has shown how far it got."""
    state = game.setup(config, seats)
    bots = [make_bot(game, bot, seed * 100 + s) for s in range(seats)]
    names = spectator_names(seats)
    actions, log = [], []
    for action, events in play(game, state, bots, seed):
        actions.append(to_record(action))
        lines = game.told(action, events, names)
        log.extend(lines)
        for line in lines if on_line else ():
            on_line(line)
    outcome = game.outcome(state)
    return {
        "game": game.id,
        "seed": seed,
        "players": seats,
        "bot": bot,
        "options": config,
        "actions": actions,
        "log": log,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "final_hash": game.public_hash(state),
    }


def run(args) -> int:
    game = get_game(args.game)
    config, seats = game.configure(options_from_pairs(args.option), args.players)
    if args.bot not in bot_kinds(game):
        raise BadOption(f"no bot {args.bot!r} for {game.name}; bots: {', '.join(bot_kinds(game))}")
    if args.json:
        json.dump(transcript(game, config, seats, args.bot, args.seed), sys.stdout)
        sys.stdout.write("\n")
        return 0
    print(f"{game.name}, {seats} players, {level_word(args.bot)} bots, seed {args.seed}; "
          f"{game.options_words(config)}")
    result = transcript(game, config, seats, args.bot, args.seed, on_line=print)
    names = spectator_names(seats)
    scores = join_words([f"{names.who(s)} {figure(score)}"
                         for s, score in enumerate(result["scores"])])
    print(f"Final scores: {scores}. {names.group_acts(result['winners'], 'win', start=True)}.")
    return 0
