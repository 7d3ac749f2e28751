"""hoard's rules engine: pure rules, no I/O, no clock, no randomness of its own."""

from engine.chance import CHANCE, OpenChance
from engine.errors import BadOption, BadWire, EngineError, IllegalAction, UnknownGame
from engine.game import Game, Option, Outcome, State, Timer
from engine.registry import game_ids, get_game, register
from engine.wire import Action, Event, pack, unpack

__all__ = [
    "CHANCE",
    "Action",
    "BadOption",
    "BadWire",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "OpenChance",
    "Option",
    "Outcome",
    "State",
    "Timer",
    "UnknownGame",
    "game_ids",
    "get_game",
    "pack",
    "register",
    "unpack",
]
