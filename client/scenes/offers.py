"""The lobby's offers to resume: the newest unfinished games whose seat was kept, or handed
on when this player left a table that still plays on the network, a Resume button each, and
the resume under way."""

from __future__ import annotations

import time

from client.keeping import TABLES
from client.settings import state_folder
from client.ui import DIM
from engine.registry import get_game
from engine.tell import capital
from net.disk.locks import InUse, journal_holder
from net.errors import CorruptJournal
from net.face.replay import Summary, journals

OFFER_W = 400  # a Resume button's width
OFFER_Y = 550  # the newest offer's button; older ones stand above it
OFFER_STEP = 80  # from one offer to the next: a button and its caption over it
CAPTION = 22  # the caption's line over its button: the game and when it was kept
RESUME_OFFERS = 2  # the newest unfinished games offered; the rest are in the history
SECOND_SEAT = "To play a second seat on this machine, start another window with " \
              "hoard --profile NAME (its own name, identity and games)."


class ResumeOffers:
    """What the lobby offers to resume, and the game being resumed (None while none is)."""

    def __init__(self, lobby):
        self.lobby = lobby
        self.resumable = resumable()
        self.shown: list[Summary] = []  # the Resume buttons' games, in order
        self.resuming: Summary | None = None
        self.elsewhere: set[int] = set()  # offers whose game another window plays

    def build(self) -> None:
        """A Resume button per offer, the newest lowest (looked at again on every layout:
        another window may have closed, a table may have ended)."""
        lobby = self.lobby
        if lobby.choosing or lobby.offering:  # the games (or the offer to teach one) have the
            self.shown, self.elsewhere = [], set()  # column: the offers wait till they go
            return
        self.shown = shown = self._newest()
        self.elsewhere = {i for i, s in enumerate(shown) if journal_holder(s.path) is not None}
        for i, summary in enumerate(shown):
            free = i not in self.elsewhere
            offer = lobby.fitted_part(lambda name, s=summary: _offer(s, name), summary.name,
                                      OFFER_W)
            whole = _offer(summary, summary.name)
            lobby.button(f"resume:{i}", offer, 840, OFFER_Y - i * OFFER_STEP, OFFER_W, 50,
                         tip=f"{whole} ({self.caption(i)})", primary=i == 0 and free,
                         enabled=free and self.resuming is None)

    def top(self) -> float | None:
        """The top of the offers' column (the highest caption), None with no offer."""
        return OFFER_Y - (len(self.shown) - 1) * OFFER_STEP - CAPTION if self.shown else None

    def caption(self, index: int) -> str:
        """What an offer's button leaves out: its game and when it was kept, or that it is
        played in another window ('Dragons Wild, kept at 21:40')."""
        summary = self.shown[index]
        game = get_game(summary.start.game).name
        if index in self.elsewhere:
            return f"{game}, open in another window"
        if summary.left:
            return f"{game}, from the next hand"
        return f"{game}, kept at {self._kept_at(summary)}"

    def _kept_at(self, summary: Summary) -> str:
        """When the game was kept: to the minute, or to the second when another offer of the
        same game was kept in the same minute (two "Dragon, kept at 21:40" told nothing
        apart; their tables share a name when both were "Ana with bots")."""
        def minute(s: Summary) -> tuple:
            return s.start.game, time.strftime("%H:%M", time.localtime(s.played))
        twins = sum(1 for s in self.shown if minute(s) == minute(summary))
        return time.strftime("%H:%M:%S" if twins > 1 else "%H:%M", time.localtime(summary.played))

    def draw(self, surface) -> None:
        """Each offer's caption over its button, so the button holds the table's name whole."""
        view = self.lobby.view
        for i in range(len(self.shown)):
            view.text(surface, self.caption(i), (846, OFFER_Y - i * OFFER_STEP - CAPTION), 14,
                      DIM, width=OFFER_W - 6)

    def _newest(self) -> list[Summary]:
        """A kept seat, or one this player left at a table still playing on the network."""
        playing = {t.key for t in self.lobby.session.tables.values() if t.state != "lobby"}
        return [s for s in self.resumable if s.kept or s.start.table.hex() in playing
                ][:RESUME_OFFERS]

    def resume(self, index: int) -> None:
        """Take the seat back: a node opened on the game's journal rebuilds the table from
        it, finds the others and fetches what it missed; the table shows when it is in."""
        app = self.lobby.app
        self.resuming = self.shown[index]
        try:
            app.new_session(resume=self.resuming.path)
        except InUse as exc:
            app.message("Open in another window", f"{sentence(exc)} {SECOND_SEAT}")
            self.stop()
            return
        except (CorruptJournal, OSError) as exc:
            app.message("Could not resume", f"The game's journal cannot be read: {exc}")
            self.stop()
            return
        self.lobby.layout()

    def stop(self) -> None:
        """The resume failed: back to browsing, the offers read afresh."""
        self.resuming = None
        self.resumable = resumable()
        self.lobby.app.new_session()
        self.lobby.layout()


def _offer(summary: Summary, name: str) -> str:
    """A Resume button's words: what it does and the table's name (the game and the time
    are its caption's, so the name has the button's width; greyed, the caption says why)."""
    return f"Back to {name}" if summary.left else f"Resume {name}"


def resumable() -> list[Summary]:
    """The journals' unfinished games whose seat was kept, or handed on when this player
    left, the newest first (one that is open in another window among them: it is listed,
    not offered)."""
    return [s for s in journals(state_folder() / TABLES) if s.kept or s.returnable]


def sentence(exc: Exception) -> str:
    text = str(exc)
    return capital(text) + "."
