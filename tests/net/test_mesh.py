"""The mesh's links on loopback: what a peer sent last before it stopped reaches the others."""

import asyncio
import threading
import time

from net.wire.mesh import Conn, Mesh


def greet(conn: Conn) -> list:
    return ["hi", conn.handshake.share]


def seal(conn: Conn, message: list) -> None:
    """Seal the link once the other side's "hi" (its share) came: a bare key exchange,
    with no identity (the node's protocol adds who is at each end)."""
    if message[0] == "hi":
        transcript = conn.handshake.transcript(conn.hello, message)
        conn.sealer, conn.opener = conn.handshake.ciphers(message[1], transcript)


class Listener:
    """A mesh on a loop of its own thread, which the test can hold up as a busy laptop is."""

    def __init__(self):
        self.heard: list[list] = []
        self.loop = asyncio.new_event_loop()
        self.mesh = Mesh(greet, self.hear, lambda conn: None)
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.port = asyncio.run_coroutine_threadsafe(
            self.mesh.listen("127.0.0.1", 0), self.loop).result(5)

    def hear(self, conn: Conn, message: list) -> None:
        seal(conn, message)
        self.heard.append(message)

    def busy(self, seconds: float) -> None:
        """Hold the loop up: nothing is read meanwhile."""
        self.loop.call_soon_threadsafe(time.sleep, seconds)

    def chatter(self) -> None:
        """Say something on every link, as a peer still playing does."""
        self.loop.call_soon_threadsafe(lambda: self.mesh.broadcast(["ping"], role=""))

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.mesh.close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)


async def link_with_chatter_unread(mesh: Mesh, busy: Listener) -> Conn:
    """A sealed link from `mesh` to `busy`, whose chatter lands unread on it while both
    ends are busy: closing it at once would send a reset."""
    conn = await mesh.dial("127.0.0.1", busy.port)
    await asyncio.sleep(0.2)
    assert conn.sealer is not None
    busy.chatter()
    busy.busy(0.5)
    time.sleep(0.2)  # this peer is busy too: the chatter lands unread
    return conn


def hears(busy: Listener, message: list) -> None:
    """`busy` reads `message` within 3 s."""
    deadline = time.monotonic() + 3
    while message not in busy.heard:
        assert time.monotonic() < deadline, busy.heard
        time.sleep(0.05)


def test_the_last_words_of_a_peer_that_stops_reach_a_busy_peer_still_sending():
    """A peer sends its last two messages (its frame, then the evidence naming a cheat) and
    stops at once, the other's chatter unread in its socket, while the other is busy. Closing
    such a socket sends a reset, and the other's reader raised the reset before the second
    message, which it held unread: a cheat never learned it was named and waited for peers
    long gone. The mesh now ends its streams and reads them out before it closes them."""
    busy = Listener()
    try:
        async def speak_and_stop() -> None:
            mesh = Mesh(greet, seal, lambda conn: None)
            conn = await link_with_chatter_unread(mesh, busy)
            conn.send(["rec", b"frame"])
            conn.send(["evidence", b"first", b"second"])
            await mesh.close()
        asyncio.run(speak_and_stop())
        hears(busy, ["evidence", b"first", b"second"])
    finally:
        busy.stop()


def test_the_leave_of_a_peer_moving_to_another_table_reaches_a_busy_member_still_sending():
    """A headless peer leaving a lobby for another table signs its leave and ends its links
    while its mesh stays up for the next table. Its links were closed at once, the other's
    chatter unread in them: the reset dropped the leave, and the member left behind (a
    clean-clone rehearsal, on the lossy Wi-Fi) sat beside a member long gone. An ended link
    is not reported lost either: nothing redials the table it left."""
    busy = Listener()
    lost = []
    try:
        async def leave() -> None:
            mesh = Mesh(greet, seal, lost.append)
            conn = await link_with_chatter_unread(mesh, busy)
            conn.send(["lobby", b"leave"])
            await mesh.end_links()
            assert not mesh.conns and not mesh.closing
            await mesh.close()
        asyncio.run(leave())
        hears(busy, ["lobby", b"leave"])
        assert lost == []
    finally:
        busy.stop()


def test_a_link_is_sent_on_only_while_it_delivers_and_a_newer_one_never_replaces_it():
    """Two links to one peer: the older carries traffic both ways, the newer is proven but
    its other end (a relay) swallows everything. The mesh sends on the older one, and closes
    each link once nothing sent on it has been acknowledged for FAILING_LIMIT."""
    async def go():
        listener = Listener()
        mesh = Mesh(greet, seal, lambda conn: None)
        try:
            old = await mesh.dial("127.0.0.1", listener.port)
            new = await mesh.dial("127.0.0.1", listener.port)
            await asyncio.sleep(0.2)
            for conn in (old, new):
                conn.key, conn.role = b"k" * 32, "peer"
            assert mesh.to(b"k" * 32) is new  # neither delivered yet: the newest
            now = time.monotonic()
            for tick in range(12):  # 6 s of upkeep, the listener acknowledging on `old` only
                old.send(["ping"])
                new.send(["ping"])
                old.delivery.acknowledged(old.delivery.sent)
                mesh.keep_alive(now + tick * 0.5)
            assert old.delivery.rank == 2 and new.delivery.rank == 0
            assert mesh.to(b"k" * 32) is old and mesh.linked(b"k" * 32)
            mesh.keep_alive(now + 30)
            assert new.closed and not old.closed and mesh.to(b"k" * 32) is old
            assert not mesh.linked(b"k" * 32)  # old's last pings went unacknowledged: redial
            mesh.keep_alive(now + 50)
            assert old.closed and mesh.to(b"k" * 32) is None
        finally:
            await mesh.close()
            listener.stop()
    asyncio.run(go())


def test_a_link_this_peer_ends_mid_handshake_counts_nothing_the_other_side_sealed():
    """This peer ends its links (it leaves, or stops) while one is still opening: the other
    side, sealed already, goes on in sealed messages, which this side reads on unheeded with
    no key to open them. They were counted `malformed`, against an honest peer (a clean-clone
    CI run: a peer's result named one at the end of a game)."""
    async def go():
        listener = Listener()
        # the other side seals at this side's first message and speaks at once
        listener.mesh.handle = lambda conn, message: (seal(conn, message),
                                                      conn.send(["catch-up"]))
        mesh = Mesh(greet, seal, lambda conn: None)
        try:
            await mesh.dial("127.0.0.1", listener.port)
            await asyncio.sleep(0)  # this side's "hi" goes out
            await mesh.end_links()  # before its reader took the other side's "hi"
            assert dict(mesh.dropped) == {}
        finally:
            await mesh.close()
            listener.stop()
    asyncio.run(go())
