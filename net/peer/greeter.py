"""A link's opening: the greeting (which hoard is at the other end), then the hello that
claims a key and the proof that shows it is held on this link (net.wire.handshake), and
what a peer just proven may have missed. Everything after is the protocol's
(net.peer.protocol).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from net.errors import BadFrame
from net.peer.events import Notice
from net.table.lobby import Lobby
from net.table.lockstep import Replica
from net.wire import greeting, handshake
from net.wire.frames import Record
from net.wire.identity import Identity
from net.wire.mesh import Conn

log = logging.getLogger("hoard.net")
ROLES = ("peer", "spectator")
MAX_TOLD = 256  # hosts and claims told about once each (then counted only)


@dataclass(frozen=True)
class GreeterPorts:
    """What a link's opening reaches of its peer: what its hellos say, where a proven
    peer goes, and what such a peer is sent."""

    identity: Identity  # who this peer proves it is
    role: str  # "peer" or "spectator", as its hellos say
    table: Callable[[], bytes | None]  # the table's id, once known
    name: Callable[[], str]  # the table's name
    host: Callable[[], str]  # the address this peer's hellos say
    port: Callable[[], int]  # the port it listens on (0: none)
    replica: Callable[[], Replica | None]  # the table as this peer holds it (None: no game)
    lobby: Callable[[], Lobby | None]  # the lobby, once joined
    lobby_log: Callable[[], list[Record]]  # the lobby records, in the order taken
    count: Callable[[Conn, str], None]  # count a refused link (net.wire.mesh)
    set_table: Callable[[bytes, str], None]  # the table this peer is at, once told
    heard: Callable[[bytes, str, int], None]  # a peer proved its key and where it listens
    emit: Callable[[object], None]  # tell the listener


class Greeter:
    def __init__(self, ports: GreeterPorts):
        self.ports = ports
        self._told: set[tuple] = set()  # (what, from whom) already said in words

    def hello(self, conn: Conn) -> list:
        """This peer's hello on `conn`."""
        ports = self.ports
        return ["hello", ports.table() or b"", ports.name(), ports.role, ports.identity.name,
                ports.identity.public, ports.host(), ports.port(), conn.handshake.share]

    # -- the greeting: which hoard is at the other end ---------------------------------
    def greeting(self, conn: Conn, theirs: greeting.Greeting) -> None:
        """The other end's first message: which hoard it is (another protocol: told, closed)."""
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
    def hello_from(self, conn, table, table_name, role, name, key, host, port, share) -> None:
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

    def proof_from(self, conn, proof) -> None:
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


def _well_formed_hello(table, table_name, role, name, key, host, port, share) -> bool:
    return (isinstance(table, bytes) and isinstance(key, bytes) and len(key) == 32
            and role in ROLES and isinstance(name, str) and isinstance(host, str)
            and isinstance(port, int) and not isinstance(port, bool)
            and isinstance(table_name, str)
            and isinstance(share, bytes) and len(share) == handshake.SHARE_SIZE)
