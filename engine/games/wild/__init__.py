"""Dragons Wild: rules in rules.py and the modules it names, melds in melds.py, the deck in
cards.py, the bot in bot.py."""

from engine.games.wild.bot import GreedyBot
from engine.games.wild.hints import HINTERS
from engine.games.wild.rules import GAME
from engine.games.wild.words import TELLERS
from engine.registry import register
from engine.search import levels

GAME.bots = levels(GreedyBot)
GAME.tellers = TELLERS
GAME.hinters = HINTERS
register(GAME)
