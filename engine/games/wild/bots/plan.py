"""A stronger Dragons Wild policy than the easy bot, for the hard level: the easy bot's
turn (take what makes a meld, lay the most cards, keep what has partners), but it buys
far more and reads the table as well as its hand.

- It buys (W10) any discard in the first rounds: the card and its penalty are two more
  chances of a meld while a card laid scores 8, 7, 6, 5 (W8.1), against a point each
  if still held when the hand ends (W12.2); later, only a card that makes a meld.
  (Against three easy bots this alone took it from 28 % to 60 % of 1,500 matches.)
- It discards the card that leaves the most to lay next turn, all of the hand first
  (to go out, W12.1); then the card worth least: a card is worth its partners in hand,
  counted in full only while the meld they would make may still be completed, and a
  little for each live partner (unseen: in a hand or the deck); a card whose partners
  are all laid or discarded is dead, and goes first.
- Of the lays of the most cards, it keeps its Dragon back when a lay of as many cards
  does without one, then leaves the hand that is worth most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.bots import Bot, Policy
from engine.cards import mask_of
from engine.games.wild import melds
from engine.games.wild.cards import (
    DRAGONS,
    FIRST_DRAGON,
    NUMBER_MASK,
    NUMBERS,
    SUITS,
    number,
    suit,
)
from engine.games.wild.melds import FULL, SET
from engine.games.wild.moves import AddToMeld, AnswerBuyer, AskToBuy, DeclineToBuy, Discard, Meld
from engine.wire import Action

#: the rounds in which any card is worth buying (W8.1: a card laid scores 8, 7, 6, 5)
BUY_ANY_ROUNDS = 4
#: what a live card (unseen: in a hand or the deck) that would partner a card adds to it
LIVE = 0.25


class PlanBot(Bot, Policy):
    """Hard's policy: its default choice, and its own seat's in its playouts."""

    def choose(self, game, obs) -> Action | None:
        return pick(obs.legal, obs.seat, _seen(obs))

    def act(self, game, state, seat) -> Action | None:
        # the state's own melds and pile, read only: this runs at every move of a playout
        faces = state.faces
        seen = Table(state.masks[seat], [faces[r] for r in state.discard], state.melds,
                     state.round, state.may_add(seat))
        return pick(game.legal_actions(state, seat), seat, seen)

    def ranked(self, game, obs) -> list[Action]:
        """The legal actions in the plan's order, its choice first, for the search's
        candidates: in the laying part of a turn its lays and its discards by turns, each
        best first (the next-best lay, and a discard that lays nothing yet, are the
        choices worth weighing against the plan's; a random few would mostly be cards it
        would never throw away); else its choice, then the other."""
        legal, seen = obs.legal, _seen(obs)
        if not legal or not isinstance(legal[0], Discard):
            choice = pick(legal, obs.seat, seen)
            return [choice, *(a for a in legal if a != choice)] if legal else []
        lays = sorted((a for a in legal if isinstance(a, (Meld, AddToMeld))),
                      key=lay_key(seen), reverse=True)
        drops = sorted((a for a in legal if isinstance(a, Discard)),
                       key=discard_key(obs.seat, seen), reverse=True)
        out = []
        for i in range(max(len(lays), len(drops))):
            out += lays[i:i + 1] + drops[i:i + 1]
        return out


def _seen(obs) -> Table:
    view = obs.view
    table = [melds.new_meld(m.owner, m.faces, m.wild_as) for m in view.melds]
    return Table(mask_of(view.cards or ()), view.discard, table, view.round,
                 bool(view.may_add) and view.may_add[obs.seat])


class Table(NamedTuple):
    """What the policy reads: its hand (a mask), the discard pile (faces, top last), the
    melds on the table (read, never changed), the round, and whether it may add to melds
    (W6.2)."""

    hand: int
    discard: Sequence[int]
    melds: Sequence[melds.Meld]
    round: int
    may_add: bool


def pick(legal, seat: int, seen: Table) -> Action | None:
    if not legal:
        return None
    first = legal[0]
    if isinstance(first, (AskToBuy, DeclineToBuy)):
        return AskToBuy(seat) if buys(seen, seen.discard[-1]) else DeclineToBuy(seat)
    if isinstance(first, AnswerBuyer):
        return AnswerBuyer(seat, not helps(seen, seat, seen.discard[-1]))
    if not isinstance(first, Discard):  # drawing: the discard if it helps, else the deck
        take = bool(seen.discard) and helps(seen, seat, seen.discard[-1])
        return next((a for a in legal if a.from_discard == take), first)
    lays = [a for a in legal if isinstance(a, (Meld, AddToMeld))]
    if lays:
        return best_lay(lays, seen)
    return best_discard(legal, seat, seen)


def buys(seen: Table, face: int) -> bool:
    """Clause W10: any card in the first rounds, when a card laid scores most (W8.1) and
    the hand is young; later only a card that makes a new meld. The buy's two cards are
    two more chances of a meld, worth far more early than the point each costs if it is
    still held when the hand ends (W12.2)."""
    return seen.round <= BUY_ANY_ROUNDS or face >= FIRST_DRAGON or makes_meld(seen.hand, face)


def makes_meld(hand: int, face: int) -> bool:
    """Does `face` make a new meld (W5) with cards of `hand`?"""
    bit = 1 << face
    return any(m & bit for m, _ in melds.meld_options(hand | bit))


def helps(seen: Table, seat: int, face: int) -> bool:
    """Does `face` make a new meld with the hand, or fit a meld the seat may add to?"""
    if face >= FIRST_DRAGON or makes_meld(seen.hand, face):
        return True
    has_meld = seen.may_add or any(m.owner == seat for m in seen.melds)
    return has_meld and bool(fits(seen.melds) >> face & 1)


def fits(table: Sequence[melds.Meld]) -> int:
    """The natural cards one of which alone may be added to a meld on the table (W7.1): a
    set's missing suits, a run's next number at either end (where its Dragon stands at
    an end, that number too: the Dragon moves)."""
    out = 0
    for m in table:
        if m.kind == SET:
            out |= NUMBER_MASK[m.key] & ~_laid(m)
            continue
        span = m.naturals | (1 << (m.wild_as - 1) if m.wild >= 0 else 0)
        ends = ((span << 1) | (span >> 1)) & FULL & ~span
        if m.wild >= 0 and not m.wild_fixed():
            ends |= 1 << (m.wild_as - 1)
        out |= ends << (m.key * NUMBERS)
    return out


def best_discard(legal, seat: int, seen: Table) -> Action:
    return max(legal, key=discard_key(seat, seen))


def discard_key(seat: int, seen: Table):
    """What ranks a discard: what it leaves to lay next turn (all of the hand, to go out,
    W12.1, first), then the card worth least, the higher of equals (W12.2 counts it the
    same, and it is the likelier to be dead)."""
    keep = Keeping(seen)
    adds = seen.may_add or any(m.owner == seat for m in seen.melds)
    hand, table = seen.hand, seen.melds
    return lambda a: (*next_lay(hand & ~(1 << a.faces[0]), table, adds),
                      -keep.worth(a.faces[0]), a.faces[0])


def next_lay(hand: int, table: Sequence[melds.Meld], adds: bool) -> tuple[bool, int]:
    """What `hand` may lay in one lay next turn, before any draw: all of it (the seat
    goes out whatever it draws, W12.1), and the most cards."""
    most = 0
    for m, _ in melds.meld_options(hand):
        if m == hand:
            return True, m.bit_count()
        most = max(most, m.bit_count())
    if adds:
        for meld in table:
            if hand & meld.reach:
                for m, _ in melds.addition_options(meld, hand):
                    if m == hand:
                        return True, m.bit_count()
                    most = max(most, m.bit_count())
    return False, most


def best_lay(lays, seen: Table) -> Action:
    # the hand is weighed only between lays of the most cards: a playout's every lay
    most = max(len(a.faces) for a in lays)
    top = [a for a in lays if len(a.faces) == most]
    return top[0] if len(top) == 1 else max(top, key=lay_key(seen))


def lay_key(seen: Table):
    """What ranks a lay: the most cards (W8: each scores now, and fewer are left to go
    out with); of those, one that keeps the Dragon back, then the one leaving the hand
    worth most."""
    keep = Keeping(seen)
    return lambda a: (len(a.faces), a.faces[-1] < FIRST_DRAGON,
                      keep.left_worth(mask_of(a.faces)))


class Keeping:
    """How much each card of the hand is worth keeping, read once per decision."""

    def __init__(self, seen: Table):
        self.hand = seen.hand
        gone = mask_of(seen.discard[:-1])
        for m in seen.melds:  # the naturals laid: no longer anyone's partners
            gone |= _laid(m)
        self.live = ~(gone | seen.hand)  # unseen by this seat: in a hand or the deck

    def worth(self, face: int, hand: int | None = None) -> float:
        """Dragons most; then partners in hand, counted only while the meld they would
        make may still be completed (a third is live, or a Dragon is held); then live
        partners."""
        if face >= FIRST_DRAGON:
            return 100
        hand = self.hand if hand is None else hand
        live, dragon = self.live, bool(hand & DRAGONS)
        k, s = number(face), suit(face)
        same = NUMBER_MASK[k] & ~(1 << face)
        held, free = (hand & same).bit_count(), (live & same).bit_count()
        worth = 3.0 * held if held >= 2 or dragon or free else 0.5 * held
        worth += LIVE * free
        row = (hand >> (s * NUMBERS)) & FULL
        free_row = (live >> (s * NUMBERS)) & FULL
        at = k - 1
        for step in (1, 2):
            for side in (at - step, at + step):
                if 0 <= side < NUMBERS:
                    if row >> side & 1:
                        worth += 2.5 if step == 1 else 1.5
                    elif free_row >> side & 1:
                        worth += LIVE
        return worth

    def left_worth(self, laid: int) -> float:
        """The worth of what a lay leaves in hand."""
        left = self.hand & ~laid
        total, rest = 0.0, left
        while rest:
            bit = rest & -rest
            rest ^= bit
            total += self.worth(bit.bit_length() - 1, left)
        return total


def _laid(meld: melds.Meld) -> int:
    """The natural cards of a meld, as a face mask."""
    if meld.kind == SET:
        return sum(1 << (s * NUMBERS + meld.key - 1) for s in range(SUITS)
                   if meld.naturals >> s & 1)
    return meld.naturals << (meld.key * NUMBERS)
