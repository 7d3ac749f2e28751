"""The window: one loop, a stack of scenes, the settings, the sound and the table session.

The loop draws at the display rate only while something moves (a tween, a
countdown); otherwise it sleeps on events, woken by the table's news (client.bell) and
a few times a second to look round, so an idle window costs next to nothing. An unexpected error
in a scene is written to the log file and shown as a message; the window goes on.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import time
import traceback
import warnings
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pygame_gui

from client import assets
from client.bell import NEWS, WAKE, Bell
from client.hook import HOOK_ENV, Hook
from client.quiet import QuietNotes
from client.scenes.lobby import first_scene
from client.scenes.router import scene_at
from client.session import Session
from client.settings import Settings, SettingsFile, config_folder, state_folder
from client.ui import Viewport, theme
from net.disk.private import private_folder
from net.wire.identity import load_identity

log = logging.getLogger("hoard.client")
FPS = 60
IDLE_WAIT_MS = 100  # how often an idle window looks round unwoken (news rings: client.bell)
IDLE_POLL = 0.02  # how long an idle window sleeps between looks at its input
#: at most this many reads of the table's news a second when nothing else wakes the window:
#: a step rings the bell, and Gold's sand timer steps a hundred times a second (three
#: windows drawing at every step ran a test's 10 s of sand past 40 s on two cores)
NEWS_FPS = 20
ANIMATION_SCALE = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
# The table's node (deck crypto, bots) runs on a thread beside the window. Every blit or
# font call releases the GIL, and getting it back waited out the node's whole switch
# interval (5 ms by default): a 2 ms frame took 35 ms while a deck was shuffled.
SWITCH_INTERVAL = 0.0001
# A full garbage collection of the window's heap takes ~20 ms: it is left to idle frames
# (at least every COLLECT_EVERY seconds of them) instead of landing mid-animation.
COLLECT_EVERY = 5.0
# A widget held down holds back the scene's rebuilds until it is let go, for at most this
# long: a click is far shorter, and a release the window never saw must not freeze a scene.
HOLD_AT_MOST = 3.0
#: turns of the loop a widget takes to act on a click once let go, in which the table's news
#: waits: a list chooses its row at the second update after the release, and a list rebuilt
#: before (the lobby, as a table was heard) forgot the click (four friends joining at once)
SETTLE_TURNS = 2


class App:
    def __init__(self, folder=None, discovery: bool = True, size: tuple[int, int] | None = None):
        self.settings_file = SettingsFile(folder)
        self.settings: Settings = self.settings_file.load()
        self.discovery = discovery
        self.log_path, self._log = _start_log()
        sys.setswitchinterval(SWITCH_INTERVAL)
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, 2**31 - 1)  # no automatic full collections
        self.collected = time.monotonic()
        pygame.init()
        size = size or self.settings.window
        if self.settings.position is not None and "SDL_VIDEO_WINDOW_POS" not in os.environ:
            os.environ["SDL_VIDEO_WINDOW_POS"] = "{},{}".format(*self.settings.position)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("hoard")
        pygame.key.set_repeat(350, 40)
        self.view = Viewport(size, self.settings.contrast)
        self.gui = pygame_gui.UIManager(size, theme(self.view.scale, self.view.contrast))
        self.sounds = assets.Sounds(self.settings.sound, self.settings.volume)
        self.notes = [n for n in (self.settings_file.note,) if n]  # said once, in a dialog
        self.identity = load_identity(config_folder(), self.settings.name or None, self.notes)
        self.session: Session | None = None
        self.scenes: list = []
        self.running = True
        self.dirty = True
        self.held_since: float | None = None  # when a widget was pressed, until released
        self.settling = 0  # turns a widget let go of still acts on it: the news waits
        self.clock = pygame.time.Clock()
        self.frame_ms: list[float] = []
        self.frames = 0  # frames drawn
        self.dialog = None
        self.shown: list[str] = []  # the last message's title and text
        self.errors: list[str] = []  # unexpected errors caught by the loop (tests check it)
        # said quietly: a small icon in the corner, its words on hover and in the settings
        self.quiet = QuietNotes(self.view, [n for n in (self.sounds.problem,) if n])
        self.hook = Hook(self) if os.environ.get(HOOK_ENV) else None
        self.bell = Bell()  # the table's node rings it with news
        self.news_read = 0.0  # when the news was last read (time.monotonic)

    # -- the session -------------------------------------------------------------
    def new_session(self, role: str = "peer", resume: Path | None = None) -> Session:
        """A fresh table node (the old one, if any, is closed): one per table visited,
        as a player or, `role` "spectator", to watch; `resume`, the journal of a game
        whose seat it takes back (CorruptJournal when that cannot be read)."""
        self.end_session()
        self.session = Session(self.identity, state_folder(), self.discovery, role,
                               wake=self.bell.ring)
        self.session.open(resume)
        return self.session

    def play_again(self, agree: bool = True) -> Session:
        """Go on from a finished match to the next at the same table (Play again; `agree`
        False: Another game), on the same node's thread (client.session.Session.again)."""
        self.session = self.session.again(agree)
        return self.session

    def end_session(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    @property
    def animation(self) -> float:
        return ANIMATION_SCALE[self.settings.animation]

    def save_settings(self, **changes) -> None:
        for key, value in changes.items():
            setattr(self.settings, key, value)
        self.settings = self.settings.checked()
        self.sounds.set(self.settings.sound, self.settings.volume)
        if self.settings.contrast != self.view.contrast:
            self.view.contrast = self.settings.contrast
            self.restyle()  # at once: every scene's words, panels and widgets
        if "name" in changes:
            self.identity = load_identity(config_folder(), self.settings.name)
            if self.session is not None and self.session.lobby is None:
                self.new_session()  # the node signs its join with the name: a fresh one
        try:
            self.settings_file.save(self.settings)
        except OSError as exc:
            self.message("Settings not saved", f"They could not be written: {exc}")

    # -- scenes ------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1]

    def scene_at(self, place, **how):
        """The scene at `place` (client.scenes.router), new."""
        return scene_at(self, place, **how)

    def push(self, scene) -> None:
        if self.scenes:
            self.scene.leave()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def pop(self) -> None:
        self.scenes.pop().leave()
        self.scene.enter()
        self.dirty = True

    def say_notes(self) -> None:
        """What went wrong at the start (an unreadable settings or identity file), in one
        dialog: a second dialog would close the first unread."""
        if self.notes:
            self.message("Note", "\n\n".join(self.notes))

    def message(self, title: str, text: str) -> None:
        """A dialog in words, over whatever is on screen."""
        log.info("%s: %s", title, text)
        self.shown = [title, text]
        if self.dialog is not None:
            self.dialog.kill()
        width, height = self.view.px(520), self.view.px(260)
        rect = pygame.Rect((self.view.size[0] - width) // 2, (self.view.size[1] - height) // 2,
                           width, height)
        self.dialog = pygame_gui.windows.UIMessageWindow(
            rect, text.replace("\n", "<br>"), self.gui, window_title=title,
            object_id="#message")
        self.dirty = True

    def targets(self) -> dict:
        """What can be clicked now: the scene's targets, and a message's OK button."""
        found = dict(self.scene.targets())
        if self.dialog is not None and self.dialog.alive():
            found["dialog:ok"] = self.dialog.dismiss_button.rect
        return found

    # -- the loop ----------------------------------------------------------------
    def run(self, first_scene) -> int:
        self.push(first_scene)
        self.say_notes()
        while self.running:
            self.step()
        self.close()
        return 0

    def step(self) -> None:
        """One turn of the loop: events, the table's news, animation, drawing."""
        if self.hook is not None:
            self.hook.serve()
        busy = self.dirty or self.scene.animating or self.gui_busy()
        events = pygame.event.get() if busy else self._idle_events()
        if not busy and time.monotonic() - self.collected > COLLECT_EVERY:
            gc.collect()
            self.collected = time.monotonic()
        dt = self.clock.tick(FPS if busy else 0) / 1000  # a busy loop sleeps here, untimed
        started = time.perf_counter()
        try:
            self._handle(events)
            if not self.settling:  # news may rebuild the scene: not under a widget acting
                self._news()
            if self.scene.layout_due and not self.holding:
                self.scene.layout()
            self.gui.update(dt)
            self.settling = max(0, self.settling - 1)
            self.scene.update(dt)
            if self.dirty or self.scene.animating or self.gui_busy():
                self._draw()
        except Exception:  # a bug in one scene must not take the night down
            self._report(traceback.format_exc())
        if busy:
            self.frame_ms.append((time.perf_counter() - started) * 1000)
            del self.frame_ms[:-600]

    def _idle_events(self) -> list:
        """Nothing moves: sleep until an event comes or it is time to read the table's news.

        A sleep between short polls, not pygame.event.wait: SDL waits by polling every
        millisecond on drivers that cannot block (the headless one among them)."""
        deadline = time.monotonic() + IDLE_WAIT_MS / 1000
        while True:
            events = pygame.event.get()
            if events or time.monotonic() >= deadline:
                break
            time.sleep(IDLE_POLL)
        if events and all(event.type == NEWS for event in events):
            time.sleep(max(0.0, self.news_read + 1 / NEWS_FPS - time.monotonic()))
        return events

    @property
    def holding(self) -> bool:
        """A widget is pressed and not yet released (scene.layout waits for it)."""
        return self.held_since is not None and \
            time.monotonic() - self.held_since < HOLD_AT_MOST

    def gui_busy(self) -> bool:
        """A text entry's cursor blinks: pygame_gui needs frames while one has focus."""
        return self.gui.get_focus_set() is not None and any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) for e in self.gui.get_focus_set())

    def _handle(self, events) -> None:
        for event in events:
            if event.type in (WAKE, NEWS):
                continue
            if event.type == pygame.QUIT:
                self.scene.quit_requested()
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                continue
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
                self.dirty = True
            if event.type == pygame.MOUSEMOTION:
                self.quiet.mouse = event.pos
            elif event.type == pygame.WINDOWLEAVE:
                self.quiet.mouse = None
            consumed = self.gui.process_events(event)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.held_since = time.monotonic() if consumed else None
            elif event.type == pygame.MOUSEBUTTONUP:
                self.held_since = None
                self.settling = SETTLE_TURNS if consumed else 0
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
                self.dialog = None
            if not consumed:
                self.scene.handle(event)
            self.dirty = True

    def _news(self) -> None:
        if self.session is None:
            return
        self.bell.heard()
        self.news_read = time.monotonic()
        for item in self.session.poll():
            self.scene.on_news(item)
            self.dirty = True

    def _draw(self) -> None:
        self.scene.draw(self.screen)
        self.gui.draw_ui(self.screen)
        self.quiet.draw(self.screen)
        pygame.display.flip()
        self.dirty = False
        self.frames += 1

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], 640), max(size[1], 360))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.view.resize(size)
        self.gui.set_window_resolution(size)
        self.restyle()
        self.settings.window = size  # saved when the window closes, not at every drag

    def restyle(self) -> None:
        """The widgets' theme for the window's scale and contrast, and the scene's widgets
        built afresh in it, not rebuilt from the old (the rules' text box would lay its
        pictures, drawn for the old size, in the new)."""
        self.gui.get_theme().load_theme(theme(self.view.scale, self.view.contrast))
        self.scene.clear()
        self.gui.rebuild_all_from_changed_theme_data()
        self.scene.layout()
        self.dirty = True

    def _report(self, details: str) -> None:
        log.error("unexpected error\n%s", details)
        self.errors.append(details)
        self.message("Something went wrong",
                     f"hoard hit an unexpected error and carried on. Details are in "
                     f"{self.log_path}.")

    def close(self) -> None:
        try:
            with warnings.catch_warnings():  # only read, never drawn through: no deprecation
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            self.save_settings(position=tuple(window.position), window=tuple(window.size))
        except (pygame.error, AttributeError):
            pass  # a headless display has no position to remember
        for scene in reversed(self.scenes):
            scene.leave()
        self.end_session()
        assets.forget()
        pygame.quit()
        if self._log is not None:  # a later window of this process logs to its own file
            logging.getLogger("hoard").removeHandler(self._log)
            self._log.close()


def _start_log() -> tuple[Path | None, logging.Handler | None]:
    """The window's log file, `hoard.log` in its state folder, and its handler."""
    folder = state_folder()
    try:
        path = private_folder(folder) / "hoard.log"
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return None, None
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    root = logging.getLogger("hoard")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path, handler


def run_window(size: tuple[int, int] | None = None) -> int:
    """`hoard` with no command: the window, from the first-run question or the lobby."""
    try:
        app = App(size=size)
    except pygame.error as exc:
        sys.stderr.write(f"hoard: error: no window could be opened ({exc})\n")
        return 1
    signal.signal(signal.SIGINT, _post_quit)  # Ctrl-C is closing the window: a leave
    signal.signal(signal.SIGTERM, post_terminate)
    return app.run(first_scene(app))


def _post_quit(signum, frame) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def post_terminate(signum, frame) -> None:
    """SIGTERM (the computer shutting down, a `kill`): nobody may be there to answer the
    leave question, and a kill follows if the window stays; it closes as when asked to close
    twice — the seat waits for its return, the journal stays and the lobby offers to resume
    (it asked, and was killed mid-question)."""
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
