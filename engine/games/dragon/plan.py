"""Dragon's planner: plays chosen for the shape of the hand they leave.

A hand is worth what it takes to go out with it: the fewest combinations it splits
into, each counted by how unlikely it is to win its trick (a 2 or a bomb wins one and
so costs nothing: it gives the lead back). `cost` finds that split exactly, on the
hand's count of cards per rank (suits hardly change it), memoised: a search's playouts
meet the same hands again and again.

PlanBot leads the weakest combination of that split (the strong ones wait to take the
lead back), or, once at most one weak one is left, the strong ones first; it beats a
play with the cards whose loss hurts the split least, and passes rather than break it
up or spend a 2 or a bomb, unless someone is about to go out.
"""

from __future__ import annotations

from engine.bots import Bot, Policy
from engine.cards import mask_of
from engine.games.dragon import combos
from engine.games.dragon.bot import DANGER, pick, plays, strength_used
from engine.games.dragon.cards import ACE, TWO
from engine.games.dragon.moves import DeclareDragon, Pass
from engine.games.dragon.views import OPENING, PLAYING
from engine.wire import Action

#: COUNT8[byte]: the card counts of a byte's two ranks, packed 3 bits a rank
COUNT8 = [(b & 15).bit_count() | (b >> 4).bit_count() << 3 for b in range(256)]
#: a play that leaves the split this much worse is still worth the lead it may win
SLACK = 0.5
#: what spending a 2 or a bomb costs when no one is near out: the lead it would take back
CONTROL = 1.0
KING, QUEEN = ACE - 1, ACE - 2


def counts(mask: int) -> int:
    """The hand's cards per rank, 3 bits a rank (rank r at bit 3r)."""
    return (COUNT8[mask & 255] | COUNT8[mask >> 8 & 255] << 6 | COUNT8[mask >> 16 & 255] << 12
            | COUNT8[mask >> 24 & 255] << 18 | COUNT8[mask >> 32 & 255] << 24
            | COUNT8[mask >> 40 & 255] << 30 | COUNT8[mask >> 48 & 15] << 36)


def _set_cost(k: int, r: int) -> float:
    """How unlikely a set of k cards of rank r is to win its trick."""
    if k == 4 or r == TWO:
        return 0.0
    if r == ACE:
        return 0.4 if k == 1 else 0.2
    if r == KING:
        return 0.7 if k == 1 else 0.5
    if k == 3:
        return 0.6 if r >= 5 else 0.9
    return 1.0


def _run_cost(length: int, top: int, double: bool) -> float:
    """How unlikely a run (double run) of `length` ranks up to rank `top` is to win."""
    if double:
        return 0.3
    return min(1.0, max(0.0, 1.0 - (top - 6) / 5 - (length - 3) * 0.1))


SET_COST = [[_set_cost(k, r) if k else 0.0 for r in range(13)] for k in range(5)]
RUN_COST = [[[_run_cost(n, top, d) for top in range(13)] for n in range(13)] for d in (0, 1)]
#: (cost, the first combination of the best split, the counts it leaves) per counts
_MEMO: dict[int, tuple[float, tuple, int]] = {}
MEMO_LIMIT = 200_000


def cost(code: int) -> float:
    """What a hand of these counts costs to go out with (its best split's weak combos)."""
    hit = _MEMO.get(code)
    return hit[0] if hit is not None else _solve(code)[0]


def _solve(code: int) -> tuple[float, tuple, int]:
    """The best split of `code`, by its lowest rank: which combination holds that rank's
    cards (a set of all of them, or a run or double run starting there), and the rest."""
    if code == 0:
        return (0.0, (), 0)
    low = ((code & -code).bit_length() - 1) // 3
    have = code >> 3 * low & 7
    rest = code - (have << 3 * low)
    best = (SET_COST[have][low] + cost(rest), (0, low, have), rest)
    for per in (1, 2):
        if have < per or low > ACE - 2:
            continue
        rest, top = code, low
        while top <= ACE and code >> 3 * top & 7 >= per:
            rest -= per << 3 * top
            n = top - low + 1
            if n >= 3:
                total = RUN_COST[per - 1][n][top] + cost(rest)
                if total < best[0]:
                    best = (total, (per, low, n), rest)
            top += 1
    if len(_MEMO) > MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[code] = best
    return best


def split(code: int) -> list[tuple[int, int, int]]:
    """The best split's combinations: (per, low, n) — a set of n cards of rank `low`
    (per 0), or a run (per 1) or double run (per 2) of n ranks from `low`."""
    out = []
    while code:
        hit = _MEMO.get(code) or _solve(code)
        out.append(hit[1])
        code = hit[2]
    return out


def _combo_cost(part) -> float:
    per, low, n = part
    return SET_COST[n][low] if per == 0 else RUN_COST[per - 1][n][low + n - 1]


def _cards(hand: int, part) -> int:
    """The hand's cards for a combination of the split: the lowest suits of each rank."""
    per, low, n = part
    ranks, take = ((low,), n) if per == 0 else (range(low, low + n), per)
    mask = 0
    for r in ranks:
        nib = hand >> 4 * r & 15
        for _ in range(take):
            low_bit = nib & -nib
            mask |= low_bit << 4 * r
            nib ^= low_bit
    return mask


def lead(hand: int, others: list[int]) -> int:
    """The cards to lead: the split's weakest combination (of the lowest rank, the most
    cards), or its strong ones first when at most one weak one is left (the lead comes
    back for it); never one of as many cards as an opponent holds (it could go out on it)
    while another is left, and with none left the strongest, to keep them from it."""
    parts = split(counts(hand))
    weak = [p for p in parts if _combo_cost(p) > 0.5]
    pool, key = (parts, _weakest) if len(weak) > 1 or len(parts) == 1 else \
        ([p for p in parts if p not in weak], _strongest)
    safe = [p for p in pool if _size(p) not in others] or \
        [p for p in parts if _size(p) not in others]
    return _cards(hand, min(safe, key=key) if safe else min(parts, key=_strongest))


def _size(part) -> int:
    per, _, n = part
    return n if per == 0 else n * per


def _weakest(part):
    return (-_combo_cost(part), part[1], -_size(part))


def _strongest(part):
    return (_combo_cost(part), -(part[1] + (part[2] if part[0] else 0)))


def follow(legal, hand: int, pressed: bool):
    """(mask, action) of the beat that leaves the hand's split cheapest, or None to pass:
    a beat that spends a 2 or bomb, or leaves the split more than SLACK worse, is not
    worth the lead unless someone is near out or it nearly takes this seat out."""
    code = counts(hand)
    keep = cost(code)
    seen: dict[int, tuple] = {}
    for mask, action in plays(legal):
        rank_counts = counts(mask)
        known = seen.get(rank_counts)
        if known is None or mask < known[0]:  # the same ranks in lower suits
            seen[rank_counts] = (mask, action)
    best, best_score = None, None
    for rank_counts, (mask, action) in seen.items():
        left = cost(code - rank_counts)
        score = left
        if not pressed and left > 1.0 and strength_used(mask):
            score += CONTROL
        if best_score is None or score < best_score:
            best, best_score = (mask, action), score
    if best is None or (not pressed and best_score > keep + SLACK):
        return None
    return best


def opening(legal, hand: int):
    """The opening play (it must hold the 3 of Stars, D3.1): the one whose rest splits
    cheapest, of those the longest."""
    code = counts(hand)
    best = min(plays(legal), key=lambda p: (cost(code - counts(p[0])), -p[0].bit_count(), p[0]))
    return best[1] if best[1] is not None else legal.make(best[0])


def decide(legal, seat: int, hand: int, counts_: tuple, phase: str, trick: bool):
    """The plan's action (see the module); the easy bot's where there is no hand to plan
    (a Dragon to show, its window, a hand not known)."""
    if not legal:
        return None
    heads = legal.head if isinstance(legal, combos.Plays) else legal
    if not hand or phase not in (PLAYING, OPENING) or not isinstance(legal, combos.Plays) \
            or len(legal) == len(heads) or any(type(a) is DeclareDragon for a in heads):
        return pick(legal, seat, counts_, trick)
    if phase == OPENING:
        return opening(legal, hand)
    others = [c for s, c in enumerate(counts_) if s != seat and c]
    if not trick:
        return legal.make(lead(hand, others))
    pressed = bool(others) and min(others) <= DANGER
    best = follow(legal, hand, pressed)
    if best is None:
        return next((a for a in heads if type(a) is Pass), legal[0])
    mask, action = best
    return action if action is not None else legal.make(mask)


class PlanBot(Bot, Policy):
    """A player of the hand's shape (see the module): the hard level's default."""

    def choose(self, game, obs) -> Action | None:
        view = obs.view
        hand = mask_of(view.cards) if view.cards else 0
        return decide(obs.legal, obs.seat, hand, view.counts, view.phase, bool(view.trick))

    def act(self, game, state, seat) -> Action | None:
        return decide(game.legal_actions(state, seat), seat, state.masks[seat], state.counts,
                      state.phase, bool(state.trick_plays))

