"""Art, fonts and sounds, shipped as package data (`sprites/`, `sounds/`).

Art is SVG rasterised with `pygame.image.load_sized_svg` at exactly the size it is
drawn at (so it is sharp at any window size), cached per (name, size) in a bounded
LRU. Sounds are WAVs played through pygame.mixer; with no audio device the app is
silent and `Sounds.problem` says why, in words.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

import pygame

SPRITES = Path(str(files("sprites")))
SOUNDS = Path(str(files("sounds")))
FONT_PATH = SPRITES / "fonts" / "DejaVuSans.ttf"
BOLD_FONT_PATH = SPRITES / "fonts" / "DejaVuSans-Bold.ttf"
SOUND_NAMES = ("deal", "play", "pass", "trick", "buy", "tick", "kill", "coins", "win")


class AssetMissing(KeyError, ValueError):
    """An asset name with no file behind it."""


def sprite(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The SVG `sprites/<name>.svg` rasterised at `size` (cached)."""
    return _rasterised(name, (max(1, int(size[0])), max(1, int(size[1]))))


def backdrop(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A full-window background, made opaque: antialiased edges leave alpha just under 255,
    and a translucent background would let earlier frames show through as ghosts."""
    return _opaque(name, (max(1, int(size[0])), max(1, int(size[1]))))


@functools.lru_cache(maxsize=4)
def _opaque(name: str, size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size)
    image.fill((18, 58, 38))
    image.blit(sprite(name, size), (0, 0))
    return image.convert() if pygame.display.get_surface() is not None else image


def card(game: str, face: int, size: tuple[int, int]) -> pygame.Surface:
    return sprite(f"{game}/{face}", size)


@functools.lru_cache(maxsize=600)
def _rasterised(name: str, size: tuple[int, int]) -> pygame.Surface:
    path = SPRITES / f"{name}.svg"
    if ".." in Path(name).parts or not path.is_file():
        raise AssetMissing(f"no sprite {name!r}")
    image = pygame.image.load_sized_svg(str(path), size)
    if image.get_size() != size:  # art drawn at another aspect is stretched, not letterboxed
        image = pygame.transform.smoothscale(image, size)
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


@functools.lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(BOLD_FONT_PATH if bold else FONT_PATH), max(1, int(px)))


def forget() -> None:
    """Drop every cached surface and font: they die with pygame.quit()."""
    _rasterised.cache_clear()
    _opaque.cache_clear()
    font.cache_clear()


class Sounds:
    """The table's sound effects; silent (with `problem` saying why) when there is no device."""

    def __init__(self, enabled: bool = True, volume: float = 0.8):
        self.problem = ""
        self.loaded: dict[str, pygame.mixer.Sound] = {}
        self.enabled, self.volume = enabled, volume
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            self.problem = f"No sound: the audio device could not be opened ({exc})."

    def set(self, enabled: bool, volume: float) -> None:
        self.enabled, self.volume = enabled, volume
        for sound in self.loaded.values():
            sound.set_volume(volume)

    def play(self, name: str) -> None:
        if self.problem or not self.enabled or self.volume <= 0:
            return
        sound = self.loaded.get(name)
        if sound is None:
            path = SOUNDS / f"{name}.wav"
            if not path.is_file():
                raise AssetMissing(f"no sound {name!r}")
            sound = self.loaded[name] = pygame.mixer.Sound(str(path))
            sound.set_volume(self.volume)
        sound.play()
