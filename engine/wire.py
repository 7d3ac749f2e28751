"""Actions and events: small frozen values that round-trip through msgpack.

Every wire type registers a short, stable tag; a record is encoded as
``[tag, field1, field2, ...]`` so nothing but the tag names the class.
Tuples stay tuples on the way back (msgpack arrays decode with use_list=False).

**Decision:** the values are msgspec Structs, not frozen dataclasses. They are
made on every move (an action, its events, the next chance request), and a
frozen dataclass spends most of its __init__ getting past its own frozen
__setattr__; a frozen Struct is built in C about four times faster. They stay
frozen, hashable and compared by type and fields, with a dataclass-like repr.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgpack
import msgspec

from engine.errors import BadWire
from engine.fields import Seat

_TYPES: dict[str, type] = {}


class Value(msgspec.Struct, frozen=True, gc=False):
    """A small frozen value: subclasses declare fields as a dataclass does.

    gc=False: values hold ints, strings and tuples of them, never themselves, so
    they can be in no reference cycle and the collector need not track them."""


class _Wired(Value):
    """What @wire sets on a type it registers."""

    tag: ClassVar[str]
    _fields: ClassVar[tuple[str, ...]]


class Action(_Wired):
    """Something a seat (or chance, seat CHANCE) does. Subclasses are @wire types."""


class SeatAction(Action):
    """What a seat at the table does: the seat comes first, before the move's own fields
    (chance's actions name their seat CHANCE last, by default, so they are plain Actions)."""

    seat: Seat


class Event(_Wired):
    """Something that happened, for the client to animate and the log to print."""


class SeatEvent(Event):
    """Something that happened at one seat (it played, drew, was dealt...): the seat comes
    first, before the event's own fields."""

    seat: int


def wire(tag: str):
    """Class decorator: register an Action or Event subclass under `tag`."""

    def register(cls):
        if tag in _TYPES:
            raise RuntimeError(f"wire tag {tag!r} is taken by {_TYPES[tag].__name__}")
        cls.tag = tag
        cls._fields = cls.__struct_fields__
        _TYPES[tag] = cls
        return cls

    return register


def replace(value: Value, **changes: Any) -> Value:
    """A copy of `value` with some fields changed (a forged or altered action, in tests)."""
    return msgspec.structs.replace(value, **changes)


def wire_types() -> dict[str, type]:
    return dict(_TYPES)


def to_record(obj: Any) -> list:
    return [obj.tag, *(getattr(obj, name) for name in obj._fields)]


def from_record(record: Any):
    if not isinstance(record, (list, tuple)) or not record or not isinstance(record[0], str):
        raise BadWire("a record must be [tag, fields...]")
    cls = _TYPES.get(record[0])
    if cls is None:
        raise BadWire(f"unknown record tag {record[0]!r}")
    if len(record) - 1 != len(cls._fields):
        raise BadWire(f"{cls.__name__} takes {len(cls._fields)} fields, got {len(record) - 1}")
    return cls(*record[1:])


def pack(obj: Any) -> bytes:
    return msgpack.packb(to_record(obj), use_bin_type=True)


def unpack(data: bytes):
    try:
        record = msgpack.unpackb(data, raw=False, use_list=False, strict_map_key=False)
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise BadWire(f"not a msgpack record: {exc}") from exc
    return from_record(record)
