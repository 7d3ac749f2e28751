"""The deck's messages: plain tuples of str, int, bool, bytes and tuples of ints.

Every message is ``(kind, seat, *fields)`` with `seat` its author; the lockstep
table must check that `seat` is the seat that signed the frame carrying it.
Layouts (n seats, m cards, P a tuple of positions, F a tuple of faces):

    ("deck.commit",  seat, seed_digest[32], x25519_public[32])
    ("deck.shuffle", seat, points[64·m])
    ("deck.lock",    seat, points[64·m], key_digests[32·m])
    ("deck.share",   seat, to_seat, P, aes_gcm(keys[32·|P|]))
    ("deck.reveal",  seat, P, keys[32·|P|])            its own layer of stock cards
    ("deck.open",    seat, P, F, keys[32·n·|P|])       all layers of its own cards
    ("deck.claim",   seat, P, F, holds)                 "some/none of P is in F"
    ("deck.handover", seat, to_seat, P, aes_gcm(keys[32·n·|P|]))  its whole hand, all layers
    ("deck.leave",   seat, P, keys[32·|P|])            its layer of all it does not hold
    ("deck.seed",    seat, seed[32 + 2·m if owner])       for the audit (an owner's
                                                        seed carries its deck's faces)
"""

from __future__ import annotations

import msgpack

from net.chance.deck.errors import BadMessage, CheatDetected

_SEQUENCE = (tuple, list)
_POSITIONS = "positions"
_FACES = "faces"
_SEAT = "seat"

FIELDS: dict[str, tuple] = {
    "deck.commit": (bytes, bytes),
    "deck.shuffle": (bytes,),
    "deck.lock": (bytes, bytes),
    "deck.share": (_SEAT, _POSITIONS, bytes),
    "deck.reveal": (_POSITIONS, bytes),
    "deck.open": (_POSITIONS, _FACES, bytes),
    "deck.claim": (_POSITIONS, _FACES, bool),
    "deck.handover": (_SEAT, _POSITIONS, bytes),
    "deck.leave": (_POSITIONS, bytes),
    "deck.seed": (bytes,),
}


def _is_int(value) -> bool:
    return type(value) is int


def _field(kind: str, value, seats: int, cards: int):
    """`value` checked against `kind` of field and normalised; ValueError if it does not fit."""
    if kind is bytes or kind is bool:
        if type(value) is not kind:
            raise ValueError(f"expected {kind.__name__}")
        return value
    if kind == _SEAT:
        if not _is_int(value) or not 0 <= value < seats:
            raise ValueError("expected a seat")
        return value
    if not isinstance(value, _SEQUENCE) or not all(_is_int(v) for v in value):
        raise ValueError(f"expected a tuple of {kind}")
    value = tuple(value)
    if kind == _POSITIONS and (
        len(set(value)) != len(value) or any(not 0 <= p < cards for p in value)
    ):
        raise ValueError("positions must be distinct positions of the deck")
    return value


def parse(message, seats: int, cards: int) -> tuple[str, int, tuple]:
    """(kind, seat, fields) of a well-formed message; CheatDetected names a bad one's author."""
    if not isinstance(message, _SEQUENCE) or len(message) < 2:
        raise BadMessage("a deck message is a tuple (kind, seat, ...)")
    kind, seat = message[0], message[1]
    if type(kind) is not str or kind not in FIELDS:  # a map or a list is no kind (nor hashable)
        raise BadMessage(f"unknown deck message {kind!r}")
    if not _is_int(seat) or not 0 <= seat < seats:
        raise BadMessage(f"{kind} names no seat of this table")
    layout = FIELDS[kind]
    if len(message) != 2 + len(layout):
        raise CheatDetected(seat, f"{kind} with {len(message) - 2} fields, not {len(layout)}")
    try:
        fields = tuple(_field(f, v, seats, cards) for f, v in zip(layout, message[2:], strict=True))
    except ValueError as exc:
        raise CheatDetected(seat, f"malformed {kind}: {exc}") from exc
    return kind, seat, fields


def as_received(message):
    """A message (or a frame entry) as it comes back out of a frame: msgpack arrays
    decode as tuples, so what a peer keeps compares equal to what it receives."""
    return msgpack.unpackb(msgpack.packb(message, use_bin_type=True), use_list=False)
