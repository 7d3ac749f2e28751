"""The hand's result panel: up while the table pauses between hands (net.table.pause), with
how the hand ended, each seat's gain or loss and total, who the table waits for, and
Next hand."""

from __future__ import annotations

import math

from client.tables.basics import PACE, enable, show
from client.ui import DIM, GOLD, INK, TABLE_AREA
from engine.tell import figure, join_words
from net.table.pause import NextHand

RESULT = (250, 116, 480)  # the panel (x, top, width): over the table's middle
RESULT_ROW = 30
RESULT_FRAME = 194  # its height less the rows': the title and line above, the wait below


class HandResult:
    """A table's hand-over panel. The game's words come from its renderer (`table`):
    `result_line` (how the hand ended), `result_rows` (each seat's gain or loss, in order)
    and `result_heads` (the two columns' heads)."""

    def __init__(self, table):
        self.table, self.scene, self.session, self.view = \
            table, table.scene, table.session, table.view
        self.hand_over = None  # the game's last HandOver event (shown while `up`)
        self.match_over = None  # the game's MatchOver event, once the last hand ended
        self.shown = False  # this frame's answer to `due`: the panel and its button agree
        self.under: set[str] = set()  # the game's buttons, which the panel covers while up
        self.covered: set[str] = set()  # those it hid (shown again once it is down)

    def show(self, event) -> None:
        self.hand_over = event
        self.refresh()

    def due(self) -> bool:
        """Should a hand's result be up now? While the table pauses for it (every laptop
        alike), and after the match's last hand until the match's end is shown: never while
        a hand plays (someone is to act in the current view). It reads the clock, so a
        frame asks once (`refresh`) and the panel, its button and its targets all follow
        that one answer (`up`)."""
        view = self.session.view
        if self.hand_over is None or self.session.ending is not None or view is None:
            return False
        if view.view.to_act:  # a hand plays: a result is never up over it (a window that
            return False  # came late, or caught up, must not keep the last one up)
        return self.match_over is not None or self.session.pause_left(PACE) is not None

    def up(self) -> bool:
        """Is the result up in this frame (as `refresh` last decided)?"""
        return self.shown

    def hand_shown(self, number: int) -> int:
        """The hand a title names. The engine counts the next hand as soon as one ends (its
        shuffle is what the table's pause holds back), so while a result is up the title
        names the hand whose result it is, not the one not yet dealt."""
        return self.hand_over.hand if self.up() else number

    def box(self) -> tuple[float, float, float, float]:
        """The panel, a row for each seat."""
        return (*RESULT[:2], RESULT[2],
                RESULT_FRAME + RESULT_ROW * len(self.session.start.seats))

    def build(self) -> None:
        x, y, w, h = self.box()
        self.scene.button("next", "Next hand", x + w / 2 - 80, y + h - 52, 160, 40,
                          primary=True, tip="The next hand starts when everyone at the "
                                            "table is ready, or when the time is up.")
        self.refresh()

    def next_hand(self) -> None:
        """This player is ready for the next hand (Next hand, or O)."""
        view = self.session.view
        if self.table.acting and self.up() and self.table.me in view.pausing:
            self.session.submit(NextHand(self.table.me))

    def refresh(self) -> None:
        """Decide whether the result is up for this frame — a change is drawn at once, its
        panel and "Next hand" together, never one left on screen without the other — and
        show "Next hand" to a player while the table pauses, greyed once pressed."""
        due = self.due()
        if due != self.shown:
            self.shown = due
            self.table.app.dirty = True
            self.table.refresh_buttons()
        button = self.scene.buttons.get("next")
        if button is None:
            return
        view = self.session.view
        show(button, self.table.acting and self.up() and self.match_over is None)
        enable(button, view is not None and self.table.me in view.pausing)

    def cover(self) -> None:
        """While the result is up, the game's buttons under it are hidden (nothing plays
        then: a lit Sort or Hint over the result was a puzzle), their keys with them."""
        if self.up():
            buttons = self.scene.buttons
            self.covered = {i for i in self.under if i in buttons and buttons[i].visible}
            for ident in self.covered:
                buttons[ident].hide()

    def uncover(self) -> None:
        """The buttons the result hid come back, for the game to show or hide as it will."""
        for ident in self.covered:
            if ident in self.scene.buttons:
                self.scene.buttons[ident].show()
        self.covered = set()

    def draw(self, surface) -> None:
        if not self.up():
            return
        table, event, view, (x, y, w, h) = self.table, self.hand_over, self.view, self.box()
        view.veil(surface, view.rect(*TABLE_AREA))
        view.panel(surface, view.rect(x, y, w, h), alpha=250, edge=GOLD)
        view.text(surface, f"Hand {event.hand} is over", (x + w / 2, y + 14), 24, GOLD,
                  bold=True, anchor="midtop", width=w - 40)
        view.text(surface, table.result_line(event), (x + w / 2, y + 50), 15, INK,
                  anchor="midtop", width=w - 40)
        for head, right in zip(table.result_heads, (x + w - 150, x + w - 30), strict=True):
            view.text(surface, head, (right, y + 78), 13, DIM, anchor="topright")
        for i, (seat, change, colour) in enumerate(table.result_rows(event)):
            row = y + 98 + i * RESULT_ROW
            view.text(surface, self.session.seat_name(seat, True), (x + 30, row), 17, INK,
                      width=w - 220)
            view.text(surface, change, (x + w - 150, row), 17, colour, anchor="topright")
            view.text(surface, figure(table.scores[seat].value), (x + w - 30, row), 17, INK,
                      anchor="topright")
        view.text(surface, self.pause_words(), (x + w / 2, y + h - 78), 14, DIM,
                  anchor="midtop", width=w - 40)

    def pause_words(self) -> str:
        """How long the table waits for the next hand, and for whom."""
        left = self.session.pause_left(PACE)
        if left is None:
            return ""
        waits = [self.session.seat_name(s) for s in self.session.view.pausing]
        who = f" · waiting for {join_words(waits)}" if waits else ""
        return f"The next hand in {math.ceil(left)} s{who}"
