"""Dragon Den: rules in rules.py, the TAIJI deck in cards.py, the bot in bot.py."""

from engine.games.den.bot import GreedyBot
from engine.games.den.hints import HINTERS
from engine.games.den.rules import GAME
from engine.games.den.words import TELLERS
from engine.registry import register
from engine.search import levels

GAME.bots = levels(GreedyBot)
GAME.tellers = TELLERS
GAME.hinters = HINTERS
register(GAME)
