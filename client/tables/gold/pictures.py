"""Every picture a Gold table draws at rest, at the size its piece draws it: what the setup
and the table's build rasterise ahead (client.assets.preload). A Gold table deals no deck
of cards to warm as the others do; unwarmed, its first match rasterised some 85 pictures
mid-game, one to three a frame, and those frames were its slowest (the 99th percentile)."""

from __future__ import annotations

from client.tables.gold.board import HOARD_TOKEN, MARKET_ICON
from client.tables.gold.layout import (
    ADV_SIZE,
    ATTACKER,
    DRAGON_CARD,
    MAGIC_CARD,
    PILE_CARD,
    STEPPER,
    TOKEN,
    TOKEN_SMALL,
)
from client.tables.gold.magic import MINI_BACK
from client.tables.gold.mine import MINI, SCREEN_ICON, SCREEN_TOKEN, adventurer_sprite
from client.tables.gold.panels.theft import LOOKED_TOKEN
from engine.games.gold import ADVENTURERS, COLOURS, DRAGONS, MAGIC_DECK

TEAMS = 6  # a seat's colour of adventurers (GoldTable.team)
#: the sizes a token is drawn at, the largest first: a flight scales from the first warmed
TOKEN_SIZES = (LOOKED_TOKEN, SCREEN_TOKEN, TOKEN, STEPPER - 2, TOKEN_SMALL, HOARD_TOKEN)
ADVENTURER_SIZES = (ADV_SIZE, ATTACKER, MINI)  # in your row, under a lair, on a seat's panel


def pictures(view) -> list[tuple[str, tuple[int, int]]]:
    def at(size) -> tuple[int, int]:
        return view.px(size[0]), view.px(size[1])

    warm = [(f"gold/{face}", at(DRAGON_CARD)) for face in range(len(DRAGONS))]
    warm += [(f"gold/token/{colour}", at((size, size))) for colour in range(len(COLOURS))
             for size in TOKEN_SIZES]
    warm += [(adventurer_sprite(team, kind, place), at((size, size)))
             for team in range(TEAMS) for kind in range(len(ADVENTURERS))
             for place in ("up", "down") for size in ADVENTURER_SIZES]
    warm += [(f"gold/magic/{effect}", at(MAGIC_CARD)) for effect in sorted(set(MAGIC_DECK))]
    warm += [("gold/magic/back", at(MAGIC_CARD)), ("gold/magic/back", at(MINI_BACK)),
             ("gold/back", at(PILE_CARD)), ("gold/market", at(MARKET_ICON)),
             ("gold/screen", at(SCREEN_ICON))]
    return list(dict.fromkeys(warm))  # a down adventurer is one picture of every kind
