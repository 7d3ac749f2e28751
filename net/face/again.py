"""Play again: the table that follows a finished match, with the same people in the same seats.

**Decision: the next table is computed, not found.** Its id is a hash of the finished
table's (net.wire.start.successor), so every member of the match knows it without a
discovery wait or anyone in charge. A member that clicks Play again closes its node of the
finished table and opens one for the next on the same port, creates that table itself with
the match's game, options and bots, sits in its own seat, and dials the other players where
the finished table last heard them. Two members that create it apart hold the same table
id, so when they link their lobby records fold into one lobby (net.table.lobby): the same
configuration, each in its own seat. Clicking Play again is agreeing to start with exactly
the match's seating: the node votes for the lobby's proposal as soon as it is that one, and
the game starts once every seated human has clicked. A player who does not come back
leaves their seat empty: the others give it to a bot, or take it away, in the table's
setup, as for any table. Another game opens the same next table without the vote, for the
setup's game and options to be chosen first.

Each match so has its own table, journal and history; the finished table's journal is
closed, not continued.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, replace

from engine.bots import bot_kinds
from engine.registry import get_game
from net.disk.journal import Journal
from net.peer.links import DIAL_WAIT, Address
from net.peer.node import TableNode
from net.table.lobby import Op
from net.wire.start import Seat, StartConfig, successor

GATHER_FOR = 300.0  # seconds the next table keeps dialling the players who have not come
GATHER_EVERY = 0.3  # between two looks at who is still missing
STAND_IN = "normal"  # the level of the bot that takes the seat of a player who left the match


@dataclass(frozen=True)
class Again:
    """Go on to the table after this match: `journal` for its game; `agree`: Play again
    (start as soon as every player is back), else Another game (the setup chooses first)."""

    journal: Journal | None
    agree: bool = True


@dataclass(frozen=True)
class AgainOpened:
    """The node now sits at the next table: news after this is that table's."""

    table: bytes


@dataclass(frozen=True)
class AgainRefused:
    """There is no next table from here (`reason` says why), e.g. the match did not finish."""

    reason: str


@dataclass(frozen=True)
class AgainPlan:
    """The next table as this peer opens it: the finished match's start at the next id, its
    seat there, and where the other players were last heard."""

    start: StartConfig
    seat: int
    peers: dict[bytes, Address]

    def open(self, node: TableNode) -> None:
        """Create the next table (its id computed alike by everyone), sit, seat the bots."""
        start = self.start
        node.create(start.name, start.game, len(start.seats), start.config, start.table)
        node.lobby_op(Op.SIT, self.seat)
        for index, seat in enumerate(start.seats):
            if seat.is_bot:
                node.lobby_op(Op.BOT, index, seat.bot)

    def matches(self, proposal: StartConfig | None) -> bool:
        """Is the lobby's proposal the match played again (the same game, options, players
        and bots in the same seats)? Names may differ: a player renamed meanwhile."""
        if proposal is None:
            return False
        start = self.start
        return (proposal.table, proposal.game, proposal.options) == \
            (start.table, start.game, start.options) and \
            [(s.key, s.bot) for s in proposal.seats] == [(s.key, s.bot) for s in start.seats]

    async def gather(self, node: TableNode) -> None:
        """Dial each other player at the address the finished table knew, until linked: one
        still on the result screen refuses (its node is at the old table) until it clicks."""
        deadline = time.monotonic() + GATHER_FOR
        while node.replica is None and time.monotonic() < deadline:
            for key, address in self.peers.items():
                if not node.mesh.linked(key) and not node.mesh.dialling(address):
                    node.spawn(node.links.connect_any([address], DIAL_WAIT))
            await asyncio.sleep(GATHER_EVERY)


def plan_again(node: TableNode) -> AgainPlan | str:
    """The plan for the table after `node`'s match, or why there is none."""
    replica = node.replica
    if replica is None or node.finished is None:
        return "the match has not finished"
    if replica.me is None:
        return "only a player of the match can play again"
    old = replica.start
    gone = set(old.humans()) - set(replica.seating.present)  # left during the match
    seats = tuple(_stand_in(old.game) if i in gone else seat for i, seat in enumerate(old.seats))
    start = replace(old, table=successor(old.table), seats=seats)
    members = node.lobby.state().members if node.lobby is not None else {}
    peers = {}
    for key in start.humans().values():
        address = node.links.addresses.get(key) or (
            (members[key].host, members[key].port) if key in members else None)
        if key != node.identity.public and address is not None:
            peers[key] = address
    return AgainPlan(start, replica.me, peers)


def _stand_in(game_id: str) -> Seat:
    """A bot for the seat of a player who left the match (the seat stays, as they left it)."""
    kinds = bot_kinds(get_game(game_id))
    return Seat(bot=STAND_IN if STAND_IN in kinds else kinds[0])


async def reopen(old: TableNode, make) -> tuple[TableNode, asyncio.Task]:
    """Open the node of the next table on `old`'s port (where the others dial it), taking
    over its discovery rather than starting another (its first adverts take a second to be
    heard); `make(options)` builds the node. `old` closes meanwhile, in the task returned:
    its links each wait up to a second for the other side to end them, and a player still
    on the result screen ends them only when it clicks too (it cost each rematch ~1 s)."""
    port, discovery = old.mesh.port, old.discovery
    old.discovery = None
    old.listener = lambda event: None  # what it says while closing is no news of the next
    old.mesh.stop_listening()
    closing = asyncio.ensure_future(old.close())
    node = make(replace(old.options, port=port, discovery=False))
    try:
        await node.open()
    except OSError:
        await closing
        raise
    node.options.discovery = discovery is not None
    if discovery is not None:
        node.discovery = discovery
        discovery.browse(node.links.on_listing, node.links.on_ignored)
    return node, closing
