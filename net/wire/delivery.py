"""Whether a link carries traffic both ways: its messages counted and acknowledged.

Each side of a sealed link counts the messages it sends and opens (acknowledgements
aside) and, at most every ACK_EVERY seconds while more came in, says how many it
opened (`ack`). A link is *working* once an acknowledgement came back and nothing sent
ACK_WAIT seconds ago or more is still unacknowledged; *new* before its first
acknowledgement, while nothing is overdue; *failing* while something is. A link
through a relay that swallows what it is sent — or anything that stopped reading —
turns failing within ACK_WAIT: the mesh then sends on another link to that peer,
redials it, and closes a link failing for FAILING_LIMIT.

A pure state machine: the time is passed in.
"""

from __future__ import annotations

from collections import deque

from net.errors import BadFrame

ACK_EVERY = 0.5  # seconds between two acknowledgements, while messages come in
#: a message unacknowledged this long makes its link failing: a keepalive (every 2 s on
#: an idle link), an acknowledgement's wait and a slow round trip
ACK_WAIT = 4.0
FAILING_LIMIT = 15.0  # a link failing this long is closed
FAILING, NEW, WORKING = 0, 1, 2  # how much a link is trusted to deliver, least first


class Delivery:
    def __init__(self, now: float):
        self.sent = 0  # messages sent (acknowledgements aside)
        self.received = 0  # messages opened (acknowledgements aside)
        self.acked = 0  # of those sent, how many the other side said it opened
        self._told = 0  # the count last acknowledged to the other side...
        self._told_at = now  # ...and when
        self._marks: deque[tuple[float, int]] = deque([(now, 0)])  # (when, sent by then)
        self.failing_since: float | None = None

    def sending(self) -> None:
        self.sent += 1

    def receiving(self) -> None:
        self.received += 1

    def acknowledged(self, count: object) -> None:
        """The other side opened `count` of this side's messages."""
        if not isinstance(count, int) or isinstance(count, bool) \
                or not self.acked <= count <= self.sent:
            raise BadFrame("malformed", f"an ack of {count!r} messages ({self.acked} "
                           f"acknowledged of {self.sent} sent)")
        self.acked = count

    def ack_due(self, now: float) -> int | None:
        """The count to acknowledge now, if one is due."""
        if self.received > self._told and now - self._told_at >= ACK_EVERY:
            self._told, self._told_at = self.received, now
            return self.received
        return None

    def look(self, now: float) -> None:
        """Note what was sent by now, and judge whether what was sent ACK_WAIT ago or
        earlier came back acknowledged."""
        if now - self._marks[-1][0] >= ACK_EVERY:
            self._marks.append((now, self.sent))
        while len(self._marks) > 1 and self._marks[1][0] <= now - ACK_WAIT:
            self._marks.popleft()
        when, owed = self._marks[0]
        if when > now - ACK_WAIT or owed <= self.acked:
            self.failing_since = None
        elif self.failing_since is None:
            self.failing_since = now

    @property
    def rank(self) -> int:
        if self.failing_since is not None:
            return FAILING
        return WORKING if self.acked else NEW

    def dead(self, now: float) -> bool:
        return self.failing_since is not None and now - self.failing_since > FAILING_LIMIT
