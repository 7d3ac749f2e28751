"""The cards of Dragon's Gold: the Dragon table, the adventurers, the Magic Objects.

The Dragon table and the Magic Object set are this project's own design
(clauses G1.4 and G12 of docs/rules/gold.md); the adventurers are the game's.
"""

from __future__ import annotations

from typing import NamedTuple


class DragonCard(NamedTuple):
    name: str
    strength: int
    known: int  # tokens drawn onto the card when it is placed
    hidden: int  # tokens drawn when it is killed


#: clause G1.4: 18 Dragons, strength 6-10, known 0-11, hidden 0-9, 141 tokens of treasure
DRAGONS = (
    DragonCard("Emberling", 6, 2, 2),
    DragonCard("Mudwyrm", 6, 3, 1),
    DragonCard("Sootwing", 6, 1, 3),
    DragonCard("Cinderjaw", 7, 3, 2),
    DragonCard("Marshfang", 7, 4, 2),
    DragonCard("Rustscale", 7, 2, 4),
    DragonCard("Thornback", 7, 5, 1),
    DragonCard("Ashmaw", 8, 4, 3),
    DragonCard("Frostcoil", 8, 5, 3),
    DragonCard("Gloomtalon", 8, 3, 5),
    DragonCard("Hollowgut", 8, 0, 7),
    DragonCard("Stormcrest", 9, 6, 4),
    DragonCard("Bonegrinder", 9, 4, 6),
    DragonCard("Duskfire", 9, 7, 3),
    DragonCard("Miserwyrm", 9, 1, 9),
    DragonCard("Goldbelly", 10, 11, 1),
    DragonCard("Ironhide", 10, 6, 6),
    DragonCard("Elder Wyrm", 10, 3, 9),
)
DRAGON_FACES = tuple(range(len(DRAGONS)))
SLOTS = 4  # clause G2.3: four Dragons face up
MARKET_AFTER = 7  # clause G11.1: the Market comes up with the 7th Dragon drawn after set-up

KNIGHT4, KNIGHT3, THIEF, WIZARD = range(4)
ADVENTURERS = ("knight", "knight", "thief", "wizard")
ATTACK = (4, 3, 2, 1)  # clause G1.3
UP, DOWN = -1, -2  # an adventurer's place: face up, face down, or the slot it attacks


def adventurer_name(kind: int) -> str:
    return f"{ADVENTURERS[kind]} {ATTACK[kind]}"


# -- Magic Objects (advanced rules, clause G12) ---------------------------------

class Effect:
    """What a Magic Object does (G12.6-G12.15): a card's is MAGIC_DECK[face], its name
    MAGIC_NAMES[effect]. Plain ints, not an IntEnum: the rules look effects up on every
    listing of the legal moves, where an enum member's lookup costs several times more."""

    RECALL, BANISH, RALLY, MIGHT, HASTE, FEAR, SCRY, MAP, CHARM, HOURGLASS = range(10)


MAGIC_NAMES = (
    "Ring of Recall",
    "Wand of Banishing",
    "Horn of Rallying",
    "Potion of Giant Strength",
    "Boots of Haste",
    "Scroll of Fear",
    "Crystal Ball",
    "Treasure Map",
    "Lodestone",
    "Hourglass",
)
#: each effect's target: what UseMagic.target holds (clause G12.5)
TARGETS = {
    Effect.RECALL: ("kind",),
    Effect.BANISH: ("owner", "kind"),
    Effect.RALLY: (),
    Effect.MIGHT: (),
    Effect.HASTE: (),
    Effect.FEAR: ("slot",),
    Effect.SCRY: (),
    Effect.MAP: (),
    Effect.CHARM: ("slot", "colour"),
    Effect.HOURGLASS: (),
}
#: clause G12.1: the 24 cards; a card's face is its index here
MAGIC_DECK = (
    (Effect.RECALL,) * 3 + (Effect.BANISH,) * 3 + (Effect.RALLY,) * 3 + (Effect.MIGHT,) * 3
    + (Effect.HASTE,) * 2 + (Effect.FEAR,) * 2 + (Effect.SCRY,) * 2 + (Effect.MAP,) * 2
    + (Effect.CHARM,) * 2 + (Effect.HOURGLASS,) * 2
)
MAGIC_FACES = tuple(range(len(MAGIC_DECK)))
MIGHT_BONUS = 3
SCRY_CARDS = 2
MAP_TOKENS = 2


def magic_name(face: int) -> str:
    return MAGIC_NAMES[MAGIC_DECK[face]] if 0 <= face < len(MAGIC_DECK) else "a Magic Object"
