"""The journal: every whole entry comes back; a torn tail is cut; other damage is an error."""

import logging
import zlib

import pytest

from net.disk.journal import HEAD, Journal, read_entries
from net.errors import CorruptJournal


def written(path, entries):
    journal = Journal.open(path)
    for entry in entries:
        journal.append(*entry)
    journal.sync()
    journal.close()
    return path.read_bytes()


ENTRIES = [["table", b"t" * 16, "night", b"k" * 32], ["record", b"r" * 40], ["secret", [1, 2]]]


def test_entries_come_back_in_order(tmp_path):
    written(tmp_path / "j", ENTRIES)
    assert Journal.open(tmp_path / "j").entries == ENTRIES


@pytest.mark.parametrize("cut", [1, 5, 9, 18])  # the last entry is 19 bytes
def test_a_torn_last_entry_is_dropped_and_cut_off(tmp_path, caplog, cut):
    path = tmp_path / "j"
    data = written(path, ENTRIES)
    path.write_bytes(data[:-cut])
    with caplog.at_level(logging.WARNING, logger="hoard.net"):
        journal = Journal.open(path)
    assert journal.entries == ENTRIES[:-1]
    assert "torn" in caplog.text
    journal.append("secret", [3])
    journal.close()
    assert read_entries(path)[0] == [*ENTRIES[:-1], ["secret", [3]]]


def test_damage_inside_the_journal_is_a_clear_error(tmp_path):
    path = tmp_path / "j"
    data = bytearray(written(path, ENTRIES))
    data[HEAD.size + 3] ^= 0xFF  # inside the first entry's body
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptJournal, match="corrupt at byte 0"):
        Journal.open(path)


def test_a_whole_entry_that_is_not_msgpack_is_an_error(tmp_path):
    path = tmp_path / "j"
    body = b"\xc1\xc1"
    path.write_bytes(HEAD.pack(len(body), zlib.crc32(body)) + body)
    with pytest.raises(CorruptJournal):
        Journal.open(path)


def test_restart_empties_the_journal(tmp_path):
    path = tmp_path / "j"
    written(path, ENTRIES)
    journal = Journal.open(path)
    journal.restart()
    journal.append("table", b"u" * 16, "other", b"k" * 32)
    journal.close()
    assert read_entries(path)[0] == [["table", b"u" * 16, "other", b"k" * 32]]


def test_the_scribe_fsyncs_its_own_lobby_records_and_only_flushes_anothers(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from net.peer.scribe import Scribe

    synced = []
    monkeypatch.setattr("net.disk.journal.os.fsync", synced.append)
    journal = Journal.open(tmp_path / "j")
    scribe = Scribe(journal)
    scribe.lobby(SimpleNamespace(raw=b"another's join"), own=False)
    assert synced == [] and read_entries(tmp_path / "j")[0] == [["record", b"another's join"]]
    scribe.lobby(SimpleNamespace(raw=b"my sit"), own=True)
    assert len(synced) == 1
    journal.close()
