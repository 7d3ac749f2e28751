"""Rigged Dragon's Gold tables for clause tests: chance answers as the test wants them."""

from __future__ import annotations

from collections import deque

import msgspec
import pytest

from engine.chance import (
    DealRequest,
    Dealt,
    OpenChance,
    Revealed,
    RevealRequest,
    Rolled,
    RollRequest,
    ShuffleRequest,
)
from engine.errors import IllegalAction
from engine.games.gold import moves
from engine.games.gold.components import DRAGONS
from engine.games.gold.state import DRAGON_DECK, MAGIC_DECK_ID
from engine.games.gold.tokens import LETTERS, TOKEN_FACES, face_colour
from engine.registry import get_game

GAME = get_game("gold")
DRAGON = {card.name: i for i, card in enumerate(DRAGONS)}


def counts(text: str) -> tuple[int, ...]:
    """'2s 1g 1B' -> nine counts (letters as tokens.LETTERS)."""
    out = [0] * 9
    for part in text.split():
        out[LETTERS.index(part[-1])] += int(part[:-1] or 1)
    return tuple(out)


def letters(text: str) -> list[int]:
    """'s s g' -> the colours of those tokens, in order."""
    return [LETTERS.index(t) for t in text.split()]


def roll_for(bag, colours) -> int:
    """The roll value that draws these colours, in this order, from `bag` (G3.2)."""
    bag = list(bag)
    value, scale = 0, 1
    for colour in colours:
        total = sum(bag)
        assert bag[colour], f"no {colour} left in the bag"
        value += sum(bag[:colour]) * scale
        scale *= total
        bag[colour] -= 1
    return value


class Rig:
    """Answers chance requests: Dragons in the given order, bag draws as queued (each
    entry a string of letters, filled up with whatever comes first), Magic Objects in
    the given order, stolen tokens of the queued colours, seat `first` first."""

    def __init__(self, dragons=(), draws=(), magic=(), steals=(), first=0, seed=0):
        self.open = OpenChance(seed)
        self.dragons = [DRAGON[d] if isinstance(d, str) else d for d in dragons]
        self.draws = deque(draws)
        self.magic = list(magic)
        self.steals = deque(steals)
        self.first = first

    def answer(self, state, request):
        step = state.todo[0][0]
        if isinstance(request, ShuffleRequest):
            order = self._order(state, request)
            if order is not None:
                self.open.stacked[request.deck] = order
            return self.open.answer(request)
        if isinstance(request, RollRequest):
            if step == "first":
                return Rolled(self.first)
            if self.draws:
                wanted = letters(self.draws.popleft())
                return Rolled(roll_for(state.bag, self._fill(state.bag, wanted, state.draw_k)))
            return self.open.answer(request)
        return self.open.answer(request)

    def _order(self, state, request):
        faces = list(request.faces)
        if request.deck == DRAGON_DECK and self.dragons:
            rest = [f for f in faces if f not in self.dragons]
            return self.dragons + rest
        if request.deck == MAGIC_DECK_ID and self.magic:
            rest = [f for f in faces if f not in self.magic]
            return self.magic + rest
        if state.theft is not None and faces and faces[0] < 0:
            return sorted(TOKEN_FACES)[:len(faces)]  # stand-ins for a screen nobody here knows
        if state.theft is not None and self.steals and faces and faces[0] >= 0:
            colour = LETTERS.index(self.steals.popleft())
            pick = next(f for f in faces if face_colour(f) == colour)
            return [pick] + [f for f in faces if f != pick]
        return None

    @staticmethod
    def _fill(bag, wanted, k):
        bag = list(bag)
        for c in wanted:
            bag[c] -= 1
        out = list(wanted)
        while len(out) < k:
            c = next(c for c in range(9) if bag[c])
            bag[c] -= 1
            out.append(c)
        return out[:k]


def settle(state, rig: Rig) -> list:
    """Answer chance until a seat is awaited (or the game is over); return the events."""
    events = []
    while (request := GAME.chance_request(state)) is not None:
        events += GAME.apply(state, rig.answer(state, request))
    return events


def table(seats=3, rig: Rig | None = None, **options):
    """A set-up table waiting for the first attack."""
    rig = rig or Rig()
    config, seats = GAME.configure(options, seats)
    state = GAME.setup(config, seats)
    settle(state, rig)
    return state, rig


def act(state, rig: Rig, action) -> list:
    """Apply a seat's action, then let chance settle."""
    return GAME.apply(state, action) + settle(state, rig)


def attack(state, rig: Rig, seat: int, kind: int, slot: int) -> list:
    assert state.turn == seat and state.phase == "turn", (state.turn, state.phase)
    return act(state, rig, moves.Attack(seat, kind, slot))


def agree(state, rig: Rig, split=None) -> list:
    """The first involved player proposes `split` (default: everything to itself)
    and the others accept."""
    kill = state.kill
    if split is None:
        split = tuple(tuple(kill.hoard) if i == 0 else (0,) * 9
                      for i in range(len(kill.involved)))
    first, *others = kill.involved
    events = act(state, rig, moves.Propose(first, split))
    for seat in others:
        events += act(state, rig, moves.Accept(seat, state.talks.serial))
    return events


def refused(state, rule: str, action) -> IllegalAction:
    """The action is refused naming `rule`, and nothing changed."""
    before = (GAME.public_hash(state), [GAME.view(state, s) for s in range(state.seats)])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)
    assert err.value.rule == rule, err.value
    assert (GAME.public_hash(state), [GAME.view(state, s) for s in range(state.seats)]) == before
    return err.value


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def dealt_to(request: DealRequest | RevealRequest, faces) -> Dealt | Revealed:
    if isinstance(request, DealRequest):
        return Dealt(request.deck, request.seat, request.positions, tuple(faces))
    return Revealed(request.deck, request.positions, tuple(faces))


def conserved(state) -> list[int]:
    """Tokens per colour in bag, lairs, the hoard being shared, screens, escrow and box."""
    total = list(state.bag)
    for c in range(9):
        total[c] += state.box[c]
        total[c] += sum(lair.hoard[c] for lair in state.slots if lair)
        total[c] += state.kill.hoard[c] if state.kill else 0
        total[c] += sum(screen[c] for screen in state.screens)
        if state.market:
            total[c] += sum(offer[2][c] for offer in state.market.offers.values())
    return total


def drain(state, leave: int) -> None:
    """Move all but `leave` tokens of the bag into the box (tokens stay conserved)."""
    for c in range(9):
        keep = min(state.bag[c], leave)
        leave -= keep
        state.box[c] += state.bag[c] - keep
        state.bag[c] = keep
    state.bag_total = sum(state.bag)


def playout(state, rig: Rig, until, bots=None, limit=5000) -> list:
    """Let bots (the benchmark's by default) play until `until(state)` holds."""
    from engine.games.gold.bots.bot import PlayoutBot

    bots = bots or [PlayoutBot(s) for s in range(state.seats)]
    events = []
    for _ in range(limit):
        if until(state) or GAME.outcome(state) is not None:
            return events
        if (request := GAME.chance_request(state)) is not None:
            events += GAME.apply(state, rig.answer(state, request))
            continue
        action = next(a for s in GAME.to_act(state)
                      if (a := bots[s].act(GAME, state, s)) is not None)
        events += GAME.apply(state, action)
    raise AssertionError("the playout did not get there")


def as_seen_by(me: int, state, action):
    """`action` as the network gives it to seat `me`'s peer at `state`: a deal's faces
    only where that seat is the receiver or the witness (G16.3)."""
    request = GAME.chance_request(state)
    if isinstance(action, Dealt) and me not in (request.seat, request.witness):
        return Dealt(action.deck, action.to_seat, action.positions, ())
    return action


def plain_view(state, seat):
    """A seat's view as plain data (dicts and lists, its unset fields left out): what the
    view's encoding holds, for tests that compare whole views."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(GAME.view(state, seat)))
