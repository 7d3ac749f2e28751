"""Dragon: rules in rules.py, combinations in combos.py, the easy bot in bot.py, the
planner in plan.py and the hard bot (the plan checked by a search) in hard.py."""

from engine.games.dragon.advice import table_words, waiting_words
from engine.games.dragon.bot import GreedyBot
from engine.games.dragon.cards import rank, suit
from engine.games.dragon.hard import PlannedSearch
from engine.games.dragon.hints import HINTERS
from engine.games.dragon.moves import (
    CardsDealt,
    DeclareDragon,
    DragonDeclared,
    HandOver,
    MatchOver,
    Pass,
    Passed,
    Play,
    Played,
    TrickWon,
)
from engine.games.dragon.rules import GAME
from engine.games.dragon.views import DRAGON_STAGE, OPENING, OVER, DragonView
from engine.games.dragon.why import why
from engine.games.dragon.words import TELLERS, gains, how_won
from engine.registry import register
from engine.search import levels

# easy and normal as every dealing game's; hard plays the plan (engine.games.dragon.hard)
register(GAME, bots={**levels(GreedyBot, to_win=True), "hard": PlannedSearch},
         tellers=TELLERS, hinters=HINTERS, reasons=why)

__all__ = [  # the game's public face: what the client may import
    "DRAGON_STAGE",
    "GAME",
    "OPENING",
    "OVER",
    "CardsDealt",
    "DeclareDragon",
    "DragonDeclared",
    "DragonView",
    "HandOver",
    "MatchOver",
    "Pass",
    "Passed",
    "Play",
    "Played",
    "TrickWon",
    "gains",
    "how_won",
    "rank",
    "suit",
    "table_words",
    "waiting_words",
]
