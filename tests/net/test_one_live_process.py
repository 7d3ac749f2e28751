"""Issue 27: a second `hoard peer` on the identity and table another live process plays
refuses before signing anything, and the table plays on as if it had never started."""

import pytest

from net.peer import EXIT_IN_USE
from tests.net.peer_table import PeerTable, agree


@pytest.mark.slow
def test_a_second_peer_on_the_same_identity_and_journal_refuses_and_the_first_plays_on(
        tmp_path):
    table = PeerTable(tmp_path, humans=2, think=2)
    try:
        table.playing(20)
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


def test_a_second_peer_on_the_same_identity_at_another_table_refuses(tmp_path):
    """Its journal differs (another table name), but one seat's key in two games at once
    is refused too: the identity is held while a game runs."""
    table = PeerTable(tmp_path, humans=1, think=2, start=False)
    try:
        other = table._start(0, "--journal", str(tmp_path / "other.journal"))
        assert other.popen.wait(20) == EXIT_IN_USE
        assert "identity p0 (" in other.errors[0]
        assert f"(pid {table.peers[0].popen.pid})" in other.errors[0]
    finally:
        table.kill()
