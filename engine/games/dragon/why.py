"""Why a suggested Dragon action is good, read off the seat's own view (Game.why): 'it beats
the trick with your lowest pair that does, and keeps your 2s', 'it sheds 5 cards at once'.

Every clause is a fact of the seat's hand and the trick (clauses D4-D9), so a guided game
teaches what the rules make worth doing: beat cheaply, shed long, hold the 2s and bombs."""

from __future__ import annotations

from engine.cards import faces_of, mask_of
from engine.games.dragon import combos
from engine.games.dragon.cards import TWO, rank_words
from engine.games.dragon.combos import ALL_TWOS, BOMB, KIND_NAMES, classify, play_words
from engine.games.dragon.rules import DeclareDragon, Pass, Play, is_dragon
from engine.games.dragon.views import DRAGON_STAGE, LEAD_WITH_THREE, OPENING, DragonView
from engine.tell import Names, count, join_words

#: an opponent with this many cards or fewer is about to go out (as the bots reckon it)
ABOUT_TO_GO_OUT = 3
#: D9.2: what a Dragon shown does
DRAGON_WINS = "a Dragon shown on your first turn wins the whole pot at once"


def why(action, view: DragonView, names: Names) -> str:
    """The reasons for `action` at `names.listener`'s seat, or "" where its hand is unknown."""
    if view.cards is None or names.listener is None:
        return ""
    hand = mask_of(view.cards)
    if type(action) is DeclareDragon:
        return DRAGON_WINS
    if type(action) is Pass:
        return _pass(view, hand)
    if type(action) is Play:
        return _play(mask_of(action.faces), view, hand, names)
    return ""


def _play(mask: int, view: DragonView, hand: int, names: Names) -> str:
    kind, size, top = classify(mask) or (0, mask.bit_count(), mask.bit_length() - 1)
    if mask == hand:
        return "it is the last of your hand: you go out"
    if view.phase == OPENING:
        said = LEAD_WITH_THREE if size == 1 else \
            f"it sheds {count(size, 'card')}, and {LEAD_WITH_THREE}"
    elif not view.trick:
        said = _lead(mask, kind, size, top, hand)
    else:
        said = _follow(mask, kind, top, view, hand) + _pressing(view, names)
    kept = _kept(mask, hand)
    return f"{said}; it keeps {kept}" if kept else said


def _lead(mask: int, kind: int, size: int, top: int, hand: int) -> str:
    """D5.1: a leader plays anything; long plays shed cards, low ones keep the high."""
    longest = max(m.bit_count() for m in combos.Plays(combos.all_plays(hand & ~ALL_TWOS))) \
        if hand & ~ALL_TWOS else size
    if size > 1 and size >= longest:
        return f"it leads your longest play, {count(size, 'card')} at once"
    lowest = min(_same_kind(combos.Plays(combos.all_plays(hand)), kind, size))
    if top == lowest:
        return f"it leads your lowest {KIND_NAMES[kind]}, keeping the higher cards to win " \
               "tricks later"
    return f"it leads a {KIND_NAMES[kind]} and sheds {count(size, 'card')}"


def _follow(mask: int, kind: int, top: int, view: DragonView, hand: int) -> str:
    """D5.2, D6: beat the last play, as cheaply as the hand allows."""
    last = view.trick[-1].faces
    current = classify(mask_of(last))
    said = play_words(last)
    if current is not None and kind != current[0]:
        return f"it chops {said} with a {KIND_NAMES[kind]}"
    beating = combos.Plays(combos.beating_plays(hand, current, False, True)) \
        if current is not None else ()
    lower = [m for m in beating if _same_kind((m,), kind, mask.bit_count()) and
             m.bit_length() - 1 < top]
    if not lower:
        return f"it is your lowest {KIND_NAMES[kind]} that beats {said}"
    if all(_in_longer(m, hand & ~mask) for m in lower):
        return f"it beats {said} and leaves your lower cards in the runs and sets they make"
    return f"it beats {said}"


def _pressing(view: DragonView, names: Names) -> str:
    """An opponent about to go out is the one to stop (D8: places pay)."""
    close = [s for s, n in enumerate(view.counts)
             if s != names.listener and 0 < n <= ABOUT_TO_GO_OUT]
    if not close:
        return ""
    seat = min(close, key=lambda s: view.counts[s])
    return f", and {names.who(seat)} has only {count(view.counts[seat], 'card')} left"


def _pass(view: DragonView, hand: int) -> str:
    """D7: a pass keeps the hand as it is; say what beating would have cost."""
    if view.phase == DRAGON_STAGE:
        return "your hand holds no Dragon to show" if not is_dragon(hand) \
            else "the Dragon already shown may hold a higher attack card (D9.3)"
    if not view.trick:
        return ""
    current = classify(mask_of(view.trick[-1].faces))
    said = play_words(view.trick[-1].faces)
    beating = list(combos.Plays(combos.beating_plays(hand, current, False, True))) \
        if current is not None else []
    if not beating:
        return f"nothing in your hand beats {said}"
    cheap = [m for m in beating if not _precious(m, hand)]
    if not cheap:
        return f"only your 2s or a bomb beat {said}: keep them for when they win more"
    cheapest = min(cheap, key=lambda m: (m.bit_length(), m))
    return f"it keeps {play_words(faces_of(cheapest))} for later rather than spend it on {said}"


def _kept(mask: int, hand: int) -> str:
    """The 2s and bombs still held after `mask` is played: the hand's power (D6)."""
    kept = []
    twos = (hand & ~mask & ALL_TWOS).bit_count()
    if twos and not mask & ALL_TWOS:
        kept.append(f"your {rank_words(4 * TWO, True)}" if twos > 1 else "your 2")
    bombs = [r for r in range(TWO) if (hand >> (4 * r)) & 15 == 15 and not (mask >> (4 * r)) & 15]
    if bombs:
        kept.append(f"your bomb of {rank_words(4 * bombs[0], True)}")
    return join_words(kept)


def _precious(mask: int, hand: int) -> bool:
    """Does the play spend a 2 or break a bomb?"""
    combo = classify(mask)
    if mask & ALL_TWOS or (combo is not None and combo[0] == BOMB):
        return True
    return any((hand >> (4 * r)) & 15 == 15 for r in {f >> 2 for f in faces_of(mask)})


def _in_longer(mask: int, hand: int) -> bool:
    """Is some card of `mask` part of a longer play `hand` holds (a run, a set), the hand as
    it is left after the play suggested?"""
    return any(m & mask and m.bit_count() > mask.bit_count()
               for m in combos.Plays(combos.all_plays(hand)))


def _same_kind(plays, kind: int, size: int) -> list[int]:
    """The top faces of the plays of this kind and size."""
    tops = []
    for m in plays:
        combo = classify(m)
        if combo is not None and combo[0] == kind and combo[1] == size:
            tops.append(combo[2])
    return tops


