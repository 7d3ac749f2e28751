"""What a table node tells its listener (the events) and how it is set up (NodeOptions).

The client, the bridge, `hoard peer` and the replay of a finished game read these; they
are plain data, so importing them pulls in no sockets and no asyncio.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.wire import Action
from net.errors import FaultKind
from net.finding.claims import Ignored, Listing
from net.table.liveness import STALL_AFTER
from net.table.lobby import LobbyState
from net.table.lockstep import Applied, Replica
from net.wire.start import StartConfig


@dataclass
class NodeOptions:
    interface: str | None = None  # the one interface (name or IPv4) to bind and advertise on
    port: int = 0
    discovery: bool = True
    pace: float = 0.05
    idle_pace: float = 0.25
    rush: bool = False  # no pacing at all: every peer steps as soon as it can (benchmarks)
    think: int = 0  # steps a bot waits before acting
    linger: float = 5.0  # after the end, keep relaying to late peers at most this long
    void_after: float = 120.0  # a seat not heard from this long voids the hand
    stall_after: float = STALL_AFTER  # a bot's move, or a wait on nobody, this long is a bug


# -- events ------------------------------------------------------------------------

@dataclass(frozen=True)
class Notice:
    text: str


@dataclass(frozen=True)
class LobbyChanged:
    state: LobbyState


@dataclass(frozen=True)
class GameStarted:
    start: StartConfig
    seat: int | None
    resumed_at: int = -1
    #: resumed: the steps read back from the journal, so the story so far is told again
    #: (a window that crashed or closed took its log with it)
    retold: tuple[Applied, ...] = ()


@dataclass(frozen=True)
class StepApplied:
    applied: Applied


@dataclass(frozen=True)
class Submitted:
    step: int
    actions: tuple[tuple[Action, float], ...]  # each action with when it was submitted
    chance: Any = None  # the chance payload the frame carries (deck messages), if any


@dataclass(frozen=True)
class Waiting:
    names: tuple[str, ...]  # empty: nobody is waited for any more


@dataclass(frozen=True)
class Finished:
    step: int
    final_hash: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    audit: str = ""  # the deck's end-of-match audit: "clean" (anything else stops the table)


def finished_of(replica: Replica) -> Finished:
    """How a replica's match ended: its final public hash, scores, winners, audit."""
    outcome = replica.game.outcome(replica.state)
    return Finished(replica.applied, replica.game.public_hash(replica.state),
                    tuple(outcome.scores), tuple(outcome.winners), replica.chance.report)


@dataclass(frozen=True)
class Away:
    """This peer's seat is played by `heir`'s bot from `step` until the next hand is dealt,
    when it is its own again (net.peer.returns): it left and came back (`left`), or it was
    silent too long and the others played on without it."""

    step: int
    heir: int
    left: bool


@dataclass(frozen=True)
class Returning:
    """The player of `seat`, away (net.peer.returns), asked to be let back: it takes its seat
    again when the next hand is dealt. The client words it for its viewer (client.notices)."""

    seat: int


@dataclass(frozen=True)
class Left:
    """This peer left the game at `step`; the seat `heir` plays on for it. (One that went
    quiet has not left: it is away until the next hand, net.peer.returns.)"""

    step: int
    heir: int


@dataclass(frozen=True)
class TableSeen:
    kind: str  # appeared, changed, vanished
    listing: Listing


@dataclass(frozen=True)
class TableIgnored:
    """An advert this build does not use: another build's table (told in words), or a
    stranger's noise; everything in it is safe to show."""

    ignored: Ignored


@dataclass(frozen=True)
class Fault:
    kind: FaultKind
    step: int
    report: str
