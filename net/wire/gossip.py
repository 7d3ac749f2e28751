"""Frames passed on at once: a lossy Wi-Fi costs one more hop, not a TCP retransmission.

On a link that loses a packet, TCP resends it only after its retransmission timeout —
srtt + max(4 rttvar, 200 ms), ~400 ms at 100 ms each way — and everything sent after it
on that link waits behind it. A step needs every seat's frame on every peer, so at 10 %
loss almost every step of a four-peer table waited on one such resend somewhere
(docs/net.md, "On a lossy Wi-Fi").

**Decision:** a seated peer that takes a frame it did not have, for a step it is about
to apply, passes it on at once to every other peer but the one it came from and its
author. Each peer does so once per frame (the first copy is the only one it takes), so
a frame crosses each link at most once each way, and a copy lost on one link arrives
over another within one more hop. Frames are signed, so a relayed copy is as good as
the author's; a second copy is a `replayed` one from the table, dropped without a count.
Such copies are many (two of every three a peer gets at four peers), so a relayed copy whose
bytes are those of a frame taken lately is dropped before its signature is checked again
(`Seen`): on two busy cores that check was most of what relaying cost.
"""

from __future__ import annotations

from collections import OrderedDict

from net.wire.frames import Record
from net.wire.mesh import Conn, Mesh

AHEAD = 2  # frames of steps beyond applied + AHEAD (catching up) are not passed on
SEEN = 256  # frames taken lately whose bytes are remembered


class Seen:
    """The canonical bytes of the last SEEN frames taken: a relayed copy of one is dropped
    unverified (the same bytes are the same signed frame)."""

    def __init__(self):
        self._raw: OrderedDict[bytes, None] = OrderedDict()

    def holds(self, raw) -> bool:
        return isinstance(raw, bytes) and raw in self._raw

    def add(self, raw: bytes) -> None:
        self._raw[raw] = None
        if len(self._raw) > SEEN:
            self._raw.popitem(last=False)


def pass_on(mesh: Mesh, record: Record, source: Conn) -> None:
    """Send `record` (just taken from `source`) to every other peer but its author."""
    newest = {conn.key: conn for conn in mesh.live("peer")}
    for key, conn in newest.items():
        if key not in (source.key, record.signer):
            conn.send(["relay", record.raw])
