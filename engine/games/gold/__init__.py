"""Dragon's Gold: rules in rules.py and the modules it names, bots in bot.py."""

from engine.games.gold.bots.bot import GreedyBot, NormalBot, PlayoutBot
from engine.games.gold.bots.search import SearchingBot
from engine.games.gold.components import (
    ADVENTURERS,
    DRAGONS,
    MAGIC_DECK,
    MAGIC_NAMES,
    TARGETS,
    magic_name,
)
from engine.games.gold.flow import CHOOSE, DIVIDE, MARKET, NEGOTIATE, OVER, STEAL, TAKE, Phase
from engine.games.gold.moves import (
    Accept,
    Accepted,
    Agreed,
    Attack,
    Attacked,
    Choose,
    Chose,
    Decline,
    Divide,
    Divided,
    DragonKilled,
    DragonPlaced,
    HoardLost,
    LeaveMarket,
    MagicUsed,
    MarketOpened,
    Offer,
    Propose,
    Proposed,
    Reject,
    Rejected,
    Steal,
    Stole,
    Take,
    TakeOffer,
    Took,
    Traded,
    TreasureDrawn,
    UseMagic,
)
from engine.games.gold.refusals import Choice
from engine.games.gold.rules import GAME
from engine.games.gold.scoring import CATEGORIES
from engine.games.gold.splits import Chain, Offers, Splits
from engine.games.gold.telling.advice import (
    ADVENTURER_FIRST,
    MAGIC_FIRST,
    NO_DRAGON_THERE,
    NO_MORE_OFFERS,
    OFFERS_WAIT,
    SCREEN_UNKNOWN,
    division_words,
    kill_title,
    magic_words,
    turn_words,
)
from engine.games.gold.telling.hints import HINTERS, WAITING
from engine.games.gold.telling.why import why
from engine.games.gold.telling.words import TELLERS, offer_words
from engine.games.gold.tokens import COLOURS, SUPPLY
from engine.games.gold.views import GoldView, SeatScore
from engine.registry import register

GAME.bots = {"easy": GreedyBot, "normal": NormalBot, "hard": SearchingBot}
GAME.playout_bot = PlayoutBot
GAME.tellers = TELLERS
GAME.hinters = HINTERS
GAME.reasons = why
GAME.waiting_words = WAITING
register(GAME)

__all__ = [  # the game's public face: what the client may import
    "ADVENTURERS",
    "ADVENTURER_FIRST",
    "CATEGORIES",
    "CHOOSE",
    "COLOURS",
    "DIVIDE",
    "DRAGONS",
    "GAME",
    "MAGIC_DECK",
    "MAGIC_FIRST",
    "MAGIC_NAMES",
    "MARKET",
    "NEGOTIATE",
    "NO_DRAGON_THERE",
    "NO_MORE_OFFERS",
    "OFFERS_WAIT",
    "OVER",
    "SCREEN_UNKNOWN",
    "STEAL",
    "SUPPLY",
    "TAKE",
    "TARGETS",
    "Accept",
    "Accepted",
    "Agreed",
    "Attack",
    "Attacked",
    "Chain",
    "Choice",
    "Choose",
    "Chose",
    "Decline",
    "Divide",
    "Divided",
    "DragonKilled",
    "DragonPlaced",
    "GoldView",
    "HoardLost",
    "LeaveMarket",
    "MagicUsed",
    "MarketOpened",
    "Offer",
    "Offers",
    "Phase",
    "Propose",
    "Proposed",
    "Reject",
    "Rejected",
    "SeatScore",
    "Splits",
    "Steal",
    "Stole",
    "Take",
    "TakeOffer",
    "Took",
    "Traded",
    "TreasureDrawn",
    "UseMagic",
    "division_words",
    "kill_title",
    "magic_name",
    "magic_words",
    "offer_words",
    "turn_words",
]
