"""The mesh's links on loopback: what a peer sent last before it stopped reaches the others."""

import asyncio
import threading
import time

from net.wire.mesh import Mesh


class Listener:
    """A mesh on a loop of its own thread, which the test can hold up as a busy laptop is."""

    def __init__(self):
        self.heard: list[list] = []
        self.loop = asyncio.new_event_loop()
        self.mesh = Mesh(lambda conn: ["hi"], lambda conn, message: self.heard.append(message),
                         lambda conn: None)
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.port = asyncio.run_coroutine_threadsafe(
            self.mesh.listen("127.0.0.1", 0), self.loop).result(5)

    def busy(self, seconds: float) -> None:
        """Hold the loop up: nothing is read meanwhile."""
        self.loop.call_soon_threadsafe(time.sleep, seconds)

    def chatter(self) -> None:
        """Say something on every link, as a peer still playing does."""
        self.loop.call_soon_threadsafe(lambda: self.mesh.broadcast(["ping"], role=""))

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.mesh.close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_the_last_words_of_a_peer_that_stops_reach_a_busy_peer_still_sending():
    """A peer sends its last two messages (its frame, then the evidence naming a cheat) and
    stops at once, the other's chatter unread in its socket, while the other is busy. Closing
    such a socket sends a reset, and the other's reader raised the reset before the second
    message, which it held unread: a cheat never learned it was named and waited for peers
    long gone. The mesh now ends its streams and reads them out before it closes them."""
    busy = Listener()
    try:
        async def speak_and_stop() -> None:
            mesh = Mesh(lambda conn: ["hi"], lambda conn, message: None, lambda conn: None)
            conn = await mesh.dial("127.0.0.1", busy.port)
            await asyncio.sleep(0.2)
            busy.chatter()
            busy.busy(0.5)
            time.sleep(0.2)  # this peer is busy too: the chatter lands unread
            conn.send(["rec", b"frame"])
            conn.send(["evidence", b"first", b"second"])
            await mesh.close()
        asyncio.run(speak_and_stop())
        deadline = time.monotonic() + 3
        while ["evidence", b"first", b"second"] not in busy.heard:
            assert time.monotonic() < deadline, busy.heard
            time.sleep(0.05)
    finally:
        busy.stop()
