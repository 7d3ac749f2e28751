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
    assert "newer hoard 9.9.9" in newer.against(greeting.THIS)
    assert "older hoard" in greeting.THIS.against(newer)


def test_an_older_builds_hello_stands_for_its_greeting():
    older = greeting.read(["hello", PROTOCOL - 1, b"table", "night"])
    assert older.protocol == PROTOCOL - 1
    assert older.against(greeting.THIS).startswith(
        f"they run an older hoard (protocol {PROTOCOL - 1})")


@pytest.mark.parametrize("message", [["hello", b"t"], ["hoard", "4", "x"], ["hoard", True, "x"],
                                     ["hoard", 4], ["rec", b""], ["hello", PROTOCOL, b""]])
def test_anything_else_first_is_malformed(message):
    with pytest.raises(BadFrame, match="malformed"):
        greeting.read(message)
