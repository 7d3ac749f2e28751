"""Actions and events: small frozen dataclasses that round-trip through msgpack.

Every wire type registers a short, stable tag; a record is encoded as
``[tag, field1, field2, ...]`` so nothing but the tag names the class.
Tuples stay tuples on the way back (msgpack arrays decode with use_list=False).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import msgpack

from engine.errors import BadWire

_TYPES: dict[str, type] = {}


def value_type(cls):
    """Class decorator: a frozen, slotted dataclass with a fast __init__ (below), for the
    small values made on every move."""
    cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
    cls.__init__ = _slot_init(cls)
    return cls


def wire(tag: str):
    """Class decorator: make a `value_type` class and register it under `tag`."""

    def register(cls):
        if tag in _TYPES:
            raise RuntimeError(f"wire tag {tag!r} is taken by {_TYPES[tag].__name__}")
        cls = value_type(cls)
        cls.tag = tag
        cls._fields = tuple(f.name for f in dataclasses.fields(cls))
        _TYPES[tag] = cls
        return cls

    return register


def _slot_init(cls):
    """An __init__ that fills the slots through their descriptors.

    A frozen dataclass's own __init__ goes through object.__setattr__ for every
    field, about 1 µs per action or event; the slot descriptors take a third of
    that, and the instance stays frozen (only __setattr__ is blocked). Actions
    and events are made on every move, so this is the engine's hot path.
    """
    fields = dataclasses.fields(cls)
    scope = {f"set_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    params = []
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
    body = "".join(f"\n    set_{f.name}(self, {f.name})" for f in fields) or "\n    pass"
    exec(f"def __init__(self, {', '.join(params)}):{body}", scope)  # as dataclasses itself does
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class Action:
    """Something a seat (or chance, seat CHANCE) does. Subclasses are @wire types."""

    tag: ClassVar[str]
    _fields: ClassVar[tuple[str, ...]]
    __slots__ = ()


class Event:
    """Something that happened, for the client to animate and the log to print."""

    tag: ClassVar[str]
    _fields: ClassVar[tuple[str, ...]]
    __slots__ = ()


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
