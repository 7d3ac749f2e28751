"""Issue 39: every suit, token and team a player must tell apart differs by more than colour.

Each palette is seen through full deuteranopia, protanopia and tritanopia (colorspacious's
simulation, Machado et al. 2009) and compared in CAM02-UCS. Two of a palette whose colours
come closer than CLOSE to such a viewer must carry different marks — the shape or symbol
they are drawn with, compared here with the colour taken away (drawn in one ink) — or the
test fails, naming them."""

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from tools.art import den, dragon, gold, polygon, wild

VIEWERS = ("deuteranomaly", "protanomaly", "tritanomaly")
#: CAM02-UCS distance under which two colours are taken for one at a glance (about twice
#: the distance of a just noticeable difference between two patches side by side)
CLOSE = 12.0
INK = "#000000"


def seen(colour: str, viewer: str | None) -> np.ndarray:
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    if viewer is None:
        return rgb
    space = {"name": "sRGB1+CVD", "cvd_type": viewer, "severity": 100}
    return np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)


def distance(a: str, b: str, viewer: str | None) -> float:
    return float(deltaE(seen(a, viewer), seen(b, viewer), input_space="sRGB1"))


#: name -> (colour, its mark drawn in one ink) for each thing of a palette
PALETTES = {
    "Dragon's suits": [(colour, dragon.SUIT_SHAPES[i](50, 50, 40, INK) + letter)
                       for i, (letter, _, colour) in enumerate(dragon.SUITS)],
    "Dragon Den's suits": [(colour, den.symbol(i, 50, 50, 40).replace(colour, INK)
                            .replace(paper, INK))
                           for i, (_, colour, paper) in enumerate(den.SUITS)],
    "Dragons Wild's suits": [(colour, wild.EMBLEMS[i](50, 50, 40, INK))
                             for i, (_, colour) in enumerate(wild.SUITS)],
    "Dragon's Gold tokens": [(fill, polygon(gold.token_shape(i, 50, 50, 40), INK))
                             for i, (fill, _) in enumerate(gold.TOKEN_INK)],
    "Dragon's Gold teams": [(fill, gold.team_mark(i, 50, 50, 20, INK))
                            for i, (fill, _) in enumerate(gold.TEAMS)],
}


@pytest.mark.parametrize("palette", PALETTES)
def test_what_a_colour_blind_player_cannot_tell_by_colour_differs_by_its_mark(palette):
    things = PALETTES[palette]
    confused = [(a, b, viewer, round(distance(things[a][0], things[b][0], viewer), 1))
                for a, b in itertools.combinations(range(len(things)), 2)
                for viewer in VIEWERS
                if distance(things[a][0], things[b][0], viewer) < CLOSE
                and things[a][1] == things[b][1]]
    assert not confused, f"{palette}: alike in colour and mark to some viewers: {confused}"


def test_the_check_finds_two_things_told_apart_by_colour_alone():
    """Red and green with one mark are one thing to a deuteranope: the check must say so."""
    assert distance("#c62828", "#2e7d32", "deuteranomaly") < CLOSE
    assert distance("#c62828", "#2e7d32", None) > CLOSE  # (not to everyone else)
    assert gold.team_mark(0, 50, 50, 20, INK) != gold.team_mark(2, 50, 50, 20, INK)
