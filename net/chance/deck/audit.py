"""The end-of-hand audit: recompute every message from the revealed seeds.

Each pass is recomputed from the input it was given (the previous pass as
recorded), so a mismatch names exactly the seat whose step it is. Only public
evidence is used, so every peer and spectator reaches the same verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.chance.deck import curve, keys
from net.chance.deck.errors import AuditInconclusive, CheatDetected


@dataclass(slots=True)
class PassRecord:
    """One shuffle or lock pass as received and checked: the points and (lock pass) the key
    commitments. Points are loaded for OpenSSL only when some step needs them."""

    seat: int
    blob: bytes
    digests: bytes = b""
    loaded: tuple[curve.Point, ...] | None = None

    def points(self) -> tuple[curve.Point, ...]:
        if self.loaded is None:
            self.loaded = curve.load_deck(self.blob)
        return self.loaded

    def point(self, position: int) -> curve.Point:
        if self.loaded is not None:
            return self.loaded[position]
        return curve.load(curve.point_at(self.blob, position))


@dataclass(frozen=True, slots=True)
class ShareRecord:
    sender: int
    receiver: int
    positions: tuple[int, ...]
    sealed: bytes


@dataclass(frozen=True, slots=True)
class Claim:
    """`seat` says some card at `positions` is one of `faces` (holds) or that none is."""

    seat: int
    positions: tuple[int, ...]
    faces: tuple[int, ...]
    holds: bool

    def true_of(self, held: list[int]) -> bool:
        return any(face in self.faces for face in held) == self.holds


@dataclass(frozen=True, slots=True)
class Evidence:
    order: tuple[int, ...]  # the seats that shuffled and locked, in pass order
    faces: tuple[int, ...]
    owner: int
    context: bytes
    cards: curve.CardPoints | curve.FacePoints
    exchange_keys: dict[int, bytes]
    passes: tuple[PassRecord, ...]
    shares: tuple[ShareRecord, ...]
    claims: tuple[Claim, ...]
    published: dict[int, dict[int, int]]  # position -> seat -> key made public
    seeds: dict[int, bytes]


@dataclass(frozen=True, slots=True)
class AuditReport:
    """A clean audit: the face at every position (None where only a departed seat could say),
    how many claims were checked, and the seats whose claims could not be (they left)."""

    faces: tuple[int | None, ...]
    claims_checked: int
    unchecked: tuple[int, ...]


def run(evidence: Evidence) -> AuditReport:
    """The report of a clean hand; CheatDetected names the first seat whose message is false."""
    secrets = {
        seat: keys.derive(seed, evidence.context, seat, len(evidence.faces))
        for seat, seed in evidence.seeds.items()
    }
    for seat, secret in secrets.items():
        if secret.exchange_public() != evidence.exchange_keys[seat]:
            raise CheatDetected(seat, "its x25519 key is not the one its seed derives")
    inputs = _first_inputs(evidence)
    for index, record in enumerate(evidence.passes):
        if record.seat in secrets:
            check = _check_shuffle if index < len(evidence.order) else _check_lock
            check(evidence, record, inputs, secrets[record.seat])
        inputs = record.points()
    for share in evidence.shares:
        if share.sender in secrets:
            _check_share(evidence, share, secrets[share.sender])
    faces = _open_all(evidence, secrets)
    return _check_claims(evidence, faces)


def _first_inputs(evidence) -> tuple[curve.Point, ...]:
    """What the first shuffler was given: the deck's cards, or the faces an owner's seed
    holds (an owner's deck whose owner left: nothing, and its pass goes unchecked)."""
    if evidence.owner < 0:
        return evidence.cards.all()
    seed = evidence.seeds.get(evidence.owner)
    if seed is None:
        return ()
    faces = keys.owner_faces(seed)
    if len(faces) != len(evidence.faces) or len(set(faces)) != len(faces):
        raise CheatDetected(evidence.owner, "its seed does not hold one face per card")
    return evidence.cards.points(faces)


def _check_shuffle(evidence, record, inputs, secret) -> None:
    layer = curve.layer(secret.shuffle)
    encrypted = [curve.apply_x(layer, point) for point in inputs]
    for position, source in enumerate(secret.order):
        if encrypted[source] != curve.x_of(record.blob, position):
            raise CheatDetected(
                record.seat, f"its shuffle pass does not follow from its seed (position {position})"
            )


def _check_lock(evidence, record, inputs, secret) -> None:
    unshuffle = curve.inverse(secret.shuffle)
    for position, (lock, point) in enumerate(zip(secret.locks, inputs, strict=True)):
        layer = curve.layer(unshuffle * lock % curve.ORDER)
        if curve.apply_x(layer, point) != curve.x_of(record.blob, position):
            raise CheatDetected(
                record.seat, f"its lock pass does not follow from its seed (position {position})"
            )
    if record.digests != keys.key_digests(evidence.context, record.seat, secret.locks):
        raise CheatDetected(record.seat, "its key commitments are not those of its seed's keys")


def _check_share(evidence, share, secret) -> None:
    plain = b"".join(curve.key_bytes(secret.locks[j]) for j in share.positions)
    shared = keys.shared_secret(secret.exchange, evidence.exchange_keys[share.receiver])
    expected = keys.seal_share(
        shared, evidence.context, share.sender, share.receiver, share.positions, plain
    )
    if expected != share.sealed:
        raise CheatDetected(
            share.sender, f"its key share to seat {share.receiver} is not its committed keys"
        )


def _open_all(evidence, secrets) -> list[int | None]:
    """Every card whose keys are all known now, by final position."""
    layered = sorted(evidence.order)
    unseeded = tuple(s for s in layered if s not in secrets)
    final = evidence.passes[-1].points() if len(evidence.passes) == 2 * len(layered) else ()
    faces: list[int | None] = [None] * len(final)
    for position, point in enumerate(final):
        layers = [
            secrets[s].locks[position]
            if s in secrets
            else evidence.published.get(position, {}).get(s)
            for s in layered
        ]
        if None in layers:
            continue
        product = 1
        for key in layers:
            product = product * key % curve.ORDER
        x = curve.apply_x(curve.layer(curve.inverse(product)), point)
        face = evidence.cards.face_of(x)
        if face is None:
            # every seeded seat's passes were recomputed above, so the fault is an unseeded one's
            reason = f"position {position} decrypts to no card"
            if len(unseeded) == 1:
                raise CheatDetected(unseeded[0], reason)
            raise AuditInconclusive(unseeded, reason)
        faces[position] = face
    return faces


def _check_claims(evidence, faces) -> AuditReport:
    checked = 0
    unchecked = set()
    for claim in evidence.claims:
        held = [faces[j] for j in claim.positions]
        if None in held:
            unchecked.add(claim.seat)
            continue
        if not claim.true_of(held):
            says = "holds one of" if claim.holds else "holds none of"
            raise CheatDetected(
                claim.seat, f"false claim: said it {says} {list(claim.faces)}, held {held}"
            )
        checked += 1
    return AuditReport(tuple(faces), checked, tuple(sorted(unchecked)))
