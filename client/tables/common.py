"""Pieces every table renderer draws or needs the same way: cards, the match's end panel,
the events of a step, and pygame_gui button toggles."""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite
from client.ui import GOLD, GOOD, INK, wrap
from net.node import StepApplied


def events_of(item):
    """The engine events of a StepApplied (nothing for other news)."""
    if isinstance(item, StepApplied):
        for entry in item.applied.entries:
            yield from entry.events


def sounds_for(item, sounds: dict) -> list[str]:
    found = []
    for event in events_of(item):
        name = sounds.get(type(event))
        if name and name not in found:
            found.append(name)
    return found


def enable(button, enabled: bool) -> None:
    if enabled and not button.is_enabled:
        button.enable()
    elif not enabled and button.is_enabled:
        button.disable()


def show(button, shown: bool) -> None:
    if shown and not button.visible:
        button.show()
    elif not shown and button.visible:
        button.hide()


def wrap_text(view, text: str, size: float, width: float) -> list[str]:
    return wrap(view.font(size), text, view.px(width))


def draw_card(surface, view, deck: str, sprite: CardSprite, aspect: float,
              focused: bool = False) -> pygame.Rect:
    """A card sprite where its tween has it (face or back), shaded when not lit, outlined
    when selected or focused; the screen rect it covers."""
    x, y, w, alpha = sprite.box
    size = (view.px(w), view.px(w * aspect))
    moving = sprite.tween.moving
    image = assets.card(deck, sprite.face, size, moving) if sprite.face is not None \
        else assets.sprite("back", size, moving)
    at = view.point(x, y)
    if alpha < 255:  # the cached picture lends its alpha for one blit: no copy per frame
        image.set_alpha(int(alpha))
        surface.blit(image, at)
        image.set_alpha(None)
    else:
        surface.blit(image, at)
    rect = pygame.Rect(at, size)
    if not sprite.lit:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, at)
    if sprite.selected:
        pygame.draw.rect(surface, GOLD, rect, view.px(3), border_radius=view.px(6))
    elif focused:
        pygame.draw.rect(surface, INK, rect, view.px(1.5), border_radius=view.px(6))
    return rect


def draw_ending(surface, view, session, unit: str) -> None:
    """The match's end: every seat's score (`unit`: chips, points), the winners starred, and
    the ending's words (the audit's verdict among them)."""
    ending = session.ending
    view.panel(surface, view.rect(200, 130, 580, 340), alpha=250, edge=GOLD)
    title = {"finished": "The match is over", "left": "You left the table"}.get(
        ending.kind, "The table stopped")
    view.text(surface, title, (490, 148), 26, GOLD, bold=True, anchor="midtop")
    y = 200
    for seat, score in enumerate(ending.scores):
        won = seat in ending.winners
        view.text(surface, ("★ " if won else "") + session.seat_name(seat).capitalize(),
                  (240, y), 18, GOLD if won else INK, width=300)
        view.text(surface, f"{score:,} {unit}", (740, y), 18, INK, anchor="topright")
        y += 36
    for line in wrap_text(view, ending.text, 15, 540):
        view.text(surface, line, (220, y + 10), 15, GOOD if ending.audit == "clean" else INK)
        y += 22
