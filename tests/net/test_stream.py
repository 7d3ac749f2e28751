"""Length-prefixed messages: the size bound is checked before the body is read."""

import asyncio

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.errors import BadFrame
from net.wire import stream


def reader_with(data: bytes, eof: bool = True) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    if eof:
        reader.feed_eof()
    return reader


def read(data: bytes, eof: bool = True) -> bytes:
    async def go():
        async with asyncio.timeout(2):
            return await stream.read_body(reader_with(data, eof))
    return asyncio.run(go())


def test_a_message_round_trips():
    data = stream.encode(["have", 12])
    assert stream.decode(read(data)) == ["have", 12]


def test_an_oversize_claim_is_refused_before_any_body_arrives():
    header = stream.HEADER.pack(stream.MAX_FRAME + 1)
    with pytest.raises(BadFrame) as caught:
        read(header, eof=False)  # no body and no EOF: reading it would hang
    assert caught.value.reason == "oversize"


def test_a_message_cut_short_is_truncated():
    data = stream.encode(["have", 12])
    with pytest.raises(BadFrame) as caught:
        read(data[:-2])
    assert caught.value.reason == "truncated"


def test_a_stream_cut_inside_the_length_is_truncated():
    with pytest.raises(BadFrame) as caught:
        read(b"\x00\x00")
    assert caught.value.reason == "truncated"


def test_a_clean_end_is_not_an_error():
    with pytest.raises(stream.Closed):
        read(b"")


def test_encoding_refuses_oversize_messages():
    with pytest.raises(BadFrame):
        stream.encode(["rec", b"x" * stream.MAX_MESSAGE])


@pytest.mark.parametrize("body", [msgpack.packb(5), msgpack.packb([]), msgpack.packb([1, 2]),
                                  b"\xc1", msgpack.packb({"a": 1})])
def test_bodies_that_are_not_tagged_arrays_are_malformed(body):
    with pytest.raises(BadFrame) as caught:
        stream.decode(body)
    assert caught.value.reason == "malformed"


@given(st.binary(max_size=200))
def test_random_bodies_decode_or_are_malformed(body):
    try:
        message = stream.decode(body)
    except BadFrame as exc:
        assert exc.reason == "malformed"
    else:
        assert isinstance(message, list) and isinstance(message[0], str)
