"""Shared helpers for the network tests: identities, start proposals, in-memory and live tables."""

from __future__ import annotations

import asyncio
import os

from engine.bots import make_bot
from engine.registry import get_game
from net.errors import TableFault
from net.peer.events import NodeOptions
from net.peer.node import TableNode
from net.table.bots import BotSeats
from net.table.lockstep import Replica
from net.wire.frames import STEP, decode, sign
from net.wire.identity import Identity
from net.wire.start import Seat, StartConfig

LOOPBACK = "127.0.0.1"


def identities(n: int) -> list[Identity]:
    return [Identity.generate(f"player{i}") for i in range(n)]


def start_config(ids: list[Identity], game_id: str = "dragon", bots: dict[int, str] | None = None,
                 options: dict | None = None) -> StartConfig:
    """A start proposal with a human per identity, bot kinds at the `bots` seats."""
    bots = bots or {}
    game = get_game(game_id)
    config, seats = game.configure({"hands": 1} if options is None else options,
                                   len(ids) + len(bots))
    humans = iter(ids)
    seated = []
    for seat in range(seats):
        if seat in bots:
            seated.append(Seat(bot=bots[seat]))
        else:
            who = next(humans)
            seated.append(Seat(who.public, who.name))
    return StartConfig(os.urandom(16), "test", game_id, tuple(sorted(config.items())),
                       tuple(seated))


def dragon_table(bots=None, humans: int = 4, spectators: int = 0):
    """A one-hand Dragon table of `humans` in memory (bots at the `bots` seats), and its
    identities."""
    ids = identities(humans)
    return LocalTable(start_config(ids, bots=bots), ids, spectators=spectators), ids


def deal(table: LocalTable) -> None:
    """Steps until the first hand is dealt (commit, reveal, shuffle and deal)."""
    first = table.replicas[min(table.replicas)]
    while first.game.chance_request(first.state) is not None:
        table.step()


class LocalTable:
    """Replicas of every human seat exchanging frames in memory, no network; `spectators`
    replicas with no seat take every frame too."""

    def __init__(self, start: StartConfig, ids: list[Identity], bot: str | None = "greedy",
                 spectators: int = 0):
        self.start, self.ids = start, {}
        humans = start.humans()
        by_key = {i.public: i for i in ids}
        self.replicas = {seat: Replica(start, seat) for seat in humans}
        self.spectators = [Replica(start, None) for _ in range(spectators)]
        self.sent: list[dict] = []  # every step's frames, as delivered
        self.secrets: dict[int, list] = {seat: [] for seat in humans}  # as a journal keeps them
        self.ids = {seat: by_key[key] for seat, key in humans.items()}
        self.bot = bot
        self.bots = {seat: self._seat_bots(seat) for seat in self.replicas}
        self.changed = dict.fromkeys(self.replicas, True)
        self.leaving: int | None = None
        self.away: dict[int, Replica] = {}  # players who left and follow, to come back
        self.welcome: set[int] = set()  # seats whose players asked to be let back

    def _seat_bots(self, seat: int) -> BotSeats:
        """Bots for every seat the replica of `seat` plays: bot seats as the start says,
        its own with this table's `bot` (none when that is None)."""
        replica = self.replicas[seat]
        kinds = {s: self.start.seats[s].bot or self.bot for s in replica.controls[seat]}
        return BotSeats(replica, {s: make_bot(replica.game, k, s)
                                  for s, k in kinds.items() if k})

    def frames(self, extra: dict[int, list] | None = None) -> dict:
        """Every replica signs its next frame (bots' choices plus `extra` actions); a seat
        that leave() named makes it its last, once its chance source lets it."""
        out = {}
        for seat, replica in self.replicas.items():
            leaving = seat == self.leaving and replica.chance.can_leave()
            if leaving:
                replica.chance.leave(replica.heir(seat))
            actions = self.bots[seat].choose(self.changed[seat]) + (extra or {}).get(seat, [])
            actions = [] if leaving else actions  # a last frame carries no plays
            request = replica.game.chance_request(replica.state)
            chance = replica.chance.outgoing(request, actions)
            if chance and chance[1] is not None:
                self.secrets[seat].append(chance[1])
            out[seat] = replica.own_frame(self.ids[seat], actions, chance[0] if chance else None,
                                          leaving, frozenset(self.welcome))
        return out

    def leave(self, seat: int, max_steps: int = 2000, follow: bool = False) -> int | None:
        """`seat` leaves as soon as it can; its heir plays on with bots. The heir's seat, or
        None if the match ended first (its audit then needs every seat). `follow`: its
        replica goes on taking the frames, to come back later."""
        self.leaving = seat
        for _ in range(max_steps):
            if self.replicas[seat].over:
                self.leaving = None
                return None
            done = self.step()[0]
            if done.left:
                ((_, heir),) = done.left
                self.leaving = None
                if follow:
                    self.away[seat] = self.replicas[seat]
                del self.replicas[seat], self.bots[seat], self.changed[seat]
                self.bots[heir] = self._seat_bots(heir)
                return heir
        raise AssertionError(f"seat {seat} could not leave")

    def forge(self, seat: int, actions=(), chance=None, prev: bytes | None = None):
        """A frame `seat` signs for the next step with exactly this content."""
        replica = self.replicas[seat]
        honest = replica.own_frame(self.ids[seat], [], None)
        return sign(self.ids[seat], STEP, self.start.table, seat, honest.step,
                    honest.prev if prev is None else prev,
                    [list(actions), chance, replica.hashes[replica.applied]])

    def fault(self, frames: dict, at: int = 0) -> TableFault:
        """The fault the replica of seat `at` stops with when it applies `frames`."""
        return _fault_of(self.replicas[at], frames)

    def faults(self, frames: dict) -> list[TableFault]:
        """The fault each replica and spectator stops with when it applies `frames`."""
        return [_fault_of(replica, frames) for replica in self.everyone()]

    def deliver(self, frames: dict) -> list:
        """Every replica, then every spectator, then every player away applies `frames`;
        what each applied. A player let back takes its seat (and everyone's bots are made
        again: the heir plays one seat fewer)."""
        self.sent.append(frames)
        applied = []
        followers = [*((None, s) for s in self.spectators), *((None, a) for a in
                                                               self.away.values())]
        for seat, replica in [*self.replicas.items(), *followers]:
            for record in frames.values():
                replica.offer(decode(record.raw))
            done = replica.apply_next()
            if seat is not None:
                self.changed[seat] = bool(done.entries)
            applied.append(done)
        for seat in applied[0].back:
            self.replicas[seat] = self.away.pop(seat)
            self.welcome.discard(seat)
            self.replicas = dict(sorted(self.replicas.items()))
            self.bots = {s: self._seat_bots(s) for s in self.replicas}
            self.changed = dict.fromkeys(self.replicas, True)
        return applied

    def step(self, extra: dict[int, list] | None = None) -> list:
        return self.deliver(self.frames(extra))

    def play(self, max_steps: int = 5000, each=None) -> None:
        """Step until the end (and the audit); `each(table)` after every step."""
        first = next(iter(self.replicas.values()))
        for _ in range(max_steps):
            if first.finished:
                return
            self.step()
            if each is not None:
                each(self)
        raise AssertionError("the game did not end")

    def everyone(self) -> list[Replica]:
        return [*self.replicas.values(), *self.spectators, *self.away.values()]

    def hashes(self) -> set[str]:
        return {r.game.public_hash(r.state) for r in self.everyone()}


def fast_options(**changes) -> NodeOptions:
    options = NodeOptions(interface=LOOPBACK, discovery=False, pace=0.01, idle_pace=0.05,
                          linger=2.0)
    for name, value in changes.items():
        setattr(options, name, value)
    return options


async def wait_until(predicate, timeout: float = 10.0, what: str = "condition") -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def live_table(n: int = 4, bot: str = "greedy", options: dict | None = None,
                     think: int = 0, listeners=None, journals=None,
                     **node_options) -> list[TableNode]:
    """n nodes on loopback that created, joined, sat down at seat i and voted to start."""
    ids = identities(n)
    listeners = listeners or [None] * n
    journals = journals or [None] * n
    nodes = [TableNode(i, fast_options(**node_options), listener, journal)
             for i, listener, journal in zip(ids, listeners, journals, strict=True)]
    for node in nodes:
        await node.open()
        node.play_with(bot, think)
    game = get_game("dragon")
    config, seats = game.configure({"hands": 1} if options is None else options, n)
    nodes[0].create("live", "dragon", seats, config)
    nodes[0].lobby_op("sit", 0)
    for node in nodes[1:]:
        assert await node.join([(LOOPBACK, nodes[0].mesh.port)])
    for seat, node in enumerate(nodes[1:], start=1):
        await wait_until(lambda node=node: node.lobby.state().game, what="the lobby to sync")
        node.lobby_op("sit", seat)
    await wait_until(lambda: all(x.lobby.state().proposal(x.table) for x in nodes),
                     what="every seat to be filled")
    for node in nodes:
        node.lobby_op("start", node.lobby.state().proposal(node.table).encode())
    await wait_until(lambda: all(x.replica is not None for x in nodes), what="the start")
    return nodes


async def close_all(nodes) -> None:
    for node in nodes:
        await node.close()


def _fault_of(replica: Replica, frames: dict) -> TableFault:
    for record in frames.values():
        replica.offer(decode(record.raw))
    try:
        replica.apply_next()
    except TableFault as fault:
        return fault
    raise AssertionError("the step applied without a fault")
