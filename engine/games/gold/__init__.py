"""Dragon's Gold: rules in rules.py and the modules it names, bots in bot.py."""

from engine.games.gold.bot import GreedyBot, NormalBot, PlayoutBot
from engine.games.gold.hints import HINTERS, WAITING
from engine.games.gold.rules import GAME
from engine.games.gold.search import SearchingBot
from engine.games.gold.words import TELLERS
from engine.registry import register

GAME.bots = {"easy": GreedyBot, "normal": NormalBot, "hard": SearchingBot}
GAME.playout_bot = PlayoutBot
GAME.tellers = TELLERS
GAME.hinters = HINTERS
GAME.waiting_words = WAITING
register(GAME)
