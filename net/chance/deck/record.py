"""What the table has said of one deck: commitments, passes, key shares, claims,
published keys, seeds and departures.

Every peer and spectator keeps it alike, from public messages only: it is the
audit's evidence, so they all reach the same verdict. It also says whose pass is
due and whether a key sent is the one its seat committed to.
"""

from __future__ import annotations

from collections import defaultdict

from net.chance.deck import audit, curve, keys
from net.chance.deck.errors import CheatDetected, require
from net.chance.deck.spec import DeckSpec


class Record:
    def __init__(self, spec: DeckSpec, context: bytes):
        self.spec = spec
        self.context = context
        self.count = len(spec.faces)
        self.order, self.layered = spec.order, spec.layered
        self.cards = (curve.FacePoints(context) if spec.owner >= 0
                      else curve.CardPoints(context, spec.faces))
        self.commits: dict[int, tuple[bytes, bytes]] = {}  # seat -> (seed digest, x25519 key)
        self.passes: list[audit.PassRecord] = []  # every shuffle pass, then every lock pass
        self.shares: list[audit.ShareRecord] = []
        self.claims: list[audit.Claim] = []
        self.published: dict[int, dict[int, int]] = defaultdict(dict)  # position -> seat -> key
        self.seeds: dict[int, bytes] = {}
        self.departed: set[int] = set(spec.absent)

    @property
    def locked(self) -> bool:
        return len(self.passes) == 2 * len(self.order)

    def turn(self) -> tuple[str, int] | None:
        """The pass due next, e.g. ("deck.lock", 2); None once the deck is locked."""
        done, order = len(self.passes), self.order
        if done < len(order):
            return ("deck.shuffle", order[done])
        if done < 2 * len(order):
            return ("deck.lock", order[done - len(order)])
        return None

    def active(self) -> set[int]:
        """The seats still at the table."""
        return set(range(self.spec.seats)) - self.departed

    def add_pass(self, seat: int, blob: bytes, digests: bytes, what: str,
                 made: tuple[curve.Point, ...] | None) -> None:
        """Check a shuffle or lock pass (unless this peer `made` it) and keep it."""
        if made is None:
            try:
                curve.check_deck(blob, self.count)
            except ValueError as exc:
                raise CheatDetected(seat, f"{what} pass: {exc}") from exc
        self.passes.append(audit.PassRecord(seat, blob, digests, made))

    def checked_keys(self, author: int, layers, blob: bytes, what: str) -> list[int]:
        """Keys in `blob` for (seat, position) `layers`, each checked against its commitment."""
        if len(blob) != curve.KEY_SIZE * len(layers):
            raise CheatDetected(author, f"{what} with the wrong number of keys")
        found = []
        for i, (owner, j) in enumerate(layers):
            key = curve.key_from(blob[i * curve.KEY_SIZE : (i + 1) * curve.KEY_SIZE])
            commitment = keys.digest_at(self._lock_pass(owner).digests, j)
            if key is None or keys.key_digest(self.context, owner, j, key) != commitment:
                raise CheatDetected(
                    author, f"{what}: seat {owner}'s key for position {j} is not its committed key"
                )
            found.append(key)
        return found

    def audit(self) -> audit.AuditReport:
        """Recompute every message from the seeds received; CheatDetected names a cheater."""
        missing = sorted(self.active() - set(self.seeds))
        require(not missing, f"seeds of seats {missing} are missing")
        return audit.run(
            audit.Evidence(
                order=self.order,
                faces=self.spec.faces,
                owner=self.spec.owner,
                context=self.context,
                cards=self.cards,
                exchange_keys={seat: commit[1] for seat, commit in self.commits.items()},
                passes=tuple(self.passes),
                shares=tuple(self.shares),
                claims=tuple(self.claims),
                published=dict(self.published),
                seeds=dict(self.seeds),
            )
        )

    def _lock_pass(self, seat: int) -> audit.PassRecord:
        return self.passes[len(self.order) + self.order.index(seat)]
