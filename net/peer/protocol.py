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
`ProtocolPorts`: records to `accept` (net.peer.membership) and `frame` (net.peer.intake), proven
twins to `convict`, a spectator to `watch` (net.peer.spectators).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from net.errors import BadFrame, FaultKind, TableFault
from net.peer.events import Notice
from net.table.framestore import WINDOW, Equivocation
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire import greeting, handshake
from net.wire.frames import LOBBY, QUIET, STEP, Record, decode
from net.wire.identity import Identity
from net.wire.mesh import Conn

log = logging.getLogger("hoard.net")
ROLES = ("peer", "spectator")
UNSEALED = ("hello", "proof")  # what a link says before it is sealed
FAULT_KINDS = frozenset(FaultKind)  # what a `stopped` may say (a str: its kind)
MAX_TOLD = 256  # hosts and claims told about once each (then counted only)


@dataclass(frozen=True)
class ProtocolPorts:
    """What the protocol reaches of its peer, and nothing more: what its hellos say, and
    where each message's meaning goes."""

    identity: Identity  # who this peer proves it is
    role: str  # "peer" or "spectator", as its hellos say
    table: Callable[[], bytes | None]  # the table's id, once known
    name: Callable[[], str]  # the table's name
    host: Callable[[], str]  # the address this peer's hellos say
    port: Callable[[], int]  # the port it listens on (0: none)
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    lobby: Callable[[], Lobby | None]  # the lobby, once joined
    lobby_log: Callable[[], list[Record]]  # the lobby records, in the order taken
    progress: dict[bytes, int]  # how far each peer said it applied (this writes it)
    seen: Callable[[bytes], bool]  # a frame taken lately (net.wire.gossip)
    count: Callable[[Conn, str], None]  # count a refused link (net.wire.mesh)
    set_table: Callable[[bytes, str], None]  # the table this peer is at, once told
    heard: Callable[[bytes, str, int], None]  # a peer proved its key and where it listens
    accept: Callable[[Record, Conn | None], None]  # a lobby record (net.peer.membership)
    frame: Callable[[Record, Conn | None, bool], None]  # a frame (net.peer.intake)
    vote: Callable[[Record, Conn | None, bool], None]  # a vote to play on without a seat
    convict: Callable[[Equivocation], None]  # two frames one seat signed for one step
    watch: Callable[[Conn, int], None]  # serve a spectator from a step (net.peer.spectators)
    poke_spectators: Callable[[], None]  # wake the spectators' streams
    asked: Callable[[bytes], None]  # a player away asks back (net.peer.returns)
    emit: Callable[[object], None]  # tell the listener
    fault: Callable[[TableFault], None]  # stop the table on this fault


class Protocol:
    def __init__(self, ports: ProtocolPorts):
        self.ports = ports
        self._told: set[tuple] = set()  # (what, from whom) already said in words

    def hello(self, conn: Conn) -> list:
        ports = self.ports
        return ["hello", ports.table() or b"", ports.name(), ports.role, ports.identity.name,
                ports.identity.public, ports.host(), ports.port(), conn.handshake.share]

    def on_message(self, conn: Conn, message: list) -> None:
        if conn.greeting is None:
            self._on_greeting(conn, greeting.read(message))
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

    # -- the greeting: which hoard is at the other end ---------------------------------
    def _on_greeting(self, conn: Conn, theirs: greeting.Greeting) -> None:
        conn.greeting = theirs
        if theirs.protocol == greeting.THIS.protocol:
            return
        words = f"a hoard at {conn.host} cannot play here: {theirs.words()}"
        self._tell(("version", conn.host, theirs), words, notice=True)
        self._refuse(conn, "version")

    def _tell(self, about: tuple, words: str, notice: bool = False) -> None:
        """Say `words` once for `about` (a stranger retrying is counted, not repeated)."""
        if about in self._told or len(self._told) >= MAX_TOLD:
            return
        self._told.add(about)
        log.warning("%s", words)
        if notice:
            self.ports.emit(Notice(words))

    # -- the handshake: a hello claims a key, its proof shows it is held ---------------
    def _on_hello(self, conn, table, table_name, role, name, key, host, port, share) -> None:
        ports = self.ports
        if conn.claim is not None:
            raise BadFrame("malformed", "a second hello")
        if not _well_formed_hello(table, table_name, role, name, key, host, port, share):
            raise BadFrame("malformed", "a bad hello")
        ours = ports.table()
        if table and ours and table != ours:
            self._refuse(conn, "other-table")
            return
        if key == ports.identity.public:
            conn.close()  # dialled ourselves through an old address
            return
        transcript = conn.handshake.transcript(conn.hello, ["hello", table, table_name, role,
                                                            name, key, host, port, share])
        ciphers = conn.handshake.ciphers(share, transcript)
        if ciphers is None:
            raise BadFrame("malformed", "a hello whose share makes no key")
        conn.claim = (key, name[:32], role, table, table_name, host, port, transcript,
                      ciphers[1])
        conn.send_plain(["proof", handshake.prove(ports.identity, transcript)])
        conn.sealer = ciphers[0]

    def _on_proof(self, conn, proof) -> None:
        ports = self.ports
        if conn.claim is None or conn.key is not None:
            raise BadFrame("malformed", "a proof answers a hello, once")
        key, name, role, table, table_name, host, port, transcript, opener = conn.claim
        if not handshake.proven(key, proof, transcript):
            if self._is_member(key):  # a stranger's own claims are counted, not told
                self._tell(("unproven", conn.host, key),
                           f"a link from {conn.host} said it was {name!r} "
                           f"(#{key.hex()[:8]}) but its proof was made for another link — "
                           "someone passing hellos between peers, or an impostor: closed")
            self._refuse(conn, "unproven")
            return
        conn.key, conn.name, conn.role, conn.opener = key, name, role, opener
        if ports.table() is None and table:
            ports.set_table(table, table_name)
        if role == "peer" and port:
            ports.heard(key, host, port)
        if role == "peer":
            self._catch_up(conn)

    def _is_member(self, key: bytes) -> bool:
        replica, lobby = self.ports.replica(), self.ports.lobby()
        if replica is not None:
            return key in replica.humans.values()
        return lobby is not None and key in lobby.state().members

    def _catch_up(self, conn: Conn) -> None:
        """A peer just proven is sent what it may have missed: the lobby, how far this
        peer is and its own frame not yet applied."""
        replica = self.ports.replica()
        if self.ports.lobby() is not None:
            for record in self.ports.lobby_log():
                conn.send(["relay", record.raw])
        if replica is not None:
            conn.send(["have", replica.applied])
            mine = replica.sent()
            if mine is not None:
                conn.send(["relay", mine.raw])

    def _refuse(self, conn: Conn, reason: str) -> None:
        self.ports.count(conn, reason)
        conn.close()

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


def _well_formed_hello(table, table_name, role, name, key, host, port, share) -> bool:
    return (isinstance(table, bytes) and isinstance(key, bytes) and len(key) == 32
            and role in ROLES and isinstance(name, str) and isinstance(host, str)
            and isinstance(port, int) and not isinstance(port, bool)
            and isinstance(table_name, str)
            and isinstance(share, bytes) and len(share) == handshake.SHARE_SIZE)
