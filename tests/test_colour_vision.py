"""Issue 39: every suit, token and team a player must tell apart differs by more than colour,
and the high-contrast option's words read at 7:1 to every viewer.

Each palette is seen through full deuteranopia, protanopia and tritanopia (colorspacious's
simulation, Machado et al. 2009) and compared in CAM02-UCS. Two of a palette whose colours
come closer than CLOSE to such a viewer must carry different marks — the shape or symbol
they are drawn with, compared here with the colour taken away (drawn in one ink) — or the
test fails, naming them."""

import itertools
import re
from pathlib import Path

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


#: WCAG's enhanced contrast for words (AAA, 7:1): what the high-contrast option promises
HIGH = 7.0
#: WCAG 2's least contrast for large text and a screen's parts (AA, 3:1): the usual colours'
USUAL = 3.0
FELT = Path(__file__).parent.parent / "sprites" / "felt.svg"


def hexed(rgb) -> str:
    return "#" + "".join(f"{round(c):02x}" for c in rgb[:3])


def luminance(colour: str, viewer: str | None) -> float:
    """WCAG 2's relative luminance of `colour` as `viewer` sees it."""
    rgb = seen(colour, viewer)
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(linear @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: str, b: str, viewer: str | None) -> float:
    high, low = sorted((luminance(a, viewer), luminance(b, viewer)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def high_contrast_grounds() -> dict[str, str]:
    """What words lie on in high contrast: the felt's lightest colour under its veil, and a
    panel over that felt (nearly opaque)."""
    from client import ui

    stops = re.findall(r'stop-color="(#[0-9a-fA-F]{6})"', FELT.read_text())
    lightest = max(stops, key=lambda c: luminance(c, None))
    felt = [int(lightest[i:i + 2], 16) * (1 - ui.FELT_SHADE / 255) for i in (1, 3, 5)]
    cover = ui.HIGH_CONTRAST_PANEL / 255
    panel = [p * cover + f * (1 - cover) for p, f in zip(ui.HIGH_CONTRAST[ui.PANEL], felt,
                                                          strict=True)]
    return {"the felt": hexed(felt), "a panel": hexed(panel)}


def test_high_contrast_words_read_at_seven_to_one_to_every_viewer():
    """Issue 39: every colour words are drawn in under the high-contrast option reads at
    7:1 or more on the felt and on a panel, to a viewer with full colour vision and to each
    colour-blind one."""
    from client import ui

    words = {name: hexed(ui.HIGH_CONTRAST[getattr(ui, name)])
             for name in ("INK", "DIM", "GOLD", "ALERT", "GOOD")}
    faint = [(name, ground, viewer, round(contrast(colour, under, viewer), 1))
             for name, colour in words.items()
             for ground, under in high_contrast_grounds().items()
             for viewer in (None, *VIEWERS)
             if contrast(colour, under, viewer) < HIGH]
    assert not faint, f"words under 7:1 in high contrast: {faint}"


def test_the_usual_words_read_at_three_to_one_on_the_lightest_felt_to_every_viewer():
    """Every colour words are drawn in reads at 3:1 or more on the felt's lightest colour
    (WCAG AA, large), to a viewer with full colour vision and to each colour-blind one: a
    Dragon refusal above the buttons read at 1.6:1 to a red-blind player."""
    from client import ui

    stops = re.findall(r'stop-color="(#[0-9a-fA-F]{6})"', FELT.read_text())
    lightest = max(stops, key=lambda c: luminance(c, None))
    faint = [(name, viewer, round(contrast(hexed(getattr(ui, name)), lightest, viewer), 1))
             for name in ("INK", "DIM", "GOLD", "ALERT", "GOOD")
             for viewer in (None, *VIEWERS)
             if contrast(hexed(getattr(ui, name)), lightest, viewer) < USUAL]
    assert not faint, f"words under 3:1 on the felt: {faint}"


def test_the_contrast_check_finds_the_usual_dim_words_faint():
    """The usual palette's dim words on the felt fall short of 7:1: the option is needed."""
    from client import ui

    stops = re.findall(r'stop-color="(#[0-9a-fA-F]{6})"', FELT.read_text())
    lightest = max(stops, key=lambda c: luminance(c, None))
    assert contrast(hexed(ui.DIM), lightest, None) < HIGH
    assert round(contrast("#ffffff", "#000000", None)) == 21
