"""Dragon Den: rules in rules.py, the TAIJI deck in cards.py, the bots in bot.py (easy)
and hard.py (hard, with its turn planner, plan.py)."""

from engine.games.den.bot import GreedyBot
from engine.games.den.cards import rank
from engine.games.den.hard import PlannedSearch
from engine.games.den.hints import HINTERS
from engine.games.den.rules import (
    FOUNDATIONS,
    GAME,
    PILE_NAMES,
    CardsDealt,
    DenView,
    Drew,
    Drop,
    EndTurn,
    HandOver,
    MatchOver,
    MovePile,
    PileMoved,
    Play,
    Played,
    TurnEnded,
)
from engine.games.den.why import why
from engine.games.den.words import TELLERS, how_won
from engine.registry import register
from engine.search import levels

register(GAME, bots={**levels(GreedyBot), "hard": PlannedSearch}, tellers=TELLERS,
         hinters=HINTERS, reasons=why)

__all__ = [  # the game's public face: what the client may import
    "FOUNDATIONS",
    "GAME",
    "PILE_NAMES",
    "CardsDealt",
    "DenView",
    "Drew",
    "Drop",
    "EndTurn",
    "HandOver",
    "MatchOver",
    "MovePile",
    "PileMoved",
    "Play",
    "Played",
    "TurnEnded",
    "how_won",
    "rank",
]
