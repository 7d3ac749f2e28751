"""The `hoard` command line. Every command is a module with add_arguments and run.

Bad arguments print one line on stderr and exit 2; no traceback reaches a player.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from engine.errors import EngineError
from net.wire.greeting import APP_VERSION

#: command name -> module that provides add_arguments(parser, argv) and run(args) -> int
COMMANDS = {
    "selfplay": "client.selfplay",
    "peer": "client.peer",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        sys.stderr.write(f"hoard: error: {message}\n")
        raise SystemExit(2)


def build_parser(argv: list[str]) -> _Parser:
    parser = _Parser(prog="hoard", description="A host-less LAN table for dragon card games. "
                     "With no command, opens the window.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--profile", metavar="NAME",
                        help="play as another player on this machine: NAME's own identity, "
                             "settings, games and log (before any command)")
    # not required: `hoard --bogus` is told its option is unknown, not that a command is
    # missing (`hoard` alone opens the window)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        module.add_arguments(sub.add_parser(name, help=module.__doc__.splitlines()[0]), argv)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0].split("=", 1)[0] == "--profile":
        try:
            argv = _use_profile(argv)
        except ValueError as exc:
            sys.stderr.write(f"hoard: error: {exc}\n")
            return 2
    if argv in (["--version"], ["-V"]):
        print(f"hoard {APP_VERSION}")
        return 0
    if not argv:
        from client.app import run_window  # pygame only for the window, not the commands

        return run_window()
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error(f"no command: `hoard` alone opens the window; the commands are "
                     f"{', '.join(COMMANDS)}")
    module = importlib.import_module(COMMANDS[args.command])
    try:
        return module.run(args)
    except EngineError as exc:
        sys.stderr.write(f"hoard: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `hoard ... | head`: the reader left, which is no error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _use_profile(argv: list[str]) -> list[str]:
    """Take `--profile NAME` off the front of argv and switch to that profile's folders."""
    from client.settings import use_profile

    name = argv[0].partition("=")[2]
    rest = argv[1:]
    if not name:
        if not rest:
            raise ValueError("--profile needs a NAME")
        name, rest = rest[0], rest[1:]
    use_profile(name)
    return rest


if __name__ == "__main__":
    sys.exit(main())
