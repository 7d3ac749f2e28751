"""The declared kinds of an action's fields, and the one check of them at the engine's door.

Every Action field is annotated with one of these kinds (a test holds every wire type
to it), so `check_action` can refuse a wrong type or an out-of-range value before a
game's own rules look at the action: a float 20.0 for 20, a bool for a seat, a seat
-1 or beyond the table, a string for a tuple. A new move gets the check by declaring
its fields; it cannot forget it.

Bounds are those of the wire (a card reference packs a deck number and a position); a
game's own rules then check that a card is held, a pile exists, a serial is current. A
number that grows with the match (a deck number, a serial) has a kind wide enough that no
match reaches its end (tests/engine/test_counters.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import msgspec

from engine.cards import DECK_SHIFT, MAX_DECKS
from engine.errors import IllegalAction

INT = {int}
MAX_SEATS = 8  # more than any game seats

#: a seat at the table; checked against the table's size as well
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS, extra={"seat": True})]
#: the seat of a chance action: always CHANCE (-1; engine.chance imports this module)
ChanceSeat = Annotated[int, msgspec.Meta(ge=-1, le=-1)]
#: a deck's number: one per hand of a match (or per theft), so it grows with the match
Deck = Annotated[int, msgspec.Meta(ge=0, lt=MAX_DECKS)]
#: a card reference (deck << 8 | position)
Ref = Annotated[int, msgspec.Meta(ge=0, lt=MAX_DECKS << DECK_SHIFT)]
#: a card's face, or a token kind
Face = Annotated[int, msgspec.Meta(ge=0, lt=1 << 16)]
#: a pile, slot, meld, share, kind or a card's position in its deck: a small index
Index = Annotated[int, msgspec.Meta(ge=0, lt=256)]
#: how many of something (tokens of a colour)
Count = Annotated[int, msgspec.Meta(ge=0, lt=1 << 16)]
#: a roll among a chance request's outcomes (msgspec bounds stop at int64)
Roll = Annotated[int, msgspec.Meta(ge=0, le=(1 << 63) - 1)]
#: a number that only grows over a match (proposal and offer serials, timer keys)
Serial = Annotated[int, msgspec.Meta(ge=0, lt=1 << 53)]


def malformed(action, seats: int = MAX_SEATS) -> str | None:
    """What field of `action` does not have its declared kind, in words; None if all do."""
    cls = type(action)
    return (CHECKS.get(cls) or compile_checks(cls))(action, seats)


def check_seat(seat, seats: int, rule: str, spectator: bool = False) -> None:
    """Refuse a seat argument that is not a seat of this table (None: a spectator, where
    `spectator` allows one)."""
    if seat is None and spectator:
        return
    if type(seat) is not int or not 0 <= seat < seats:
        raise IllegalAction(rule, f"{seat!r} is not a seat of this {seats}-seat table")


# per action type: a function (action, seats) -> what is wrong or None, generated once from
# the declarations (msgspec.inspect reads the annotations) as straight-line code, because it
# runs on every move of every playout
CHECKS: dict[type, Callable[[object, int], str | None]] = {}


def compile_checks(cls: type) -> Callable[[object, int], str | None]:
    """The check of `cls`'s declared fields: (action, seats) -> what is wrong, or None."""
    lines, names = ["def check(action, seats):"], {"INT": INT, "cls": cls.__name__}
    for index, field in enumerate(msgspec.inspect.type_info(cls).fields):
        kind, extra = field.type, {}
        if isinstance(kind, msgspec.inspect.Metadata):
            kind, extra = kind.type, kind.extra or {}
        test, wanted = _fits(kind, names)
        names[f"wanted{index}"] = wanted
        lines += [f"    v = action.{field.name}",
                  f"    if not ({test}):",
                  f"        return f'{{cls}}.{field.name} is {{v!r}}, not {{wanted{index}}}'"]
        if extra.get("seat"):
            lines += ["    if v >= seats:",
                      f"        return f'{{cls}}.{field.name} is seat {{v}}; this table has "
                      "{seats}'"]
    lines.append("    return None")
    exec("\n".join(lines), names)
    CHECKS[cls] = names["check"]
    return CHECKS[cls]


def _fits(kind, names: dict) -> tuple[str, str]:
    """A test of `v` for one declared kind, as an expression, and the kind in words;
    `names` takes the functions the expression calls."""
    if isinstance(kind, msgspec.inspect.BoolType):
        return "type(v) is bool", "true or false"
    if isinstance(kind, msgspec.inspect.Metadata):
        return _fits(kind.type, names)
    if isinstance(kind, msgspec.inspect.IntType):
        low, high = _int_bounds(kind)
        return f"type(v) is int and {low} <= v <= {high}", f"a whole number {low}..{high}"
    if isinstance(kind, msgspec.inspect.VarTupleType):
        bounds = _int_bounds(kind.item_type)
        item, wanted = _fits(kind.item_type, names)
        if bounds is None:  # e.g. a tuple of tuples: each item by a function of its own
            name = f"item{len(names)}"
            exec(f"def {name}(v):\n    return {item}", names)
            return f"type(v) is tuple and all(map({name}, v))", f"a tuple of ({wanted})"
        low, high = bounds  # in C: every item an int, min and max in range
        return (f"type(v) is tuple and (not v or (set(map(type, v)) == INT and "
                f"{low} <= min(v) and max(v) <= {high}))"), f"a tuple of ({wanted})"
    raise TypeError(f"an action field of kind {kind} is not a kind engine.fields declares")


def _int_bounds(kind) -> tuple[int, int] | None:
    kind = kind.type if isinstance(kind, msgspec.inspect.Metadata) else kind
    if not isinstance(kind, msgspec.inspect.IntType):
        return None
    if (kind.ge, kind.gt) == (None, None) or (kind.le, kind.lt) == (None, None):
        raise TypeError("an action's whole number must be declared with its range "
                        "(engine.fields: Seat, Deck, Ref, Face, Index, Count, Serial, Roll)")
    return (kind.ge if kind.ge is not None else kind.gt + 1,
            kind.le if kind.le is not None else kind.lt - 1)
