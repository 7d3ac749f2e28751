"""Table setup: the table's lobby as seats around a table, the game's options, who agreed.

Every change is a signed lobby record sent through the session; what is drawn is
the lobby the records add up to, so every window at the table shows the same.
"""

from __future__ import annotations

import math
import time

import pygame

from client import assets
from client.scenes import Place, Scene, draw_felt
from client.tables import renderer_for
from client.ui import DIM, GOLD, GOOD, INK
from engine.bots import ALIASES, LEVELS, bot_kinds, level_word
from engine.game import Option
from engine.registry import game_ids, get_game
from engine.tell import join_words
from net.errors import BadAddress
from net.face.again import AgainRefused
from net.face.bridge import JoinFailed, LobbyUpdate
from net.finding.address_code import encode
from net.peer.events import Fault, GameStarted

JOIN_PATIENCE = 6.0  # seconds to reach a table before saying it could not be reached
WARM_EACH_TURN = 3  # sprites rasterised a turn of the loop while the table gathers
SEAT_BOX = (210, 78)  # the name and the agreement, clear of the edge
TABLE_CENTRE, TABLE_RADII = (410, 350), (280, 200)


def seat_centres(count: int) -> list[tuple[float, float]]:
    """Seat 0 at the bottom, the rest clockwise around the oval."""
    cx, cy = TABLE_CENTRE
    rx, ry = TABLE_RADII
    angles = [math.pi / 2 + 2 * math.pi * i / count for i in range(count)]
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


class Setup(Scene):
    name = "setup"

    def __init__(self, app, joining: str = ""):
        super().__init__(app)
        self.session = app.session
        self.joining = joining
        self.since = time.monotonic()
        self.shown: tuple | None = None  # what the widgets were built for (`_shown`)
        #: the game whose cards are rasterised ahead, those still to do, and their size
        self.warming: tuple[str, list[tuple[str, tuple[int, int]]]] = ("", [])

    # -- widgets ---------------------------------------------------------------------
    def _shown(self) -> tuple:
        """What the widgets show: a lobby record that changes none of it (a member joining,
        another's vote) leaves them as they are — a rebuild costs a window ~0.1 s of CPU,
        and four windows on one computer rebuilt at every record of a gathering."""
        lobby, session = self.session.lobby, self.session
        if lobby is None:
            return (session.watching,)
        me = self.app.identity.public
        return (session.watching, lobby.game, tuple(lobby.seats), lobby.options,
                lobby.seat_of(me), session.proposal is not None, me in session.agreed)

    def build(self) -> None:
        self.shown = self._shown()
        watching = self.session.watching
        self.button("leave", "Stop watching" if watching else "Leave table", 40, 660, 180, 44)
        lobby = self.session.lobby
        if lobby is not None and lobby.game:
            self.button("rules", "Rules", 230, 660, 150, 44)
        if lobby is None or not lobby.game or watching:
            return
        me = self.app.identity.public
        mine = lobby.seat_of(me)
        game = get_game(lobby.game)
        for seat, (x, y) in enumerate(seat_centres(len(lobby.seats))):
            filled = lobby.seats[seat]
            bx, by = x - SEAT_BOX[0] / 2, y + SEAT_BOX[1] / 2 + 4
            if filled is None:
                self.button(f"sit:{seat}", "Sit here", bx, by, 100, 34)
                self.button(f"bot:{seat}", "Add bot", bx + 110, by, 100, 34)
            elif filled.is_bot:
                self.button(f"unbot:{seat}", "Remove bot", bx, by, 110, 34)
                self.button(f"level:{seat}", f"{level_word(filled.bot).capitalize()} ›",
                            bx + 116, by, 94, 34, tip="the bot's level: click for the next")
            elif filled.key == me:
                self.button("stand", "Stand up", bx + 30, by, 150, 34)
        self.may_configure = mine is not None  # the lobby skips an unseated member's change
        self._options(game, lobby)
        proposal = self.session.proposal
        agreed = me in self.session.agreed
        self.button("agree", "Agreed — waiting for the others" if agreed else "Agree to start",
                    820, 600, 420, 52, primary=True,
                    enabled=proposal is not None and mine is not None and not agreed)

    def _options(self, game, lobby) -> None:
        self.button("game", f"Game: {game.name} ›", 820, 86, 420, 38,
                    enabled=self.may_configure, tip="Another of the four games, its own "
                    "options: the seats and bots stay where the game allows")
        y = 130
        if game.min_seats != game.max_seats:
            self._stepper("seats", f"Seats: {len(lobby.seats)}", y,
                          len(lobby.seats) > game.min_seats, len(lobby.seats) < game.max_seats)
            y += 48
        values = dict(lobby.options)
        for option in game.options:
            self._option(option, values.get(option.name, option.default), y)
            y += 48

    def _option(self, option: Option, value, y: float) -> None:
        tip = option.help
        label = f"{option.title}: {option.words(value)}"
        if isinstance(option.default, int) and not isinstance(option.default, bool):
            self._stepper(f"opt:{option.name}", label, y, value > option.low,
                          value < option.high, tip)
        else:
            self.button(f"opt:{option.name}", label, 820, y, 420, 40, tip=tip,
                        enabled=self.may_configure)

    def _stepper(self, ident: str, text: str, y: float, down: bool, up: bool,
                 tip: str | None = None) -> None:
        self.button(f"{ident}:-", "−", 820, y, 44, 40, enabled=down and self.may_configure,
                    tip=tip)
        self.label(text, 868, y, 320, 40)
        self.button(f"{ident}:+", "+", 1196, y, 44, 40, enabled=up and self.may_configure,
                    tip=tip)

    # -- intents -----------------------------------------------------------------------
    def on_button(self, ident: str) -> None:
        session = self.session
        verb, _, rest = ident.partition(":")
        if verb == "leave":
            self._back_to_lobby()
        elif verb == "rules":
            self.open(Place.RULES, game_id=session.lobby.game)
        elif verb == "sit":
            session.lobby_op("sit", int(rest))
        elif verb == "bot":
            level = bot_level(session.lobby.game, self.app.settings.bots)
            session.lobby_op("bot", int(rest), level)
        elif verb == "unbot":
            session.lobby_op("unbot", int(rest))
        elif verb == "level":
            seat = int(rest)
            filled = session.lobby.seats[seat]
            if filled is not None and filled.is_bot:
                session.lobby_op("unbot", seat)
                session.lobby_op("bot", seat, _next_level(session.lobby.game, filled.bot))
        elif verb == "stand":
            session.lobby_op("stand")
        elif verb == "agree":
            session.agree()
        elif verb in ("seats", "opt"):
            self._configure(verb, rest)
        elif verb == "game":
            self._next_game()

    def _next_game(self) -> None:
        """The next of the games, with its default options and as many seats as it allows
        of those the table has (the lobby keeps the players and bots that still fit)."""
        lobby = self.session.lobby
        ids = game_ids()
        game = get_game(ids[(ids.index(lobby.game) + 1) % len(ids)])
        seats = min(max(len(lobby.seats), game.min_seats), game.max_seats)
        self.session.lobby_op("config", lobby.name, game.id, seats, ())

    def _configure(self, verb: str, rest: str) -> None:
        """A change of seats or options: a new config record (votes for the old one lapse)."""
        lobby = self.session.lobby
        seats, options = len(lobby.seats), dict(lobby.options)
        if verb == "seats":
            seats += 1 if rest == "+" else -1
        else:
            name, _, step = rest.partition(":")
            option = next(o for o in get_game(lobby.game).options if o.name == name)
            options[name] = _next_value(option, options.get(name), -1 if step == "-" else 1)
        self.session.lobby_op("config", lobby.name, lobby.game, seats,
                              tuple(sorted(options.items())))

    def _back_to_lobby(self) -> None:
        if not self.session.watching:
            self.session.lobby_op("leave")
        self.go(Place.LOBBY)

    # -- news ----------------------------------------------------------------------------
    def on_news(self, item) -> None:
        if isinstance(item, GameStarted):
            self.go(Place.TABLE)
            return
        if isinstance(item, LobbyUpdate) and self._shown() != self.shown:
            self.relayout()
        elif isinstance(item, Fault):
            self.app.message("Could not join", self.session.ending.text)
            self._back_to_lobby()
        elif isinstance(item, JoinFailed) and self.session.lobby is None:
            self._not_reached()
        elif isinstance(item, AgainRefused):
            self.app.message("No next game", self.session.ending.text)
            self.app.new_session()  # the node may have let its port go: a fresh one
            self.go(Place.LOBBY)

    def _not_reached(self) -> None:
        self.app.message("Table not reached",
                         f"The table {self.joining} did not answer: it may have closed or "
                         "left the network, or the address may be mistyped.")
        self.app.new_session()  # a fresh node: this one may hold half of a table
        self._back_to_lobby()

    def update(self, dt: float) -> None:
        waited = time.monotonic() - self.since
        if self.session.lobby is None and self.joining and waited > JOIN_PATIENCE:
            self._not_reached()
        self._warm()

    def _warm(self) -> None:
        """While the table gathers, its game's cards are rasterised a few a turn (~1.5 ms
        each): the table, once everyone agreed, opens without rasterising the whole deck."""
        lobby = self.session.lobby
        if lobby is None or not lobby.game:
            return
        if self.warming[0] != lobby.game:
            renderer = renderer_for(lobby.game)
            self.warming = (lobby.game, renderer.sprites_to_warm(self.view) if renderer else [])
        _, left = self.warming
        assets.preload(left[:WARM_EACH_TURN])
        del left[:WARM_EACH_TURN]

    @property
    def animating(self) -> bool:
        return self.session.lobby is None  # keep looking while the table is being reached

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw_felt(surface, self.view)
        view, lobby = self.view, self.session.lobby
        if lobby is None or not lobby.game:
            view.text(surface, f"{'Watching' if self.session.watching else 'Reaching'} the "
                      f"table {self.joining}…", (640, 340), 24, anchor="center")
            return
        game = get_game(lobby.game)
        title = self.fitted_part(lambda name: f"{name} · {game.name}", lobby.name, 740, 30,
                                 bold=True)  # the table's name is cut, never its game
        view.text(surface, title, (40, 24), 30, GOLD, bold=True, width=740)
        view.text(surface, "You are watching: the game shows here when everyone seated has "
                  "agreed." if self.session.watching else "Sit, add bots, set the options; the "
                  "game starts when everyone seated has agreed.", (40, 70), 15, DIM)
        if lobby.changed:  # someone else may have changed what was agreed: say who
            view.text(surface, lobby.changed + " — agree again to start.", (40, 92), 15, GOLD,
                      width=740)
        centre = view.rect(TABLE_CENTRE[0] - 230, TABLE_CENTRE[1] - 140, 460, 280)
        pygame.draw.ellipse(surface, (20, 70, 45), centre)
        pygame.draw.ellipse(surface, (110, 80, 40), centre, view.px(8))
        for seat, (x, y) in enumerate(seat_centres(len(lobby.seats))):
            self._draw_seat(surface, seat, lobby.seats[seat], x, y)
        self._draw_address(surface)
        self._draw_agreement(surface, lobby)

    def _draw_seat(self, surface, seat: int, filled, x: float, y: float) -> None:
        view = self.view
        rect = view.rect(x - SEAT_BOX[0] / 2, y - SEAT_BOX[1] / 2, *SEAT_BOX)
        me = filled is not None and not filled.is_bot and filled.key == self.app.identity.public
        view.panel(surface, rect, edge=GOLD if me else (70, 110, 90))
        top = y - SEAT_BOX[1] / 2 + 8
        left = x - SEAT_BOX[0] / 2 + 12
        view.text(surface, f"Seat {seat + 1}", (left, top), 13, DIM)
        if filled is None:
            view.text(surface, "empty", (left, top + 22), 19, DIM)
        elif filled.is_bot:
            view.text(surface, f"Bot · {level_word(filled.bot)}", (left, top + 22), 19, INK)
        else:
            view.text(surface, self.session.lobby.display(filled.key) + (" (you)" if me else ""),
                      (left, top + 20), 19,
                      INK, bold=True, width=SEAT_BOX[0] - 24)
            agreed = filled.key in self.session.agreed
            view.text(surface, "agreed ✓" if agreed else "not agreed yet", (left, top + 46),
                      13, GOOD if agreed else DIM)

    @property
    def code(self) -> str | None:
        """The code of this table's address, to join it by hand (None: it has none)."""
        return address_code(self.session.table_address)

    def _draw_address(self, surface) -> None:
        """The code (and address) that lets a laptop join by hand, where discovery fails."""
        code = self.code
        if code is None:
            return
        view = self.view
        host, port = self.session.table_address
        view.panel(surface, view.rect(820, 14, 420, 72))
        view.text(surface, "Join code", (836, 24), 15, DIM)
        view.text(surface, code, (920, 19), 24, GOLD, bold=True)
        view.text(surface, f"or {host}:{port} — others type either to join",
                  (836, 56), 13, DIM, width=396)

    def _draw_agreement(self, surface, lobby) -> None:
        view = self.view
        humans = [s for s in lobby.seats if s is not None and not s.is_bot]
        waiting = [lobby.display(s.key) for s in humans if s.key not in self.session.agreed]
        coming = [name for key, name in self.session.returning.items()
                  if key not in lobby.members]  # not back from the last match's end yet
        if self.session.proposal is None and coming:
            text = f"Waiting for {join_words(coming)} to play again, or add bots."
        elif self.session.proposal is None:
            text = "Fill every seat (sit, or add a bot) to start."
        elif waiting:
            text = f"Waiting for {join_words(waiting)} to agree."
        else:
            text = "Everyone agreed: starting…"
        view.text(surface, text, (820, 570), 15, INK, width=420)


def address_code(address: tuple[str, int] | None) -> str | None:
    """The code of this table's address, if it has one (an IPv4 address and a port)."""
    if address is None:
        return None
    try:
        return encode(*address)
    except BadAddress:
        return None


def bot_level(game_id: str, wanted: str) -> str:
    """The level a new bot seat gets: the settings' (`wanted`) where the game has it, else
    its weakest (a game registered with fewer levels, as some tests' are)."""
    kinds = bot_kinds(get_game(game_id))
    if wanted in kinds:
        return wanted
    return next((level for level in LEVELS if level in kinds), kinds[-1])


def _next_level(game_id: str, kind: str) -> str:
    """The level after `kind` in the picker's round: easy, normal, hard, random."""
    kinds = [k for k in bot_kinds(get_game(game_id)) if k not in ALIASES]
    order = [k for k in (*LEVELS, "random") if k in kinds] or kinds
    current = level_word(kind)
    return order[(order.index(current) + 1) % len(order)] if current in order else order[0]


LADDER_SPAN = 1000  # an option wider than this (a timer's length in steps) steps on a ladder
LADDER = tuple(m * 10 ** e for e in range(7) for m in (1, 2, 3, 5, 6))


def _on_ladder(option: Option, value: int, delta: int) -> int:
    """The next round value up or down (…, 100, 200, 300, 500, 600, 1000, …; the default
    among them): a 60 s timer (1200 steps) is six clicks from 5 s, not a thousand."""
    ladder = sorted({option.low, option.high, option.default,
                     *(v for v in LADDER if option.low <= v <= option.high)})
    if delta > 0:
        return next((v for v in ladder if v > value), option.high)
    return next((v for v in reversed(ladder) if v < value), option.low)


def _next_value(option: Option, value, delta: int):
    """The next value of an option a click asks for: a toggle flips, a stepper steps by a
    sensible amount for its range, a choice cycles."""
    value = option.default if value is None else value
    if isinstance(option.default, bool):
        return not value
    if isinstance(option.default, int):
        span = option.high - option.low
        if span > LADDER_SPAN:
            return _on_ladder(option, value, delta)
        step = 1 if span <= 20 else 10 ** max(0, len(str(value)) - 2)
        return min(max(value + delta * step, option.low), option.high)
    choices = option.choices
    return choices[(choices.index(value) + delta) % len(choices)]
