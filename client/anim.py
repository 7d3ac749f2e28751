"""Tweens that retarget from where things are (after pgzero's animation.py), and card sprites.

A tween never delays the state: the table's truth is the view; a tween only
moves a picture of it towards where the view says it is. Retargeting a moving
tween starts the new move from its current value, so nothing jumps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Vec = tuple[float, ...]


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


class Tween:
    def __init__(self, value: Vec):
        self.value = tuple(value)
        self.start = self.end = self.value
        self.elapsed = self.duration = 0.0
        self.delay = 0.0

    def to(self, end: Vec, duration: float, delay: float = 0.0) -> None:
        end = tuple(end)
        if end == self.end and self.moving:
            return
        self.start, self.end = self.value, end
        self.elapsed, self.duration, self.delay = 0.0, duration, delay
        if duration <= 0 and delay <= 0:
            self.value = end

    def jump(self, value: Vec) -> None:
        self.value = self.start = self.end = tuple(value)
        self.elapsed = self.duration = self.delay = 0.0

    @property
    def moving(self) -> bool:
        return self.value != self.end

    def update(self, dt: float) -> None:
        if not self.moving:
            return
        if self.delay > 0:
            self.delay -= dt
            return
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        k = ease_out(t)
        self.value = self.end if t >= 1 else tuple(
            a + (b - a) * k for a, b in zip(self.start, self.end, strict=True))


@dataclass
class CardSprite:
    """A card on the table: where it is (x, y, width, alpha) and which face it shows."""

    face: int | None
    tween: Tween
    selected: bool = False
    lit: bool = True
    fading: bool = False  # leaving the table: dropped when its tween ends

    @property
    def box(self) -> Vec:
        return self.tween.value


@dataclass
class Counter:
    """A number that counts towards its new value (chips, scores)."""

    shown: float = 0.0
    target: float = 0.0
    speed: float = 0.0  # units a second, set on retarget so every count takes ~`seconds`
    seconds: float = 1.2
    flash: float = field(default=0.0)

    def set(self, value: float, animate: bool = True) -> None:
        if not animate:
            self.shown = self.target = value
            return
        if value != self.target:
            self.target = value
            self.speed = max(1.0, abs(value - self.shown) / self.seconds)
            self.flash = self.seconds

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)
        if self.shown == self.target:
            return
        step = self.speed * dt
        gap = self.target - self.shown
        self.shown = self.target if abs(gap) <= step else self.shown + math.copysign(step, gap)

    @property
    def moving(self) -> bool:
        return self.shown != self.target

    @property
    def value(self) -> int:
        return round(self.shown)
