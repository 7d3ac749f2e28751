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
# DejaVu Sans with Noto Sans CJK and Symbola's emoji merged in (tools/gen_fonts.py): one
# file that draws every name, for pygame_gui's text as for the tables' own
FONT_PATH = SPRITES / "fonts" / "HoardSans.ttf"
BOLD_FONT_PATH = SPRITES / "fonts" / "HoardSans-Bold.ttf"
SOUND_NAMES = ("deal", "play", "pass", "trick", "buy", "tick", "kill", "coins", "win")


class AssetMissing(KeyError, ValueError):
    """An asset name with no file behind it."""


def _pixels(size) -> tuple[int, int]:
    """A size as whole pixels, at least one each way."""
    return max(1, int(size[0])), max(1, int(size[1]))


def sprite(name: str, size: tuple[int, int], moving: bool = False) -> pygame.Surface:
    """The SVG `sprites/<name>.svg` rasterised at `size` (cached).

    `moving` (mid-tween, growing or shrinking): the size snaps to a coarse grid and the
    picture is scaled from one already rasterised at rest, so a flight rasterises nothing."""
    size = _pixels(size)
    if moving:
        return _in_flight(name, in_motion(size))
    _AT_REST[name] = size
    return _rasterised(name, size)


def backdrop(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A full-window background, made opaque: antialiased edges leave alpha just under 255,
    and a translucent background would let earlier frames show through as ghosts."""
    return _opaque(name, _pixels(size))


#: a backdrop is a smooth gradient: rasterised at this fraction of its size and smoothed up,
#: it is at most 2/255 off in any channel, drawn in 2.7 ms where the whole took 120 ms at
#: 1280×720 (on every window's first frame, four windows starting at once on two cores)
BACKDROP_DETAIL = 8


@functools.lru_cache(maxsize=4)
def _opaque(name: str, size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size)
    image.fill((18, 58, 38))
    rough = sprite(name, (max(1, size[0] // BACKDROP_DETAIL), max(1, size[1] // BACKDROP_DETAIL)))
    image.blit(pygame.transform.smoothscale(rough, size), (0, 0))
    return image.convert() if pygame.display.get_surface() is not None else image


FORGET_TOO: list = []  # other modules' caches of surfaces, cleared with these
MOTION_STEP = 8  # px: a moving picture is scaled to widths on this grid
_AT_REST: dict[str, tuple[int, int]] = {}  # each sprite's latest size drawn at rest


def card(game: str, face: int, size: tuple[int, int], moving: bool = False) -> pygame.Surface:
    return sprite(f"{game}/{face}", size, moving)


def in_motion(size: tuple[int, int]) -> tuple[int, int]:
    width = max(MOTION_STEP, round(size[0] / MOTION_STEP) * MOTION_STEP)
    return width, max(1, round(size[1] * width / max(1, size[0])))


@functools.lru_cache(maxsize=300)
def _in_flight(name: str, size: tuple[int, int]) -> pygame.Surface:
    rest = _AT_REST.get(name)
    if rest is None:
        return _rasterised(name, size)
    return pygame.transform.smoothscale(_rasterised(name, rest), size)


@functools.lru_cache(maxsize=64)
def fanned(name: str, size: tuple[int, int], xs: tuple[int, ...]) -> pygame.Surface:
    """One picture of a sprite repeated at pixel offsets `xs` (a seat's card backs): one
    blit a frame instead of one per card."""
    image = pygame.Surface((xs[-1] + size[0], size[1]) if xs else (1, 1), pygame.SRCALPHA)
    for x in xs:
        image.blit(sprite(name, size), (x, 0))
    return image


def preload(sprites) -> None:
    """Rasterise these (name, size) sprites now, while a table gathers or is laid out, so
    that no frame of a game stalls on its first sight of one (~0.3-1.5 ms each, many times
    that on a loaded machine). A size warmed first is where a flight scales from until the
    sprite is drawn at rest."""
    for name, size in sprites:
        size = _pixels(size)
        _AT_REST.setdefault(name, size)
        _rasterised(name, size)


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


def undrawable(text: str) -> str:
    """The characters of `text` the bundled font has no glyph for (each once, in order):
    what would show as boxes. pygame.freetype tells a missing glyph (pygame.font does not)."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    metrics = _glyph_font().get_metrics(text) or []
    missing = [c for c, m in zip(text, metrics, strict=False) if m is None and c.isprintable()]
    return "".join(dict.fromkeys(missing))


@functools.lru_cache(maxsize=1)
def _glyph_font():
    import pygame.freetype

    return pygame.freetype.Font(str(FONT_PATH), 16)


@functools.lru_cache(maxsize=2000)
def text(line: str, px: int, bold: bool, colour: tuple) -> pygame.Surface:
    """One line of text rendered (cached: a table redraws the same words every frame)."""
    return font(px, bold).render(line, True, colour)


def forget() -> None:
    """Drop every cached surface and font: they die with pygame.quit()."""
    text.cache_clear()
    _in_flight.cache_clear()
    fanned.cache_clear()
    _AT_REST.clear()
    for cached in FORGET_TOO:
        cached.cache_clear()
    _rasterised.cache_clear()
    _opaque.cache_clear()
    font.cache_clear()
    _glyph_font.cache_clear()


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
