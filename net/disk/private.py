"""The user's own files: folders only the user may enter, files only the user may read.

Every folder hoard writes into (config, state, journals) is made with mode 0700 and, if
it already exists with wider rights (say 0755 from another program), tightened to 0700;
a file set aside as corrupt keeps the user-only mode 0600, since what it holds (an old
key, a journal) is as private as the file it replaces.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

FOLDER_MODE, FILE_MODE = 0o700, 0o600


def private_folder(path: str | os.PathLike) -> Path:
    """`path` as a folder only its user may list or enter (created if missing)."""
    folder = Path(path)
    folder.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    if folder.stat().st_mode & 0o077:
        os.chmod(folder, FOLDER_MODE)
    return folder


def set_aside(path: Path, suffix: str = ".corrupt") -> Path:
    """Move an unreadable file beside itself under `suffix`, readable by its user alone."""
    aside = path.with_name(path.name + suffix)
    with contextlib.suppress(OSError):
        os.replace(path, aside)
        os.chmod(aside, FILE_MODE)
    return aside
