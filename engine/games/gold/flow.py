"""The course of a game as a queue of steps (clauses G2-G6, G8, G10, G13).

`state.todo` holds what happens next, e.g. ("draw", "kill", 0, 5) or
("turn_start",). `run` works through it until a step waits: for a chance
answer (it sets `state.request`) or for seats (it sets `state.phase`). The
answer or the seats' actions finish that step and `run` goes on. A step that
finishes may put new steps at the front of the queue.
"""

from __future__ import annotations

from enum import StrEnum
from operator import add

from engine.cards import ref
from engine.chance import (
    DealRequest,
    RevealCardsRequest,
    RevealRequest,
    Rolled,
    RollRequest,
    ShuffleRequest,
    answers,
)
from engine.errors import IllegalAction
from engine.games.gold import moves
from engine.games.gold.components import (
    ATTACK,
    DOWN,
    DRAGON_FACES,
    DRAGONS,
    MAGIC_DECK,
    MAGIC_FACES,
    MARKET_AFTER,
    SLOTS,
    THIEF,
    UP,
    WIZARD,
)
from engine.games.gold.scoring import score
from engine.games.gold.state import DRAGON_DECK, MAGIC_DECK_ID, GoldState, Kill, Lair, Theft
from engine.games.gold.tokens import (
    NONE,
    RED,
    TOKEN_FACES,
    UNKNOWN,
    draw,
    draw_size,
    face_colour,
    theft_faces,
)


class Phase(StrEnum):
    """The decision phases: which seats are awaited. A closed set, kept by value in the
    state and its view (a str, so the hashed bytes are the plain words, as they were)."""

    TURN = "turn"
    NEGOTIATE = "negotiate"
    DIVIDE = "divide"
    CHOOSE = "choose"
    STEAL = "steal"
    TAKE = "take"
    MARKET = "market"
    OVER = "over"


TURN, NEGOTIATE, DIVIDE, CHOOSE, STEAL, TAKE, MARKET, OVER = Phase
DONE, WAIT = True, False
TURN_START = ("turn_start",)
STEPS: dict = {}  # step name -> function(state, step, events) -> DONE or WAIT


def step(name: str):
    """Register a step function under `name` (other modules add theirs too)."""

    def register(fn):
        STEPS[name] = fn
        return fn

    return register


def await_phase(name: str, phase: Phase) -> None:
    """A step that only waits for seats in `phase`; their actions finish it."""

    def wait(state, step, events) -> bool:
        state.phase = phase
        return WAIT

    STEPS[name] = wait


def start(state: GoldState) -> None:
    """Clause G2: the Dragon deck (and Magic Objects) shuffled, four Dragons up, first player."""
    steps: list[tuple] = [("shuffle", DRAGON_DECK, DRAGON_FACES)]
    if state.config["advanced"]:
        state.magic_size, state.magic_next = len(MAGIC_DECK), state.seats
        steps.append(("shuffle", MAGIC_DECK_ID, MAGIC_FACES))
        steps += [("deal_magic", s, MAGIC_DECK_ID, (s,)) for s in range(state.seats)]
    state.pile_next = SLOTS
    steps += [("reveal_dragons", tuple(range(SLOTS)), tuple(range(SLOTS))), ("first",)]
    state.todo.extend(steps)
    run(state, [])


def run(state: GoldState, events: list) -> None:
    todo, steps = state.todo, STEPS
    while todo:
        step = todo.popleft()
        state.phase = None
        if not steps[step[0]](state, step, events):
            todo.appendleft(step)
            return


def push(state: GoldState, *steps: tuple) -> None:
    """Put steps at the front of the queue, in the order given."""
    state.todo.extendleft(reversed(steps))


def finish(state: GoldState) -> tuple:
    """The awaited decision is made: drop its step."""
    state.phase = None
    return state.todo.popleft()


def awaited(state: GoldState, phase: str, seat: int, rule: str) -> None:
    if state.phase != phase or seat not in waiting_seats(state):
        raise IllegalAction(rule, "{who} may not do that now", seat)


def waiting_seats(state: GoldState) -> tuple[int, ...]:
    phase = state.phase
    if phase == TURN:
        return (state.turn,)
    if phase == NEGOTIATE:
        return state.kill.involved
    if phase == DIVIDE:
        return (state.division.divider,)
    if phase == CHOOSE:
        division = state.division
        return (division.choosers[len(division.taken)],)
    if phase in (STEAL, TAKE):
        return (state.todo[0][1],)
    if phase == MARKET:
        return _at_market(state)
    return ()


def _at_market(state: GoldState) -> tuple[int, ...]:
    """The seats that have not left the Market. Not inline in waiting_seats: a
    comprehension there would cost every call a closure cell for `state`."""
    return tuple(s for s in range(state.seats) if not state.market.left >> s & 1)


# -- chance -------------------------------------------------------------------

def _wait_for(state: GoldState, request) -> bool:
    state.request = request
    return WAIT


def on_chance(state: GoldState, action) -> list:
    """A chance input: it must answer the pending request (engine.chance.answers)."""
    request = state.request
    step = state.todo[0] if request is not None else ("none",)
    kind = step[0]
    if not answers(request, action, DECK_FACES.get(kind, NO_FACES)):
        raise IllegalAction(CHANCE_CLAUSES.get(kind, "G2"), "that is not the chance input due")
    events: list = []
    ANSWERS[kind](state, step, action, events)
    run(state, events)
    return events


def _consume(state: GoldState) -> None:
    state.request = None
    state.todo.popleft()


def _shuffled(state, step, action, events) -> None:
    _consume(state)


def _rolled_first(state, step, action, events) -> None:
    _consume(state)
    state.turn = action.value
    events.append(moves.FirstPlayer(action.value))
    state.todo.appendleft(TURN_START)


@step("shuffle")
def _shuffle(state, step, events) -> bool:
    return _wait_for(state, ShuffleRequest(*step[1:]))


@step("deal_magic")
def _deal_magic(state, step, events) -> bool:
    return _wait_for(state, DealRequest(step[2], step[1], step[3]))


def _dealt_magic(state, step, action, events) -> None:
    _consume(state)
    seat = step[1]
    refs = [ref(action.deck, p) for p in action.positions]
    state.hands[seat].extend(refs)
    for r, f in zip(refs, action.faces, strict=False):
        state.faces[r] = f
    events.append(moves.MagicDrawn(seat, len(refs)))


@step("deal_scry")
def _deal_scry(state, step, events) -> bool:
    return _wait_for(state, DealRequest(DRAGON_DECK, step[1], step[2]))


def _dealt_scry(state, step, action, events) -> None:
    _consume(state)
    for p, f in zip(action.positions, action.faces, strict=False):
        state.faces[ref(DRAGON_DECK, p)] = f
    state.foreseen[step[1]].update(action.positions)


@step("reveal_dragons")
def _reveal_dragons(state, step, events) -> bool:
    return _wait_for(state, RevealRequest(DRAGON_DECK, step[1]))


def _revealed_dragons(state, step, action, events) -> None:
    faces = action.faces
    for p, f in zip(action.positions, faces, strict=True):
        if state.faces.get(ref(DRAGON_DECK, p), f) != f or f in state.seen_dragons:
            raise IllegalAction("G2.3", "that is not the Dragon at that position")
    _consume(state)
    draws = []
    for p, slot, dragon in zip(action.positions, step[2], faces, strict=True):
        state.faces[ref(DRAGON_DECK, p)] = dragon
        state.seen_dragons.add(dragon)
        state.slots[slot] = Lair(dragon)
        events.append(moves.DragonPlaced(slot, dragon))
        draws.append(("draw", "lair", slot, DRAGONS[dragon].known))
    push(state, *draws)


# -- the bag (G3) ---------------------------------------------------------------

@step("draw")
def _draw(state, step, events) -> bool:
    wanted = step[3]
    if not wanted or not state.bag_total:
        return DONE
    state.draw_k, outcomes = draw_size(state.bag_total, wanted)
    return _wait_for(state, RollRequest(outcomes))


def _drawn(state: GoldState, step: tuple, action: Rolled, events: list) -> None:
    _consume(state)
    _, where, index, wanted = step
    k = state.draw_k
    got = draw(state.bag, k, action.value)
    state.bag_total -= k
    if where == "lair":
        hoard = state.slots[index].hoard
    elif where == "kill":
        hoard = state.kill.hoard
    else:
        hoard = None
        state.add_screen(index, got)
    if hoard is not None:
        hoard[:] = map(add, hoard, got)
    events.append(moves.TreasureDrawn(where, index, tuple(got)))
    if not state.bag_total:
        events.append(moves.BagEmptied())  # G13.1: no Dragon is drawn from now on
    elif wanted > k:
        push(state, ("draw", where, index, wanted - k))


@step("first")
def _first(state, step, events) -> bool:
    return _wait_for(state, RollRequest(state.seats))


# -- turns and attacks (G4, G5) -------------------------------------------------

@step("turn_start")
def _turn_start(state, step, events) -> bool:
    """G4.2-G4.4: whose turn it is, once someone can attack; then wait for the attack."""
    while True:
        seat = state.turn
        mine = state.adv[seat]
        if UP not in mine and DOWN in mine:  # G4.2
            for kind in range(4):
                if mine[kind] == DOWN:
                    mine[kind] = UP
            events.append(moves.Rallied(seat))
        if UP in mine:
            state.phase = TURN  # the step waits here for the attack; re-running it is harmless
            return WAIT
        if any(place < 0 for team in state.adv for place in team):
            events.append(moves.TurnLost(seat))  # G4.3
            state.haste = False
            state.turn = (seat + 1) % state.seats
        else:
            _rout(state, events)  # G4.4


def _rout(state: GoldState, events: list) -> None:
    """Decision G4.4: when every adventurer of every player is attacking, all come home."""
    events.append(moves.Routed())
    home = []
    for lair in state.slots:
        if lair:
            for seat, kind, _ in lair.attackers:
                state.adv[seat][kind] = DOWN
                home.append((seat, kind))
            lair.attackers, lair.total = [], 0
    events.append(moves.Returned(tuple(home), False))


def on_attack(state: GoldState, action: moves.Attack) -> list:
    seat, kind, slot = action.seat, action.kind, action.slot
    if state.phase != TURN or seat != state.turn:
        raise IllegalAction("G4.5", "it is not {whose} turn", seat)
    if type(kind) is not int or not 0 <= kind < 4 or state.adv[seat][kind] != UP:
        raise IllegalAction("G4.5", "only a face-up adventurer may attack")
    lair = state.slots[slot] if type(slot) is int and 0 <= slot < SLOTS else None
    if lair is None:
        raise IllegalAction("G4.5", "there is no Dragon there")
    finish(state)
    bonus, state.might = state.might, 0
    state.adv[seat][kind] = slot
    lair.attackers.append((seat, kind, bonus))
    lair.total += ATTACK[kind] + bonus
    events: list = [moves.Attacked(seat, kind, slot, lair.dragon, lair.total,
                                          lair.strength)]
    if lair.total >= lair.strength:  # G5.1
        kill = state.kill = Kill(slot, lair)
        state.slots[slot] = None
        events.append(moves.DragonKilled(slot, lair.dragon, kill.involved))
        thefts = [("theft", s) for s, k, _ in kill.attackers if k == THIEF]  # G8.1
        push(state, ("draw", "kill", slot, DRAGONS[lair.dragon].hidden),
             ("share",), *thefts, ("cleanup",), ("next",))
    else:
        _next(state, None, events)
    run(state, events)
    return events


@step("next")
def _next(state, step, events) -> bool:
    if not any(state.slots):
        push(state, ("end",))  # G13.3
        return DONE
    if state.haste:  # G12.10: the same player attacks again
        state.haste = False
    else:
        state.turn = (state.turn + 1) % state.seats
    state.might = 0
    state.todo.appendleft(TURN_START)
    return DONE


# -- sharing (G6) -----------------------------------------------------------------

def reward(state: GoldState, seat: int, counts, why: str, events: list) -> list[tuple]:
    """Tokens go behind a screen in view of all. G12.3: red ones won with a Wizard in
    the fight draw Magic Objects; the draw steps are returned for the caller to queue."""
    counts = tuple(counts)
    state.add_screen(seat, counts)
    events.append(moves.Took(seat, counts, why))
    if state.config["advanced"] and counts[RED] and state.kill.has(seat, WIZARD):
        return [("magic", seat, counts[RED])]
    return []


@step("magic")
def _magic(state, step, events) -> bool:
    """Clause G12.3-G12.4: draw n Magic Objects, reshuffling the discards when the deck is out."""
    _, seat, n = step
    left = state.magic_size - state.magic_next
    if n and left:
        k = min(n, left)
        positions = tuple(range(state.magic_next, state.magic_next + k))
        state.magic_next += k
        push(state, ("deal_magic", seat, state.magic_deck, positions), ("magic", seat, n - k))
    elif n and state.magic_discard:
        state.magic_deck = state.new_deck()
        faces = tuple(sorted(state.magic_discard))
        state.magic_size, state.magic_next, state.magic_discard = len(faces), 0, []
        push(state, ("shuffle", state.magic_deck, faces), ("magic", seat, n))
    return DONE


# -- thieves (G8) ------------------------------------------------------------------

def victims(state: GoldState, thief: int) -> list[int]:
    out = []
    for s in state.kill.involved:
        if s != thief and state.counts[s]:
            out.append(s)
    return out


@step("theft")
def _theft(state, step, events) -> bool:
    thief = step[1]
    candidates = victims(state, thief)
    if len(candidates) > 1:
        state.phase = STEAL  # G8.2: the Thief's owner names the victim
        return WAIT
    if candidates:
        _rob(state, thief, candidates[0], events)
    return DONE


def on_steal(state: GoldState, action: moves.Steal) -> list:
    awaited(state, STEAL, action.seat, "G8.2")
    if action.victim not in victims(state, action.seat):
        raise IllegalAction("G8.2", "a Thief robs another player in the fight who has tokens")
    finish(state)
    events: list = []
    _rob(state, action.seat, action.victim, events)
    run(state, events)
    return events


def _rob(state: GoldState, thief: int, victim: int, events: list) -> None:
    """G8.3: the victim's screen becomes a fresh hidden deck; the Thief draws from it."""
    looks = state.kill.has(thief, WIZARD)  # G8.4
    size = state.counts[victim]
    theft = state.theft = Theft(thief, victim, state.new_deck(), size, looks)
    faces = theft_faces(state.screens[victim], size) if not state.blind[victim] \
        else (UNKNOWN,) * size
    events.append(moves.TheftBegins(thief, victim, looks))
    grab = ((("deal_theft", "look"), ("take", thief), ("deal_theft", "tell")) if looks
            else (("deal_theft", "steal"),))
    push(state, ("shuffle", theft.deck, faces, victim), *grab)


def _theft_request(state: GoldState, role: str) -> DealRequest:
    theft = state.theft
    if role == "look":
        return DealRequest(theft.deck, theft.thief, tuple(range(theft.size)))
    if role == "steal":  # the victim sees the token go in the same deal
        return DealRequest(theft.deck, theft.thief, (0,), theft.victim)
    return DealRequest(theft.deck, theft.victim, (theft.position,))


@step("deal_theft")
def _deal_theft(state, step, events) -> bool:
    return _wait_for(state, _theft_request(state, step[1]))


def _dealt_theft(state, step, action, events) -> None:
    """A drawn token is not refused for not being behind the screen: only the thief and
    the victim see it, and what one instance refuses all must (G16.3). A screen that
    yields a token it did not hold is short of it, and the end names its owner (G13.5)."""
    theft = state.theft
    first = ref(theft.deck, 0)  # the deck's position p is the card first + p
    shown = []
    for p, f in zip(action.positions, action.faces, strict=False):
        if state.faces.get(first + p, f) != f:
            raise IllegalAction("G8.3", "the stolen token changed colour")
        shown.append((first + p, f))
    _consume(state)
    state.faces.update(shown)
    if step[1] != "look":
        _stolen(state, events)


def on_take(state: GoldState, action: moves.Take) -> list:
    awaited(state, TAKE, action.seat, "G8.4")
    position = action.position
    if type(position) is not int or not 0 <= position < state.theft.size:
        raise IllegalAction("G8.4", "there is no token at that place")
    finish(state)
    state.theft.position = position
    events: list = []
    run(state, events)
    return events


def _stolen(state: GoldState, events: list) -> None:
    """The token moves; its colour is known here only if this instance was shown it."""
    theft = state.theft
    thief, victim = theft.thief, theft.victim
    face = state.faces.get(theft.card)
    colour = UNKNOWN if face is None else face_colour(face)
    state.steal(thief, victim, colour)
    state.thefts.append(theft)
    state.theft = None
    events.append(moves.Stole(thief, victim, colour))


# -- after the sharing (G10) ------------------------------------------------------

@step("cleanup")
def _cleanup(state, step, events) -> bool:
    """G10.1: the fighters go home face down. G10.2, G13.1: a new Dragon takes the
    dead one's place while the bag and the pile last."""
    kill = state.kill
    home = []
    for seat, kind, _ in kill.attackers:
        state.adv[seat][kind] = DOWN
        home.append((seat, kind))
    events.append(moves.Returned(tuple(home), False))
    state.kill = None
    if not state.bag_total or state.pile_next >= len(DRAGONS):
        return DONE
    position = state.pile_next
    state.pile_next += 1
    state.placed += 1
    market = state.placed == MARKET_AFTER and not state.market_held
    push(state, ("reveal_dragons", (position,), (kill.slot,)), *[("market_open",)] * market)
    return DONE


# -- the end (G13) ------------------------------------------------------------------

@step("end")
def _end(state, step, events) -> bool:
    push(state, *[("reveal_thefts",)] * bool(state.thefts), ("score",))
    return DONE


@step("reveal_thefts")
def _reveal_thefts(state, step, events) -> bool:
    """G13.4: every stolen token face up in one request: one round of keys for all."""
    return _wait_for(state, RevealCardsRequest(tuple(t.card for t in state.thefts)))


def _revealed_thefts(state, step, action, events) -> None:
    known = state.faces
    for card, face in zip(action.cards, action.faces, strict=True):
        if known.get(card, face) != face:
            raise IllegalAction("G13.4", "that is not the stolen token")
    _consume(state)
    for theft, face in zip(state.thefts, action.faces, strict=True):
        _turned_up(state, theft, face)


def _turned_up(state: GoldState, theft: Theft, face: int) -> None:
    """The stolen token is known to all now: screens this instance was blind to are not."""
    state.touched[theft.thief] -= 1
    state.touched[theft.victim] -= 1
    if theft.card not in state.faces:  # this instance was not shown the theft
        state.faces[theft.card] = face
        colour = face_colour(face)
        state.screens[theft.thief][colour] += 1
        state.screens[theft.victim][colour] -= 1
        state.blind[theft.thief] -= 1
        state.blind[theft.victim] -= 1


@step("score")
def _score(state, step, events) -> bool:
    events.append(moves.ScreensRevealed(tuple(tuple(s) for s in state.screens)))
    stolen = [face_colour(state.faces[t.card]) for t in state.thefts]
    liars = state.liars = state.short_screens(stolen)
    if liars:  # G13.5: a screen that paid out a colour it did not hold
        events.append(moves.FalseClaim(liars))
    honest = [s for s in range(state.seats) if s not in liars]
    # G13.5: a liar forfeits: its screen counts for nothing, not even against a majority
    screens = [state.screens[s] if s in honest else NONE for s in range(state.seats)]
    state.scores = score(screens, state.config["advanced"])
    best = max((state.scores[s] for s in honest), default=None)
    state.winners = tuple(s for s in honest if state.scores[s] == best)  # G14.6, G15.7
    events.append(moves.GameOver(state.scores, state.winners))
    push(state, ("over",))
    return DONE


await_phase("take", TAKE)
await_phase("over", OVER)
ANSWERS = {
    "shuffle": _shuffled,
    "first": _rolled_first,
    "draw": _drawn,
    "deal_magic": _dealt_magic,
    "deal_scry": _dealt_scry,
    "deal_theft": _dealt_theft,
    "reveal_dragons": _revealed_dragons,
    "reveal_thefts": _revealed_thefts,
}
#: the faces each hidden deck's cards may show (shuffles and rolls show none)
NO_FACES: frozenset[int] = frozenset()
DECK_FACES = {
    "deal_magic": frozenset(MAGIC_FACES),
    "deal_scry": frozenset(DRAGON_FACES),
    "reveal_dragons": frozenset(DRAGON_FACES),
    "deal_theft": TOKEN_FACES,
    "reveal_thefts": TOKEN_FACES,
}
CHANCE_CLAUSES = {
    "shuffle": "G2.2", "first": "G2.5", "draw": "G3.2", "deal_magic": "G12.2",
    "deal_scry": "G12.12", "deal_theft": "G8.3", "reveal_dragons": "G2.3",
    "reveal_thefts": "G13.4",
}
