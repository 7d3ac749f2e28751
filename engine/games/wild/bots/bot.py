"""A baseline Dragons Wild bot: buy or take the discard when it makes or extends a meld,
lay down as many cards as it can, and discard the card that helps least."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.bots import Bot, Policy
from engine.cards import mask_of
from engine.games.wild import melds
from engine.games.wild.cards import FIRST_DRAGON, NUMBER_MASK, number, suit, suit_bits
from engine.games.wild.moves import AddToMeld, AnswerBuyer, AskToBuy, DeclineToBuy, Discard, Meld
from engine.wire import Action


class GreedyBot(Bot, Policy):
    """Easy: take or buy what makes a meld, lay all it can, keep what has partners. As a
    Policy it plays sampled worlds."""

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        table = [melds.new_meld(m.owner, m.faces, m.wild_as) for m in view.melds]
        return _pick(obs.legal, obs.seat, Seen(mask_of(view.cards or ()), view.discard, table))

    def act(self, game, state, seat) -> Action | None:
        # the state's own melds, not copies: a search's playouts run this at every move,
        # and it only reads them
        seen = Seen(state.masks[seat], [state.faces[r] for r in state.discard[-1:]],
                    state.melds)
        return _pick(game.legal_actions(state, seat), seat, seen)


class Seen(NamedTuple):
    """What the bot looks at: its hand (a mask), the discard pile and the melds on the
    table (read, never changed)."""

    hand: int
    discard: Sequence[int]
    melds: Sequence[melds.Meld]


def _pick(legal, seat: int, seen: Seen) -> Action | None:
    if not legal:
        return None
    hand = seen.hand
    first = legal[0]
    if isinstance(first, (AskToBuy, DeclineToBuy)):
        wanted = _helps(seen, seat, hand, seen.discard[-1])
        return AskToBuy(seat) if wanted else DeclineToBuy(seat)
    if isinstance(first, AnswerBuyer):
        return AnswerBuyer(seat, not _helps(seen, seat, hand, seen.discard[-1]))
    if not isinstance(first, Discard):  # drawing: the discard if it helps, else the deck
        take = bool(seen.discard) and _helps(seen, seat, hand, seen.discard[-1])
        return next((a for a in legal if a.from_discard == take), first)
    lays = [a for a in legal if isinstance(a, (Meld, AddToMeld))]
    if lays:
        return max(lays, key=lambda a: len(a.faces))
    return min(legal, key=lambda a: (_worth(seen, seat, hand, a.faces[0]), -a.faces[0]))


def _helps(seen: Seen, seat: int, hand: int, face: int) -> bool:
    """Does `face` make a new meld with the hand, or fit a meld the seat may add to?"""
    if face >= FIRST_DRAGON:
        return True
    bit = 1 << face
    if any(m & bit for m, _ in melds.meld_options(hand | bit)):
        return True
    has_meld = any(m.owner == seat for m in seen.melds)
    return has_meld and any(melds.addition_options(m, bit) for m in seen.melds)


def _worth(seen: Seen, seat: int, hand: int, face: int) -> int:
    """How much keeping a card is worth: Dragons most, then cards with partners."""
    if face >= FIRST_DRAGON:
        return 100
    partners = (hand & NUMBER_MASK[number(face)]).bit_count() - 1
    near = suit_bits(hand, suit(face)) & (0x1F << max(0, number(face) - 3)) >> 2
    worth = 2 * partners + near.bit_count()
    if any(m.owner == seat for m in seen.melds):
        worth += 3 * any(melds.addition_options(m, 1 << face) for m in seen.melds)
    return worth
