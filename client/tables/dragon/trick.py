"""The trick in the centre of the table: each play flies in from the hand or the seat that
made it, the older plays step up-left of the newest (TRICK_DEPTH at most), a won trick
flies off to its winner; under it, the engine's words for the last play or who leads."""

from __future__ import annotations

from client.anim import CardSprite, Tween
from client.tables.common import draw_card
from client.tables.dragon.layout import CARD, DECK_AT, TRICK_AT, TRICK_DEPTH
from client.ui import DIM, INK
from client.widgets import fan_positions
from engine.games.dragon import DragonView, Played, TrickWon, table_words


def draw_dragon(surface, view, sprite: CardSprite) -> None:
    """A Dragon card where its sprite is, in the hand or on the table."""
    draw_card(surface, view, "dragon", sprite, CARD[1] / CARD[0])


class TrickArea:
    """Lays the table's `trick` sprites out and draws them; remembers where the cards of
    the step's plays came from and who won the last trick, for their flights."""

    def __init__(self, table):
        self.table = table
        self.origins: dict[int, tuple[float, float]] = {}  # face -> the seat that played it
        self.winner: int | None = None  # of the last trick won

    def on_event(self, event) -> None:
        table = self.table
        if isinstance(event, Played) and event.seat != table.me:
            for face in event.faces:
                self.origins[face] = table.anchor(event.seat)
        elif isinstance(event, TrickWon):
            self.winner = event.seat

    def sync(self, view: DragonView, animate: bool) -> None:
        table = self.table
        trick = table.trick
        plays = view.trick
        shown = {face for play in plays for face in play.faces}
        for face in [f for f in trick if f not in shown]:
            sprite = trick.pop(face)
            winner = table.anchor(self.winner) if self.winner is not None else DECK_AT
            sprite.fading = True
            table._move(sprite, (*winner, CARD[0] * 0.6, 0), animate)
            table.flying.append(sprite)
        for i, play in enumerate(plays):  # oldest first: the newest is drawn on top
            seat, faces = play.seat, play.faces
            depth = len(plays) - 1 - i
            shown = min(depth, TRICK_DEPTH)
            xs = fan_positions(len(faces), TRICK_AT[0] - 150, TRICK_AT[0] + 150 + CARD[0],
                               CARD[0], 34)
            for face, x in zip(faces, xs, strict=True):
                target = (x - 34 * shown, TRICK_AT[1] - 22 * shown, CARD[0],
                          255 if depth == 0 else 150 if depth <= TRICK_DEPTH else 0)
                sprite = trick.get(face)
                if sprite is None:
                    start = table.hand[face].tween.value if face in table.hand else (
                        *self.origins.get(face, table.anchor(seat)), CARD[0], 255)
                    sprite = trick[face] = CardSprite(face, Tween(start))
                table._move(sprite, target, animate)

    def draw(self, surface, state: DragonView) -> None:
        """The words for the middle of the table, then the trick and what flies off it."""
        table = self.table
        said = table_words(state, table.session.names)  # the engine's words
        if state.trick:
            table.view.text(surface, said, (TRICK_AT[0] + CARD[0] / 2,
                                            TRICK_AT[1] + CARD[1] + 10), 15, INK,
                            anchor="midtop")
        elif said:
            table.view.text(surface, said, (490, 320), 18, DIM, anchor="center")
        for sprite in [*table.flying, *table.trick.values()]:
            draw_dragon(surface, table.view, sprite)
