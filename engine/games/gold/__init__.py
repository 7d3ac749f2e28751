"""Dragon's Gold: rules in rules.py and the modules it names, bots in bot.py."""

from engine.games.gold.bot import GreedyBot, PlayoutBot
from engine.games.gold.rules import GAME
from engine.registry import register

GAME.bots = {"greedy": GreedyBot}
GAME.playout_bot = PlayoutBot
register(GAME)
