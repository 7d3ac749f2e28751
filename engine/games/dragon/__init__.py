"""Dragon: rules in rules.py, combinations in combos.py, the bot in bot.py."""

from engine.games.dragon.bot import GreedyBot
from engine.games.dragon.hints import HINTERS
from engine.games.dragon.rules import GAME
from engine.games.dragon.words import TELLERS
from engine.registry import register
from engine.search import levels

GAME.bots = levels(GreedyBot)
GAME.tellers = TELLERS
GAME.hinters = HINTERS
register(GAME)
