"""The engine's events told on the Gold table as they happen: tokens fly from the bag, a
hoard or a screen to where they go, an attacker flies to its lair, a popup names a slain
Dragon or a Magic Object used, and the talks' proposals are noted with their fate (the
sharing panel lists the last ones)."""

from __future__ import annotations

from client.tables.gold.board import lair_centre
from client.tables.gold.layout import (
    ADV_AT,
    ADV_SIZE,
    ADV_STEP,
    ATTACKER,
    BAG_AT,
    SCREEN_BOX,
    TOKEN,
)
from engine.games.gold import (
    DRAGONS,
    Agreed,
    Attacked,
    DragonKilled,
    HoardLost,
    MagicUsed,
    Proposed,
    Rejected,
    Stole,
    Took,
    Traded,
    TreasureDrawn,
    magic_name,
)

HOME_AT = (ADV_AT[0] + 2 * ADV_STEP, ADV_AT[1] + ADV_SIZE / 2)  # your adventurers' row
BAG = (BAG_AT[0] + TOKEN / 2, BAG_AT[1] + TOKEN / 2)  # tokens fly from the bag's middle
BOX_BELOW_BAG = TOKEN + 4  # tokens out of the game lie under the bag
STOLEN = TOKEN + 4  # a stolen token's size in flight


class News:
    def __init__(self, table):
        self.table = table
        self.proposals: list[list] = []  # this hoard's proposals: [serial, seat, split, fate]

    def tell(self, event) -> None:
        kind, motion = type(event), self.table.motion
        if kind is TreasureDrawn:
            to = self.screen_at(event.index) if event.where == "screen" else \
                lair_centre(event.index)
            motion.fly_tokens(event.counts, BAG, to)
        elif kind is Took:
            motion.fly_tokens(event.counts, self._kill_at(), self.screen_at(event.seat))
        elif kind is HoardLost:
            motion.fly_tokens(event.counts, self._kill_at(),
                              (BAG[0], BAG[1] + BOX_BELOW_BAG))
            motion.popup("The sand ran out: the hoard leaves the game")
        elif kind is DragonKilled:
            motion.popup(f"{DRAGONS[event.dragon].name} is slain!")
        elif kind is Attacked:
            start = HOME_AT if event.seat == self.table.bottom else self.screen_at(event.seat)
            motion.fly(f"gold/adv/{self.table.team(event.seat)}-{event.kind}", start,
                       lair_centre(event.slot), ATTACKER)
        elif kind is Stole:
            name = f"gold/token/{event.colour}" if event.colour >= 0 else "gold/adv/5-down"
            motion.fly(name, self.screen_at(event.victim), self.screen_at(event.thief), STOLEN)
        elif kind is Traded:
            mine, theirs = self.screen_at(event.seat), self.screen_at(event.partner)
            motion.fly_tokens(event.give, mine, theirs)
            motion.fly_tokens(event.get, theirs, mine)
        elif kind is MagicUsed:
            motion.popup(f"{self.table.session.seat_name(event.seat, True)}: "
                         f"{magic_name(event.face)}")
        else:
            self._note_proposal(event)

    def _note_proposal(self, event) -> None:
        """A new proposal replaces the one before; an answer settles it."""
        if isinstance(event, Proposed):
            for entry in self.proposals:
                entry[3] = entry[3] or "replaced"
            self.proposals.append([event.serial, event.seat, event.split, ""])
        elif isinstance(event, Rejected | Agreed):
            fate = "agreed" if isinstance(event, Agreed) else \
                f"rejected by {self.table.session.seat_name(event.seat)}"
            for entry in self.proposals:
                if entry[0] == event.serial:
                    entry[3] = fate

    def screen_at(self, seat: int) -> tuple[float, float]:
        """The middle of a seat's screen: yours, or another's panel."""
        table = self.table
        x, y, w, h = SCREEN_BOX if seat == table.bottom else table.seat_box(seat)
        return x + w / 2, y + h / 2

    def _kill_at(self) -> tuple[float, float]:
        """Where the hoard being shared lies (tokens leave from there)."""
        kill = self.table.state.kill
        return lair_centre(kill.slot if kill else 0)
