"""The table: shared chrome (top bar, seats' words, log, menu, endings) around a game's renderer,
with the leave question (client.tables.leaving) and a player's pause (client.tables.paused)."""

from __future__ import annotations

import math
import time

import pygame

from client import assets
from client.keeping import TABLES
from client.logview import LogView
from client.night.standings import Night, tonight
from client.night.tonight import NIGHT_TOP, draw_night
from client.scenes import Place, Scene, draw_felt
from client.settings import state_folder
from client.story import stop_report, stop_title
from client.tables import renderer_for
from client.tables.basics import PACE
from client.tables.guide import Guide
from client.tables.leaving import CHOICES as LEAVE_CHOICES
from client.tables.leaving import Leaving
from client.tables.paused import KEYS_HELP as PAUSE_HELP
from client.tables.paused import PAUSE_KEYS, PauseChrome
from client.tables.still import StillLayer
from client.tables.takeback import ANSWERS as TAKEBACK_ANSWERS
from client.tables.takeback import KEYS_HELP as TAKEBACK_HELP
from client.tables.takeback import TAKEBACK_KEYS, TakeBackChrome
from client.ui import ALERT, GOLD, INK
from net.face.bridge import ViewUpdate
from net.peer.events import Fault, Finished, Left, StepApplied

LOG_SHOWN = 80
#: news of a step this far behind the newest one polled is caught up with, not animated:
#: a spectator joining mid-game, or a window fetching what it missed, snaps to the present
CATCH_UP = 8
SEATLESS = ("lobby", "rules")  # the buttons a spectator has: the rest act for a seat
#: the log's pages, the rules and the pause
TABLE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, *PAUSE_KEYS, *TAKEBACK_KEYS)
#: the keys every table has, beside each game's own (shown with them in the rules)
TABLE_KEYS_HELP = f"PgUp/PgDn page through the log · F1 the rules · {PAUSE_HELP} · " \
    f"{TAKEBACK_HELP} · Esc let go of what is held"
TICK_FROM = 10  # seconds: an open timer this near its end ticks once a second
CHROME = ("lobby", "leave", "rules", "again", "another-game")  # the buttons of every table
NIGHT_BOX = (20, NIGHT_TOP, 955, 232)  # the night's standings at a match's end, under its
# result


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session=None):
        super().__init__(app)
        self.session = session or app.session  # a replay brings a session of its own
        self.renderer = self.make_renderer()
        self.logged = 0
        self.caught_up = True  # False while stale news is skipped: the next view snaps
        self.leaving = Leaving(self, self._gone)
        self.ticked: int | None = None  # the last whole second of a timer that ticked
        self.night: Night | None = None  # tonight's standings, once this match is one of them
        self.pauses = PauseChrome(self)
        self.guide = Guide(self)
        self.chrome_shown: tuple | None = None  # the pause and take-back built for
        self.takebacks = TakeBackChrome(self)
        self.still = StillLayer()  # the felt, the log and what the renderer keeps still

    def make_renderer(self):
        """The game's table renderer for this session's seat (None: a game without one)."""
        renderer = renderer_for(self.session.start.game)
        return renderer(self) if renderer is not None else None

    # -- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        self.log = LogView(self.view, (992, 64, 276, 430))
        self.log.extend(self.session.log[-LOG_SHOWN:])
        self.logged = len(self.session.log)
        self.build_chrome()
        if self.leaving.asking:
            self.leaving.build()
        elif self.renderer is not None and not self.stands():  # nothing to play meanwhile
            assets.preload(self.renderer.sprites_to_warm(self.view))
            self.renderer.build()
        if self.session.ending is not None and self.can_play_again():
            self.night = tonight(state_folder() / TABLES)  # its journal holds its end now
            kept = [self.buttons[ident] for ident in CHROME if ident in self.buttons]
            for element in self.elements:  # nothing plays now: the standings show there
                if element not in kept:
                    element.hide()

    def build_chrome(self) -> None:
        """The buttons around the table: leave or stop watching, rules, back to the lobby."""
        ending = self.session.ending
        if ending is None and self.session.watching:
            self.button("lobby", "Stop watching", 1110, 10, 158, 40)
        elif ending is None:
            self.button("leave", "Leave", 1150, 10, 118, 40)
            self.pauses.build()
            self.takebacks.build()
        elif self.can_play_again():
            self.button("again", "Play again", 992, 544, 276, 44, primary=True,
                        tip="The same players and bots, in the same seats: it starts when "
                            "every player at the table has clicked Play again.")
            self.button("another-game", "Another game", 992, 594, 276, 40,
                        tip="The same players and bots at another game, or other options: "
                            "chosen at the table's setup.")
            self.button("lobby", "Back to lobby", 992, 640, 276, 44)
        else:
            self.button("lobby", "Back to lobby", 992, 640, 276, 52, primary=True)
        self.button("rules", "Rules", 992, 500, 276, 36)

    def can_play_again(self) -> bool:
        """A player of a finished match may play on at the same table."""
        session = self.session
        return session.ending is not None and session.ending.kind == "finished" and \
            session.seat is not None and not session.watching

    def button(self, ident: str, *args, **kwargs):
        """A spectator's window has no seat to act for: its game buttons stay hidden."""
        button = super().button(ident, *args, **kwargs)
        if self.session.watching and not self.seatless(ident):
            button.hide()
        return button

    def seatless(self, ident: str) -> bool:
        """Is this a button for someone without a seat (not one that acts for a seat)?"""
        return ident in SEATLESS

    def extra_targets(self) -> dict[str, pygame.Rect]:
        """The renderer's cards and spots: only for a seat's player (a spectator or a
        replay has nothing to pick), and not under a hand's result (nothing plays then)."""
        if self.renderer is None or self.session.watching or self.renderer.result.up() \
                or self.stands():
            return {}
        return self.renderer.targets()

    # -- input ---------------------------------------------------------------------------
    def targets(self) -> dict[str, pygame.Rect]:
        found = super().targets()
        return {k: r for k, r in found.items() if k in LEAVE_CHOICES} if self.leaving.asking \
            else found

    def handle(self, event) -> None:
        if self.log.scroll(event):
            self.app.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key in TABLE_KEYS:
            self._table_key(event.key)
            return
        super().handle(event)
        if self.renderer is not None and self.session.ending is None and not self.leaving.asking \
                and not self.session.watching and not self.stands():
            self.renderer.handle(event)

    def stands(self) -> bool:
        """Does the table stand still (a player paused it, a take-back is asked)?"""
        return self.pauses.by is not None or self.takebacks.question is not None

    def _table_key(self, key: int) -> None:
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.page(back=key == pygame.K_PAGEUP)
        elif key in PAUSE_KEYS:
            self.pauses.press()
        elif key in TAKEBACK_KEYS:
            self.takebacks.ask()
        else:
            self.on_button("rules")

    def on_button(self, ident: str) -> None:
        if ident in LEAVE_CHOICES:
            self.leaving.answer(ident)
        elif self.leaving.asking:
            return
        elif ident == "leave":
            self.leaving.ask()
        elif ident == "lobby":
            self._to_lobby()
        elif ident in ("again", "another-game"):
            self.app.play_again(agree=ident == "again")
            self.go(Place.SETUP)
        elif ident == "rules":
            self.open(Place.RULES, game_id=self.session.start.game)
        elif ident in ("pause", "resume"):
            self.pauses.press()
        elif ident == "takeback":
            self.takebacks.ask()
        elif ident in TAKEBACK_ANSWERS:
            self.takebacks.answer(ident)
        elif ident == "next" and self.renderer is not None:
            self.renderer.result.next_hand()
        elif self.renderer is not None:
            self.renderer.on_button(ident)

    def quit_requested(self) -> None:
        self.leaving.quit_requested()

    def _gone(self, quit_window: bool) -> None:
        if quit_window:
            self.app.running = False
        else:
            self._to_lobby()

    def _to_lobby(self) -> None:
        self.go(Place.LOBBY)

    # -- news ----------------------------------------------------------------------------
    def on_news(self, item) -> None:
        stale = self._stale(item)
        if self.renderer is not None:
            self._show(item, stale)
        if isinstance(item, StepApplied | Finished) and not stale:
            self._sound(item)
        if isinstance(item, Fault):
            self.app.message(stop_title(item), stop_report(item))
        if isinstance(item, Finished | Fault | Left):
            if self.leaving.since is not None:
                self.leaving.gone()
                return
            self.layout()
        elif len(self.session.log) != self.logged:
            self.log.extend(self.session.log[self.logged:])
            self.logged = len(self.session.log)
        if isinstance(item, ViewUpdate) and not stale:
            self.guide.on_view()
        if isinstance(item, ViewUpdate):
            self._chrome(item)

    def _chrome(self, item: ViewUpdate) -> None:
        """Pause becomes Resume or Play on, a take-back's question shows, and back (a new
        layout); Take back lights or not (in place)."""
        shown = (item.paused_by, item.resuming, item.question, item.answering)
        if shown != self.chrome_shown:
            self.chrome_shown = shown
            self.layout()
        self.takebacks.refresh()

    def _stale(self, item) -> bool:
        """News of a step well behind the newest this window has: caught up, not shown."""
        newest = self.session.applied
        if isinstance(item, StepApplied):
            return item.applied.step < newest - CATCH_UP
        if isinstance(item, ViewUpdate):
            return item is not self.session.view and item.step < newest - CATCH_UP
        return False

    def _show(self, item, stale: bool) -> None:
        if stale:
            self.caught_up = False
        elif not self.caught_up and isinstance(item, ViewUpdate):
            self.caught_up = True
            self.renderer.sync(animate=False)  # the present, at once
        else:
            self.renderer.on_news(item)

    def _sound(self, item) -> None:
        if isinstance(item, Finished):
            self.app.sounds.play("win")
        elif self.renderer is not None:
            for name in self.renderer.sounds_for(item):
                self.app.sounds.play(name)

    def update(self, dt: float) -> None:
        self._tick()
        if self.renderer is not None:
            self.renderer.update(dt * self._speed())
        if self.leaving.overdue():
            self.leaving.gone()

    def _tick(self) -> None:
        """The last seconds of an open timer tick, once a second, for the players at it."""
        left = self.session.seconds_left(PACE) if self.session.ending is None else None
        if left is None or left > TICK_FROM or self.session.watching:
            self.ticked = None
            return
        second = math.ceil(left)
        if second != self.ticked and second > 0:
            self.ticked = second
            self.app.sounds.play("tick")

    def _speed(self) -> float:
        scale = self.app.animation
        return 1000.0 if scale == 0 else 1.0 / scale  # "off": every tween ends at once

    @property
    def animating(self) -> bool:
        return self.renderer is not None and self.renderer.animating

    # -- drawing -------------------------------------------------------------------------
    def _still_key(self) -> tuple | None:
        """What the felt, the log and the renderer's still part are drawn from; None while
        the layout check reads what is drawn (client.ui.Viewport.drawn): it reads the
        window, not a kept picture."""
        if self.view.drawn is not None:
            return None
        mine = self.renderer.still_key() if self.renderer is not None else ()
        view = self.view
        return None if mine is None else \
            (mine, self.log.picture(), self.log.rect, view.size, view.contrast)

    def _draw_still(self, surface) -> None:
        draw_felt(surface, self.view)
        self.log.draw(surface)
        if self.renderer is not None:
            self.renderer.draw_still(surface)

    def banner(self) -> str:
        return "Watching · you see what every player sees" if self.session.watching else ""

    def draw(self, surface) -> None:
        view = self.view
        self.log.start_at(self.guide.bottom())
        self.still.draw(surface, self._still_key(), self._draw_still)
        if self.renderer is None:
            view.text(surface, f"This window has no table for {self.session.start.game} yet; "
                      "the game goes on, and its log is on the right.", (40, 300), 20)
            return
        self.renderer.draw(surface)
        self.guide.draw(surface)
        if self.night is not None and self.session.ending is not None:
            draw_night(surface, view, self.night, NIGHT_BOX)
        self.pauses.draw(surface)
        self.takebacks.draw(surface)
        waiting, at = self.session.wait_line(time.monotonic()), self.renderer.wait_at
        if waiting and self.session.ending is None and self.leaving.since is None \
                and not self.stands():
            view.text(surface, waiting, at, 17, ALERT, bold=True, anchor="midtop", width=900)
        if self.leaving.since is not None:
            view.text(surface, "Leaving the table…", at, 17, GOLD, anchor="midtop")
        if banner := self.banner():
            view.text(surface, banner, (1100, 18), 15, GOLD, bold=True, anchor="topright")
        view.text(surface, "Log", (992, 40), 15, INK, bold=True)
        self.leaving.draw(surface)
