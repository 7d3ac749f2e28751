"""Signed records: bound to table, seat, step and the author's previous record."""

import os

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.errors import BadFrame
from net.wire.frames import LOBBY, STEP, decode, sign
from net.wire.identity import Identity

ALICE = Identity.generate("alice")
TABLE = bytes(range(16))


def frame(**changes):
    fields = {"kind": STEP, "table": TABLE, "seat": 2, "step": 7, "prev": bytes(16),
              "payload": [[], None, bytes(16)]}
    fields.update(changes)
    return sign(ALICE, fields["kind"], fields["table"], fields["seat"], fields["step"],
                fields["prev"], fields["payload"])


def fields_of(record) -> list:
    return msgpack.unpackb(record.raw, raw=False)


def repack(fields) -> bytes:
    return msgpack.packb(fields, use_bin_type=True)


def test_a_signed_record_decodes_to_itself():
    record = frame()
    again = decode(record.raw)
    assert again == record and again.payload() == ((), None, bytes(16))
    assert again.slot == (STEP, 2, 7)


def test_lobby_records_are_slotted_by_author():
    record = frame(kind=LOBBY, seat=-1, step=3, prev=b"")
    assert decode(record.raw).slot == (LOBBY, ALICE.public, 3)


@pytest.mark.parametrize("index,value", [
    (1, bytes(reversed(range(16)))),  # another table
    (2, 3),  # another seat
    (3, 8),  # another step
    (4, bytes([1] * 16)),  # another previous frame
    (5, msgpack.packb([[["dragon.pass", 2]], None, bytes(16)])),  # other actions
])
def test_changing_any_bound_field_breaks_the_signature(index, value):
    fields = fields_of(frame())
    fields[index] = value
    with pytest.raises(BadFrame) as caught:
        decode(repack(fields))
    assert caught.value.reason == "bad-signature"


def test_a_forged_signer_is_caught():
    fields = fields_of(frame())
    fields[6] = Identity.generate().public
    with pytest.raises(BadFrame) as caught:
        decode(repack(fields))
    assert caught.value.reason == "bad-signature"


def test_a_record_without_signature_is_unsigned():
    fields = fields_of(frame())
    for cut in (fields[:7], [*fields[:7], b""]):
        with pytest.raises(BadFrame) as caught:
            decode(repack(cut))
        assert caught.value.reason == "unsigned"


@pytest.mark.parametrize("raw", [b"", b"\x93\x01\x02\x03", repack("text"), repack([9] * 8),
                                 repack([STEP, b"short", 0, 0, b"", b"", b"k" * 32, b"s"])])
def test_malformed_records_are_refused(raw):
    with pytest.raises(BadFrame) as caught:
        decode(raw)
    assert caught.value.reason == "malformed"


@settings(max_examples=200)
@given(st.binary(max_size=300))
def test_random_bytes_never_pass(raw):
    with pytest.raises(BadFrame):
        decode(raw)


@settings(max_examples=100)
@given(st.integers(0, 200))
def test_every_truncation_of_a_record_is_refused(cut):
    raw = frame().raw
    if cut < len(raw):
        with pytest.raises(BadFrame):
            decode(raw[:cut])


def test_oversize_bodies_cannot_be_signed():
    with pytest.raises(BadFrame):
        frame(payload=os.urandom(40000))


# -- re-encodings: a record is what it says, not how it was packed --------------------------

INT_FORMS = {"uint8": (0xcc, ">B"), "uint16": (0xcd, ">H"), "uint32": (0xce, ">I"),
             "uint64": (0xcf, ">Q"), "int16": (0xd1, ">h"), "int32": (0xd2, ">i"),
             "int64": (0xd3, ">q")}
BIN_FORMS = {"bin8": (0xc4, ">B"), "bin16": (0xc5, ">H"), "bin32": (0xc6, ">I")}


def packed_int(value: int, form: str) -> bytes:
    """`value` in the given msgpack int width (falling back to the smallest that holds it)."""
    import struct

    head, fmt = INT_FORMS[form]
    try:
        return bytes([head]) + struct.pack(fmt, value)
    except struct.error:
        return msgpack.packb(value)


def repacked(fields: list, forms) -> bytes:
    """The record's array re-packed field by field in other widths, as a spectator might."""
    import struct

    out = bytearray([0xdc]) + struct.pack(">H", len(fields)) if forms.draw(st.booleans()) \
        else bytearray([0x90 | len(fields)])
    for value in fields:
        if isinstance(value, int):
            out += packed_int(value, forms.draw(st.sampled_from(sorted(INT_FORMS))))
        else:
            head, fmt = BIN_FORMS[forms.draw(st.sampled_from(sorted(BIN_FORMS)))]
            out += bytes([head]) + struct.pack(fmt, len(value)) + value
    return bytes(out)


@settings(max_examples=200, deadline=None)
@given(forms=st.data(), seat=st.integers(0, 63), step=st.integers(0, 2**40 - 1))
def test_every_re_encoding_of_a_record_is_the_same_record(forms, seat, step):
    """Security case 1: re-packing an honest frame (an int as uint8 instead of a fixint...)
    keeps its signature valid, so it must be the same frame — else a spectator could make
    peers see 'two different frames' and blame an honest seat for equivocation."""
    record = frame(seat=seat, step=step)
    again = decode(repacked(fields_of(record), forms))
    assert again == record and again.raw == record.raw and again.digest == record.digest
