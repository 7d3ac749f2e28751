"""The closed sets of net/ are enums whose members are their strings (enum.StrEnum): the
wire, the journals, the hashes and the logs are what they were with the bare strings."""

import msgpack
import pytest

from net.errors import FaultKind, TableFault, UnknownOp
from net.table.lobby import OPS, Op, parse
from net.wire.frames import LOBBY, sign
from tests.net.helpers import identities
from tests.net.test_peer_ports import Done, membership


def test_a_fault_kind_is_its_string_on_the_wire_and_in_words():
    for kind in FaultKind:
        assert kind == kind.value and f"{kind}" == kind.value
        assert msgpack.packb(["stopped", kind]) == msgpack.packb(["stopped", kind.value])
    assert {FaultKind.VOID: "The hand is void"}["void"] == "The hand is void"


def test_a_fault_is_made_with_a_kind_it_knows_or_not_at_all():
    assert TableFault("void", 3, "the hand is void").kind is FaultKind.VOID
    with pytest.raises(ValueError):
        TableFault("stal", 3, "a typo is caught where the fault is made")


def test_a_lobby_record_signed_with_an_op_is_the_record_signed_with_its_string():
    me = identities(1)[0]
    table = b"t" * 16
    for op in Op:
        by_member = sign(me, LOBBY, table, -1, 0, b"", [1, op, *_arguments(op)])
        by_string = sign(me, LOBBY, table, -1, 0, b"", [1, op.value, *_arguments(op)])
        assert by_member.raw == by_string.raw
        assert parse(by_string)[1] is op


def _arguments(op: Op) -> list:
    samples = {str: "x", int: 1, tuple: (), bytes: b"x"}
    return [samples[kind] for kind in OPS[op]]


def test_an_op_no_op_is_called_is_refused_and_nothing_is_signed():
    lobby_side = membership(Done())
    lobby_side.create("night", "dragon", 4, {"hands": 1})
    signed = list(lobby_side.log)
    with pytest.raises(UnknownOp):
        lobby_side.op("sti", 0)
    assert lobby_side.log == signed
