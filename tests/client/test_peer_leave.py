"""Ctrl-C in `hoard peer` (client.peer._leave): mid-match it hands the seat on; a match that
is over, or ends before the seat could be handed on, ends with its result (printed as if
nobody had pressed Ctrl-C), not with nothing. The node here is a stand-in holding only what
_leave reads, so each timing is exact (a CI run's Ctrl-C landed as the match ended)."""

import asyncio
import time

from client import peer
from net.peer.events import Finished, Left

RESULT = Finished(step=90, final_hash="ab" * 16, scores=(1010, 990), winners=(0,),
                  audit="clean")


class Table:
    """A node whose match ends (`finished`) after `ends_in` s, and whose leave is taken
    after `left_in` s; its result settles only with the leave (a peer lingers after the
    end while the others catch up)."""

    def __init__(self, ends_in: float | None = None, left_in: float | None = None):
        self.replica, self.seat = object(), 1
        self.finished: Finished | None = RESULT if ends_in == 0 else None
        self.leaves = 0
        self.result = asyncio.get_running_loop().create_future()
        loop = asyncio.get_running_loop()
        if ends_in:
            loop.call_later(ends_in, setattr, self, "finished", RESULT)
        if left_in is not None:
            loop.call_later(left_in, self.result.set_result, Left(60, 0))

    def leave(self) -> None:
        self.leaves += 1

    async def wait(self, timeout: float | None = None):
        async with asyncio.timeout(timeout):
            return await asyncio.shield(self.result)


def leave(**timing):
    async def run():
        table = Table(**timing)
        began = time.monotonic()
        return await peer._leave(table), table.leaves, time.monotonic() - began
    return asyncio.run(run())


def test_ctrl_c_mid_match_hands_the_seat_on():
    result, leaves, _ = leave(left_in=0.2)
    assert result == Left(60, 0) and leaves == 1


def test_ctrl_c_once_the_match_is_over_ends_with_its_result_and_asks_no_leave():
    result, leaves, took = leave(ends_in=0)
    assert result == RESULT and leaves == 0 and took < peer.LEAVE_POLL


def test_a_match_that_ends_before_the_seat_is_handed_on_ends_with_its_result_at_once():
    result, leaves, took = leave(ends_in=0.3)
    assert result == RESULT and leaves == 1
    assert took < 0.3 + 3 * peer.LEAVE_POLL  # not the whole LEAVE_WAIT


def test_a_leave_the_table_never_takes_ends_with_nothing_after_the_wait(monkeypatch):
    monkeypatch.setattr(peer, "LEAVE_WAIT", 0.3)
    result, leaves, took = leave()
    assert result is None and leaves == 1 and took >= 0.3
