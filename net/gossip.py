"""Copies of frames a peer took lately, known by their bytes.

A frame comes again as a relayed copy (asked for with `want` after a loss, sent again
after a partition); the same bytes are the same signed frame, so a relayed copy whose
bytes are those of a frame taken lately is dropped before its signature is checked
again (`Seen`).

**Decision (this stop):** passing every new frame on to the other peers at once cut the
latency on a lossy Wi-Fi (a copy lost on one link came over another one hop later:
p50 544 → 307 ms at 10 % loss + 100 ms) but, in the equivocation test, one time in three
the cheating peer was no longer told the evidence that names it. It is switched off until
that is understood; docs/net.md, "On a lossy Wi-Fi", has the figures.
"""

from __future__ import annotations

from collections import OrderedDict

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
