"""The panel that teaches, at the top of the log's column: a Hint's whole sentence (the hard
bot's play and why it is good, the engine's words) whenever one is shown, and in a guided game
at each of this seat's turns, unasked, with what the rules let it do now.

The log keeps to the column below it (never the table's cards or buttons), and it sizes its
words to fit: a long reason is wrapped, never cut."""

from __future__ import annotations

from client.tables.common import wrap_text
from client.tables.hinting import THINKING
from client.ui import GOLD, INK

BOX = (992, 64, 276, 370)  # the top of the log's column: the panel grows down, at most this
# (the log keeps two lines' room under it)
GAP = 8  # logical px between the panel and the log under it
TITLE_ROOM = 24  # logical px the title takes above the words
PAD = 10
SIZES = (14, 13, 12, 11)  # the words' logical sizes, tried in turn until they fit
GUIDED = "Guided game · your turn"
HINTED = "Hint"


class Guide:
    def __init__(self, scene):
        self.scene, self.session, self.view = scene, scene.session, scene.view
        self.size = SIZES[0]  # the words' size last fitted
        self.kept: tuple = ((), ("", 0.0, []))  # what `said` answered last, and for what

    def on_view(self) -> None:
        """A guided game asks the hard bot at each of this seat's turns, unasked."""
        if self._guiding():
            self.session.suggestion()

    def _guiding(self) -> bool:
        session = self.session
        return session.guided and session.ending is None and not session.watching and \
            session.view is not None and bool(session.view.legal)

    def hinted(self) -> bool:
        """Is the advice line's sentence a Hint's, shown whole here (not on that line)?"""
        renderer = self.scene.renderer
        return renderer is not None and bool(renderer.hints.said) and \
            self.session.advice == renderer.hints.said

    def said(self) -> tuple[str, float, list[str]]:
        """The panel's title, its rows' spacing (logical) and its rows, as wrapped to fit
        ("": no panel now). Worked out once a view (and a window's size): each frame asks
        twice, and the engine's why weighs a hand's plays to word itself."""
        session = self.session
        renderer = self.scene.renderer
        asked = (session.view, session.hint, session.advice, session.ending, session.guided,
                 renderer.hints.said if renderer is not None else "", self.view.scale)
        if asked != self.kept[0]:
            title, paragraphs = self._said()
            self.kept = (asked, (title, *self._fitted(paragraphs)) if title else ("", 0.0, []))
        return self.kept[1]

    def _said(self) -> tuple[str, list[str]]:
        session = self.session
        if not self._guiding():
            return (HINTED, [session.advice]) if self.hinted() else ("", [])
        view = session.view.view
        renderer = self.scene.renderer
        advice = None if renderer is not None and renderer.shows_advice else \
            session.game.advice(view, session.seat, session.names)
        can = [advice.title, *advice.lines] if advice is not None else []
        hinted = session.hint
        bot = session.game.hint(hinted.action, view, session.names, hinted.level) \
            if hinted is not None else THINKING
        return GUIDED, [*can, bot]

    def bottom(self) -> float:
        """Where the log's column is free from (logical y): below the panel, if it shows."""
        title, line, rows = self.said()
        return BOX[1] + self._height(line, rows) + GAP if title else BOX[1]

    @staticmethod
    def _height(line: float, rows: list[str]) -> float:
        return 2 * PAD + TITLE_ROOM + line * len(rows)

    def draw(self, surface) -> None:
        title, line, rows = self.said()
        if not title:
            return
        view = self.view
        x, y, w, _ = BOX
        view.panel(surface, view.rect(x, y, w, self._height(line, rows)), edge=GOLD)
        view.text(surface, title, (x + PAD, y + PAD - 2), 15, GOLD, bold=True, width=w - 2 * PAD)
        top = y + PAD + TITLE_ROOM
        for i, row in enumerate(rows):
            if row:
                view.text(surface, row, (x + PAD, top + i * line), self.size, INK)

    def _fitted(self, paragraphs: list[str]) -> tuple[float, list[str]]:
        """The rows of the largest words that fit the box (a blank row between paragraphs)
        and their spacing (logical). What the rules let the seat do gives way first, its
        lines before its title; the bot's sentence, always last, never does."""
        room = BOX[3] - 2 * PAD - TITLE_ROOM
        kept = [paragraphs, paragraphs[:1] + paragraphs[-1:], paragraphs[-1:]]
        for shown in kept:
            for size in SIZES:
                line = self.view.font(size).get_linesize() / self.view.scale
                rows = self._rows(shown, size)
                if len(rows) * line <= room:
                    self.size = size
                    return line, rows
        self.size = SIZES[-1]
        return line, rows

    def _rows(self, paragraphs: list[str], size: int) -> list[str]:
        rows: list[str] = []
        for paragraph in paragraphs:
            if rows:
                rows.append("")
            rows += wrap_text(self.view, paragraph, size, BOX[2] - 2 * PAD)
        return rows
