"""Worlds for the hard bot's search at the talks: what a seat knows, played on.

A Dragon's Gold seat's own engine instance already runs on what it knows (every peer's
does): its screen, the splits and trades everyone saw, its Magic Objects. A world is a
copy of that knowledge and an open chance provider that deals the Dragons and Magic
Objects it has not seen from those unaccounted for (the bag's draws are public rolls).
The others' unseen Magic Objects stay unseen, so their bots in a playout do not use them.
"""

from __future__ import annotations

from engine.cards import ref_deck, ref_position
from engine.chance import OpenChance
from engine.errors import NoWorlds
from engine.game import clone
from engine.games.gold.components import DRAGON_FACES, MAGIC_FACES
from engine.games.gold.flow import CHOOSE, DIVIDE, NEGOTIATE
from engine.games.gold.scoring import score
from engine.games.gold.state import DRAGON_DECK, MAGIC_DECK_ID, GoldState
from engine.games.gold.tokens import face_colour

#: the phases of one kill's sharing: a playout from the talks ends when they are over
SHARING = (NEGOTIATE, DIVIDE, CHOOSE)


def determinize(obs, rng) -> tuple[GoldState, OpenChance]:
    if obs.known is None:
        raise NoWorlds("Dragon's Gold: this observation carries no knowledge to sample from")
    state = clone(obs.known)
    chance = OpenChance(rng.getrandbits(64))
    chance.decks[DRAGON_DECK] = _deck(state, DRAGON_DECK, DRAGON_FACES)
    chance.decks[state.magic_deck] = _deck(state, state.magic_deck, MAGIC_FACES)
    return state, chance


def _deck(state: GoldState, deck: int, faces) -> tuple[dict[int, int], list[int]]:
    """The positions of `deck` this seat has seen, and the faces it has not seen there
    (or, for a reshuffled Magic deck, in the first one: it holds only discards; an
    unseen face may be in a hand, which a playout that ends with the talks never asks)."""
    placed, shown = {}, set()
    kin = {deck, MAGIC_DECK_ID} if deck != DRAGON_DECK else {deck}
    for card, face in state.faces.items():
        if ref_deck(card) == deck:
            placed[ref_position(card)] = face
        if ref_deck(card) in kin:
            shown.add(face)
    return placed, [f for f in faces if f not in shown]


def standing(state: GoldState) -> tuple[float, ...]:
    """The points each screen is worth now, as this instance knows the screens."""
    return tuple(score([[max(0, n) for n in screen] for screen in state.screens],
                       state.config["advanced"]))


def episode(state: GoldState) -> bool:
    return state.phase in SHARING



def screens(known: GoldState, me: int, rng) -> list[list[list[int]]]:
    """Every screen as each seat may believe it, by seat, in one world: a theft this seat
    was not shown moved a token of a colour drawn from what the victim's screen held then.
    `me` believes the world as it is; another seat knows the colour of the thefts it made
    or suffered and, like this seat, not of the others, so they are not in its screens."""
    truth = [list(screen) for screen in known.screens]
    moved = []  # (thief, victim, colour, shown to me) per theft, in their order
    for theft in known.thefts:
        face = known.faces.get(theft.card)
        if face is None:
            held = [max(0, n) for n in truth[theft.victim]]
            if not any(held):
                continue
            colour = rng.choices(range(9), weights=held)[0]
            truth[theft.victim][colour] -= 1
            truth[theft.thief][colour] += 1
        else:
            colour = face_colour(face)
        moved.append((theft.thief, theft.victim, colour))
    views, made = [], {}  # seats that believe the same screens share one list of them
    for seat in range(len(truth)):
        unseen = () if seat == me else tuple(m for m in moved if seat not in m[:2])
        if unseen not in made:
            view = [list(screen) for screen in truth]
            for thief, victim, colour in unseen:  # not in its screens
                view[thief][colour] -= 1
                view[victim][colour] += 1
            made[unseen] = [[max(0, n) for n in screen] for screen in view]
        views.append(made[unseen])
    return views
