"""A node restarted from its journal (the writes are net.peer.scribe's).

Secrets first: the replayed frames remake each deck from its journaled seed, so the
node sends byte-identical messages to those it sent before the crash. Then every
record is re-verified and re-applied, silently (the scribe is `reading_back`, so
nothing is written again or told), and the node dials where the table was.
"""

from __future__ import annotations

import time

from net.errors import BadFrame, CorruptJournal, TableFault
from net.peer.events import GameStarted, Notice
from net.wire.frames import LOBBY, decode


def resume(node, entries: list[list]) -> bool:
    """Rebuild `node` from a journal's entries; False if the journal holds no table."""
    if not entries:
        return False
    head = entries[0]
    if len(head) != 4 or head[0] != "table" or not isinstance(head[1], bytes):
        raise CorruptJournal("the journal does not start with its table")
    if head[3] != node.identity.public:
        raise CorruptJournal("the journal belongs to another identity (--config-dir?)")
    node.secrets = [entry[1] for entry in entries if entry[0] == "secret" and len(entry) == 2]
    with node.scribe.reading_back():
        node.membership.set_table(head[1], head[2])
        for entry in entries[1:]:
            if entry[0] == "record" and len(entry) == 2:
                _replay(node, entry[1])
    _resumed(node)
    return True


def _replay(node, raw: bytes) -> None:
    try:
        record = decode(raw)
        if record.kind == LOBBY:
            node.membership.accept(record, None)
        elif node.replica is not None:
            node.replica.offer_any(record)
            node.apply_ready()
    except (BadFrame, TableFault) as exc:
        raise CorruptJournal(f"the journal holds a record that fails its checks: {exc}"
                             ) from None


def _resumed(node) -> None:
    """After the journal was read back: dial where the table was, and say where it is."""
    members = node.lobby.state().members
    node.links.seeds = [(m.host, m.port) for m in members.values()]
    own = members.get(node.identity.public)
    if own is not None and node.role == "peer":
        node.spawn(node.links.reclaim_port(own.port))
    node.stepper.sent_at = time.monotonic()  # a frame sent before the crash waits from now
    replica = node.replica
    applied = replica.applied if replica else -1
    node.emit(Notice(f"resumed table {node.name} (id {node.table.hex()[:8]}) from the "
                     f"journal at step {applied}"))
    if replica is not None:
        node.emit(GameStarted(replica.start, replica.me, applied))
        node.returns.tell_untold()
        if node.finished is not None:
            node.emit(node.finished)
        else:
            node.stepper.choose(True)
