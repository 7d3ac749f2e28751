"""Length-prefixed msgpack messages on an asyncio stream.

A message is a 4-byte big-endian length followed by that many bytes of msgpack
encoding one array whose first item is a short string tag. The length is
checked against MAX_MESSAGE before a byte of the body is read, so an oversize
claim costs nothing; the connection is then closed because the stream can no
longer be framed.

After the handshake (net.wire.handshake) each body is sealed: ChaCha20-Poly1305 under
the link's key for that direction, the n-th message under nonce n. A body that does
not open — altered, replayed, reordered, or following a dropped one — is `forged` and
ends the link, since every later nonce is off by as much.
"""

from __future__ import annotations

import asyncio
import struct

import msgpack
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from net.errors import BadFrame

HEADER = struct.Struct(">I")
MAX_MESSAGE = 64 * 1024
SEAL_SIZE = 16  # what sealing adds to a body: the Poly1305 tag
MAX_FRAME = MAX_MESSAGE + SEAL_SIZE  # the longest length a frame may claim
NONCE = struct.Struct(">4xQ")  # 12 bytes: the message's number on its link, one direction
#: a started message must finish within this many seconds (no slow-loris reads)
BODY_TIMEOUT = 10.0


class Closed(Exception):
    """The other side closed the stream cleanly between messages."""


class Cipher:
    """One direction of a link: seals (or opens) its messages in order, each under the
    next number."""

    def __init__(self, key: bytes):
        self._aead = ChaCha20Poly1305(key)
        self._count = 0

    def _nonce(self) -> bytes:
        nonce = NONCE.pack(self._count)
        self._count += 1
        return nonce

    def seal(self, body: bytes) -> bytes:
        return self._aead.encrypt(self._nonce(), body, None)

    def open(self, sealed: bytes) -> bytes:
        try:
            return self._aead.decrypt(self._nonce(), sealed, None)
        except InvalidTag:
            raise BadFrame("forged", "a message that does not open under the link's key "
                           "(altered, replayed, or one before it withheld)") from None


def encode(message: list, cipher: Cipher | None = None) -> bytes:
    """The message framed for the stream, sealed under `cipher` once the link has one."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_MESSAGE:
        raise BadFrame("oversize", f"message of {len(body)} bytes exceeds {MAX_MESSAGE}")
    if cipher is not None:
        body = cipher.seal(body)
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
    if length > MAX_FRAME:
        raise BadFrame("oversize", f"a message claims {length} bytes (limit {MAX_FRAME})")
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            return await reader.readexactly(length)
    except asyncio.IncompleteReadError as exc:
        raise BadFrame("truncated", f"the stream ended {len(exc.partial)}/{length} bytes "
                       "into a message") from None
    except TimeoutError:
        raise BadFrame("truncated", f"a {length}-byte message stalled") from None
