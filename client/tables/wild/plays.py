"""What the player tried, as the legal action that does it: a draw from a pile, the selected
cards laid on a meld or discarded, a place chosen for the Dragon, an answer in the buying
window; or, when no legal action does it, why not in the engine's own words
(`Game.why_not`)."""

from __future__ import annotations

from client.tables.common import told
from client.tables.wild.choices import Choices
from engine.games.wild import GAME, Choice


class Plays:
    def __init__(self, table):
        self.table = table

    def submit(self, action) -> None:
        table = self.table
        table.session.submit(action)
        table.can = Choices()
        table.let_go()

    def lay_on(self, target: int) -> None:
        """The selected cards onto meld `target` (-1: a new meld), if a legal lay takes
        them there; asking where the Dragon stands when that is the player's choice."""
        table = self.table
        options = table.can.lays.get((target, frozenset(table.selected())), [])
        if not options:
            table.session.advise(self.why_not_lay(target))
            table.let_go()
        elif len(options) == 1:
            self.submit(options[0])
        else:
            table.choosing = sorted(options, key=lambda a: a.wild_as)
            table.refresh_buttons()

    def choose_wild(self, index: int) -> None:
        choosing = self.table.choosing
        if index < len(choosing):
            self.submit(choosing[index])

    def discard_selected(self) -> None:
        table = self.table
        chosen = table.selected()
        action = table.can.discards.get(chosen[0]) if len(chosen) == 1 else None
        if action is None:
            table.session.advise(self.why_not_discard(chosen))
            table.let_go()
        else:
            self.submit(action)

    def take(self, from_discard: bool) -> None:
        action = self.table.can.draws.get(from_discard)
        if action is not None:
            self.submit(action)
        else:
            self.table.session.advise(self.why_not_draw())

    def answer(self, ident: str) -> None:
        """A button of the buying window: buy or not, let the buyer buy or refuse."""
        can = self.table.can
        if ident in ("buy", "decline") and can.buying:
            self.submit(can.buying[ident == "buy"])
        elif ident in ("allow", "refuse") and can.answers:
            self.submit(can.answers[ident == "allow"])

    # -- reasons, in the engine's words ---------------------------------------------
    def refusal(self, kind: str, faces=(), target: int = -1) -> str:
        """Why what the player tried is no legal action, as the engine says it."""
        table = self.table
        refused = GAME.why_not(table.state, table.me, Choice(kind, tuple(faces), target),
                               table.session.names)
        return told(refused, "That is not open now.")

    def why_not_draw(self) -> str:
        return self.refusal("draw")

    def why_not_discard(self, chosen: list[int]) -> str:
        return self.refusal("discard", chosen)

    def why_not_lay(self, target: int) -> str:
        return self.refusal("lay", self.table.selected(), target)
