"""The lobby's offers to resume: the newest unfinished games whose seat was kept, or handed
on when this player left a table that still plays on the network, a Resume button each, and
the resume under way."""

from __future__ import annotations

import time

from client.session import TABLES
from client.settings import state_folder
from engine.registry import get_game
from net.disk.locks import InUse, journal_holder
from net.errors import CorruptJournal
from net.face.replay import Summary, journals

OFFER_W = 400  # a Resume button's width
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
        self.shown = shown = self._newest()
        self.elsewhere = {i for i, s in enumerate(shown) if journal_holder(s.path) is not None}
        for i, summary in enumerate(shown):
            free = i not in self.elsewhere
            offer, whole = self._words(summary, free)
            lobby.button(f"resume:{i}", offer, 840, 550 - i * 60, OFFER_W, 50,
                         tip=whole if offer != whole else None, primary=i == 0 and free,
                         enabled=free and self.resuming is None and not lobby.choosing)

    def _newest(self) -> list[Summary]:
        """A kept seat, or one this player left at a table still playing on the network."""
        playing = {t.key for t in self.lobby.session.tables.values() if t.state != "lobby"}
        return [s for s in self.resumable if s.kept or s.start.table.hex() in playing
                ][:RESUME_OFFERS]

    def _words(self, summary: Summary, free: bool) -> tuple[str, str]:
        """A Resume button's words and the words whole (the button's tooltip when they
        differ). A long table name is read whole where it can be: the time it was kept gives
        way first, and only then is the name cut — never its game."""
        game = get_game(summary.start.game).name
        kept = time.strftime("%H:%M", time.localtime(summary.played))

        def words(name: str, when: bool = True) -> str:
            if not free:
                return f"{name} ({game}): open in another window"
            if summary.left:
                return f"Back to {name} ({game}, from the next hand)"
            return f"Resume {name} ({game}, kept at {kept})" if when else \
                f"Resume {name} ({game})"

        whole, fit = words(summary.name), self.lobby.fitted_part
        for when in (True, False):
            offer = fit(lambda name, when=when: words(name, when), summary.name, OFFER_W)
            if offer == words(summary.name, when):
                return offer, whole
        return offer, whole

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


def resumable() -> list[Summary]:
    """The journals' unfinished games whose seat was kept, or handed on when this player
    left, the newest first (one that is open in another window among them: it is listed,
    not offered)."""
    return [s for s in journals(state_folder() / TABLES) if s.kept or s.returnable]


def sentence(exc: Exception) -> str:
    text = str(exc)
    return text[:1].upper() + text[1:] + "."
