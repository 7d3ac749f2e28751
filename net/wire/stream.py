"""Length-prefixed msgpack messages on an asyncio stream.

A message is a 4-byte big-endian length followed by that many bytes of msgpack
encoding one array whose first item is a short string tag. The length is
checked against MAX_MESSAGE before a byte of the body is read, so an oversize
claim costs nothing; the connection is then closed because the stream can no
longer be framed.
"""

from __future__ import annotations

import asyncio
import struct

import msgpack

from net.errors import BadFrame

HEADER = struct.Struct(">I")
MAX_MESSAGE = 64 * 1024
#: a started message must finish within this many seconds (no slow-loris reads)
BODY_TIMEOUT = 10.0


class Closed(Exception):
    """The other side closed the stream cleanly between messages."""


def encode(message: list) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_MESSAGE:
        raise BadFrame("oversize", f"message of {len(body)} bytes exceeds {MAX_MESSAGE}")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> list:
    """The message array in `body`; BadFrame('malformed') for anything else."""
    try:
        message = msgpack.unpackb(
            body, raw=False, use_list=True, strict_map_key=True,
            max_array_len=4096, max_map_len=256, max_str_len=MAX_MESSAGE,
            max_bin_len=MAX_MESSAGE, max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise BadFrame("malformed", f"not msgpack ({type(exc).__name__})") from None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        raise BadFrame("malformed", "a message is an array with a tag first")
    return message


async def read_body(reader: asyncio.StreamReader) -> bytes:
    """The next message's bytes. Raises Closed at a clean end, BadFrame otherwise."""
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            raise Closed from None
        raise BadFrame("truncated", "the stream ended inside a length prefix") from None
    (length,) = HEADER.unpack(header)
    if length > MAX_MESSAGE:
        raise BadFrame("oversize", f"a message claims {length} bytes (limit {MAX_MESSAGE})")
    try:
        return await asyncio.wait_for(reader.readexactly(length), BODY_TIMEOUT)
    except asyncio.IncompleteReadError as exc:
        raise BadFrame("truncated", f"the stream ended {len(exc.partial)}/{length} bytes "
                       "into a message") from None
    except TimeoutError:
        raise BadFrame("truncated", f"a {length}-byte message stalled") from None
