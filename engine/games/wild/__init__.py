"""Dragons Wild: rules in rules.py and the modules it names, melds in melds.py, the deck in
cards.py, the bot in bot.py."""

from engine.games.wild.advice import NO_MELDS
from engine.games.wild.bots.bot import GreedyBot
from engine.games.wild.bots.hard import PlannedSearch
from engine.games.wild.cards import FIRST_DRAGON, SUIT_NAMES, number, suit
from engine.games.wild.hints import HINTERS
from engine.games.wild.melds import RUN, new_meld
from engine.games.wild.refusals import Choice
from engine.games.wild.rules import (
    ANSWERING,
    BUYING,
    DRAWING,
    GAME,
    LAYING,
    Added,
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    Bought,
    BuyAsked,
    CardsDealt,
    DeckTurned,
    DeclineToBuy,
    Discard,
    Discarded,
    Draw,
    Drew,
    HandOver,
    MatchOver,
    Meld,
    Melded,
    round_points,
)
from engine.games.wild.views import WildView
from engine.games.wild.why import why
from engine.games.wild.words import TELLERS
from engine.registry import register
from engine.search import levels

# hard is the plan policy checked by a search (bots/hard.py); easy and normal as levels makes them
register(GAME, bots={**levels(GreedyBot), "hard": PlannedSearch}, tellers=TELLERS,
         hinters=HINTERS, reasons=why)

__all__ = [  # the game's public face: what the client may import
    "ANSWERING",
    "BUYING",
    "DRAWING",
    "FIRST_DRAGON",
    "GAME",
    "LAYING",
    "NO_MELDS",
    "RUN",
    "SUIT_NAMES",
    "AddToMeld",
    "Added",
    "AnswerBuyer",
    "AskToBuy",
    "Bought",
    "BuyAsked",
    "CardsDealt",
    "Choice",
    "DeckTurned",
    "DeclineToBuy",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "HandOver",
    "MatchOver",
    "Meld",
    "Melded",
    "WildView",
    "new_meld",
    "number",
    "round_points",
    "suit",
]
