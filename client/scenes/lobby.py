"""The first-run question and the lobby: tables on the LAN, live, and ways to sit at one."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from client import assets
from client.keeping import TABLES
from client.night.standings import tonight
from client.night.tonight import ROW, draw_night, height
from client.scenes import Place, Scene, checked_name, draw_felt
from client.scenes.offers import SECOND_SEAT, ResumeOffers, sentence
from client.scenes.setup import bot_level
from client.settings import os_user_name, state_folder
from client.ui import ALERT, DIM, GOLD, INK, wrap
from client.widgets import FittedList, HintedEntry
from engine.registry import game_ids, get_game
from engine.tell import count as count_words
from net.disk.locks import InUse
from net.errors import BadAddress
from net.face.bridge import ResumeFailed
from net.finding.address_code import read_address
from net.peer.events import GameStarted, TableIgnored, TableSeen

ABOUT_YOU_W = 394  # "you are NAME", between Watch and History
TABLE_LIST = (40, 120, 760, 400)  # the tables on this network, a row each
EMPTY_LIST = "No tables yet: play with bots, or start a new table."  # said inside it
TONIGHT = (840, 286, 400, 344)  # tonight's standings, under Play with bots, above History
#: what a guided game is, under its offer
TEACHING = "Against easy bots: at each of your turns the table says what you can do, and " \
    "why the hard bot's play is good."
NONE_FOUND_AFTER = 4.0  # seconds with no table seen before saying multicast may be blocked
#: said below the list once nothing was found: a player alone on a quiet network has
#: nothing wrong with it, so the note speaks to one whose friend's table does not show
NOTHING_FOUND = ("No tables found. A friend's table missing? Multicast may be blocked: "
                 "join by its code.")


def first_scene(app) -> Scene:
    return Lobby(app) if app.settings.name else FirstRun(app)


class FirstRun(Scene):
    """Ask for a display name once, prefilled from the OS user."""

    name = "first-run"

    def build(self) -> None:
        self.label("Welcome to hoard", 340, 180, 600, 50, "title")
        self.label("What should the table call you?", 340, 250, 600)
        self.entry = self.add(HintedEntry(
            self.view.rect(440, 300, 400, 44), self.app.gui, object_id="#name"))
        self.entry.set_text_length_limit(32)
        self.entry.set_text(self.app.settings.name or os_user_name() or "player")
        self.entry.focus()
        self.problem = self.label("", 340, 352, 600, 28, "note")
        self.button("continue", "Continue", 540, 400, 200, 46, primary=True)

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.on_button("continue")
        super().handle(event)

    def on_button(self, ident: str) -> None:
        name, problem = checked_name(self.entry.get_text())
        if problem:
            self.problem.set_text(problem)
            return
        self.app.save_settings(name=name)
        self.app.replace(Lobby(self.app))


class Lobby(Scene):
    """Tables appear, change and vanish as discovery sees them."""

    name = "lobby"

    def __init__(self, app):
        super().__init__(app)
        session = app.session
        if session is None or session.lobby is not None or session.watching or \
                session.ending is not None:  # one node per table, and one that ended is done
            app.new_session()  # a fresh one to browse and sit down with
        self.selected: str | None = None
        self.keys: list[str] = []
        self.choosing: str = ""  # "new" or "solo": the game buttons are showing
        self.offering: str = ""  # the game whose guided first game is offered, if any
        self.offers = ResumeOffers(self)
        self.opened = time.monotonic()
        self.typed, self.typing = "", False  # the address box's text, kept across layouts
        self.problem = ""  # what was wrong with the address typed
        self.none_found = False
        self.night = tonight(state_folder() / TABLES)  # Tonight: the matches finished

    @property
    def session(self):
        return self.app.session

    def build(self) -> None:
        whole = f"{self.app.settings.name} · settings"
        shown = self.fitted_part(lambda n: f"{n} · settings", self.app.settings.name, 310)
        self.button("settings", shown, 930, 30, 310, 40, tip=whole if shown != whole else None)
        items = self._items()
        chosen = items[self.keys.index(self.selected)] if self.selected in self.keys else None
        self.table_list = self.add(FittedList(
            self.view, self.view.rect(*TABLE_LIST), items, self.app.gui,
            object_id="#tables", default_selection=chosen))
        if not items:  # said inside the list, over it (the window draws widgets last)
            x, y, w, h = TABLE_LIST
            self.add(pygame_gui.elements.UILabel(
                self.view.rect(x + 20, y + h / 2 - 20, w - 40, 40), EMPTY_LIST, self.app.gui,
                object_id="#empty_list")).change_layer(self.table_list.get_top_layer() + 1)
        self._address_box()
        listed = self.session.tables.get(self.selected)
        can_join = listed is not None and not listed.problem and listed.state == "lobby" \
            and listed.taken < listed.total
        self.button("join", "Join", 40, 620, 180, 48, enabled=can_join)
        self.button("watch", "Watch", 230, 620, 180, 48,
                    enabled=listed is not None and not listed.problem)
        self.button("history", "History", 840, 640, 210, 48)
        self.button("rules", "Rules", 1060, 640, 180, 48)
        self.offers.build()
        self.button("new", "New table", 840, 120, 400, 56)
        self.button("solo", "Play with bots", 840, 190, 400, 56, primary=True)
        if self.offering:
            self._offer_to_teach()
        elif self.choosing:
            verb = "New table of" if self.choosing == "new" else "Play with bots:"
            self.label(verb, 840, 265, 400)
            for i, game_id in enumerate(game_ids()):
                game = get_game(game_id)
                seats = game.min_seats if game.min_seats == game.max_seats else \
                    f"{game.min_seats}–{game.max_seats}"
                self.button(f"game:{game_id}", f"{game.name}  ({seats} players)",
                            840, 300 + i * 58, 400, 50)

    def _offer_to_teach(self) -> None:
        """The first time a game is chosen, once: learn it in a guided game first?"""
        name = get_game(self.offering).name
        self.label(f"Learn {name}: a guided game?", 840, 265, 400, 30)
        self.button("learn:yes", "Yes, teach me", 840, 366, 195, 50, primary=True)
        self.button("learn:no", "No, just play", 1045, 366, 195, 50)  # above the Resume offers

    def _address_box(self) -> None:
        """Join by address or code: for networks whose multicast discovery finds nothing."""
        self.entry = self.add(HintedEntry(
            self.view.rect(40, 556, 440, 44), self.app.gui, object_id="#address",
            placeholder_text="a table's code, or address:port"))
        self.entry.set_text_length_limit(64)
        self.entry.set_text(self.typed)
        if self.typing:
            self.entry.focus()
        self.button("join-address", "Join by address", 490, 556, 220, 44,
                    enabled=self.offers.resuming is None)

    def clear(self) -> None:
        """What is typed in the name or address box outlives its widgets (a resize)."""
        entry = getattr(self, "entry", None)
        if entry is not None and entry.alive():
            self.typed, self.typing = entry.get_text(), entry.is_focused
        super().clear()

    def _items(self) -> list:
        tables = sorted(self.session.tables.values(), key=lambda t: (bool(t.problem), t.name))
        self.keys = [t.key for t in tables]
        return [(_row(t), "#unavailable" if t.problem else "#table") for t in tables]

    def extra_targets(self) -> dict[str, pygame.Rect]:
        found = {}
        for key, item in zip(self.keys, self.table_list.item_list, strict=False):
            element = item.get("button_element")
            if element is not None and element.visible:
                found[f"table:{key}"] = element.rect
        found["address"] = self.entry.rect
        return found

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.table_list:
            chosen = self.table_list.chosen()
            if chosen is not None and chosen < len(self.keys):
                self.selected = self.keys[chosen]
                self.layout()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._join_by_address()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.problem = ""  # being corrected
        super().handle(event)

    def on_news(self, item) -> None:
        if isinstance(item, GameStarted) and self.offers.resuming is not None:
            self.go(Place.TABLE)
        elif isinstance(item, ResumeFailed):
            self.app.message("Could not resume", self.session.ending.text)
            self.offers.stop()
        elif isinstance(item, TableSeen | TableIgnored):
            if isinstance(item, TableSeen) and self.selected is not None and \
                    self.selected not in self.session.tables:
                self.app.message("Table gone", f"{item.listing.name} has closed or left the "
                                 "network.")
                self.selected = None
            self.relayout()

    def on_button(self, ident: str) -> None:
        if ident == "settings":
            self.open(Place.SETTINGS)
        elif ident in ("new", "solo"):
            self.choosing = "" if self.choosing == ident else ident
            self.offering = ""
            self.layout()
        elif ident.startswith("game:"):
            game_id = ident.split(":", 1)[1]
            if game_id not in self.app.settings.taught:
                self.offering = game_id  # asked once per game, before its first table
                self.layout()
                return
            self._start(get_game(game_id))
        elif ident.startswith("learn:"):
            game_id, self.offering = self.offering, ""
            self._taught(game_id)
            if ident == "learn:yes":
                self.learn(game_id)
            else:
                self._start(get_game(game_id))
        elif ident == "rules":
            self.open(Place.RULES, game_id=game_ids()[0])
        elif ident == "join-address":
            self._join_by_address()
        elif ident in ("join", "watch"):
            self._enter("peer" if ident == "join" else "spectator")
        elif ident == "history":
            self.go(Place.HISTORY)
        elif ident.startswith("resume:"):
            self.offers.resume(int(ident.split(":", 1)[1]))

    def _start(self, game) -> None:
        """The table chosen: a solo one with bots, or a new one for the network."""
        if not self._sit_down():
            return
        if self.choosing == "solo":
            self._solo(game)
        else:
            self.session.create(f"{self.app.settings.name}'s table", game.id,
                                game.min_seats if game.id != "dragon" else 4)
        self.go(Place.SETUP)

    def learn(self, game_id: str) -> None:
        """A guided game of `game_id`: a solo table against easy bots where each of this
        player's turns says what they can do and why the hard bot's play is good (the
        Rules' Guided game, or yes to the offer)."""
        self._taught(game_id)
        if not self._sit_down():
            return
        self._solo(get_game(game_id), level="easy")
        self.session.guided = True
        self.go(Place.SETUP)

    def _taught(self, game_id: str) -> None:
        """The guided game of `game_id` was offered and answered: never offered again."""
        if game_id not in self.app.settings.taught:
            self.app.save_settings(taught=(*self.app.settings.taught, game_id))

    def _sit_down(self) -> bool:
        """Hold this identity for a seat; False (and why, in words) if another window plays
        with it."""
        try:
            self.session.sit_down()
        except InUse as exc:
            self.app.message("Already at a table", f"{sentence(exc)} {SECOND_SEAT}")
            return False
        return True

    def _solo(self, game, seats: int | None = None, options=(), level: str = "") -> None:
        """A real table on this machine: this window in seat 0, bots of the settings' level
        (or `level`) in the others, agreed."""
        level = bot_level(game.id, level or self.app.settings.bots)
        seats = seats or max(game.min_seats, min(4, game.max_seats))
        self.session.create(f"{self.app.settings.name} with bots", game.id, seats, options)
        self.session.lobby_op("sit", 0)
        for seat in range(1, seats):
            self.session.lobby_op("bot", seat, level)
        self.session.agree()

    def _enter(self, role: str) -> None:
        """Join the chosen table (role "peer") or watch it, in its lobby or in play, from a
        seatless node (role "spectator")."""
        listed = self.session.tables.get(self.selected)
        if listed is None:
            self.app.message("Table gone", "That table is no longer on the network.")
            self.layout()
            return
        if role == "spectator":
            self.app.new_session(role)
        elif not self._sit_down():
            return
        self.session.join(tuple(listed.addresses), bytes.fromhex(listed.key))
        self.go(Place.SETUP, joining=listed.name)

    def _join_by_address(self) -> None:
        """Join the table at the address or code typed, or say what is wrong with it."""
        try:
            host, port = read_address(self.entry.get_text())
        except BadAddress as exc:
            self.problem = str(exc)
            self.layout()
            self.entry.focus()  # to be corrected
            return
        if not self._sit_down():
            return
        self.session.join(((host, port),), None)
        self.go(Place.SETUP, joining=f"at {host}:{port}")

    def update(self, dt: float) -> None:
        none_found = not self.session.tables and \
            time.monotonic() - self.opened > NONE_FOUND_AFTER
        if none_found != self.none_found:
            self.none_found = none_found
            self.app.dirty = True

    def draw(self, surface) -> None:
        draw_felt(surface, self.view)
        view = self.view
        surface.blit(assets.sprite("logo", (view.px(56), view.px(56))), view.point(40, 22))
        view.text(surface, "hoard", (108, 26), 36, GOLD, bold=True)
        count = sum(1 for t in self.session.tables.values() if not t.problem)
        status = f"{count_words(count, 'table')} on this network" if count else \
            "Still looking for tables…" if self.none_found else \
            "Looking for tables on this network…"  # (the note below says why none shows)
        resuming = self.offers.resuming
        if resuming is not None:
            status = f"Resuming {resuming.name}: reading its journal, finding the table…"
        view.text(surface, status, (40, 92), 16, DIM)
        if self.offering:
            for i, row in enumerate(wrap(view.font(15), TEACHING, view.px(400))):
                view.text(surface, row, (840, 296 + 20 * i), 15, DIM)
        elif not self.choosing:
            view.text(surface, "A table for one: you and bots, dealt fair.", (840, 255), 15, DIM)
            self._draw_tonight(surface)
        self._draw_address_note(surface)
        self.offers.draw(surface)
        if self.offers.elsewhere:
            view.text(surface, SECOND_SEAT, (40, 684), 14, DIM)
        view.text(surface, self.fitted_part(lambda name: f"you are {name}",
                                            self.app.settings.name, ABOUT_YOU_W, 15),
                  (430, 636), 15, INK)


    def _draw_tonight(self, surface) -> None:
        """Tonight's standings, in the column's room above the Resume offers (if any)."""
        if not self.night.matches:
            return
        top = TONIGHT[1] + TONIGHT[3]
        if self.offers.shown:
            top = min(top, self.offers.top() - 10)
        x, y, w, _ = TONIGHT
        if top - y >= 3 * ROW + 52:  # room for a player at least
            bottom = min(top, y + height(self.night))
            draw_night(surface, self.view, self.night, (x, y, w, bottom - y), matches=False)

    def _draw_address_note(self, surface) -> None:
        if self.problem:
            self.view.text(surface, self.problem, (40, 528), 15, ALERT, width=760)
        elif self.none_found:
            self.view.text(surface, NOTHING_FOUND, (40, 528), 15, GOLD, width=760)
        else:
            self.view.text(surface, "Or join by the code or address a table shows:",
                           (40, 528), 15, DIM, width=760)


def _row(listed) -> str:
    if listed.problem:
        return f"  {listed.name} — cannot join: {listed.problem}"
    game = get_game(listed.game).name if listed.game in game_ids() else listed.game
    state = "in lobby" if listed.state == "lobby" else "playing"
    return f"  {listed.name} · {game} · {listed.taken}/{listed.total} seats · {state}"
