"""The append-only journal a peer restarts from: every record it holds, and its secrets.

Each entry is a 4-byte length, a 4-byte CRC-32 and a msgpack array. Entries are
flushed after each batch of applied steps and fsynced before any frame of this
peer's goes out, so a restarted peer never signs a second, different frame for a
step it already sent. A crash can tear the last entry:
reading stops there, the torn bytes are cut off and a warning is logged.
An entry that is whole but fails its checksum, anywhere, raises CorruptJournal
with the byte offset.

Entry kinds: ["table", table_id, name, my_key], ["record", raw], ["secret", value],
["done", final_hash, scores, winners], ["left", step] (this peer handed its seat
on, or ended its table, and left: nothing to resume).
"""

from __future__ import annotations

import logging
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import msgpack

from net.disk.private import private_folder
from net.errors import CorruptJournal

log = logging.getLogger("hoard.net")
HEAD = struct.Struct(">II")
MAX_ENTRY = 1 << 20


def read_entries(path: Path) -> tuple[list[list], int]:
    """Every whole entry of the file and the offset where whole entries end."""
    entries, offset, problem = _scan(path)
    if problem:
        raise CorruptJournal(problem)
    return entries, offset


def read_readable(path: Path) -> tuple[list[list], str]:
    """The whole entries before any damage, and what the damage is ("" when none)."""
    entries, _, problem = _scan(path)
    return entries, problem


def _scan(path: Path) -> tuple[list[list], int, str]:
    """The entries up to the first damaged one, where they end, and the damage in words."""
    data = path.read_bytes()
    entries, offset = [], 0
    while offset < len(data):
        end = _entry_end(data, offset)
        if end is None:
            if _torn_tail(data, offset):
                log.warning("journal %s: dropped a torn last entry at byte %d", path, offset)
                break
            return entries, offset, (f"journal {path} is corrupt at byte {offset}: an entry "
                                     "fails its checksum and is not the last one")
        body = data[offset + HEAD.size:end]
        try:
            entry = msgpack.unpackb(body, raw=False, use_list=True)
        except Exception:  # msgpack raises several unrelated types on garbage
            return entries, offset, (f"journal {path} is corrupt at byte {offset}: "
                                     "an entry is not msgpack")
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
            return entries, offset, f"journal {path} is corrupt at byte {offset}: unknown entry"
        entries.append(entry)
        offset = end
    return entries, offset, ""


def _entry_end(data: bytes, offset: int) -> int | None:
    if offset + HEAD.size > len(data):
        return None
    length, crc = HEAD.unpack_from(data, offset)
    end = offset + HEAD.size + length
    if length > MAX_ENTRY or end > len(data):
        return None
    return end if zlib.crc32(data[offset + HEAD.size:end]) == crc else None


def _torn_tail(data: bytes, offset: int) -> bool:
    """Did the file end inside the entry at `offset` (the peer died writing it)?"""
    if offset + HEAD.size > len(data):
        return True
    length, _ = HEAD.unpack_from(data, offset)
    return offset + HEAD.size + length > len(data)


class Journal:
    def __init__(self, path: Path, handle, entries: list[list]):
        self.path = path
        self.handle = handle
        self.entries = entries  # what was there when it was opened

    @classmethod
    def open(cls, path: str | os.PathLike) -> Journal:
        """Open (creating) a journal; its earlier entries are in `.entries`."""
        path = Path(path)
        private_folder(path.parent)
        entries, good = read_entries(path) if path.exists() else ([], 0)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        handle = os.fdopen(fd, "r+b", buffering=64 * 1024)
        handle.truncate(good)
        handle.seek(good)
        return cls(path, handle, entries)

    def append(self, *entry: Any) -> None:
        body = msgpack.packb(list(entry), use_bin_type=True)
        self.handle.write(HEAD.pack(len(body), zlib.crc32(body)) + body)

    def flush(self) -> None:
        """Hand what was appended to the OS (it survives this process, not the machine)."""
        self.handle.flush()

    def sync(self) -> None:
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def restart(self) -> None:
        """Forget everything: the peer moved to another table."""
        self.handle.seek(0)
        self.handle.truncate(0)
        self.entries = []

    def close(self) -> None:
        if not self.handle.closed:
            self.sync()
            self.handle.close()
