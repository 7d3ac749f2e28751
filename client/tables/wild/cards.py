"""The cards that lie on the table (in the melds and atop the discard) and where every card
comes from: a card laid or discarded by another seat flies from that seat, a card drawn
starts where it lay, a card taken by another seat flies to it, and the discard pile turned
over flies face down to the deck."""

from __future__ import annotations

import pygame

from client.anim import CardSprite, Tween
from client.tables.common import draw_card
from client.tables.wild.layout import DEAL_STAGGER, DECK_AT, DISCARD_AT, PILE_CARD
from engine.games.wild import Bought, WildView


def draw_wild(surface, view, sprite: CardSprite, size) -> pygame.Rect:
    """A Wild card sprite where its tween has it, `size` (w, h) giving its shape."""
    return draw_card(surface, view, "wild", sprite, size[1] / size[0])


class TableCards:
    def __init__(self, table):
        self.table = table
        self.tabled: dict[int, CardSprite] = {}  # faces in melds and atop the discard
        self.shown_discard: list[int] = []  # the discard's top faces as last drawn
        self.origins: dict[int, tuple[float, float]] = {}

    def _start(self, face: int) -> tuple:
        """Where a card new to the table or the hand starts: where it came from, else the
        deck."""
        return (*self.origins.pop(face, DECK_AT), PILE_CARD[0], 255)

    def sync(self, state: WildView, animate: bool) -> dict[int, CardSprite]:
        """Melds and the discard's top cards to their places; the sprites that left the
        table (a card taken into this hand starts from where it lay)."""
        table = self.table
        shown = table.piles.discard_places(state)
        self.shown_discard = list(shown)
        places = {**shown, **table.melds.card_places(state)}
        gone = {face: self.tabled.pop(face) for face in [f for f in self.tabled
                                                         if f not in places]}
        for face, (x, y, width) in places.items():
            sprite = self.tabled.get(face)
            if sprite is None:
                start = table.hand[face].tween.value if face in table.hand else \
                    self._start(face)
                sprite = self.tabled[face] = CardSprite(face, Tween(start))
            table._move(sprite, (x, y, width, 255), animate)
        return gone

    def sync_hand(self, faces, animate: bool, gone: dict, usable: set[int]) -> None:
        """The hand to `faces`: new cards from where they were, lit when some play takes
        them (all lit when none does)."""
        hand = self.table.hand
        for face in [f for f in hand if f not in faces]:
            del hand[face]
        self.table.deal_into_hand(
            faces, lambda face: gone[face].tween.value if face in gone else self._start(face),
            DEAL_STAGGER, animate, usable)

    def laid_from(self, seat: int, faces) -> None:
        """Cards another seat laid or discarded come from its seat."""
        for face in faces:
            self.origins[face] = self.table.anchor(seat)

    def taken(self, event) -> None:
        """A card leaves the deck or the discard: to this hand it starts where it was; to
        another seat it flies there (face down unless everyone saw it)."""
        table = self.table
        from_discard = isinstance(event, Bought) or event.from_discard
        source = DISCARD_AT if from_discard else DECK_AT
        if event.seat == table.me:
            if event.face >= 0 and not from_discard:
                self.origins[event.face] = DECK_AT  # a card of the turned-over deck
            return
        sprite = self.tabled.pop(event.face, None) if from_discard else None
        if sprite is None:
            face = event.face if event.face >= 0 and from_discard else None
            sprite = CardSprite(face, Tween((*source, PILE_CARD[0], 255)))
        sprite.fading = True
        table._move(sprite, (*table.anchor(event.seat), PILE_CARD[0] * 0.6, 0), True)
        table.flying.append(sprite)

    def turn_over(self) -> None:
        """The discard pile turns over to be the deck — its cards go face down."""
        table = self.table
        for k, face in enumerate(self.shown_discard):
            sprite = self.tabled.pop(face, None)
            if sprite is not None:
                sprite.face, sprite.fading = None, True
                table._move(sprite, (*DECK_AT, PILE_CARD[0], 255), True, k * DEAL_STAGGER)
                table.flying.append(sprite)
        self.shown_discard = []
