"""Dragon's Gold: rules in rules.py and the modules it names, bots in bot.py."""

from engine.games.gold.bot import GreedyBot, PlayoutBot
from engine.games.gold.rules import GAME
from engine.registry import register

GAME.bots = {"easy": GreedyBot, "normal": GreedyBot, "hard": GreedyBot}
GAME.playout_bot = PlayoutBot
register(GAME)
