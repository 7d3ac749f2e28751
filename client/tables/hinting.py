"""Every table's Hint: what the hard bot would do at this seat now and why, said in the game's
words in the guide panel (client.tables.guide) and, where the table has a selection for it,
pre-selected.

The bot thinks in the table node's worker process (net.face.hints), never on the window's
thread: a press asks for it and says the bot is thinking; the answer arrives as news
(`Hinted`) and is shown then, if the table has not moved on since. A table whose view
changes while a hint is awaited (Gold's talks, where every seat speaks at once) asks
again for the new view.
"""

from __future__ import annotations

from net.face.hints import Hinted

THINKING = "The hard bot is thinking…"


class Hint:
    """One table's Hint; the table pre-selects a suggested action in `preselect(action)`."""

    def __init__(self, table):
        self.table = table
        self.waiting = False  # pressed, and the bot has not answered for this view yet
        self.shown: Hinted | None = None  # the suggestion shown at this view
        self.said = ""  # its sentence, which the guide panel shows whole (client.tables.guide)

    def press(self) -> bool:
        """Ask for the hard bot's choice: shown at once if it is already thought (True),
        else said to be on its way and shown when it comes (False)."""
        session = self.table.session
        hinted = session.suggestion()
        if hinted is None:
            self.waiting = True
            session.advise(THINKING)
            return False
        self.show(hinted)
        return True

    def on_view(self) -> None:
        """A new view: the last suggestion was for the table as it was."""
        self.shown = None
        if not self.waiting:
            return
        view = self.table.session.view
        if view is not None and view.legal:
            self.press()  # still this seat's to answer: ask at the table as it is now
        else:
            self.waiting = False
            self.table.session.advise("")

    def on_news(self, item) -> None:
        """The bot's answer: shown if it was asked for and is still for this view (a
        later view in the same poll drops it from the session)."""
        if isinstance(item, Hinted) and self.waiting and item is self.table.session.hint:
            self.show(item)

    def show(self, hinted: Hinted) -> None:
        session = self.table.session
        self.waiting, self.shown = False, hinted
        self.said = session.game.hint(hinted.action, session.view.view, session.names,
                                      hinted.level)
        session.advise(self.said)
        if hinted.action is not None:
            self.table.preselect(hinted.action)
