"""Dragons Wild's scores: points for every card laid (clause W8), the cards left in hand
counted against their holders at a hand's end (W12), and the end of the match (W13).
"""

from __future__ import annotations

from engine.cards import ref_position
from engine.chance import RevealRequest
from engine.games.wild.cards import DECK, FIRST_DRAGON
from engine.games.wild.moves import HandOver, MatchOver
from engine.games.wild.state import WildState
from engine.games.wild.views import SHOWING
from engine.wire import Event

DRAGON_PENALTY = 3  # W12.2


def round_points(round_number: int) -> int:
    """Clause W8.1: 8 points a card in round 1, one less each round, 1 from round 8 on."""
    return max(1, 9 - round_number)


def end_hand(state: WildState) -> list[Event]:
    """Clause W12.3: the cards left in hand are shown, then counted."""
    state.phase, state.turn = SHOWING, -1
    if state.secret:
        positions = tuple(sorted(ref_position(r) for r in state.secret))
        state.requests.append(RevealRequest(state.hand, positions))
        return []
    return score_hand(state)


def score_hand(state: WildState) -> list[Event]:
    penalties = tuple(
        sum(DRAGON_PENALTY if state.faces[r] >= FIRST_DRAGON else 1 for r in held)
        for held in state.held
    )
    for s, p in enumerate(penalties):
        state.scores[s] -= p
    told = HandOver(state.hand, state.went_out, penalties, tuple(state.scores))
    config = state.config
    cap = config["hands"]
    if config["match"] == "deals":
        done = state.hand >= state.seats
    else:
        done = max(state.scores) >= config["target"]
    last = done or bool(cap and state.hand >= cap)
    return state.close_hand(told, last, MatchOver, state.scores, DECK)
