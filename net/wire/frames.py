"""Signed records: the only things peers believe.

Every record is signed with its author's Ed25519 key over the protocol
version, its kind, the table id, the seat, the step and the hash of the
author's previous record, so a record cannot be replayed on another table,
for another seat or at another step. Three kinds exist:

- LOBBY records: table membership before the game (seat -1, step = the
  author's own sequence number);
- STEP records (frames): one per seated peer per lockstep step;
- QUIET records (votes): a seated peer says a seat has been silent so long that the
  table should play on without it from `step` (body: [that seat]).

Encoded as the msgpack array [kind, table, seat, step, prev, body, signer, sig];
`body` is itself msgpack bytes so the signature covers exactly what was sent.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgpack

from net.errors import BadFrame
from net.wire.identity import Identity, verify

PROTOCOL = 4  # 2: the pause between hands (net.table.pause); 3: the public views (so the hashes
# frames carry) changed: Dragon's, Gold's end, a hand kept on the table until the next shuffle;
# 4: links are sealed end to end (net.wire.handshake) and open with the greeting
# (net.wire.greeting), and the next hand's deck is shuffled ahead, its passes in this hand's
# frames (net.chance.dealing); builds of another version would desync, so they do not meet
DOMAIN = b"hoard-record\x00"
LOBBY, STEP, QUIET = 1, 2, 3
KINDS = (LOBBY, STEP, QUIET)
TABLE_ID_SIZE = 16
DIGEST_SIZE = 16
MAX_BODY = 32 * 1024
MAX_STEP = 2**40


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=DIGEST_SIZE).digest()


@dataclass(frozen=True, slots=True)
class Record:
    kind: int
    table: bytes
    seat: int
    step: int
    prev: bytes
    body: bytes
    signer: bytes
    sig: bytes
    raw: bytes  # the canonical encoding: the same record, however it travelled, has one

    @property
    def digest(self) -> bytes:
        return digest(self.raw)

    @property
    def slot(self) -> tuple:
        """What a record claims to be; two different records in one slot are equivocation."""
        who = self.signer if self.kind == LOBBY else self.seat
        return (self.kind, who, self.step)

    def payload(self) -> Any:
        """The decoded body; BadFrame('malformed') when it is not msgpack."""
        try:
            return msgpack.unpackb(self.body, raw=False, use_list=False,
                                   strict_map_key=True, max_ext_len=0)
        except Exception as exc:  # msgpack raises several unrelated types on garbage
            raise BadFrame("malformed", f"record body is not msgpack ({type(exc).__name__})"
                           ) from None


def _signed_part(kind, table, seat, step, prev, body, signer) -> bytes:
    return DOMAIN + msgpack.packb([PROTOCOL, kind, table, seat, step, prev, body, signer],
                                  use_bin_type=True)


def sign(identity: Identity, kind: int, table: bytes, seat: int, step: int, prev: bytes,
         payload: Any) -> Record:
    body = msgpack.packb(payload, use_bin_type=True)
    if len(body) > MAX_BODY:
        raise BadFrame("oversize", f"a record body of {len(body)} bytes exceeds {MAX_BODY}")
    signer = identity.public
    sig = identity.sign(_signed_part(kind, table, seat, step, prev, body, signer))
    raw = _canonical(kind, table, seat, step, prev, body, signer, sig)
    return Record(kind, table, seat, step, prev, body, signer, sig, raw)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shape(fields: Any) -> None:
    if not isinstance(fields, list) or len(fields) not in (7, 8):
        raise BadFrame("malformed", "a record is an array of 8 fields")
    kind, table, seat, step, prev, body, signer = fields[:7]
    if kind not in KINDS or not _is_int(kind):
        raise BadFrame("malformed", f"unknown record kind {kind!r}")
    if not isinstance(table, bytes) or len(table) != TABLE_ID_SIZE:
        raise BadFrame("malformed", "a record names a 16-byte table id")
    if not _is_int(seat) or not -1 <= seat < 64 or not _is_int(step) or not 0 <= step < MAX_STEP:
        raise BadFrame("malformed", "seat or step out of range")
    if not isinstance(prev, bytes) or len(prev) not in (0, DIGEST_SIZE):
        raise BadFrame("malformed", "prev is a 16-byte hash or empty")
    if not isinstance(body, bytes) or len(body) > MAX_BODY:
        raise BadFrame("malformed", "body is bytes within the size bound")
    if not isinstance(signer, bytes) or len(signer) != 32:
        raise BadFrame("unsigned", "a record names its signer's 32-byte key")


def decode(raw: Any) -> Record:
    """A verified record from its encoded bytes, or BadFrame naming why it is dropped."""
    if not isinstance(raw, bytes):
        raise BadFrame("malformed", "a record travels as bytes")
    try:
        fields = msgpack.unpackb(raw, raw=False, use_list=True, max_ext_len=0)
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise BadFrame("malformed", f"record is not msgpack ({type(exc).__name__})") from None
    _check_shape(fields)
    kind, table, seat, step, prev, body, signer = fields[:7]
    sig = fields[7] if len(fields) == 8 else b""
    if not isinstance(sig, bytes) or not sig:
        raise BadFrame("unsigned", "the record carries no signature")
    if not verify(signer, sig, _signed_part(kind, table, seat, step, prev, body, signer)):
        raise BadFrame("bad-signature", f"signature does not match key {signer.hex()[:8]}")
    return Record(kind, table, seat, step, prev, body, signer, sig,
                  _canonical(kind, table, seat, step, prev, body, signer, sig))


def _canonical(*fields) -> bytes:
    """The one encoding of a record's fields. The signature covers the fields, not how the
    outer array was packed (an int may travel in 1, 2, 4 or 8 bytes), so a record is known
    by this encoding: anyone may re-pack an honest frame, and only its signer can make a
    different one (Ed25519 signatures are not malleable)."""
    return msgpack.packb(list(fields), use_bin_type=True)
