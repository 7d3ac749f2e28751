"""A whole turn of Dragon Den planned at once: which cards to lay where, which piles to
move, and what to keep back, for the hard bot (engine.games.den.hard.PlannerBot).

A turn is a race for the last card (a hand lasts some ten turns; the first seat out wins
it), so the plan sheds as many cards as it can, but it weighs what the turn leaves on the
table: every top card is an opening for the seats after it (clause DN4.1: the two cards
one rank lower of the other force go on it), and an emptied pile of the cross takes any
card (DN7). An opening is worth nothing to the others when both cards that fit it are
already laid or in this hand; so of two turns that shed alike the plan takes the one
that leaves the others fewer live openings (never a pile that may move off, to leave a
place any card takes), and it keeps a card back when laying it would
open more than a card is worth (`KEEP`). A card kept that a top the turn leaves takes
costs less (`FOLLOW`): the seat may lay it next turn. The hard bot's search weighs the
turns planned at several prices of a kept card against each other.

A table is the hand (a mask of faces) and the piles, each None (empty) or its (first,
top) faces: all the planner needs of DN4-DN7 to follow a pile's moves.
"""

from __future__ import annotations

from engine.games.den.cards import DECK, DECK_MASK, DRAGONS, FITS

FOUNDATIONS = 4  # piles 0-3 form the cross and may move (DN6.1); 4-7 are the corners

#: a card kept costs as much as this many live openings: the plan lays a card that opens
#: fewer more than that for the others, and keeps back one that opens as many (a card
#: opens at most two: the two of one rank lower and the other force)
KEEP = 2.0
#: a kept card that a top of the turn's end takes costs this many openings less: the
#: seat may well lay it next turn, where a card nothing takes waits for the piles to
#: change (against three easy bots, 2,000 whole matches of the plan alone: 32.1 % won
#: with it, 29.1 % without; 29.6 % of the hands, 27.3 % without)
FOLLOW = 0.5
#: going out wins the hand: above any count of cards and openings
OUT = 1000.0
#: the most turn states the planner looks at; past it, it plays what it found
NODES = 1000

Pile = tuple[int, int] | None
#: PARENTS[face]: the faces `face` goes on (the faces whose FITS hold it)
PARENTS = tuple(sum(1 << top for top in DECK if FITS[top] >> face & 1) for face in DECK)
Step = tuple[str, int, int]  # ("play", pile, face) or ("move", source, target)


def table_of(piles) -> tuple[Pile, ...]:
    """The planner's piles from the game's (each a list of faces, bottom first)."""
    return tuple((cards[0], cards[-1]) if cards else None for cards in piles)


def live_faces(piles, hand: int) -> int:
    """The faces another seat may hold or draw: not on a pile, not in `hand`."""
    dead = hand
    for cards in piles:
        for face in cards:
            dead |= 1 << face
    return DECK_MASK & ~dead


def accepts(pile: int, top: Pile) -> int:
    """DN4.1, DN5.1, DN7.1: the faces that may be laid on `pile` now."""
    if top is None:
        return DECK_MASK if pile < FOUNDATIONS else DRAGONS
    return FITS[top[1]]


def openings(table: tuple[Pile, ...], live: int) -> int:
    """How many (pile, live face) openings the table leaves the others. A pile of the
    cross whose first card fits a top may move off (DN6.1), its place then open to any
    card (DN7): as many openings as there are live faces."""
    n = tops = 0
    for p, top in enumerate(table):
        n += (accepts(p, top) & live).bit_count()
        if top is not None:
            tops |= 1 << top[1]
    for pile in table[:FOUNDATIONS]:
        if pile is not None and PARENTS[pile[0]] & tops:
            n += live.bit_count()
    return n


def plan(hand: int, table: tuple[Pile, ...], live: int, keep: float = KEEP,
         nodes: int = NODES) -> list[Step]:
    """The best turn from here: its steps, in order (none: end the turn now), looking at
    `nodes` turn states at most."""
    memo: dict = {}
    _best(hand, table, live, keep, memo, nodes)
    steps: list[Step] = []
    while True:
        step = memo[(hand, table)][1]
        if step is None:
            return steps
        steps.append(step)
        hand, table = after(hand, table, step)


def ends(hand: int, table: tuple[Pile, ...], live: int, keep: float = KEEP,
         nodes: int = NODES) -> list[tuple[float, tuple[Step, ...]]]:
    """The turn ends reachable from here (`nodes` at most, depth first as the plan looks),
    each once, with the worth of ending the turn there and a way to it, best first: the
    hard bot's search weighs the best few as whole turns, so it chooses among the tables a
    turn may leave, not only the plan's."""
    paths: dict[tuple[int, tuple[Pile, ...]], tuple[Step, ...]] = {}

    def visit(hand: int, table: tuple[Pile, ...], path: tuple[Step, ...]) -> None:
        if (hand, table) in paths or len(paths) >= nodes:
            return
        paths[(hand, table)] = path
        if hand:
            for step in _steps(hand, table):
                visit(*after(hand, table, step), (*path, step))

    visit(hand, table, ())
    found = [(OUT if not h else worth_kept(h, t, live, keep), path)
             for (h, t), path in paths.items()]
    found.sort(key=lambda e: -e[0])  # stable: of equal worth, the one found first
    return found


def _best(hand: int, table: tuple[Pile, ...], live: int, keep: float, memo: dict,
          nodes: int) -> float:
    """The worth of the best turn's end from (hand, table), memoised with its first step."""
    key = (hand, table)
    found = memo.get(key)
    if found is not None:
        return found[0]
    if not hand:
        memo[key] = (OUT, None)
        return OUT
    best, first = worth_kept(hand, table, live, keep), None
    if len(memo) < nodes:
        for step in _steps(hand, table):
            worth = _best(*after(hand, table, step), live, keep, memo, nodes)
            if worth > best:
                best, first = worth, step
    memo[key] = (best, first)
    return best


def worth_kept(hand: int, table: tuple[Pile, ...], live: int, keep: float) -> float:
    """What ending the turn here is worth: each card kept costs `keep` openings, less
    `FOLLOW` where a top takes it, and the openings left the others count against."""
    takes = 0
    for top in table:
        if top is not None:
            takes |= FITS[top[1]]
    return -keep * hand.bit_count() + FOLLOW * (hand & takes).bit_count() \
        - openings(table, live)


def _steps(hand: int, table: tuple[Pile, ...]):
    """Every single card laid and every pile moved that the rules allow now. Empty piles
    of a kind are alike, so a card is tried in the first of them only."""
    tried_empty = [False, False]  # an empty foundation, an empty corner
    for p, top in enumerate(table):
        if top is None:
            corner = p >= FOUNDATIONS
            if tried_empty[corner]:
                continue
            tried_empty[corner] = True
        fits = hand & accepts(p, top)
        while fits:
            bit = fits & -fits
            fits ^= bit
            yield ("play", p, bit.bit_length() - 1)
    for q in range(FOUNDATIONS):
        source = table[q]
        if source is None:
            continue
        for p, target in enumerate(table):
            if p != q and target is not None and FITS[target[1]] >> source[0] & 1:
                yield ("move", q, p)


def after(hand: int, table: tuple[Pile, ...], step: Step) -> tuple[int, tuple[Pile, ...]]:
    """The hand and table once `step` is made (the hard bot follows its turn by them)."""
    kind, a, b = step
    piles = list(table)
    if kind == "play":
        top = piles[a]
        piles[a] = (b, b) if top is None else (top[0], b)
        return hand & ~(1 << b), tuple(piles)
    source, target = piles[a], piles[b]
    piles[b], piles[a] = (target[0], source[1]), None
    return hand, tuple(piles)
