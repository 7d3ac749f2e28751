"""Hypothesis strategies that build any wire type from its field annotations."""

import typing

from hypothesis import strategies as st


def field_values(hint, ints, text_size: int = 20, list_size: int = 8):
    """Values for a wire field annotated `hint`: ints from `ints`, tuples of any depth."""
    if hint is int:
        return ints
    if hint is bool:
        return st.booleans()
    if hint is str:
        return st.text(max_size=text_size)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = field_values(args[0], ints, text_size, list_size)
            return st.lists(item, max_size=list_size).map(tuple)
        return st.tuples(*(field_values(a, ints, text_size, list_size) for a in args))
    raise AssertionError(f"wire field type {hint} has no strategy; add one")


def instances(cls, ints, **sizes):
    """Instances of the wire type `cls`, every field drawn by `field_values`."""
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{name: field_values(hints[name], ints, **sizes)
                             for name in cls._fields})
