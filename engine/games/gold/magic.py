"""Magic Objects (advanced rules, clause G12): this project's own set of 24 cards.

A card is a hidden reference in its holder's hand; playing it reveals its
face (UseMagic.face), which every instance that was shown the card checks.
All but the Hourglass are played on the holder's own turn, before the attack;
the Hourglass is played during a timed negotiation the holder is part of.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.games.gold import moves
from engine.games.gold.components import (
    ATTACK,
    DOWN,
    DRAGONS,
    MAGIC_DECK,
    MAGIC_NAMES,
    MAP_TOKENS,
    MIGHT_BONUS,
    SCRY_CARDS,
    SLOTS,
    TARGETS,
    UP,
    Effect,
)
from engine.games.gold.flow import NEGOTIATE, TURN, awaited, push, run
from engine.games.gold.state import GoldState


def on_magic(state: GoldState, action: moves.UseMagic) -> list:
    seat, card, face, target = action.seat, action.card, action.face, action.target
    if type(face) is not int or not 0 <= face < len(MAGIC_DECK):
        raise IllegalAction("G12.1", "that is not a Magic Object")
    effect = MAGIC_DECK[face]
    if effect == Effect.HOURGLASS:
        if not (state.phase == NEGOTIATE and seat in state.kill.involved):
            raise IllegalAction("G12.15", "an Hourglass is turned during one's own negotiation")
    else:
        awaited(state, TURN, seat, "G12.5")
    if card not in state.hands[seat] or state.faces.get(card, face) != face:
        raise IllegalAction("G12.5", "{who} may not use the "
                             f"{MAGIC_NAMES[effect]}: it is not in {{whose}} hand", seat)
    if not isinstance(target, tuple) or len(target) != len(TARGETS[effect]):
        raise IllegalAction("G12.5", f"{MAGIC_NAMES[effect]} takes a target {TARGETS[effect]}")
    if not all(type(t) is int for t in target) or not ALLOWED[effect](state, seat, *target):
        raise IllegalAction(CLAUSES[effect], f"{MAGIC_NAMES[effect]} cannot do that now")
    state.hands[seat].remove(card)
    state.faces[card] = face
    state.magic_discard.append(face)
    events: list = [moves.MagicUsed(seat, face, target)]
    EFFECTS[effect](state, seat, events, *target)
    run(state, events)
    return events


def legal(state: GoldState, seat: int) -> list[moves.UseMagic]:
    """Every Magic Object `seat` may play now, with every target it may take."""
    out = []
    for card in state.hands[seat]:
        face = state.faces.get(card)
        if face is None:
            continue
        effect = MAGIC_DECK[face]
        if (effect == Effect.HOURGLASS) != (state.phase == NEGOTIATE):
            continue
        for target in _targets(state, seat, effect):
            if ALLOWED[effect](state, seat, *target):
                out.append(moves.UseMagic(seat, card, face, target))
    return out


def _targets(state: GoldState, seat: int, effect: int):
    names = TARGETS[effect]
    if names == ("kind",):
        return [(k,) for k in range(4)]
    if names == ("owner", "kind"):
        return [(s, k) for s in range(state.seats) for k in range(4)]
    if names == ("slot",):
        return [(slot,) for slot in range(SLOTS)]
    if names == ("slot", "colour"):
        return [(slot, c) for slot in range(SLOTS) for c in range(9)]
    return [()]


# -- when each effect may be used -------------------------------------------------

def _attacking(state: GoldState, owner: int, kind: int) -> bool:
    return 0 <= owner < state.seats and 0 <= kind < 4 and state.adv[owner][kind] >= 0


def _lair(state: GoldState, slot: int):
    return state.slots[slot] if 0 <= slot < SLOTS else None


ALLOWED = {
    Effect.RECALL: lambda state, seat, kind: _attacking(state, seat, kind),
    Effect.BANISH: lambda state, seat, owner, kind: (
        owner != seat and _attacking(state, owner, kind)
    ),
    Effect.RALLY: lambda state, seat: DOWN in state.adv[seat],
    Effect.MIGHT: lambda state, seat: not state.might,
    Effect.HASTE: lambda state, seat: not state.haste,
    Effect.FEAR: lambda state, seat, slot: bool(
        _lair(state, slot) and _lair(state, slot).attackers
    ),
    Effect.SCRY: lambda state, seat: state.pile_next < len(DRAGONS) and state.bag_total > 0,
    Effect.MAP: lambda state, seat: state.bag_total > 0,
    Effect.CHARM: lambda state, seat, slot, colour: bool(
        _lair(state, slot) and 0 <= colour < 9 and _lair(state, slot).hoard[colour]
    ),
    Effect.HOURGLASS: lambda state, seat: True,
}
CLAUSES = {
    Effect.RECALL: "G12.6", Effect.BANISH: "G12.7", Effect.RALLY: "G12.8", Effect.MIGHT: "G12.9",
    Effect.HASTE: "G12.10", Effect.FEAR: "G12.11", Effect.SCRY: "G12.12", Effect.MAP: "G12.13",
    Effect.CHARM: "G12.14", Effect.HOURGLASS: "G12.15",
}


# -- what each effect does ----------------------------------------------------------

def _withdraw(state: GoldState, owner: int, kind: int, face_up: bool, events: list) -> None:
    """An attacking adventurer leaves its Dragon and goes home (G12.6, G12.7, G12.11)."""
    lair = state.slots[state.adv[owner][kind]]
    entry = next(a for a in lair.attackers if a[0] == owner and a[1] == kind)
    lair.attackers.remove(entry)
    lair.total -= ATTACK[kind] + entry[2]
    state.adv[owner][kind] = UP if face_up else DOWN
    events.append(moves.Returned(((owner, kind),), face_up))


def _recall(state, seat, events, kind):
    _withdraw(state, seat, kind, True, events)


def _banish(state, seat, events, owner, kind):
    _withdraw(state, owner, kind, False, events)


def _rally(state, seat, events):
    mine = state.adv[seat]
    for kind in range(4):
        if mine[kind] == DOWN:
            mine[kind] = UP
    events.append(moves.Rallied(seat))


def _might(state, seat, events):
    state.might = MIGHT_BONUS


def _haste(state, seat, events):
    state.haste = True


def _fear(state, seat, events, slot):
    for owner, kind, _ in list(state.slots[slot].attackers):
        _withdraw(state, owner, kind, False, events)


def _scry(state, seat, events):
    end = min(state.pile_next + SCRY_CARDS, len(DRAGONS))
    push(state, ("deal_scry", seat, tuple(range(state.pile_next, end))))


def _map(state, seat, events):
    push(state, ("draw", "screen", seat, MAP_TOKENS))


def _charm(state, seat, events, slot, colour):
    state.slots[slot].hoard[colour] -= 1
    token = [0] * 9
    token[colour] = 1
    state.add_screen(seat, token)
    events.append(moves.Took(seat, tuple(token), "lodestone"))


def _hourglass(state, seat, events):
    state.open_timer(state.config["negotiation_steps"], "negotiation")


EFFECTS = {
    Effect.RECALL: _recall, Effect.BANISH: _banish, Effect.RALLY: _rally, Effect.MIGHT: _might,
    Effect.HASTE: _haste, Effect.FEAR: _fear, Effect.SCRY: _scry, Effect.MAP: _map,
    Effect.CHARM: _charm, Effect.HOURGLASS: _hourglass,
}
