"""Finished and unfinished games from this machine's journals, and a replay viewer.

The history lists every journal (game, date, players, result); a replay reads one back
through net.face.replay (verified, as a restart would) and shows it on the game's own table
renderer, fed the same news a live window gets: step by step, playing at a speed, or
scrubbed to any step, from the public view or this player's seat.
"""

from __future__ import annotations

import threading
import time

import pygame
import pygame_gui

from client.keeping import TABLES
from client.night.standings import Night, night_of
from client.night.tonight import draw_night
from client.scenes import Place, Scene, draw_felt
from client.scenes.table import TableScene
from client.session import Session
from client.settings import state_folder
from client.tables.basics import enable
from client.ui import DIM, GOLD, INK, fit, wrap
from client.widgets import FittedList
from engine.registry import game_ids, get_game
from engine.tell import count, join_words
from net.disk.locks import journal_lock_path
from net.errors import CorruptJournal
from net.face.replay import Summary, journals, replay
from net.peer.events import GameStarted
from net.wire.start import bot_name, players_words

SPEEDS = (1, 2, 4, 8)
SCRUB = (992, 594, 276, 30)  # the bar that is the whole game, from its start to its end
LIST = (40, 90, 1200, 440)  # the games, a row each: what a row cannot hold ends in "…"
DETAIL_Y, DETAIL_ROWS, DETAIL_LINE = 540, 4, 20  # under it, the chosen game's row whole
STEP_SECONDS = 0.9  # between shown steps when playing at 1×


class History(Scene):
    name = "history"

    def __init__(self, app):
        super().__init__(app)
        app.end_session()  # no table node while looking back; the lobby opens a fresh one
        self.games = _played()
        self.selected: int | None = None
        self.deleting = False  # Delete was pressed once: the button asks to be sure
        self.night: Night | None = None  # the chosen game's night, while it is shown

    def build(self) -> None:
        rows = [(_row(s), "#table") for s in self.games]
        chosen = rows[self.selected] if self.selected is not None else None
        self.games_list = self.add(FittedList(
            self.view, self.view.rect(*LIST), rows, self.app.gui, object_id="#games",
            default_selection=chosen))
        if self.night is not None:
            self.games_list.hide()  # the night's standings are drawn where the list was
        summary = self.chosen()
        self.button("night", "Back to the games" if self.night else "That night", 720, 630,
                    300, 48, enabled=summary is not None and summary.finished,
                    tip="The standings of the night this game was played: every match, "
                        "the wins per game and the ratings.")
        can_replay = summary is not None and summary.start is not None
        self.button("replay", "Replay", 40, 630, 200, 48, primary=True, enabled=can_replay)
        self.button("replay:mine", "Replay from my seat", 250, 630, 240, 48,
                    enabled=can_replay and summary.seat is not None)
        self.button("delete", "Sure? Delete it" if self.deleting else "Delete", 500, 630, 200,
                    48, enabled=summary is not None and summary.in_use is None)
        self.button("back", "Back to lobby", 1040, 630, 200, 48)

    def chosen(self) -> Summary | None:
        return self.games[self.selected] if self.selected is not None else None

    def extra_targets(self) -> dict[str, pygame.Rect]:
        found = {}
        for i, item in enumerate(self.games_list.item_list):
            element = item.get("button_element")
            if element is not None and element.visible:
                found[f"game:{i}"] = element.rect
        return found

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.games_list:
            chosen = self.games_list.chosen()
            if chosen is not None:
                self.selected, self.deleting = chosen, False
                self.layout()
            return
        super().handle(event)

    def on_button(self, ident: str) -> None:
        summary = self.chosen()
        if ident == "back":
            self.go(Place.LOBBY)
        elif ident.startswith("replay") and summary is not None:
            self.app.push(ReplayScene(self.app, summary, own_view=ident == "replay:mine"))
        elif ident == "delete" and summary is not None:
            self._delete(summary)
        elif ident == "night" and summary is not None:
            self.night = None if self.night else night_of(state_folder() / TABLES,
                                                          summary.played)
            self.layout()

    def _delete(self, summary: Summary) -> None:
        if not self.deleting:
            self.deleting = True
        else:
            try:
                summary.path.unlink()
                journal_lock_path(summary.path).unlink(missing_ok=True)  # a crash's, if any
            except OSError as exc:
                self.app.message("Not deleted", f"{summary.path.name} could not be deleted: "
                                 f"{exc}")
            self.games = _played()
            self.selected, self.deleting = None, False
        self.layout()

    def draw(self, surface) -> None:
        draw_felt(surface, self.view)
        self.view.text(surface, "History", (40, 26), 36, GOLD, bold=True)
        self.view.text(surface, "Games played on this machine, the newest first.", (220, 42),
                       16, DIM)
        summary = self.chosen()
        if self.night is not None:
            when = time.strftime("The night of %a %d %b", time.localtime(
                self.night.matches[0].ended)) if self.night.matches else "That night"
            draw_night(surface, self.view, self.night, LIST, when)
        elif summary is not None:
            self._draw_detail(surface, summary)
        if not self.games:
            self.view.text(surface, "No games yet: the games you play are kept here.",
                           (640, 340), 20, DIM, anchor="center")

    def _draw_detail(self, surface, summary: Summary) -> None:
        """The chosen game's row whole, wrapped (its row in the list may end in "…"), and
        why a damaged journal is damaged."""
        view, width = self.view, self.view.px(LIST[2])
        font = view.font(15)
        lines = [(line, INK) for line in wrap(font, _row(summary).strip(), width)]
        if summary.damaged:
            lines += [(line, DIM) for line in wrap(font, f"Damaged: {summary.damaged}", width)]
        if len(lines) > DETAIL_ROWS:
            last, colour = lines[DETAIL_ROWS - 1]
            lines = [*lines[:DETAIL_ROWS - 1], (fit(font, last + "…", width), colour)]
        for i, (line, colour) in enumerate(lines):
            view.text(surface, line, (LIST[0], DETAIL_Y + i * DETAIL_LINE), 15, colour)


def _played() -> list[Summary]:
    """The journals that hold a game (a lobby left by a crash is not history), and every
    damaged one, with what could be read of it."""
    return [s for s in journals(state_folder() / TABLES) if s.start is not None or s.damaged]


def _row(summary: Summary) -> str:
    start = summary.start
    if start is None:
        return f"  {summary.when()} · {summary.name} · damaged: nothing of it can be read"
    game = get_game(start.game).name if start.game in game_ids() else start.game
    return f"  {summary.when()} · {game} · {players_words(start.seats)} · {_result(summary)}"


def _result(summary: Summary) -> str:
    if summary.damaged:
        readable = "nothing" if summary.steps < 0 else "only its beginning"
        return f"damaged: {readable} can be read"
    if summary.finished and summary.winners:
        seats = summary.start.seats
        names = join_words([bot_name(w) if seats[w].bot else seats[w].name
                            for w in summary.winners if w < len(seats)])
        unit = get_game(summary.start.game).score_unit
        return f"{names} won with {count(max(summary.scores), unit)}"
    if summary.finished:
        return "finished"
    if summary.left:
        return "you left it before its end"
    if summary.in_use is not None:
        return f"being played in {summary.in_use.words()}"
    return "unfinished: resume it from the lobby"


class ReplayScene(TableScene):
    """A journal's game again on its table renderer: the news of each step, in order."""

    name = "replay"

    def __init__(self, app, summary: Summary, own_view: bool):
        self.summary, self.own_view = summary, own_view
        session = Session(app.identity, state_folder(), discovery=False, role="replay")
        session.fold(GameStarted(summary.start, summary.seat if own_view else None))
        super().__init__(app, session)
        self.moments: tuple = ()
        self.finished = None
        self.shown = 0  # moments shown: the table is as it was after moment shown - 1
        self.playing = False
        self.speed = 0
        self.since = 0.0
        self.scrubbing = False  # the mouse went down on the bar and is still down
        self.problem = ""
        self._load()

    # -- reading the journal -------------------------------------------------------------
    def _load(self) -> None:
        """Read the game back on a thread (a long match takes seconds); the scene shows
        that it is reading until it is done."""
        self.loaded = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            self.loaded = replay(self.summary.path, self.own_view)
        except (CorruptJournal, OSError) as exc:
            self.loaded = exc

    def _take_loaded(self) -> None:
        loaded, self.loaded = self.loaded, None
        if isinstance(loaded, Exception):
            self.problem = f"This game cannot be replayed: {loaded}"
            self.app.message("Cannot replay", self.problem)
            return
        self.moments, self.finished = loaded.moments, loaded.finished
        self.goto(min(self.shown, len(self.moments)) or 1)

    @property
    def reading(self) -> bool:
        return not self.moments and not self.problem

    # -- moving through the game ----------------------------------------------------------
    def goto(self, count: int) -> None:
        """The table as it was after `count` moments, at once (a jump, back or forward)."""
        count = max(1, min(count, self._last()))
        session = self.session
        session.log = session.log[:1]  # "the game starts…"
        session.ending, session.gone = None, {}
        for moment in self.moments[:count]:
            session.fold(moment.applied)
            session.fold(moment.view)
        if count == self._last() and self.finished is not None:
            session.fold(self.finished)
        self.shown = count
        # a seek draws the moment at once: a fresh renderer from its view, so no card is
        # left flying, dealing or fading from the moment left behind
        self.renderer = self.make_renderer()
        self.layout()
        if self.renderer is not None:
            self.renderer.sync(animate=False)

    def forward(self) -> None:
        """The next moment, shown as a live window shows it: animated, with its sound."""
        if self.shown >= len(self.moments):
            if self.finished is not None and self.session.ending is None:
                self._tell(self.finished)
            self.playing = False
            self.layout()
            return
        moment = self.moments[self.shown]
        self.shown += 1
        self._tell(moment.applied)
        self._tell(moment.view)
        self._update_buttons()

    def _tell(self, item) -> None:
        self.session.fold(item)
        self.on_news(item)

    def _last(self) -> int:
        return len(self.moments) + (self.finished is not None)

    # -- widgets ------------------------------------------------------------------------
    def build_chrome(self) -> None:
        self.button("close", "Close replay", 1110, 10, 158, 40)
        self.button("rules", "Rules", 992, 500, 276, 36)
        ready = bool(self.moments)
        self.button("replay:back", "Back", 992, 546, 66, 40)
        self.button("replay:play", "Pause" if self.playing else "Play", 1064, 546, 84, 40,
                    primary=True, enabled=ready)
        self.button("replay:next", "Next", 1154, 546, 66, 40)
        self.button("replay:speed", f"{SPEEDS[self.speed]}×", 1226, 546, 42, 40)
        other = "Show the public view" if self.own_view else "Show my seat's view"
        self.button("replay:view", other, 992, 632, 276, 36,
                    enabled=ready and self.summary.seat is not None)
        self._update_buttons()

    def seatless(self, ident: str) -> bool:
        return ident == "close" or ident.startswith("replay:") or super().seatless(ident)

    def _update_buttons(self) -> None:
        """Back and Next, as far as the game read so far goes."""
        ready = bool(self.moments)
        enable(self.buttons["replay:back"], ready and self.shown > 1)
        enable(self.buttons["replay:next"], ready and self.shown < self._last())

    def extra_targets(self) -> dict[str, pygame.Rect]:
        found = super().extra_targets()
        if self.moments:
            found["replay:scrub"] = self.view.rect(*SCRUB)
        return found

    def handle(self, event) -> None:
        if self._scrub(event):
            return
        if event.type == pygame.KEYDOWN and self.moments:
            self._key(event.key)
            return
        super().handle(event)

    def _scrub(self, event) -> bool:
        """A press on the bar, or a drag along it, moves to that point of the game."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.scrubbing = self.moments and self.view.rect(*SCRUB).collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            was, self.scrubbing = self.scrubbing, False
            return was
        if not self.scrubbing or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return False
        bar = self.view.rect(*SCRUB)
        share = min(max((event.pos[0] - bar.left) / max(bar.width - 1, 1), 0.0), 1.0)
        self.playing = False
        self.goto(1 + round(share * (self._last() - 1)))
        return True

    def _key(self, key: int) -> None:
        if key == pygame.K_RIGHT:
            self.on_button("replay:next")
        elif key == pygame.K_LEFT:
            self.on_button("replay:back")
        elif key == pygame.K_SPACE:
            self.on_button("replay:play")
        elif key == pygame.K_HOME:
            self.goto(1)
        elif key == pygame.K_END:
            self.goto(self._last())

    def on_button(self, ident: str) -> None:
        if ident == "close":
            self.app.pop()
        elif ident == "replay:next":
            self.playing = False
            self.forward()
            self.layout()
        elif ident == "replay:back":
            self.playing = False
            self.goto(self.shown - 1)
        elif ident == "replay:play":
            self.playing = not self.playing
            if self.playing and self.shown >= self._last():
                self.goto(1)
            self.since = time.monotonic()
            self.layout()
        elif ident == "replay:speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
            self.layout()
        elif ident == "replay:view":
            self.own_view = not self.own_view
            self.session.log = []
            self.session.fold(GameStarted(self.summary.start,
                                          self.summary.seat if self.own_view else None))
            self.renderer = self.make_renderer()  # drawn from the other seat, or none
            self.moments = ()
            self.layout()
            self._load()
        elif ident not in ("lobby", "leave"):
            super().on_button(ident)

    def update(self, dt: float) -> None:
        if self.loaded is not None:
            self._take_loaded()
        if self.playing and time.monotonic() - self.since >= STEP_SECONDS / SPEEDS[self.speed]:
            self.since = time.monotonic()
            self.forward()
        super().update(dt)

    @property
    def animating(self) -> bool:
        return self.reading or self.playing or super().animating

    def quit_requested(self) -> None:
        self.app.running = False

    # -- drawing ------------------------------------------------------------------------
    def banner(self) -> str:
        whose = "your seat's view" if self.own_view else "the public view"
        return f"Replay · {whose} · {self.shown} of {self._last()}"

    def draw(self, surface) -> None:
        if self.reading:
            draw_felt(surface, self.view)
            self.view.text(surface, f"Reading {self.summary.name} back from its journal…",
                           (640, 340), 22, GOLD, anchor="center")
            return
        super().draw(surface)
        self._draw_scrub(surface)

    def _draw_scrub(self, surface) -> None:
        bar = self.view.rect(*SCRUB)
        self.view.panel(surface, bar, alpha=200)
        share = (self.shown - 1) / max(self._last() - 1, 1)
        done = bar.inflate(-self.view.px(8), -self.view.px(18))
        done.width = max(1, round(done.width * share))
        pygame.draw.rect(surface, GOLD, done, border_radius=self.view.px(3))
        knob = (done.right, bar.centery)
        pygame.draw.circle(surface, GOLD, knob, self.view.px(9))

