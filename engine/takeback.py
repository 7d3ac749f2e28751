"""What a player may take back, on Board Game Arena's policy: only their own last action,
only while it is still the last thing that happened at the table — before the next player
has acted, before any card was dealt or turned up, any deck shuffled, any roll made or any
timer ran out — and never one that ended the hand or the match, nor one the game calls
final (Dragon's Gold: the accept that closes a negotiation).

The engine decides, the table asks (net.table.takeback): `Game.takeback_refusal` gives the
reason as a `NoTakeBack`, in words a player reads ("Bo has played since"), or None.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.chance import (
    CHANCE,
    DealRequest,
    Dealt,
    RevealCardsRequest,
    Revealed,
    RevealedCards,
    RevealRequest,
    Rolled,
    RollRequest,
    Shuffled,
    ShuffleRequest,
    TimeUp,
)
from engine.errors import NoTakeBack
from engine.wire import Action

# the clauses, as NoTakeBack.clause names them
NOTHING = "nothing"  # no action of the seat's own to take back
NOT_LAST = "not-last"  # the seat's action is not the last one it made (one step back only)
PLAYED_SINCE = "played-since"  # another player has acted since
CHANCE_SINCE = "chance-since"  # a card was dealt or turned up, a deck shuffled, a roll made
TIMER_ENDED = "timer-ended"  # a timer ran out since
CHANCE_DUE = "chance-due"  # the action called for chance, which is under way
HAND_OVER = "hand-over"  # the action ended the hand (its deck is done, the next deal is due)
MATCH_OVER = "match-over"
FINAL = "final"  # the game calls the action final (a negotiation it closed)

#: what a chance answer did, as the refusal says it
CHANCE_WORDS = {Dealt: "a card was dealt since", Revealed: "a card was turned face up since",
                RevealedCards: "a card was turned face up since",
                Shuffled: "the cards were shuffled since", Rolled: "a draw was made since"}
#: what the chance an action called for does, as the refusal says it while it is under way
DUE_WORDS = {DealRequest: "a card is being dealt", RevealRequest: "a card is being turned up",
             RevealCardsRequest: "a card is being turned up",
             ShuffleRequest: "the cards are being shuffled", RollRequest: "a draw is being made"}


def takeback_refusal(game, seat: int, history: Sequence[Action], before, after
                     ) -> NoTakeBack | None:
    """Why `seat` may not take back its last action, `history[-1]`, or None: `game` is the
    engine.game.Game (which imports this module), `after` the state now and `before` the
    state the table kept from just before that action (None when it kept none: a seat
    changed hands, or that action was taken back already)."""
    if not any(action.seat == seat for action in reversed(history)):
        return NoTakeBack(NOTHING, "{who} made no move to take back", seat)
    last = history[-1]
    if last.seat == CHANCE:
        if isinstance(last, TimeUp):
            return NoTakeBack(TIMER_ENDED, "the timer ran out since")
        return NoTakeBack(CHANCE_SINCE, CHANCE_WORDS.get(type(last), "chance was drawn since"))
    if last.seat != seat:
        return NoTakeBack(PLAYED_SINCE, "{who} has played since", last.seat)
    if before is None:
        return NoTakeBack(NOT_LAST, "only the last move can be taken back, once")
    if game.outcome(after) is not None:
        return NoTakeBack(MATCH_OVER, "the match is over")
    due = game.chance_request(after)
    if due is not None:
        return NoTakeBack(CHANCE_DUE, DUE_WORDS.get(type(due), "chance is being drawn"))
    if game.finished_decks(after) != game.finished_decks(before):
        return NoTakeBack(HAND_OVER, "it ended the hand")
    final = game.final(before, after)
    return None if final is None else NoTakeBack(FINAL, final)
