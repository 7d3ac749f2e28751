"""The first message on every link, both ways: which hoard this is. Its format is promised
forever, so any build can tell any other, older or newer, which of them is behind.

On the wire (docs/net.md, "The greeting"): a 4-byte big-endian length, then a msgpack
array ["hoard", protocol, app] — the string "hoard", the protocol version (an int) and
the app's version (a string) — sent before the hello and never sealed. Later builds may
append items; readers ignore what follows the third. Builds of protocol 3 and before sent
no greeting: their first message was the hello, whose second item was their protocol.

The discovery adverts and the lobby (the entry work) say the same in their words; this
module gives them the two versions a greeting carries (`Greeting`, `THIS`) and the words.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.errors import BadFrame
from net.wire.frames import PROTOCOL
from net.wire.identity import MAX_NAME
from net.wire.shown import shown

TAG = "hoard"
MAX_APP = 32  # characters of an app version that are kept
#: this build's version: pyproject.toml reads it from here (`dynamic`), where each window
#: asked importlib.metadata, whose import and search of the installed packages took ~50 ms
#: of its start (four windows starting at once on two cores, issue 35)
APP_VERSION = "0.1.0"




@dataclass(frozen=True, slots=True)
class Greeting:
    protocol: int
    app: str

    def message(self) -> list:
        return [TAG, self.protocol, self.app]

    def build(self) -> str:
        """This build as a player names it: its app version, else its protocol."""
        return shown(self.app, MAX_APP) if self.app else f"protocol {self.protocol}"

    def words(self, name: str = "") -> str:
        """Why the build that sent this greeting (`name`'s, if known) and this one cannot
        play together, for both sides to show: 'Bo's hoard (0.0.9) is older: Bo should
        update'. The lobby says the same of an advert (net.finding.claims)."""
        who = shown(name, MAX_NAME) if name else "its player"
        whose = f"{who}'s" if name else "that"
        if self.protocol < THIS.protocol:
            return f"{whose} hoard ({self.build()}) is older: {who} should update"
        if self.protocol > THIS.protocol:
            return f"{whose} hoard ({self.build()}) is newer; your hoard ({THIS.build()}) " \
                   "is older: update it"
        return f"{whose} hoard ({self.build()}) plays with yours ({THIS.build()})"


THIS = Greeting(PROTOCOL, APP_VERSION)


def read(message: list) -> Greeting:
    """The greeting in `message` (the first message of a link); BadFrame otherwise.

    A protocol-3-or-older build's hello stands in for the greeting it never sent."""
    if len(message) >= 3 and message[0] == TAG and _is_int(message[1]) \
            and isinstance(message[2], str):
        return Greeting(message[1], message[2][:MAX_APP])
    if len(message) >= 2 and message[0] == "hello" and _is_int(message[1]) \
            and message[1] < PROTOCOL:
        return Greeting(message[1], "")
    raise BadFrame("malformed", "a link starts with the greeting")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
