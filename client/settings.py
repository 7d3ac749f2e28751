"""The player's settings and the app's folders.

Settings live in one JSON file in the user's config folder (platformdirs, or
$HOARD_CONFIG_DIR), written atomically (a temporary file renamed over the old
one), so a crash mid-save never leaves half a file. A file that cannot be read
is set aside as `settings.json.corrupt` and replaced by defaults; `load` says so
in words for the app to show.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import re
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from engine.bots import LEVELS
from engine.registry import game_ids
from net.disk.private import private_folder, set_aside
from net.wire.identity import CONFIG_ENV, clean_name

SETTINGS_FILE = "settings.json"
STATE_ENV = "HOARD_STATE_DIR"
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
MIN_WINDOW, MAX_WINDOW = (800, 450), (7680, 4320)
PROFILES = "profiles"  # `hoard --profile NAME`: its folders, under the usual ones
PROFILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
#: the bots' level for Play with bots and the setup's Add bot. Normal: it beats easy (a
#: greedy player a newcomer soon reads) yet thinks ~40 ms a move (p99 ~100 ms), so a lone
#: player on a laptop's battery gets a game without three searches at full budget; hard is
#: one click away, and the level a Hint quotes whatever this says
DEFAULT_BOTS = "normal"


def config_folder() -> Path:
    return Path(os.environ.get(CONFIG_ENV) or platformdirs.user_config_dir("hoard"))


def state_folder() -> Path:
    """Logs and journals: what the app writes as it runs, apart from what the player chose."""
    return Path(os.environ.get(STATE_ENV) or platformdirs.user_state_dir("hoard"))


def use_profile(name: str) -> None:
    """`hoard --profile NAME`: this process keeps its identity, settings, journals and log
    in folders of their own (PROFILES/NAME under the usual ones), so a second player can
    sit at a table from this machine. ValueError for a name that is no folder name."""
    if not PROFILE_NAME.fullmatch(name):
        raise ValueError(f"--profile takes a name of letters, digits, '-', '_' and '.' "
                         f"(at most 32, starting with a letter or digit), not {name!r}")
    config, state = config_folder() / PROFILES / name, state_folder() / PROFILES / name
    os.environ[CONFIG_ENV], os.environ[STATE_ENV] = str(config), str(state)


def os_user_name() -> str:
    with contextlib.suppress(Exception):  # no passwd entry in some containers
        return clean_name(getpass.getuser())
    return ""


@dataclass
class Settings:
    name: str = ""  # empty until the first run asks
    sound: bool = True
    volume: float = 0.8
    animation: str = "normal"
    bots: str = DEFAULT_BOTS
    window: tuple[int, int] = (1280, 720)
    position: tuple[int, int] | None = None
    contrast: bool = False  # high contrast: white words on black panels, bright outlines
    taught: tuple[str, ...] = ()  # the games whose guided first game was offered, and answered

    def checked(self) -> Settings:
        """The same settings with every value forced into its range (a hand-edited file)."""
        width = min(max(int(self.window[0]), MIN_WINDOW[0]), MAX_WINDOW[0])
        height = min(max(int(self.window[1]), MIN_WINDOW[1]), MAX_WINDOW[1])
        return Settings(
            name=clean_name(str(self.name)),
            sound=bool(self.sound),
            volume=min(max(float(self.volume), 0.0), 1.0),
            animation=self.animation if self.animation in ANIMATION_SPEEDS else "normal",
            bots=self.bots if self.bots in LEVELS else DEFAULT_BOTS,
            window=(width, height),
            position=None if self.position is None else (int(self.position[0]),
                                                         int(self.position[1])),
            contrast=bool(self.contrast),
            taught=tuple(sorted({g for g in self.taught if g in game_ids()})),
        )


def _unreadable(exc: Exception) -> str:
    """Why a settings file was unreadable, in a player's words (an exception's class name
    is the code's, not theirs)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"it is not JSON: {exc.msg.lower()} at line {exc.lineno}"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not text"
    if isinstance(exc, OSError):
        return f"it could not be opened: {(exc.strerror or 'unknown error').lower()}"
    return "a value in it is not a setting's"


class SettingsFile:
    """Where the settings are kept; `note` says what went wrong when loading, if anything."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder or config_folder()) / SETTINGS_FILE
        self.note = ""

    def load(self) -> Settings:
        if not self.path.exists():
            return Settings()
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            known = {f.name for f in fields(Settings)}
            values = {k: tuple(v) if isinstance(v, list) else v
                      for k, v in raw.items() if k in known}
            return Settings(**values).checked()
        except (OSError, ValueError, TypeError, AttributeError, IndexError) as exc:
            aside = set_aside(self.path)
            self.note = (f"Your settings file could not be read ({_unreadable(exc)}); "
                         f"defaults are used and the old file was kept as {aside.name}.")
            return Settings()

    def save(self, settings: Settings) -> None:
        private_folder(self.path.parent)
        data = json.dumps(asdict(settings), indent=2, sort_keys=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".settings-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
