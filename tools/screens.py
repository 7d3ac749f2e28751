"""Screenshots of every scene, from the real window driven headless: `python -m tools.screens`.

Writes lobby-none-found-, lobby-, setup- and rules-<game>-<width>.png, each game's pictures
(tools/shots/<game>.py), a guided turn of each and high contrast (tools/shots/guided.py),
then the night's: a match's end with the night's standings, the leave
question, the lobby offering to resume (and Tonight), the history and that night,
and a replay; at 960×540, 1280×720 and 1920×1080.
The lobby's tables are listings as discovery reports them (one of another protocol
version, greyed); the tables themselves are real tables on this machine with bots.
"""

from __future__ import annotations

import argparse
import importlib
import os
import tempfile
from pathlib import Path

SIZES = {960: (960, 540), 1280: (1280, 720), 1920: (1920, 1080)}
GAMES = ("dragon", "den", "wild", "gold")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screens", description=__doc__)
    parser.add_argument("--out", default="screens", help="folder for the PNGs")
    parser.add_argument("--only", type=int, choices=sorted(SIZES), help="one width only")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game's table (repeatable); the lobby and setup always")
    parser.add_argument("--name", default="Ana",
                        help="this window's player's name (try one in another script: 王小明🐉)")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["HOARD_BOT_THINK"] = "0"
    scratch = tempfile.mkdtemp(prefix="hoard-screens-")
    os.environ["HOARD_CONFIG_DIR"] = f"{scratch}/config"
    os.environ["HOARD_STATE_DIR"] = f"{scratch}/state"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for width, size in SIZES.items():
        if args.only in (None, width):
            for name in shoot(size, out, width, args.game or GAMES, args.name):
                print(name)
    return 0


def shoot(size, out: Path, width: int, games, name: str = "Ana") -> list[str]:
    import pygame

    from client.app import App
    from client.hook import Driver
    from client.settings import Settings, SettingsFile, config_folder
    from engine.registry import game_ids

    SettingsFile(config_folder()).save(Settings(name=name, window=size,
                                                taught=tuple(game_ids())))
    app = App(discovery=False, size=size)
    from client.scenes.lobby import Lobby

    app.push(Lobby(app))
    driver = Driver(app)
    written = []

    def save(name: str) -> None:
        renderer = getattr(app.scene, "renderer", None)
        settled = renderer.settled if renderer is not None else lambda: not app.scene.animating
        driver.wait_for(settled, f"{name} to settle", 10)
        app.dirty = True
        driver.step()
        path = out / f"{name}-{width}.png"
        pygame.image.save(app.screen, str(path))
        written.append(str(path))

    _nothing_found(app, driver, save)
    list_tables(app)
    driver.step(3)
    save("lobby")
    new_dragon_table(app, driver)
    driver.click("bot:2")
    driver.wait_for(lambda: "sit:3" in driver.targets(), "the last seat to stay free")
    driver.click("opt:hands:+")  # a change: the lobby says who made it
    driver.wait_for(lambda: app.session.lobby.changed, "the change to be shown")
    save("setup")
    driver.click("rules")
    for game in game_ids():  # each game's guide, as the Rules screen opens on it
        driver.click(f"game:{game}")
        save(f"rules-{game}")
    driver.click("back")
    for game in games:
        importlib.import_module(f"tools.shots.{game}").shoot(app, driver, save)
    importlib.import_module("tools.shots.guided").shoot(app, driver, save, games)
    _night(app, driver, save)
    app.close()
    return written


def _solo(app, driver, hands: int) -> None:
    from client.scenes.setup import Setup
    from engine.registry import get_game

    driver.click("solo")
    app.scene._solo(get_game("dragon"), 4, (("hands", hands),))
    app.replace(Setup(app))
    driver.wait_for(lambda: app.scene.name == "table", "the table to open", 20)


def _night(app, driver, save) -> None:
    """A match played out (by a bot for Ana) and played again, its end with the night's
    standings, then one left to come back to: the leave question, the lobby's resume offer
    and Tonight, the history, that night's standings and the replay."""
    from net.face.bridge import PlayWith

    _to_lobby(app, driver)
    _solo(app, driver, 1)
    app.session.send(PlayWith("greedy", 0))
    driver.wait_for(lambda: app.session.ending, "the match to end", 120)
    driver.click("again")  # one match more: the night's standings hold two
    driver.wait_for(lambda: app.scene.name == "table" and app.session.view and
                    not app.session.ending, "the next match", 30)
    driver.wait_for(lambda: app.session.ending, "the next match to end", 120)
    save("match-end")
    driver.click("lobby")
    _solo(app, driver, 2)
    driver.wait_for(lambda: app.session.applied >= 30, "step 30", 60)
    driver.click("leave")
    save("leave-question")
    driver.click("leave:later")
    driver.wait_for(lambda: app.scene.name == "lobby", "the lobby")
    save("lobby-resume")
    driver.click("history")
    driver.click("game:1")  # the finished match (the newest is the one left)
    save("history")
    driver.click("night")
    save("history-night")
    driver.click("night")
    driver.click("replay:mine")
    driver.wait_for(lambda: app.scene.moments, "the replay to be read", 30)
    for _ in range(12):
        driver.click("replay:next")
    save("replay")
    driver.click("close")
    driver.click("back")


def _to_lobby(app, driver) -> None:
    from client.scenes.lobby import Lobby

    if app.scene.name != "lobby":
        app.replace(Lobby(app))
    driver.step(2)


def _nothing_found(app, driver, save) -> None:
    """The lobby on a network that blocks multicast: nothing found, a code being typed."""
    driver.wait_for(lambda: app.scene.none_found, "the note that nothing was found", 10)
    driver.click("address")
    driver.type("R2M02-5512B")
    save("lobby-none-found")
    driver.clear_text()


def new_dragon_table(app, driver) -> None:
    """From the lobby: a new Dragon table, this window seated, a bot beside it."""
    driver.click("new")
    driver.click("game:dragon")
    driver.wait_for(lambda: app.session.lobby is not None and app.session.lobby.game,
                    "the new table's lobby")
    driver.click("sit:0")
    driver.click("bot:1")


def list_tables(app) -> None:
    """Tables as discovery would show them (and one of another protocol version)."""
    from net.finding.discovery import Ignored, Listing
    from net.peer.events import TableIgnored, TableSeen

    queue = app.session.bridge.updates
    tables = [("a1", "Friday hoard", "gold", 3, 5, "lobby"),
              ("b2", "Sam's table", "dragon", 2, 4, "lobby"),
              ("c3", "Dorm 4B", "wild", 6, 6, "playing")]
    for key, name, game, taken, total, state in tables:
        listing = Listing(key * 8, name, game, taken, total, state, (("127.0.0.1", 4000),))
        queue.put(TableSeen("appeared", listing))
    queue.put(TableIgnored(Ignored("Bo-s-table-7f3e0c1a", "192.168.1.23 port 4000",
                                   "protocol version 1 (this build speaks 3)", "Bo's table",
                                   "Bo", "0.1.0", 1)))


if __name__ == "__main__":
    raise SystemExit(main())
