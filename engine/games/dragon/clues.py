"""What a Dragon seat's passes and plays say of its hand, for a search bot's sampled worlds.

People and the easy bot alike keep 2s and bombs for need, so the plays below are read
as a thrifty player's:

- a seat that passed on a trick it could have beaten with a combination of the same
  kind holding no 2 likely holds no such combination;
- a seat that led a combination holding no 2 (and no bomb) likely held no longer one,
  nor one as long with a lower top card: it sheds long and low first;
- a seat that beat a trick with such a combination likely held none of the same kind
  that beat it with a lower top card: it beats with the least it can.

Its hand now is what it held then, less what it played since, so a hand now that holds
what it would have played instead contradicts the pass or the play.

Not every player is thrifty: one that searches, or plays by hunch, passes holding a cheap
beat. What a seat plays later in the hand it held at the clue (a hand only shrinks), so its
later plays may prove a clue false; a seat's clues count for less the more of them its
own plays proved false (`Clue.keep`), and not at all once most were.
"""

from __future__ import annotations

from functools import partial

from engine.cards import faces_of, mask_of
from engine.games.dragon import combos
from engine.games.dragon.moves import HandOver, HandStarted, Passed, Played, TrickWon
from engine.hands import KEEP, Clue

#: before the history shows a trick's start, what is on the table is not known
UNKNOWN = ("unknown",)
#: the highest rank a run may reach (2s stand only in sets, D4)
ACE_RANK = 11


def pass_clues(history, overchop: bool) -> list[Clue]:
    """A clue per pass on a trick, and per thrifty lead or beat, in this hand of `history`
    (a seat's observation's public events), each weighed by how often its seat's earlier
    clues in `history` held (`_trust`)."""
    hands = _read(history, overchop)
    keep = _trust(hands)
    return [Clue(seat, says, keep[seat]) for seat, says, _ in hands[-1][0] if keep[seat] < 1]


def _read(history, overchop: bool):
    """Per hand in `history`: its clues as (seat, contradicts, plays before it) and its
    plays as (seat, mask), in order."""
    hands: list[tuple[list, list]] = []
    clues, plays = [], []
    top = None
    table = UNKNOWN  # (combo, was it a chop) on the table; None: the next play leads
    opening = False  # the hand's first lead may have to hold the 3 of Stars (D3)
    out: set[int] = set()
    for event in history:
        kind = type(event)
        if kind is Played:
            mask = mask_of(event.faces)
            combo = combos.classify(mask)
            if not event.chop and _thrifty(mask) and not (opening and table is None):
                clue = _lead_clue(mask) if table is None else \
                    _beat_clue(mask, table[0]) if table is not UNKNOWN and not table[1] \
                    else None
                if clue is not None:
                    clues.append((event.seat, clue, len(plays) + 1))
            plays.append((event.seat, mask))
            opening, table = False, (combo, event.chop)
            top = combo if overchop or not event.chop or combo[0] == combos.BOMB else None
        elif kind is TrickWon:
            top, out, table = None, set(), None
        elif kind is HandStarted or kind is HandOver:  # a new deal: the old says nothing
            clues, plays, top, out, table = [], [], None, set(), None
            hands.append((clues, plays))
            opening = kind is HandStarted and event.leader < 0
        elif kind is Passed:
            # a seat that passed is out of the trick (D7.2): its later passes say nothing
            if top is not None and event.seat not in out and not combos.is_two_set(top):
                clues.append((event.seat, partial(_could_beat, top), len(plays)))
            out.add(event.seat)
    if not hands or hands[-1][0] is not clues:  # no deal began in the history
        hands.append((clues, plays))
    return hands


#: the share of a seat's tested clues its own plays proved false at which its clues say
#: nothing. Measured in whole matches at a hard seat's decisions: the easy bot's clues are
#: never proved false; normal's 0-15 %, and the true deal contradicts its beat clues a
#: tenth as often as a deal at random does (1 % against 13 %); a plain flat search's (a
#: seat that beats and leads by what its playouts find, not by thrift) 20-60 %, and the
#: true deal contradicts its clues nearly as often as a random one (21 % against 27 % of
#: beats, 15 % against 19 % of passes, 37 % against 39 % of leads): worlds kept at one in
#: three or five against them are further from the truth than worlds dealt at random
SAYS_NOTHING = 0.2


def _trust(hands) -> list[float]:
    """Per seat, the chance a world contradicting one of its clues is kept: KEEP while its
    plays bore its clues out; nearer 1 the larger the share they proved false, and 1 (the
    clues are dropped) once SAYS_NOTHING of them were."""
    seats = 1 + max((seat for clues, plays in hands for seat, *_ in [*clues, *plays]),
                    default=0)
    tested, false = [0] * seats, [0] * seats
    for clues, plays in hands:
        for seat, says, before in clues:
            # its later thrifty plays: a thrifty player spends 2s and bombs at need
            later = 0
            for s, mask in plays[before:]:
                if s == seat and _thrifty(mask):
                    later |= mask
            if later:
                tested[seat] += 1
                false[seat] += says(dict(enumerate(faces_of(later))))
    return [_keep(t, f) for t, f in zip(tested, false, strict=True)]


def _keep(tested: int, false: int) -> float:
    """A seat's `keep` once its plays tested `tested` of its clues and proved `false` of them
    false (`_trust`)."""
    if not tested:
        return KEEP
    share = false / tested / SAYS_NOTHING
    return 1.0 if share >= 1 else KEEP ** (1 - share)


def _thrifty(mask: int) -> bool:
    """A combination that spends no strength: no 2, and not a bomb."""
    low, high = ((mask & -mask).bit_length() - 1) >> 2, (mask.bit_length() - 1) >> 2
    return not mask & combos.ALL_TWOS and not (mask.bit_count() == 4 and low == high)


def _lead_clue(mask: int):
    return partial(_could_lead_before, mask.bit_count(), mask.bit_length() - 1)


def _beat_clue(mask: int, trick):
    return partial(_could_beat_lower, trick, mask.bit_length() - 1)


def _could_beat(top, hand: dict[int, int]) -> bool:
    return combos.can_follow(mask_of(hand.values()) & ~combos.ALL_TWOS, top)


def _could_lead_before(size: int, top: int, hand: dict[int, int]) -> bool:
    """Would the thrifty leader have led something else from a hand holding `hand`: a
    longer thrifty combination, or one as long below the top card it led?"""
    held = mask_of(hand.values()) & ~combos.ALL_TWOS
    return _longest(held) > size or _longest(held & ((1 << top) - 1)) >= size


def _could_beat_lower(trick, top: int, hand: dict[int, int]) -> bool:
    """Would the thrifty player have beaten `trick` with a lower combination of its kind?"""
    return combos.can_follow(mask_of(hand.values()) & ~combos.ALL_TWOS & ((1 << top) - 1),
                             trick)


def _longest(mask: int) -> int:
    """The most cards a thrifty combination in `mask` (which holds no 2) takes: a set of
    up to three (four would be a bomb), a run, or a double run."""
    counts = [(mask >> (4 * r) & 15).bit_count() for r in range(ACE_RANK + 1)]
    best = min(3, max(counts))
    for least, per in ((1, 1), (2, 2)):
        span = 0
        for c in counts:
            span = span + 1 if c >= least else 0
            if span >= 3:
                best = max(best, per * span)
    return best
