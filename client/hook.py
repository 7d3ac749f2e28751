"""Driving a real window as a person would: posted mouse and key events, and waits that say
what they wait for.

`Driver` is used by the tests in-process. With HOARD_TEST_HOOK=1 in its environment,
`hoard` also serves a driver on stdin/stdout (one JSON command a line, one JSON answer a
line), so a test can drive windows in other processes or network namespaces. Without
that variable nothing here runs.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time

import msgspec
import pygame

from client.bell import wake
from client.keeping import TABLES
from client.night.standings import tonight
from client.settings import state_folder
from engine.wire import to_record
from net.face.bridge import PlayWith

HOOK_ENV = "HOARD_TEST_HOOK"
KEYS = {"return": pygame.K_RETURN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
        "up": pygame.K_UP, "space": pygame.K_SPACE, "escape": pygame.K_ESCAPE,
        "p": pygame.K_p, "h": pygame.K_h, "s": pygame.K_s, "d": pygame.K_d}


LEGAL_SHOWN = 400  # legal actions a state() lists: a hoard's splits run to billions
LOG_SHOWN = 60  # the log lines a state() lists: enough to find a line a wait looks for


class WaitedTooLong(AssertionError):
    """A wait that ran out; the message says what was awaited and what the window showed."""


class Driver:
    def __init__(self, app):
        self.app = app

    def step(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.step()

    def wait_for(self, predicate, what: str, timeout: float = 30.0):
        """`predicate()` once true, the window turning its loop until then (a turn first:
        what was posted and the news are taken in before it looks). The first turn is woken
        at once: a command's own WAKE went to the turn that ran it, and an idle turn with no
        event in the queue sleeps out its look (up to 100 ms, client.app)."""
        deadline = time.monotonic() + timeout
        wake()
        while time.monotonic() < deadline:
            self.app.step()
            value = predicate()
            if value:
                return value
        raise WaitedTooLong(f"waited {timeout:g} s for {what}; the window shows "
                            f"{self.describe()}")

    def describe(self) -> str:
        scene = self.app.scene
        session = self.app.session
        log = session.log[-3:] if session is not None else []
        return f"scene {scene.name!r}, targets {sorted(self.targets())}, last log lines {log}"

    def targets(self) -> dict:
        return self.app.targets()

    def offered(self, ident: str, timeout: float = 10.0):
        """The rect of a target once the window offers it (WaitedTooLong, saying so, if not
        within `timeout` s)."""
        return self.wait_for(lambda: self.targets().get(ident), f"{ident!r} to be clickable",
                             timeout)

    def click(self, ident: str, timeout: float = 10.0) -> None:
        """Click the centre of a target, waiting (and saying so) until it is offered."""
        self.click_at(self.offered(ident, timeout).center)

    def click_if_offered(self, ident: str) -> bool:
        """Click a target the window shows now, without waiting: one that may go at any
        moment (a pause's Next hand). Events are handled before the table's news, so the
        click meets what was drawn. False if it is not shown."""
        rect = self.targets().get(ident)
        if rect is not None:
            self.click_at(rect.center)
        return rect is not None

    def click_at(self, pos) -> None:
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            fields = {"pos": pos}
            if kind == pygame.MOUSEMOTION:
                fields.update(rel=(0, 0), buttons=(0, 0, 0))
            else:
                fields["button"] = 1
            pygame.event.post(pygame.event.Event(kind, fields))
        self.step(2)

    def key(self, name: str, mod: int = 0) -> None:
        """Press and release a key: a name in KEYS, or any pygame key name ("tab", "e")."""
        code = KEYS.get(name) or pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="",
                                             scancode=0))
        self.step(2)

    def type(self, text: str) -> None:
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        self.step(2)

    def clear_text(self, count: int = 40) -> None:
        for _ in range(count):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE,
                                                 mod=0, unicode="", scancode=0))
        self.step(2)

    def state(self, standings: bool = False) -> dict:
        """What the window shows, as plain data (for a test in another process); with
        `standings`, tonight's too — read from the journals on disk, the table's own among
        them, which changes at every step: asked at every look, it cost a window at play a
        third of its time."""
        session = self.app.session
        found = {"scene": self.app.scene.name, "targets": sorted(self.targets()),
                 "frames": self.app.frames, "dialog": self.app.shown,
                 "errors": self.app.errors[-3:],
                 "code": getattr(self.app.scene, "code", None)}  # a table's, as its setup shows
        if standings:
            found["standings"] = [m.row() for m in tonight(state_folder() / TABLES).matches]
        if session is not None:
            found.update(
                tables={k: [t.name, t.state, t.taken, t.total, t.problem]
                        for k, t in session.tables.items()},
                lobby=None if session.lobby is None else session.lobby.describe(),
                options={} if session.lobby is None else dict(session.lobby.options),
                started=session.start is not None, seat=session.seat,
                applied=session.applied, watching=session.watching,
                cards=len(getattr(session.view.view, "cards", None) or ()) if session.view else 0,
                legal=[to_record(a) for a in session.view.legal[:LEGAL_SHOWN]]
                if session.view else [],
                legal_count=len(session.view.legal) if session.view else 0,
                view_step=session.view.step if session.view else -1,
                paused_by=session.view.paused_by if session.view else None,
                takeback_by=session.view.question.by if session.view and session.view.question
                else None,  # who asks to take back, while it is asked
                no_takeback=str(session.view.no_takeback) if session.view and
                session.view.no_takeback else None,  # why this seat may not (None: it may)
                view=msgspec.to_builtins(session.view.view) if session.view else None,
                ending=None if session.ending is None else [session.ending.kind,
                                                            session.ending.text,
                                                            list(session.ending.scores)],
                log=session.log[-LOG_SHOWN:])
        return found


class Hook:
    """Commands from stdin, run on the window's own thread between frames."""

    def __init__(self, app):
        self.driver = Driver(app)
        self.commands: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, name="hoard-hook", daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.commands.put(line)
            wake()

    def serve(self) -> None:
        while True:
            try:
                line = self.commands.get_nowait()
            except queue.Empty:
                return
            print(json.dumps(self._run(line)), flush=True)

    def _run(self, line: str) -> dict:
        try:
            command = json.loads(line)
            if "click" in command:
                self.driver.click(command["click"], command.get("timeout", 10.0))
            elif "offered" in command:  # wait, without clicking, for a target to be offered
                self.driver.offered(command["offered"], command.get("timeout", 10.0))
            elif "key" in command:
                self.driver.key(command["key"], command.get("mod", 0))
            elif "type" in command:
                self.driver.type(command["type"])
            elif "autoplay" in command:  # a bot of this kind plays this window's seat
                if self.driver.app.session is None:
                    raise ValueError("no table to play at")  # (`think`: steps before a move)
                self.driver.app.session.send(PlayWith(command["autoplay"],
                                                      int(command.get("think", 0))))
            return {"ok": True, **self.driver.state(bool(command.get("standings")))}
        except (ValueError, KeyError, TypeError, WaitedTooLong) as exc:
            return {"ok": False, "error": f"{type(exc).__name__}: {exc}",
                    **self.driver.state()}
