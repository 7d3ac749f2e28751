"""Issue 27: a second `hoard peer` on the identity and table another live process plays
refuses before signing anything, and the table plays on as if it had never started."""

import pytest

from client.peer import EXIT_IN_USE, EXIT_INTERRUPTED
from net.disk.journal import HEAD
from net.face.replay import journals, summarize
from tools.lab.peer_table import HOST, PeerTable, agree
from tools.lab.processes import Proc, step_of

pytestmark = pytest.mark.alongside  # its waits hold on a busy machine (tests/conftest.py)


@pytest.mark.slow
def test_a_second_peer_on_the_same_identity_and_journal_refuses_and_the_first_plays_on(
        tmp_path):
    # two hands: one may be over by step 10 (a seat out at once), and the twin must come
    # while the match is under way (a CI run waited for step 20 of a match over at 11)
    table = PeerTable(tmp_path, humans=2, think=2, hands=2)
    try:
        table.playing(12)
        first = table.peers[0]
        twin = table._start(0, "--port", str(table.port), "--add-bots", "2")  # the same command
        assert twin.popen.wait(20) == EXIT_IN_USE
        assert len(twin.errors) == 1, twin.errors
        assert twin.errors[0] == (f"hoard: error: table night is open in another hoard peer "
                                  f"process (pid {first.popen.pid}): stop that one first, or "
                                  "give this one its own --config-dir")
        assert not any(line.startswith(("step ", "lobby:")) for line in twin.lines)
        agree(table.results())
    finally:
        table.kill()


def test_a_second_peer_on_the_same_identity_with_another_journal_refuses(tmp_path):
    """Its journal differs (--journal), but one key in two processes at once is refused
    too: the identity is held while a peer runs. The first peer waits in its lobby for a
    second person who never comes, so it holds the identity all the while: at a table of
    itself and bots its one-hand match could end, and free the identity, before a slow
    start of the second process reached its lock (a clean-clone CI run waited 20 s on it)."""
    table = PeerTable(tmp_path, humans=2, think=2, start=False)
    try:
        other = table._start(0, "--journal", str(tmp_path / "other.journal"))
        assert other.popen.wait(20) == EXIT_IN_USE
        assert table.peers[0].popen.poll() is None, "the first peer held the identity"
        assert "identity p0 (" in other.errors[0]
        assert f"(pid {table.peers[0].popen.pid})" in other.errors[0]
    finally:
        table.kill()


def lone_peer(folder):
    """A table of this peer and three bots, at a pace a test can catch it playing."""
    return Proc(HOST, ["peer", "--table", "solo", "--game", "dragon", "--bot", "greedy",
                       "--add-bots", "3", "--option", "hands=2", "--think", "3",
                       "--config-dir", str(folder), "--no-discovery", "--interface",
                       "127.0.0.1", "--timeout", "60"])


def test_a_journal_in_play_is_offered_for_resume_only_once_its_process_is_gone(tmp_path):
    peer = lone_peer(tmp_path)
    try:
        peer.wait_line(lambda line: step_of(line) >= 5, 30)
        summary = summarize(tmp_path / "tables" / "solo.journal")
        assert summary.kept and not summary.resumable
        assert summary.in_use.pid == peer.popen.pid
    finally:
        peer.kill()
    summary = summarize(tmp_path / "tables" / "solo.journal")
    assert summary.resumable and summary.in_use is None


def test_a_table_left_to_the_bots_is_not_offered_for_resume(tmp_path):
    """Interrupted at a table of bots only, the peer leaves (nobody plays on for it): no
    frame marks that, its journal's `left` entry does."""
    peer = lone_peer(tmp_path)
    try:
        peer.wait_line(lambda line: step_of(line) >= 5, 30)
        assert peer.interrupt() == EXIT_INTERRUPTED
    finally:
        peer.kill()
    summary = summarize(tmp_path / "tables" / "solo.journal")
    assert summary.left and not summary.kept and not summary.resumable


def test_a_journal_damaged_in_its_middle_is_listed_with_what_can_be_read(tmp_path):
    peer = lone_peer(tmp_path)
    try:
        peer.wait_line(lambda line: step_of(line) >= 10, 30)
    finally:
        peer.kill()
    path = tmp_path / "tables" / "solo.journal"
    whole = summarize(path)
    data = bytearray(path.read_bytes())
    data[_entry_near(data, len(data) // 2) + HEAD.size] ^= 0xFF  # a byte inside its body
    path.write_bytes(bytes(data))
    [listed] = journals(path.parent)
    assert "corrupt at byte" in listed.damaged and not listed.resumable
    assert listed.start == whole.start and 0 <= listed.steps < whole.steps


def _entry_near(data: bytes, where: int) -> int:
    """The offset of the first whole entry that starts at or after `where`."""
    offset = 0
    while offset < where:
        offset += HEAD.size + HEAD.unpack_from(data, offset)[0]
    return offset
