"""P-256 as a commutative cipher (SRA on an elliptic curve), with `cryptography` only.

A card is a curve point X; a layer with key k maps X to k·X. Layers commute and
come off in any order: multiplying by the inverse of k mod the group order
removes k. OpenSSL's ECDH is the one call that computes k·X for an arbitrary X,
and it yields only the x-coordinate, so a pass's producer recovers y (a square
root, as costly as a third of a multiplication) and every point travels as
x || y with the even y: each receiver then checks a point with the cheap curve
equation instead of a square root of its own. P-256 has prime order and
cofactor 1, so every point that passes the check lies in the one big group.
"""

from __future__ import annotations

import hashlib

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

CURVE = ec.SECP256R1()
ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
FIELD = 2**256 - 2**224 + 2**192 + 2**96 - 1
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B  # y² = x³ - 3x + B
POINT_SIZE = 64  # x || y, big-endian
KEY_SIZE = 32
MAX_TRIES = 256  # try-and-increment fails 256 times with probability 2**-256
FACE_BYTES = 2  # an owner's deck names a card by a face 0..65535

_ECDH = ec.ECDH()
_X962 = serialization.Encoding.X962
_UNCOMPRESSED = serialization.PublicFormat.UncompressedPoint

Point = ec.EllipticCurvePublicKey
Layer = ec.EllipticCurvePrivateKey


def scalar(material: bytes) -> int:
    """A key in 1..ORDER-1 from at least 40 uniform bytes (bias below 2**-64)."""
    return int.from_bytes(material, "big") % (ORDER - 1) + 1


def inverse(key: int) -> int:
    return pow(key, -1, ORDER)


def key_bytes(key: int) -> bytes:
    return key.to_bytes(KEY_SIZE, "big")


def key_from(data: bytes) -> int | None:
    """The key `data` encodes, or None when it is outside 1..ORDER-1."""
    key = int.from_bytes(data, "big")
    return key if 0 < key < ORDER else None


def layer(key: int) -> Layer:
    """`key` ready to apply to points (OpenSSL also computes key·G here; it is unused)."""
    return ec.derive_private_key(key, CURVE)


def apply(layer_: Layer, point: Point) -> tuple[bytes, Point]:
    """layer·point, as wire bytes and as a loaded point."""
    loaded = ec.EllipticCurvePublicKey.from_encoded_point(
        CURVE, b"\x02" + layer_.exchange(_ECDH, point)
    )
    return loaded.public_bytes(_X962, _UNCOMPRESSED)[1:], loaded


def apply_x(layer_: Layer, point: Point) -> bytes:
    """The x-coordinate of layer·point: enough to compare, and to look a card up."""
    return layer_.exchange(_ECDH, point)


def load(data: bytes) -> Point:
    """The point `data` encodes, for OpenSSL; ValueError if it is not on the curve."""
    return ec.EllipticCurvePublicKey.from_encoded_point(CURVE, b"\x04" + data)


def check_deck(blob: bytes, count: int) -> None:
    """ValueError unless `blob` holds `count` distinct valid points, each x || even y.

    Plain integer arithmetic: twice as fast as having OpenSSL load every point, which
    only the seat whose pass comes next needs.
    """
    if not isinstance(blob, bytes) or len(blob) != count * POINT_SIZE:
        raise ValueError(f"expected {count} points")
    xs = {blob[i : i + KEY_SIZE] for i in range(0, len(blob), POINT_SIZE)}
    if len(xs) != count:
        raise ValueError("duplicate points")
    for position in range(count):
        start = position * POINT_SIZE
        x = int.from_bytes(blob[start : start + KEY_SIZE], "big")
        y = int.from_bytes(blob[start + KEY_SIZE : start + POINT_SIZE], "big")
        if y & 1 or x >= FIELD or y >= FIELD or (y * y - x * x * x + 3 * x - B) % FIELD:
            raise ValueError(f"invalid point at position {position}")


def load_deck(blob: bytes) -> tuple[Point, ...]:
    return tuple(load(blob[i : i + POINT_SIZE]) for i in range(0, len(blob), POINT_SIZE))


def point_at(blob: bytes, position: int) -> bytes:
    return blob[position * POINT_SIZE : (position + 1) * POINT_SIZE]


def x_of(blob: bytes, position: int) -> bytes:
    return point_at(blob, position)[:KEY_SIZE]


def _hashed_point(prefix: bytes, name: bytes) -> tuple[bytes, Point]:
    """A point whose x is SHA-256(prefix ‖ counter) with its tail replaced by `name`,
    for the first counter that puts x on the curve (try-and-increment)."""
    for counter in range(MAX_TRIES):
        digest = hashlib.sha256(prefix + bytes([counter])).digest()
        try:
            point = ec.EllipticCurvePublicKey.from_encoded_point(
                CURVE, b"\x02" + digest[: KEY_SIZE - len(name)] + name
            )
        except ValueError:  # x is not on the curve (or not below the field prime)
            continue
        return point.public_bytes(_X962, _UNCOMPRESSED)[1:], point
    raise RuntimeError(f"no curve point for card {name.hex()} after {MAX_TRIES} tries")


def card_point(context: bytes, index: int) -> tuple[bytes, Point]:
    """Card `index` of the deck `context` names, hashed to the curve by try-and-increment.

    Hashing (rather than e.g. index·G) means nobody knows a relation between two
    cards' points; `context` binds the points to one table, hand and deck. The
    last byte of x is the index itself, so whoever decrypts a card knows which
    card to hash and compare without hashing the whole deck.
    """
    return _hashed_point(b"hoard/deck/card" + context + index.to_bytes(2, "big"), bytes([index]))


def face_point(context: bytes, face: int) -> tuple[bytes, Point]:
    """The card showing `face` in a deck whose faces only its owner knows: the last two
    bytes of x are the face, so a receiver decodes a card without knowing the deck."""
    name = face.to_bytes(FACE_BYTES, "big")
    return _hashed_point(b"hoard/deck/face" + context + name, name)


class _Hashed:
    """Card points hashed on first use and kept: a seat that decrypts 13 cards of 52 hashes
    13 (the first shuffler and the audit hash them all)."""

    def __init__(self, context: bytes, hashed):
        self.context = context
        self._hashed = hashed  # (context, name) -> (wire bytes, point)
        self._made: dict[int, tuple[bytes, Point]] = {}

    def _card(self, name: int) -> tuple[bytes, Point]:
        if name not in self._made:
            self._made[name] = self._hashed(self.context, name)
        return self._made[name]

    def _is(self, name: int, x: bytes) -> bool:
        return self._card(name)[0][:KEY_SIZE] == x


class CardPoints(_Hashed):
    """A deck's cards, named by index (the face at an index is public)."""

    def __init__(self, context: bytes, faces: tuple[int, ...]):
        if len(faces) > 256:
            raise ValueError("a card's index must fit in the last byte of its point")
        super().__init__(context, card_point)
        self.faces = faces

    def point(self, index: int) -> Point:
        return self._card(index)[1]

    def all(self) -> tuple[Point, ...]:
        return tuple(self.point(i) for i in range(len(self.faces)))

    def index_of(self, x: bytes) -> int | None:
        """The card whose point has x-coordinate `x`, or None if no card has."""
        index = x[-1]
        return index if index < len(self.faces) and self._is(index, x) else None

    def face_of(self, x: bytes) -> int | None:
        index = self.index_of(x)
        return None if index is None else self.faces[index]


class FacePoints(_Hashed):
    """The cards of an owner's deck (whose faces only its owner knows), named by face."""

    def __init__(self, context: bytes):
        super().__init__(context, face_point)

    def points(self, faces) -> tuple[Point, ...]:
        return tuple(self._card(face)[1] for face in faces)

    def face_of(self, x: bytes) -> int | None:
        face = int.from_bytes(x[-FACE_BYTES:], "big")
        return face if self._is(face, x) else None


def encode_faces(faces) -> bytes:
    """An owner's faces as it commits to them; ValueError if one is out of range."""
    if not all(type(f) is int and 0 <= f < 1 << (8 * FACE_BYTES) for f in faces):
        raise ValueError(f"faces must be 0..{(1 << (8 * FACE_BYTES)) - 1}")
    return b"".join(f.to_bytes(FACE_BYTES, "big") for f in faces)


def decode_faces(blob: bytes) -> tuple[int, ...]:
    return tuple(int.from_bytes(blob[i : i + FACE_BYTES], "big")
                 for i in range(0, len(blob), FACE_BYTES))
