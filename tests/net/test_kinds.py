"""The closed sets of net/ are enums whose members are their strings (enum.StrEnum): the
wire, the journals, the hashes and the logs are what they were with the bare strings."""

import msgpack
import pytest

from net.errors import FaultKind, TableFault


def test_a_fault_kind_is_its_string_on_the_wire_and_in_words():
    for kind in FaultKind:
        assert kind == kind.value and f"{kind}" == kind.value
        assert msgpack.packb(["stopped", kind]) == msgpack.packb(["stopped", kind.value])
    assert {FaultKind.VOID: "The hand is void"}["void"] == "The hand is void"


def test_a_fault_is_made_with_a_kind_it_knows_or_not_at_all():
    assert TableFault("void", 3, "the hand is void").kind is FaultKind.VOID
    with pytest.raises(ValueError):
        TableFault("stal", 3, "a typo is caught where the fault is made")
