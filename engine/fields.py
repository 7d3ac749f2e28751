"""The declared kinds of an action's fields, and the one check of them at the engine's door.

Every Action field is annotated with one of these kinds (a test holds every wire type
to it), so `check_action` can refuse a wrong type or an out-of-range value before a
game's own rules look at the action: a float 20.0 for 20, a bool for a seat, a seat
-1 or beyond the table, a string for a tuple. A new move gets the check by declaring
its fields; it cannot forget it.

Bounds are those of the wire (a card reference packs a deck and a position in 16 bits);
a game's own rules then check that a card is held, a pile exists, a serial is current.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from engine.errors import IllegalAction

INT = {int}
MAX_SEATS = 8  # more than any game seats

#: a seat at the table; checked against the table's size as well
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS, extra={"seat": True})]
#: the seat of a chance action: always CHANCE (-1; engine.chance imports this module)
ChanceSeat = Annotated[int, msgspec.Meta(ge=-1, le=-1)]
#: a card reference (deck << 8 | position) or a card's position in its deck
Ref = Annotated[int, msgspec.Meta(ge=0, lt=1 << 16)]
#: a card's face, or a token kind
Face = Annotated[int, msgspec.Meta(ge=0, lt=1 << 16)]
#: a pile, slot, meld, share, kind or deck number: a small index
Index = Annotated[int, msgspec.Meta(ge=0, lt=256)]
#: how many of something (tokens of a colour)
Count = Annotated[int, msgspec.Meta(ge=0, lt=1 << 16)]
#: a roll among a chance request's outcomes (msgspec bounds stop at int64)
Roll = Annotated[int, msgspec.Meta(ge=0, le=(1 << 63) - 1)]
#: a number that only grows over a match (proposal and offer serials, timer keys)
Serial = Annotated[int, msgspec.Meta(ge=0, lt=1 << 53)]


def check_action(action, seats: int, rule: str) -> None:
    """Refuse `action` with IllegalAction(rule) unless every field has its declared kind."""
    problem = malformed(action, seats)
    if problem is not None:
        raise IllegalAction(rule, problem)


def malformed(action, seats: int = MAX_SEATS) -> str | None:
    """What field of `action` does not have its declared kind, in words; None if all do."""
    cls = type(action)
    checks = _CHECKS.get(cls) or _compile(cls)
    for name, fits, wanted, is_seat in checks:
        value = getattr(action, name)
        if not fits(value):
            return f"{cls.__name__}.{name} is {value!r}, not {wanted}"
        if is_seat and value >= seats:
            return f"{cls.__name__}.{name} is seat {value}; this table has {seats}"
    return None


def check_seat(seat, seats: int, rule: str, spectator: bool = False) -> None:
    """Refuse a seat argument that is not a seat of this table (None: a spectator, where
    `spectator` allows one)."""
    if seat is None and spectator:
        return
    if type(seat) is not int or not 0 <= seat < seats:
        raise IllegalAction(rule, f"{seat!r} is not a seat of this {seats}-seat table")


# per action type: (field, does a value fit, what fits in words, is it a seat), built
# once from the declarations (msgspec.inspect reads the annotations); checked by hand
# because this runs on every move of every playout
_CHECKS: dict[type, tuple] = {}


def _compile(cls: type) -> tuple:
    checks = []
    for field in msgspec.inspect.type_info(cls).fields:
        kind, extra = field.type, {}
        if isinstance(kind, msgspec.inspect.Metadata):
            kind, extra = kind.type, kind.extra or {}
        fits, wanted = _fits(kind)
        checks.append((field.name, fits, wanted, bool(extra.get("seat"))))
    _CHECKS[cls] = tuple(checks)
    return _CHECKS[cls]


def _fits(kind) -> tuple:
    """A test for values of one declared kind, and the kind in words."""
    if isinstance(kind, msgspec.inspect.BoolType):
        return (lambda v: type(v) is bool), "true or false"
    if isinstance(kind, msgspec.inspect.Metadata):
        return _fits(kind.type)
    if isinstance(kind, msgspec.inspect.IntType):
        low, high = _int_bounds(kind)
        return (lambda v: type(v) is int and low <= v <= high), f"a whole number {low}..{high}"
    if isinstance(kind, msgspec.inspect.VarTupleType):
        item, wanted = _fits(kind.item_type)
        bounds = _int_bounds(kind.item_type)
        if bounds is not None:  # the common case, in C: every item an int, min and max in range
            low, high = bounds
            return (lambda v: type(v) is tuple and (not v or (
                set(map(type, v)) == INT and low <= min(v) and max(v) <= high))), \
                f"a tuple of ({wanted})"
        return (lambda v: type(v) is tuple and all(map(item, v))), f"a tuple of ({wanted})"
    raise TypeError(f"an action field of kind {kind} is not a kind engine.fields declares")


def _int_bounds(kind) -> tuple[int, int] | None:
    kind = kind.type if isinstance(kind, msgspec.inspect.Metadata) else kind
    if not isinstance(kind, msgspec.inspect.IntType):
        return None
    if (kind.ge, kind.gt) == (None, None) or (kind.le, kind.lt) == (None, None):
        raise TypeError("an action's whole number must be declared with its range "
                        "(engine.fields: Seat, Ref, Face, Index, Count, Serial, Roll)")
    return (kind.ge if kind.ge is not None else kind.gt + 1,
            kind.le if kind.le is not None else kind.lt - 1)
