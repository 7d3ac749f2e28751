"""Who this install is: an Ed25519 key and a display name, kept in the user's config dir.

The file is created on first use with mode 0600. A file that is missing,
unreadable or corrupt is replaced by a fresh identity with a logged warning
(the bad file is kept beside it as `identity.json.corrupt`), never a traceback.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from net.disk.private import private_folder, set_aside

log = logging.getLogger("hoard.net")

CONFIG_ENV = "HOARD_CONFIG_DIR"
IDENTITY_FILE = "identity.json"
MAX_NAME = 32


def config_dir(explicit: str | os.PathLike | None = None) -> Path:
    """--config-dir, else $HOARD_CONFIG_DIR, else $XDG_CONFIG_HOME/hoard, else ~/.config/hoard."""
    if explicit:
        return Path(explicit)
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "hoard"


def fingerprint(public: bytes) -> str:
    """A short stable tag for a public key, for names and logs."""
    return hashlib.blake2b(public, digest_size=4).hexdigest()


def clean_name(name: str) -> str:
    """Display names are one printable line of at most MAX_NAME characters."""
    text = "".join(ch for ch in name[:MAX_NAME * 4] if ch.isprintable()).strip()
    return text[:MAX_NAME]


def verify(public: bytes, signature: bytes, message: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Identity:
    key: Ed25519PrivateKey
    name: str

    @property
    def public(self) -> bytes:
        return self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public)

    def sign(self, message: bytes) -> bytes:
        return self.key.sign(message)

    @classmethod
    def generate(cls, name: str = "") -> Identity:
        key = Ed25519PrivateKey.generate()
        return cls(key, clean_name(name) or _default_name(key))


def _default_name(key: Ed25519PrivateKey) -> str:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "player"
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return clean_name(f"{user}-{fingerprint(public)[:4]}")


def _read(path: Path) -> Identity:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("unknown format")
    seed = bytes.fromhex(data["key"])
    name = clean_name(data["name"]) if isinstance(data.get("name"), str) else ""
    if len(seed) != 32 or not name:
        raise ValueError("bad key or name")
    return Identity(Ed25519PrivateKey.from_private_bytes(seed), name)


def save(identity: Identity, directory: Path) -> Path:
    path = private_folder(directory) / IDENTITY_FILE
    seed = identity.key.private_bytes_raw()
    blob = json.dumps({"version": 1, "name": identity.name, "key": seed.hex()}, indent=1)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(blob + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return path


#: what a player is told when their identity file was unreadable and a new one was made
RECREATED = ("Your identity file could not be read, so this computer has a new identity (the "
             "old file was kept as {aside}): a table you sat at before will not know you as "
             "the same player.")


def load_identity(directory: str | os.PathLike | None = None, name: str | None = None,
                  notes: list[str] | None = None) -> Identity:
    """This install's identity; created (or recreated, with a warning, and a note for the
    player appended to `notes`) when needed.

    A `name` given here replaces the stored display name and is saved.
    """
    folder = private_folder(config_dir(directory))  # tightened if it was not private
    path = folder / IDENTITY_FILE
    identity = None
    if path.exists():
        try:
            identity = _read(path)
        except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
            log.warning("identity file %s is unreadable (%s); a new identity was created",
                        path, exc)
            aside = set_aside(path)
            if notes is not None:
                notes.append(RECREATED.format(aside=aside.name))
    if identity is None:
        identity = Identity.generate(name or "")
        save(identity, folder)
        return identity
    if name and clean_name(name) and clean_name(name) != identity.name:
        identity = Identity(identity.key, clean_name(name))
        save(identity, folder)
    elif path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)  # readable only by the user, whatever an editor did to it
    return identity
