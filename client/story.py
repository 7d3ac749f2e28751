"""The table's story for one viewer: the sentences the window's log and `hoard peer`'s
lines both say of the news, from one place, so the two cannot tell an event two ways.

The engine words every play and every refusal (`Game.tell`, `Refusal.explain`); the seat
notices are client.notices'; this module only decides which sentences a piece of news
makes and for whom. Each front frames them its own way (the window's log, a peer's
"step N: " lines), never rewording them.
"""

from __future__ import annotations

from dataclasses import dataclass

from client import notices
from engine.registry import get_game
from engine.tell import capital
from net.peer.events import Away, Fault, Finished, GameStarted, Left, Returning
from net.table.lockstep import Applied, Entry
from net.table.pause import PauseTable, ResumeTable
from net.table.takeback import NO, AnswerTakeBack, AskTakeBack, Question

#: how the window titles a stop, by the fault's kind; any other kind "The table stopped"
#: (a kind is the network's word for it, never shown)
STOP_TITLES = {"void": "The hand is void", "desync": "The table stopped: a desync",
               "equivocation": "The table stopped: cheating",
               "cheat": "The table stopped: cheating",
               "stall": "The table stopped: a bot made no move",
               "lost": "Lost the table",
               "bug": "The table stopped: a fault in this program",
               "left-out": "That game has already started"}


@dataclass(frozen=True)
class Told:
    """What one applied action made: the engine's sentences for its events (none for an
    action whose events follow, such as a draw), or, refused, why (`refused`; `mine`: the
    viewer's own action, not a bot's it hosts)."""

    seat: int  # the seat that acted (a refusal is worded as that seat's)
    parts: tuple[str, ...]
    refused: bool = False
    mine: bool = False


class Storyteller:
    """The story of one game for the viewer at `seat` (None: a spectator)."""

    def __init__(self, started: GameStarted):
        self.seat = started.seat
        self.game = get_game(started.start.game)
        self.names = started.start.names(started.seat)
        self.pauser: int | None = None  # who paused the table, while it stands paused

    def seats(self, done: Applied) -> list[str]:
        """Who left, went quiet or came back at this step (this viewer's own seat gone
        quiet is told by an Away, unless the match is over)."""
        said = [notices.left(self.names, seat, heir) for seat, heir in done.left]
        said += [notices.quiet(self.names, seat, heir, done.over) for seat, heir in done.quiet
                 if seat != self.seat or done.over]
        return said + [notices.back(self.names, seat) for seat in done.back]

    def actions(self, done: Applied) -> list[Told]:
        return [self._told(entry, done) for entry in done.entries]

    def _told(self, entry: Entry, done: Applied) -> Told:
        seat = getattr(entry.action, "seat", entry.seat)
        if entry.error:
            why = entry.refusal.explain(self.names) if entry.refusal else entry.error
            return Told(seat, (why,), refused=True, mine=seat == self.seat)
        if type(entry.action) in (PauseTable, ResumeTable):
            return Told(seat, (self._pause_told(entry.seat, entry.action),))
        if type(entry.action) is AskTakeBack:
            what = self.takeback_what(done.asked)
            return Told(seat, (notices.takeback_asked(self.names, seat, what),))
        if type(entry.action) is AnswerTakeBack:
            return Told(seat, (notices.takeback_answered(self.names, seat, entry.action.yes),))
        return Told(seat, self.game.told(entry.action, entry.events, self.names))

    def _pause_told(self, seat: int, action) -> str:
        """A player's pause, in the table's words (the table's, not a game's action)."""
        if isinstance(action, PauseTable):
            self.pauser = seat
            return notices.paused(self.names, seat)
        if seat == self.pauser:
            self.pauser = None
            return notices.resumed(self.names, seat)
        return notices.play_on_asked(self.names, seat)

    def takeback(self, done: Applied) -> list[str]:
        """How a take-back question ended at this step, if one did."""
        decided = done.takeback
        if decided is None:
            return []
        question = decided.question
        return [notices.takeback_decided(self.names, question.by, self.takeback_what(question),
                                         decided.taken, decided.why,
                                         question.refused_by if decided.why == NO else None)]

    def takeback_what(self, question: Question) -> str:
        """The move a take-back is asked for, in the game's words: 'play a pair of 7s'."""
        return self.game.said(question.action, question.view, self.names)

    def refusal(self, told: Told) -> str:
        """'your action is refused: ' and the engine's why, with the table's names."""
        known = 0 <= told.seat < len(self.names.seats)
        who = self.names.whose(told.seat) if known else "the table's"
        return f"{who} action is refused: {told.parts[0]}"

    def away(self, event: Away) -> str:
        return notices.away(self.names, event.heir, event.left)

    def returning(self, event: Returning) -> str:
        return notices.returning(self.names, event.seat)

    def left(self, event: Left) -> str:
        return notices.left(self.names, self.names.listener, event.heir)

    def finished(self, event: Finished) -> str:
        verdict = ("The deal was verified fair." if event.audit == "clean"
                   else f"Deck audit: {event.audit or 'no report'}")
        return f"{notices.won(self.names, event.winners)} {verdict}"

    def to_play(self, seats, start: bool = False) -> str:
        return notices.to_play(self.names, seats, start)


def stop_title(fault: Fault) -> str:
    """How the table's stop is titled for a player: 'The hand is void'."""
    return STOP_TITLES.get(fault.kind, "The table stopped")


def stop_report(fault: Fault) -> str:
    """The fault's report as sentences under its title: 'No word for 12 s from Bo.' (a
    report that opens with the title's words does not say them twice)."""
    title, report = stop_title(fault), fault.report.strip().rstrip(".")
    if report.lower().startswith(title.lower()):
        report = report[len(title):].lstrip(" :.")
    return f"{capital(report)}." if report else ""


def stop_words(fault: Fault) -> str:
    """The title and the report as one text: 'The hand is void. No word for 12 s from Bo.'"""
    return f"{stop_title(fault)}. {stop_report(fault)}".strip()
