"""The seam between the pointer and the rules: what is held (the cards selected in the hand,
or the foundation pile picked up, the table's `source`), the piles that would take it, and
letting it go on one, by click-then-click or by drag and drop. What no legal action takes
snaps back and says why in the engine's words (`Game.why_not`)."""

from __future__ import annotations

from client.anim import CardSprite
from client.tables.common import told
from client.tables.den.choices import Choices
from engine.games.den import GAME, Drop


class Drops:
    def __init__(self, table):
        self.table = table

    def targets(self) -> set[int]:
        """The piles that would take what is held."""
        table = self.table
        return table.can.targets(table.source, frozenset(table.selected()))

    def held_sprites(self) -> list[CardSprite]:
        table = self.table
        if table.source is not None:
            faces = table.state.piles[table.source]
            return [table.cross.piled[f] for f in faces if f in table.cross.piled]
        return [s for s in table.hand.values() if s.selected]

    def drop_on(self, pile: int) -> None:
        """What is held goes to `pile`, if a legal action takes it there; else why not."""
        table = self.table
        if table.source is not None:
            action = table.can.moves.get((table.source, pile))
            if pile == table.source:
                table.let_go()
                return
        else:
            action = table.can.plays.get((pile, frozenset(table.selected())))
        if action is None:
            table.session.advise(self.why_not(pile))
            table.let_go()
            return
        table.session.submit(action)
        table.can = Choices()
        table.let_go()

    def pick_pile(self, pile: int) -> None:
        """A click on a pile: the drop of what is held, or picking the pile up to move."""
        table = self.table
        if table.selected() or table.source is not None:
            self.drop_on(pile)
        elif table.can.movable(pile):
            table.source = pile
            table.cross.mark_source()
        else:
            table.session.advise(self.why_not(pile))

    def drop(self, pos) -> None:
        """What is carried let go at `pos`: on a pile, or back where it came from."""
        table = self.table
        pile = table.cross.pile_at(pos)
        if pile is None or (table.source is None and not table.selected()):
            table.session.advise("Drop the cards on a pile of the cross.")
            table.let_go()
        else:
            self.drop_on(pile)
        self._snap_back()

    def _snap_back(self) -> None:
        """Cards still here after a drop go back where they belong (animated)."""
        table = self.table
        table.lay_out_hand()
        table.cross.sync(table.state.piles, animate=True)

    def why_not(self, pile: int) -> str:
        """Why what is held cannot go to `pile`, in the engine's words."""
        table = self.table
        drop = Drop(pile, tuple(table.selected()), table.source)
        refusal = GAME.why_not(table.state, table.me, drop, table.session.names)
        return told(refusal, "That move is not open now.")
