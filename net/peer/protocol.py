"""The wire protocol of a node: the greeting, the hello/proof handshake and every message's
handler.

Message tags on a connection (each a msgpack array, see net.wire.stream), the first three
unsealed, each way:
  hoard   [PROTOCOL, app version] first: which hoard this is (net.wire.greeting)
  hello   [table, table name, role, name, key, host, port, share]  who this side says it is
  proof   [signature]             answers the other's hello: it holds the key, on this link
                                  (net.wire.handshake); everything after it is sealed
  ack     [count]                 how many messages arrived (taken by net.wire.delivery)
  rec     [raw record]            a record sent by its author (a duplicate counts as a replay)
  relay   [raw record]            a record passed on by someone else, or asked for
  have    [applied step]          how far the sender is (on connect, at the end)
  want    [first, last]           please relay the frames of these steps
  watch   [first step]            a spectator asks for the lobby and every frame from here
  evidence [raw, raw]             two frames one seat signed for one step
  ping    []                      a keepalive on a link that has said nothing for a while
  back    []                      a player away from the table asks to be let back
  stopped [kind, step, report]    to a spectator: the table stopped, with the players' report

A handler checks its message's shape and raises BadFrame for anything unusable (the
mesh counts and drops it); what the message means for the table it hands on through its
`ProtocolPorts`: a link's opening to the greeter (net.peer.greeter), records to `accept`
(net.peer.membership) and `frame` (net.peer.intake), proven twins to `convict`, a
spectator to `watch` (net.peer.spectators).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from net.errors import BadFrame, FaultKind, TableFault
from net.peer.greeter import Greeter
from net.table.framestore import WINDOW, Equivocation
from net.table.lockstep import Replica
from net.wire import greeting
from net.wire.frames import LOBBY, QUIET, STEP, Record, decode
from net.wire.mesh import Conn

log = logging.getLogger("hoard.net")
UNSEALED = ("hello", "proof")  # what a link says before it is sealed
FAULT_KINDS = frozenset(FaultKind)  # what a `stopped` may say (a str: its kind)


@dataclass(frozen=True)
class ProtocolPorts:
    """What the protocol reaches of its peer, and nothing more: where each message's
    meaning goes (a link's opening is the greeter's: net.peer.greeter)."""

    role: str  # "peer" or "spectator"
    table: Callable[[], bytes | None]  # the table's id, once known
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    progress: dict[bytes, int]  # how far each peer said it applied (this writes it)
    seen: Callable[[bytes], bool]  # a frame taken lately (net.wire.gossip)
    accept: Callable[[Record, Conn | None], None]  # a lobby record (net.peer.membership)
    frame: Callable[[Record, Conn | None, bool], None]  # a frame (net.peer.intake)
    vote: Callable[[Record, Conn | None, bool], None]  # a vote to play on without a seat
    convict: Callable[[Equivocation], None]  # two frames one seat signed for one step
    watch: Callable[[Conn, int], None]  # serve a spectator from a step (net.peer.spectators)
    poke_spectators: Callable[[], None]  # wake the spectators' streams
    asked: Callable[[bytes], None]  # a player away asks back (net.peer.returns)
    fault: Callable[[TableFault], None]  # stop the table on this fault


class Protocol:
    def __init__(self, ports: ProtocolPorts, greeter: Greeter):
        self.ports = ports
        self.greeter = greeter  # a link's greeting, hello and proof

    def on_message(self, conn: Conn, message: list) -> None:
        if conn.greeting is None:
            self.greeter.greeting(conn, greeting.read(message))
            return
        tag, args = message[0], message[1:]
        handler, arity = self._handlers.get(tag, (None, -1))
        if handler is None or len(args) != arity:
            raise BadFrame("malformed", f"unknown message {tag!r} with {len(args)} fields")
        if (conn.opener is None) != (tag in UNSEALED):
            raise BadFrame("malformed", f"{tag!r} out of place: a link starts with the "
                           "greeting, the hello and its proof, then is sealed")
        try:
            handler(self, conn, *args)
        except BadFrame:
            raise
        except TableFault as fault:
            self.ports.fault(fault)
        except Exception as exc:  # a bug of this peer's, not the sender's: stop, and say so
            self._failed(tag, exc)

    def _failed(self, tag: str, exc: Exception) -> None:
        """This peer failed while it took a message in: stop the table with a report. Raised
        on, it ended the link's reader unseen and left a step half taken (applied, but its
        next frame never signed), and the table waited on this peer in silence."""
        log.error("this peer failed on a %r message", tag, exc_info=exc)
        replica = self.ports.replica()
        step = replica.applied if replica is not None else -1
        self.ports.fault(TableFault(FaultKind.BUG, step, "hoard on this computer failed on a "
                                    "message from the table (hoard.log says how)",
                                    f"a {tag!r} message: {type(exc).__name__}: {exc}"))

    # -- records -----------------------------------------------------------------------
    def _on_record(self, conn: Conn, raw: Any, relayed: bool) -> None:
        ports = self.ports
        if relayed and ports.seen(raw):
            return  # a copy of a frame taken already (net.wire.gossip)
        record = decode(raw)
        if ports.table() is None or record.table != ports.table():
            raise BadFrame("other-table", f"a record for table {record.table.hex()[:8]}")
        if record.kind == LOBBY:
            ports.accept(record, conn)  # copies are normal: lobby records are flooded
        elif record.kind == STEP:
            ports.frame(record, conn, relayed)
        elif record.kind == QUIET:
            ports.vote(record, conn, relayed)

    def _on_rec(self, conn, raw) -> None:
        self._on_record(conn, raw, relayed=False)

    def _on_relay(self, conn, raw) -> None:
        self._on_record(conn, raw, relayed=True)

    # -- progress: how far each is, and frames asked for again -------------------------
    def _on_have(self, conn, applied) -> None:
        if not isinstance(applied, int):
            raise BadFrame("malformed", "have takes a step")
        replica = self.ports.replica()
        if replica is not None and conn.key not in replica.players:
            return  # a spectator's, at its end: only the players are waited for
        self.ports.progress[conn.key] = applied
        if replica is not None and applied > replica.applied and conn.role == "peer":
            conn.send(["want", replica.applied + 1, min(applied, replica.applied + WINDOW)])
        self.ports.poke_spectators()

    def _on_want(self, conn, first, last) -> None:
        replica = self.ports.replica()
        if not isinstance(first, int) or not isinstance(last, int) or replica is None:
            raise BadFrame("malformed", "want takes two steps")
        if conn.key not in replica.players:  # spectators watch; only
            raise BadFrame("not-seated", "want is for the seated")  # players (even gone) fetch
        top = min(last, first + WINDOW - 1, replica.applied + 1)
        for step in range(max(first, 0), top + 1):
            for record in replica.records_at(step):
                conn.send(["relay", record.raw])

    def _on_watch(self, conn, first) -> None:
        if conn.role != "spectator" or not isinstance(first, int):
            raise BadFrame("malformed", "watch is for spectators")
        self.ports.watch(conn, first)

    def _on_ping(self, conn) -> None:
        """A keepalive: the link is alive (the mesh times out a silent one)."""

    def _on_back(self, conn) -> None:
        if self.ports.replica() is None:
            raise BadFrame("malformed", "back is for a table in play")
        self.ports.asked(conn.key)

    def _on_stopped(self, conn, kind, step, report) -> None:
        """A player this spectator watches says the table stopped: it stops with the
        players' report (a player could as well stop sending; its word is all there is)."""
        replica = self.ports.replica()
        if (self.ports.role != "spectator" or replica is None
                or conn.key not in replica.humans.values()):
            raise BadFrame("malformed", "stopped is told by a player to a spectator")
        known = isinstance(kind, str) and kind in FAULT_KINDS  # (a list is no set member)
        if not (known and isinstance(step, int) and isinstance(report, str)):
            raise BadFrame("malformed", "stopped takes a fault's kind, a step and a report")
        self.ports.fault(TableFault(kind, step, report[:2000]))

    def _on_evidence(self, conn, first, second) -> None:
        a, b = decode(first), decode(second)
        replica = self.ports.replica()
        if (replica is None or a.kind != STEP or a.slot != b.slot or a.raw == b.raw
                or a.table != self.ports.table() or replica.humans.get(a.seat) != a.signer):
            raise BadFrame("malformed", "evidence that proves nothing")
        self.ports.convict(Equivocation(a, b, replica.name_of(a.seat)))

    def _on_hello(self, conn, *hello) -> None:
        self.greeter.hello_from(conn, *hello)

    def _on_proof(self, conn, proof) -> None:
        self.greeter.proof_from(conn, proof)

    _handlers = {
        "hello": (_on_hello, 8),
        "proof": (_on_proof, 1),
        "rec": (_on_rec, 1),
        "relay": (_on_relay, 1),
        "have": (_on_have, 1),
        "want": (_on_want, 2),
        "watch": (_on_watch, 1),
        "evidence": (_on_evidence, 2),
        "ping": (_on_ping, 0),
        "back": (_on_back, 0),
        "stopped": (_on_stopped, 3),
    }

