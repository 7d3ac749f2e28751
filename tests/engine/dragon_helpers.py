"""Rigged Dragon deals for clause tests: name some cards per seat, the rest are filled."""

from engine.chance import Dealt, Shuffled
from engine.games.dragon import rules
from engine.games.dragon.cards import DECK, parse
from engine.registry import get_game

GAME = get_game("dragon")


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def rig(dealt: dict[int, str], **options):
    """A dealt state where seat s holds the named cards; the rest of the deck is
    handed out in contiguous blocks (so no seat gets a Dragon by accident)."""
    config, seats = GAME.configure(options, 4)
    state = GAME.setup(config, seats)
    deal(state, dealt)
    return state


def deal(state, hands: dict[int, str]) -> None:
    named = {s: cards(t) for s, t in hands.items()}
    used = {f for fs in named.values() for f in fs}
    rest = [f for f in DECK if f not in used]
    full = {}
    for s in range(4):
        mine = named.get(s, [])
        need = 13 - len(mine)
        full[s], rest = mine + rest[:need], rest[need:]
    GAME.apply(state, Shuffled(state.hand))
    for s in range(4):
        request = GAME.chance_request(state)
        GAME.apply(state, Dealt(request.deck, s, request.positions, tuple(full[s])))


def play(state, seat: int, text: str):
    faces = tuple(cards(text))
    refs = tuple(state.face_ref[f] for f in faces)
    return GAME.apply(state, rules.Play(seat, refs, faces))


def pass_(state, seat: int):
    return GAME.apply(state, rules.Pass(seat))


def declare(state, seat: int):
    hand = [f for f, r in state.face_ref.items() if r in state.held[seat]]
    refs = tuple(state.face_ref[f] for f in hand)
    return GAME.apply(state, rules.DeclareDragon(seat, refs, tuple(hand)))
