"""Sit at a LAN table headless: create or join table NAME and play its seat with a bot.

Prints one line per applied action and ends with one JSON line holding
`final_hash`, `scores` and the deck's `audit`. `--spectate NAME` watches a table
instead; `--list` prints the tables discovery sees. Killed and restarted with the
same command, a peer resumes from its journal; interrupted mid-game, it leaves
gracefully, handing its seat to the lowest other human. Exit codes: 0 the game ended,
1 timeout or no table reachable, 2 bad arguments or journal, 3 the table
stopped (desync, equivocation, cheating), 4 the identity or the table's journal is in
use by another live process (nothing was signed), 130 interrupted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import signal
import sys
import time
from pathlib import Path

import msgpack

from client import notices
from client.story import Storyteller
from engine.bots import bot_kinds, describe_levels
from engine.chance import Dealt
from engine.errors import BadOption, EngineError
from engine.game import options_from_pairs
from engine.registry import game_ids, get_game
from engine.tell import join_words, ordinal
from net.disk.journal import Journal
from net.disk.locks import PEER, InUse, Lock, lock_identity, lock_journal
from net.errors import BadAddress, NetError
from net.face.news import Listener, hears
from net.finding.address_code import read_address
from net.finding.discovery import LOBBY_STATE, Discovery, DiscoveryUnavailable, Ignored
from net.finding.entry import first_proven, get_in, get_in_anywhere, proven
from net.peer.events import (
    Away,
    Fault,
    Finished,
    GameStarted,
    Left,
    LobbyChanged,
    NodeOptions,
    Notice,
    Returning,
    StepApplied,
    Submitted,
    TableIgnored,
    TableSeen,
    Waiting,
)
from net.peer.membership import JOIN_PATIENCE
from net.peer.node import TableNode
from net.table.liveness import MoveWait
from net.wire.frames import LOBBY, decode
from net.wire.identity import config_dir, load_identity

JOIN_WAIT = 1.5  # how long to look for the table before creating it (a fresh browser
# may need one re-query, ~1.1 s, to hear a table that is already up)
WATCH_WAIT = 5.0  # how long a spectator looks for the table
LEAVE_WAIT = 5.0  # interrupted mid-game: how long to try to leave gracefully
LEAVE_POLL = 0.1  # meanwhile, how often to look whether the match ended first
MERGE_CHECK = 0.5  # seconds between looks for an older table of the same name
SETTLE = 1.0  # a table found unlike the one asked for is refused if still so this much later
MERGE_WINDOW = 10.0  # a peer merges only while its lobby is this young, into a table it
RACE_WINDOW = 1.0  # saw appear this soon after entering its own, or before anyone joined it
LONE_AFTER = 3.0  # a peer alone in its lobby this long joins a same-name lobby with company
HEAL_RETRY = 5.0  # a fuller lobby that once did not answer is tried again this often
EXIT_OK, EXIT_UNREACHABLE, EXIT_BAD, EXIT_FAULT, EXIT_IN_USE, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
IN_USE_HINT = "stop that one first, or give this one its own --config-dir"


def add_arguments(parser, argv: list[str]) -> None:
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--table", metavar="NAME", help="create or join the table NAME and play")
    what.add_argument("--spectate", metavar="NAME", help="watch the table NAME")
    what.add_argument("--list", action="store_true", help="list the tables on the LAN")
    parser.add_argument("--game", choices=game_ids(), help="game to create the table with")
    parser.add_argument("--seats", type=int, help="number of seats (default: the game's least)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable)")
    parser.add_argument("--bot", metavar="LEVEL", help="bot that plays this peer's seat: "
                        f"{describe_levels()}")
    parser.add_argument("--add-bots", type=int, default=0, metavar="N",
                        help="on creating the table, fill N seats with bots of --bot's kind")
    parser.add_argument("--think", type=int, default=0, metavar="STEPS",
                        help="steps a bot waits before acting (a watchable pace)")
    parser.add_argument("--name", help="display name (saved in the identity)")
    parser.add_argument("--config-dir", help="identity and journals (default ~/.config/hoard)")
    parser.add_argument("--journal", help="journal file (default CONFIG/tables/NAME.journal)")
    parser.add_argument("--interface", help="the one interface (name or IPv4) to use")
    parser.add_argument("--port", type=int, default=0, help="TCP port to listen on (default any)")
    parser.add_argument("--connect", action="append", default=[], metavar="HOST:PORT",
                        help="join through this peer (or a table's code, as its window shows "
                             "it) instead of discovery (repeatable)")
    parser.add_argument("--no-discovery", action="store_true", help="no zeroconf at all")
    parser.add_argument("--pace", type=float, default=50.0, metavar="MS",
                        help="step interval when nothing happens (default 50)")
    parser.add_argument("--rush", action="store_true", help="step as fast as frames flow")
    parser.add_argument("--timeout", type=float, default=0.0, metavar="S",
                        help="give up after S seconds (default never)")
    parser.add_argument("--void-after", type=float, default=120.0, metavar="S",
                        help="void the hand when a seat is not heard from for S seconds "
                             "(default 120)")
    parser.add_argument("--seconds", type=float, default=2.0, help="how long --list looks")
    parser.add_argument("--trace", metavar="FILE", help="write action timings as JSON lines")
    parser.add_argument("--step-numbers", action="store_true",
                        help="begin each action line with its step number, for scripts that "
                             "follow a game (a player's lines carry the game's words alone)")
    parser.add_argument("--verbose", action="store_true", help="log every dropped message")


def parse_address(text: str) -> tuple[str, int]:
    try:
        return read_address(text)
    except BadAddress as exc:
        raise BadAddress(f"--connect takes HOST:PORT or a table's code, not {text!r}: "
                         f"{exc}") from None


def slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "table"


class Request:
    """What the command line asks for, checked before anything starts."""

    def __init__(self, args):
        self.args = args
        self.options = options_from_pairs(args.option)
        self.connect = [parse_address(a) for a in args.connect]
        if args.table is not None and not args.table.strip():
            raise BadOption("--table needs a name")
        if args.table and args.bot is None:
            raise BadOption("--bot is required to play a seat headless (or use --spectate)")
        if min(args.add_bots, args.think, args.pace, args.timeout) < 0 or args.void_after <= 0:
            raise BadOption("--add-bots, --think, --pace and --timeout cannot be negative, "
                            "and --void-after must be positive")
        self.game = get_game(args.game) if args.game else None
        self.config = None
        if self.game is not None:
            self.config, self.seats = self.game.configure(self.options, args.seats)
            if args.bot and args.bot not in bot_kinds(self.game):
                raise BadOption(f"no bot {args.bot!r} for {self.game.name}; bots: "
                                f"{', '.join(bot_kinds(self.game))}")
            if args.add_bots >= self.seats:
                raise BadOption(f"--add-bots {args.add_bots} leaves no seat for this peer")
        elif self.options or args.seats or args.add_bots:
            raise BadOption("--seats, --option and --add-bots need --game")

    def mismatch(self, state) -> str | None:
        """Why the table found is not the one asked for, if it is not."""
        if self.game is None or not state.game:
            return None
        table = dict(state.options)
        wrong = [k for k in self.options if table.get(k) != self.config[k]]
        if state.game != self.game.id or len(state.seats) != self.seats or wrong:
            return (f"table {state.name} plays {state.game} with {len(state.seats)} seats and "
                    f"options {table}; asked for {self.game.id} with {self.seats} seats and "
                    f"{self.options}")
        return None


class Seating:
    """Headless table manners: take a free seat, add the bots asked for, vote when full,
    and move to the older table when two peers created the same table at once.

    A table found to play another game than asked is refused on arrival; one changed
    after this peer was in it (someone else signed a new configuration) is put back as
    asked, with a line saying who changed it, and this peer stays."""

    def __init__(self, node: TableNode, request: Request, creator: bool):
        self.node, self.request = node, request
        self.bots_wanted = request.args.add_bots if creator else 0
        self.matched = False  # the table was once as asked: a later change is put back
        self.said = ""
        self.since = time.monotonic()  # when this peer entered its lobby
        self.first_seen: dict[str, float] = {}  # table id -> when this peer first saw it
        self.company_since: float | None = None  # when a second member was first in the lobby
        self.scheduled = False
        self.moving = False
        self.deserted = False  # everyone it sat with here left: any better lobby will do
        self.watcher: asyncio.Task | None = None
        self.known: set[tuple[str, int]] = set()  # addresses of members it has sat with
        self.heal_tries: dict[str, float] = {}  # table id -> when a healing move last tried it

    def poke(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self._act)

    def _act(self) -> None:
        self.scheduled = False
        node = self.node
        if node.replica is not None or node.lobby is None or self.moving:
            return
        state = node.lobby.state()
        me = node.identity.public
        if me not in state.members or not state.game:
            return
        self.known |= {(m.host, m.port) for k, m in state.members.items() if k != me}
        if len(state.members) > 1 and self.company_since is None:
            self.company_since = time.monotonic()
        elif len(state.members) == 1 and self.company_since is not None:
            self.company_since, self.deserted = None, True  # they all moved on without it
        problem = self.request.mismatch(state)
        if problem and not self.matched:
            # the lobby arrives record by record: judge it once it has settled, not on a
            # state it passed through (another game, put back a moment later)
            asyncio.get_running_loop().call_later(SETTLE, self._refuse_if_still)
            return
        if problem:
            self._put_back(state, problem)
            return
        self.matched = True
        free = state.free_seats()
        bots = sum(1 for seat in state.seats if seat is not None and seat.is_bot)
        mine = 0 if state.seat_of(me) is not None else 1  # a seat kept for this peer
        while bots < self.bots_wanted and len(free) > mine:  # again if a change removed some
            node.lobby_op("bot", free.pop(), self.request.args.bot)
            bots += 1
        if state.seat_of(me) is None:
            if free:
                node.lobby_op("sit", free[0])
            return
        # a vote counts for the proposal as it stands: any change clears the votes, and a
        # table put back as it was (a seat taken and freed again) must be agreed to again
        state = node.lobby.state()
        proposal = state.proposal(node.table)
        if proposal is not None and me not in state.votes:
            node.lobby_op("start", proposal.encode())

    def _refuse_if_still(self) -> None:
        node = self.node
        if self.matched or node.replica is not None or node.lobby is None:
            return
        problem = self.request.mismatch(node.lobby.state())
        if problem:
            node.abort("refused", problem)
        else:
            self.poke()

    def _put_back(self, state, problem: str) -> None:
        if problem != self.said:
            self.said = problem
            self.node.listener(Notice(f"{state.changed or problem}; putting it back as asked"))
        if state.seat_of(self.node.identity.public) is not None:
            request = self.request
            self.node.lobby_op("config", state.name, request.game.id, request.seats,
                               tuple(sorted(request.config.items())))

    async def watch_for_older(self) -> None:
        """Look again now and then: an older table may have appeared before ours existed."""
        node = self.node
        while node.replica is None and not node.result.done():
            if node.discovery is not None:
                for listing in list(node.discovery.tables().values()):
                    self.seen(listing)
            await asyncio.sleep(MERGE_CHECK)

    def seen(self, listing) -> None:
        """The merge rule (docs/net.md): a peer in a lobby it entered moments ago moves to
        an open lobby of the same name with a lower id — but only to one that appeared
        with its own: seen within RACE_WINDOW of entering it, or before anyone else joined
        it; and only while its own is younger than MERGE_WINDOW. So it heals a race at
        creation and nothing else: an advert put up later (a stranger's, with id 00…0)
        pulls nobody away from a table. A peer also follows former table-mates (their
        `leave` signed) to the lobby they advertise, while its own is that young. And a
        gathering split by a busy or lossy network heals whenever it is heard (`_heals`):
        a peer alone for LONE_AFTER joins a same-name lobby with company, and of two
        lobbies of the name that each found company the emptier, or of two as full the
        younger, moves to the other. Whichever way, the lobby moved to must prove itself (a
        ghost's silent port pulls nobody), and moves only go one way, so none goes back."""
        node, now = self.node, time.monotonic()
        first_seen = self.first_seen.setdefault(listing.table, now)
        together = max(self.since + RACE_WINDOW, self.company_since or now)
        mine = node.table.hex() if node.table is not None else ""
        healing = self._heals(listing, mine, now)
        if node.lobby is not None and first_seen > together:
            # its table-mates who left (a signed leave) for that table: follow them there
            present = {(m.host, m.port) for m in node.lobby.state().members.values()}
            if set(listing.addresses) & (self.known - present):
                first_seen = together
        if (self.moving or node.replica is not None or node.table is None
                or listing.name != node.name or listing.state != LOBBY_STATE
                or not (listing.reachable or healing) or (listing.table >= mine and not healing)
                or listing.taken >= listing.total or not listing.addresses
                or (first_seen > together and not healing)
                or (now - self.since > MERGE_WINDOW and not healing)):
            return
        if healing:
            self.heal_tries[listing.table] = now
        self.moving = True
        asyncio.get_running_loop().create_task(self._move(listing))

    def _heals(self, listing, mine: str, now: float) -> bool:
        """Is `listing` where this peer's split gathering meets: a lobby with company while
        nobody came to this one in LONE_AFTER (the race is over and it lost it), or the
        better of two that each found company (`_split`)? **Decision:** at any age of
        its lobby until the game starts, and a lobby that once did not answer is tried
        again every HEAL_RETRY. On the lossy Wi-Fi under a busy CI machine a peer heard
        the three's lobby only after MERGE_WINDOW (or lost its one proof of it) and sat
        alone; in another run a pair's member moved on without its `leave` arriving, and
        the one left, not alone, waited beside a member who was gone: each time the rest
        waited for it until the game's timeout. Moves go one way only (to more seats
        taken, or as many and an older id), so healing late undoes nothing; a stranger's
        real lobby of the name can take such a peer only as one more member there."""
        if listing.table == mine:
            return False
        lone = self.company_since is None and \
            now - self.since >= LONE_AFTER and listing.taken >= 2
        if not (lone or self._split(listing, mine)):
            return False
        tried = self.heal_tries.get(listing.table, float("-inf"))
        return listing.reachable or now - tried >= HEAL_RETRY

    def _split(self, listing, mine: str) -> bool:
        """Is `listing` the better of two lobbies of the name that each found company (or
        whose company all left this one): more seats taken there than members here (who
        are all about to sit), or as many and an older id?"""
        if self.node.lobby is None or (self.company_since is None and not self.deserted):
            return False
        here = len(self.node.lobby.state().members)
        return (listing.taken, mine) > (here, listing.table) and listing.table != mine

    async def _move(self, listing) -> None:
        if not await proven(self.node, listing):  # a ghost: stay (and look again only lone)
            self.moving = False
            self.poke()  # what changed here while it looked (a seat to take) is seen to now
            return
        older = self.node.table is None or listing.table < self.node.table.hex()
        self.node.listener(Notice(f"moving to the {'older' if older else 'fuller'} table "
                                  f"{listing.name} (id {listing.table[:8]})"))
        node, table = self.node, bytes.fromhex(listing.table)
        await node.move(table)
        if not await get_in(node, list(listing.addresses), table, listing.name):
            request = self.request
            await get_in_anywhere(node, listing.name, {listing.table}, lambda: node.create(
                listing.name, request.game.id, request.seats, request.config))  # net.finding.entry
        self.moving, self.since, self.company_since = False, time.monotonic(), None
        self.deserted = False
        self.poke()


class Printer(Listener):
    """One line per applied action (and a few table notices) on stdout."""

    def __init__(self, trace_path: str | None, table: str = "", step_numbers: bool = False):
        self.table = table  # the name asked for: another build's table of it is told
        self.step_numbers = step_numbers  # for scripts: a player is never shown a step
        self.told: set[str] = set()
        self.game = None
        self.story: Storyteller | None = None
        self.seating: Seating | None = None
        self.lobby_line = ""
        self.muted = False  # after the final JSON line nothing more is printed
        # line-buffered: what a killed peer did is on disk up to its last step
        self.trace = (open(trace_path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115
                      if trace_path else None)

    def say(self, text: str) -> None:
        if not self.muted:
            print(text, flush=True)

    def __call__(self, event) -> None:
        self.hear(event)

    @hears(Notice)
    def on_Notice(self, event: Notice) -> None:
        self.say(event.text)

    @hears(Away)
    def on_Away(self, event: Away) -> None:
        self.say(self.story.away(event) + self._at(event.step))

    @hears(LobbyChanged)
    def on_LobbyChanged(self, event: LobbyChanged) -> None:
        line = "lobby: " + event.state.describe()
        if event.state.game and line != self.lobby_line:
            self.lobby_line = line
            self.say(line)
        if self.seating is not None:
            self.seating.poke()

    @hears(TableSeen)
    def on_TableSeen(self, event: TableSeen) -> None:
        if self.seating is not None and event.kind != "vanished":
            self.seating.seen(event.listing)

    @hears(TableIgnored)
    def on_TableIgnored(self, event: TableIgnored) -> None:
        """Another build's table of the name asked for: said once, in words."""
        ignored = event.ignored
        if ignored.other_build and ignored.name == self.table and ignored.instance not in \
                self.told:
            self.told.add(ignored.instance)
            self.say(f"cannot join {ignored.name}: {ignored.words()}")

    @hears(GameStarted)
    def on_GameStarted(self, event: GameStarted) -> None:
        start = event.start
        self.story = Storyteller(event)
        self.game, names = self.story.game, self.story.names
        seated = join_words([s.label(i) or names.seats[i] for i, s in enumerate(start.seats)])
        # seats by name and position words, never a number: the engine counts from 0 and a
        # person from 1, and "seat 2" read as either
        you = "you are watching" if event.seat is None else \
            f"you are {names.seats[event.seat]}, in the " \
            f"{ordinal(event.seat + 1)} seat"
        options = self.game.options_words(dict(start.options))
        again = "" if event.resumed_at < 0 else \
            f" (resumed at step {event.resumed_at})" if self.step_numbers else " (resumed)"
        self.say(f"game started{again}: {self.game.name} ({options}); seated in order: "
                 f"{seated}; {you}")

    @hears(StepApplied)
    def on_StepApplied(self, event: StepApplied) -> None:
        done = event.applied
        now = time.monotonic()
        for said in self.story.seats(done):
            self.say(said)
        for told, entry in zip(self.story.actions(done), done.entries, strict=True):
            if told.refused:
                self.say(self._step(done.step) + self.story.refusal(told))
                continue
            if told.parts:
                self.say(self._step(done.step) + " ".join(told.parts))
            if self.trace and entry.seat >= 0:
                self._trace({"applied": done.step, "seat": entry.action.seat, "t": now})
            elif self.trace and isinstance(entry.action, Dealt):
                self._trace({"dealt": entry.action.deck, "to": entry.action.to_seat,
                             "shown": bool(entry.action.faces), "step": done.step, "t": now})
        for said in self.story.takeback(done):
            self.say(self._step(done.step) + said)

    @hears(Submitted)
    def on_Submitted(self, event: Submitted) -> None:
        if self.trace:
            for action, at in event.actions:
                self._trace({"submitted": event.step, "seat": action.seat, "t": at})
            now = time.monotonic()
            for entry in event.chance or ():
                if entry[0] == "deck":  # net.chance.dealing: ["deck", deck number, message]
                    self._trace({"sent": event.step, "deck": entry[1], "message": entry[2][0],
                                 "t": now})

    @hears(Waiting)
    def on_Waiting(self, event: Waiting) -> None:
        self.say(notices.late(event.names) if event.names
                 else "no longer waiting: every frame is in")

    @hears(MoveWait)
    def on_MoveWait(self, event: MoveWait) -> None:
        if event.seats and self.story is not None:
            self.say(self.story.to_play(event.seats))

    @hears(Returning)
    def on_Returning(self, event: Returning) -> None:
        self.say(self.story.returning(event))

    @hears(Left)
    def on_Left(self, event: Left) -> None:
        self.say(self.story.left(event) + self._at(event.step))

    @hears(Fault)
    def on_Fault(self, event: Fault) -> None:
        self.say(f"table stopped: {event.report}")

    def _step(self, step: int) -> str:
        """An action line's head: its step number for scripts (--step-numbers), else none."""
        return f"step {step}: " if self.step_numbers else ""

    def _at(self, step: int) -> str:
        """A line's tail: ' (step N)' for scripts (--step-numbers), else nothing."""
        return f" (step {step})" if self.step_numbers else ""

    def _trace(self, row: dict) -> None:
        self.trace.write(json.dumps(row) + "\n")

    def close(self) -> None:
        if self.trace:
            self.trace.close()


def run(args) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="hoard: %(levelname)s: %(message)s")
    if args.verbose:
        logging.getLogger("hoard").setLevel(logging.DEBUG)
    try:
        request = Request(args)
        if args.list:
            return asyncio.run(_list(args))
        return asyncio.run(_main(request))
    except InUse as exc:
        sys.stderr.write(f"hoard: error: {exc.detail}: {IN_USE_HINT}\n")
        return EXIT_IN_USE
    except (EngineError, NetError) as exc:
        sys.stderr.write(f"hoard: error: {exc}\n")
        return EXIT_BAD


async def _list(args) -> int:
    """Print tables as they appear, change and vanish, for --seconds (every word a stranger
    wrote passed net.finding.claims)."""
    discovery = Discovery(args.interface)
    try:
        await discovery.start()
    except DiscoveryUnavailable as exc:
        sys.stderr.write(f"hoard: error: no discovery: {exc}; join a table by address\n")
        return EXIT_UNREACHABLE

    def changed(kind: str, listing) -> None:
        print(f"{kind}: {listing.line()}", flush=True)

    def ignored(ignored: Ignored) -> None:
        print(f"ignored {ignored.line()}", flush=True)

    discovery.browse(changed, ignored)
    await asyncio.sleep(args.seconds)
    await discovery.close()
    if discovery.refused:
        print(f"{discovery.refused} advert(s) ignored", flush=True)
    return EXIT_OK


def _journal_path(request: Request, folder: Path) -> Path:
    args = request.args
    return Path(args.journal) if args.journal else folder / "tables" / f"{slug(args.table)}.journal"


def _take_locks(request: Request, folder: Path, identity) -> list[Lock]:
    """Hold the table's journal and this identity for the whole run, before anything is
    signed (InUse when another live process holds either): two processes of one seat
    would sign two different frames for a step, which every peer takes for cheating."""
    if request.args.table is None:
        return []  # a spectator signs no frame, and keeps no journal
    table = lock_journal(_journal_path(request, folder), f"table {request.args.table}", PEER)
    try:
        return [table, lock_identity(folder, f"identity {identity.name} ({folder})", PEER)]
    except InUse:
        table.release()
        raise


def _open_journal(request: Request, folder: Path) -> Journal | None:
    if request.args.table is None:
        return None
    path = _journal_path(request, folder)
    journal = Journal.open(path)
    ended = "done" if any(entry[0] == "done" for entry in journal.entries) else \
        "left" if _left_lobby(journal.entries) else None
    if ended is not None:
        journal.close()  # that game is over, or a lobby it left: keep it aside, start afresh
        path.rename(path.with_name(f"{path.name}.{int(time.time())}.{ended}"))
        journal = Journal.open(path)
    return journal


def _left_lobby(entries: list[list]) -> bool:
    """Does the journal hold only a lobby this peer left (its signed leave: interrupted,
    or timed out there)? Such a table is not resumed: it was "resumed at step -1" and sat
    there as a non-member."""
    if not entries or entries[0][0] != "table" or len(entries[0]) != 4:
        return False
    me, last = entries[0][3], None
    for entry in entries[1:]:
        if entry[0] != "record" or len(entry) != 2:
            continue
        try:
            record = decode(entry[1])
        except NetError:
            return False  # resume judges a bad journal and says so
        if record.kind != LOBBY:
            return False  # a game started: that is resumed
        if record.signer == me:
            body = msgpack.unpackb(record.body)
            last = body[1] if isinstance(body, list) and len(body) > 1 else last
    return last == "leave"


async def _main(request: Request) -> int:
    args = request.args
    folder = config_dir(args.config_dir)
    notes: list[str] = []
    identity = load_identity(folder, args.name, notes)
    for note in notes:  # the window shows it in a dialog; a terminal is told on stderr
        print(f"hoard: {note}", file=sys.stderr, flush=True)
    locks = _take_locks(request, folder, identity)
    try:
        return await _play(request, folder, identity)
    finally:
        for lock in locks:
            lock.release()


async def _play(request: Request, folder: Path, identity) -> int:
    args = request.args
    journal = _open_journal(request, folder)
    printer = Printer(args.trace, args.table or args.spectate, args.step_numbers)
    options = NodeOptions(interface=args.interface, port=args.port,
                          discovery=not args.no_discovery, pace=args.pace / 1000,
                          idle_pace=max(args.pace / 1000, 0.25), rush=args.rush,
                          void_after=args.void_after)
    role = "peer" if args.table else "spectator"
    node = TableNode(identity, options, printer, journal, role)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    # --timeout bounds the whole run: the search and the join too, not only the game
    deadline = time.monotonic() + args.timeout if args.timeout else None
    try:
        await node.open()
        node.play_with(args.bot, args.think)
        try:
            async with asyncio.timeout(_left(deadline)):
                entered = await _enter(node, request, printer, journal)
        except TimeoutError:
            return _timed_out(args.timeout)
        if not entered:
            sys.stderr.write(f"hoard: error: {_not_entered(request)}\n")
            return EXIT_UNREACHABLE
        return await _until_over(node, printer, stop, deadline, args.timeout)
    finally:
        printer.muted = True
        printer.close()
        await node.close()


def _addresses(args) -> str:
    """The addresses `--connect` gave, as a player reads them."""
    return ", ".join(args.connect)


def _not_entered(request: Request) -> str:
    """Why this peer is at no table: the address it was given was silent or refused, or
    discovery found no table of the name."""
    args = request.args
    if request.connect:
        return (f"no table answered at {_addresses(args)}: refused, or silent for "
                f"{JOIN_PATIENCE:g} s (is hoard running there, on this network?)")
    return f"no table {args.table or args.spectate} found"


def _left(deadline: float | None) -> float | None:
    """Seconds until `deadline` (None: no deadline)."""
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _timed_out(timeout: float) -> int:
    sys.stderr.write(f"hoard: error: timed out after {timeout:g} s\n")
    return EXIT_UNREACHABLE


async def _enter(node: TableNode, request: Request, printer: Printer, journal) -> bool:
    args = request.args
    if journal is not None and node.resume(journal.entries):
        printer.seating = Seating(node, request, creator=False)
        printer.seating.poke()
        return True
    name = args.table or args.spectate
    created = False
    if request.connect:
        printer.say(f"dialling {_addresses(args)} (up to {JOIN_PATIENCE:g} s)")
        entered = await node.join(request.connect)
        if entered and node.name and node.name != name:
            node.abort("refused", f"the table at {args.connect[0]} is {node.name!r}, not {name!r}")
    else:
        listing = await _find(node, name, playing=args.spectate is not None)
        if listing is not None and args.spectate:
            entered = await node.join(list(listing.addresses), bytes.fromhex(listing.table),
                                      listing.name)
        elif listing is not None:
            entered = await get_in(node, list(listing.addresses), bytes.fromhex(listing.table),
                                   listing.name)
            if not entered and request.game is not None:
                await get_in_anywhere(node, name, {listing.table}, lambda: node.create(
                    name, request.game.id, request.seats, request.config))  # net.finding.entry
                entered, created = True, len(node.lobby.state().members) == 1
        elif args.spectate or request.game is None:
            return False
        elif (playing := _in_play(node, name)) is not None:
            # this peer's journal of it was lost (or it never had a seat: it is told so)
            return await node.rejoin(list(playing.addresses), bytes.fromhex(playing.table),
                                     playing.name)
        else:
            node.create(name, request.game.id, request.seats, request.config)
            entered = created = True
    if entered and args.table:
        printer.seating = Seating(node, request, creator=created)
        printer.seating.poke()
        printer.seating.watcher = asyncio.get_running_loop().create_task(
            printer.seating.watch_for_older())
    return entered


async def _find(node: TableNode, name: str, playing: bool):
    """The oldest open table called `name` that discovery shows within JOIN_WAIT and that
    proves itself (net.finding.entry.proven: a ghost lobby that nobody answers for is
    passed over and never chosen again)."""
    if node.discovery is None:
        return None
    deadline = time.monotonic() + (WATCH_WAIT if playing else JOIN_WAIT)
    while time.monotonic() < deadline:
        found = [t for t in node.discovery.tables().values()
                 if t.name == name and t.addresses and t.reachable and (playing or (
                     t.state == LOBBY_STATE and t.taken < t.total))]
        if found and playing:
            return min(found, key=lambda t: t.table)
        if found and (chosen := await first_proven(node, found)) is not None:
            return chosen
        await asyncio.sleep(0.05)
    return None


def _in_play(node: TableNode, name: str):
    """A table called `name` that discovery shows already playing, if any."""
    if node.discovery is None:
        return None
    return next((t for t in node.discovery.tables().values()
                 if t.name == name and t.state != LOBBY_STATE), None)


async def _leave(node: TableNode) -> Left | Finished | None:
    """Interrupted: leave gracefully (hand the seat on) if the table lets us soon. A match
    that is over (its audit under way) or ends before the seat could be handed on ends with
    its result, which is printed as if nobody had pressed Ctrl-C."""
    if node.replica is None or node.seat is None:
        return None
    if node.finished is None:
        node.leave()
    deadline = time.monotonic() + LEAVE_WAIT
    while node.finished is None and time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            result = await node.wait(LEAVE_POLL)
            return result if isinstance(result, Left) else None
    return node.finished


async def _until_over(node: TableNode, printer: Printer, stop: asyncio.Event,
                      deadline: float | None, timeout: float) -> int:
    waiter = asyncio.ensure_future(node.wait())
    stopper = asyncio.ensure_future(stop.wait())
    done, _ = await asyncio.wait({waiter, stopper}, timeout=_left(deadline),
                                 return_when=asyncio.FIRST_COMPLETED)
    for task in (waiter, stopper):
        task.cancel()
    if waiter in done:
        result = waiter.result()
    elif stopper in done:
        result = await _leave(node)
        if result is None:
            return EXIT_INTERRUPTED
    else:
        return _timed_out(timeout)
    summary = {"dropped": {who: dict(c) for who, c in node.mesh.dropped.items()},
               "table": node.table.hex() if node.table else None, "seat": node.seat}
    if isinstance(result, Finished):
        summary.update(final_hash=result.final_hash, scores=list(result.scores),
                       winners=list(result.winners), step=result.step, audit=result.audit)
        print(json.dumps(summary, sort_keys=True), flush=True)
        return EXIT_OK
    if isinstance(result, Left):
        summary.update(left=result.step, heir=result.heir)
        print(json.dumps(summary, sort_keys=True), flush=True)
        return EXIT_INTERRUPTED
    summary.update(fault=result.kind, step=result.step, report=result.report)
    print(json.dumps(summary, sort_keys=True), flush=True)
    return EXIT_FAULT

