"""The greeting, first on every link: its format is promised forever (net.wire.greeting)."""

import msgpack
import pytest

from net.errors import BadFrame
from net.wire import greeting, stream
from net.wire.frames import PROTOCOL


def test_the_greeting_is_the_promised_bytes():
    """A length, then the msgpack array ["hoard", protocol, app]: what any build reads."""
    data = stream.encode(greeting.THIS.message())
    body = data[stream.HEADER.size:]
    assert stream.HEADER.unpack(data[:stream.HEADER.size]) == (len(body),)
    assert msgpack.unpackb(body) == ["hoard", PROTOCOL, greeting.THIS.app]


def test_a_later_greeting_with_more_items_is_read_and_words_say_whose_hoard_is_older():
    newer = greeting.read(["hoard", PROTOCOL + 1, "9.9.9", {"more": "later"}])
    assert newer == greeting.Greeting(PROTOCOL + 1, "9.9.9")
    assert newer.words("Bo") == \
        f"Bo's hoard (9.9.9) is newer; your hoard ({greeting.THIS.app}) is older: update it"
    older = greeting.Greeting(PROTOCOL - 1, "0.0.9")
    assert older.words("Bo") == "Bo's hoard (0.0.9) is older: Bo should update"


def test_an_older_builds_hello_stands_for_its_greeting():
    older = greeting.read(["hello", PROTOCOL - 1, b"table", "night"])
    assert older.protocol == PROTOCOL - 1
    assert older.words() == f"that hoard (protocol {PROTOCOL - 1}) is older: its player " \
        "should update"


def test_a_strangers_app_version_reaches_no_terminal_raw():
    """The greeting's app version is a stranger's text: shown through the one sanitiser."""
    forged = greeting.read(["hoard", PROTOCOL + 1, "9\x1b[2J\nappeared: night"])
    assert "\x1b" not in forged.words() and "\n" not in forged.words()


@pytest.mark.parametrize("message", [["hello", b"t"], ["hoard", "4", "x"], ["hoard", True, "x"],
                                     ["hoard", 4], ["rec", b""], ["hello", PROTOCOL, b""]])
def test_anything_else_first_is_malformed(message):
    with pytest.raises(BadFrame, match="malformed"):
        greeting.read(message)
