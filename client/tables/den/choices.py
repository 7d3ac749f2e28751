"""What this seat may do now, sorted out of `legal` once per view: the plays by the pile
they go to and their cards, the pile moves by where from and where to, and ending the
turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.den import EndTurn, MovePile, Play


@dataclass
class Choices:
    plays: dict[tuple[int, frozenset], Play] = field(default_factory=dict)  # (pile, faces)
    moves: dict[tuple[int, int], MovePile] = field(default_factory=dict)  # (source, target)
    end_action: EndTurn | None = None

    @classmethod
    def of(cls, legal) -> Choices:
        found = cls()
        for action in legal:
            if isinstance(action, Play):
                found.plays[(action.pile, frozenset(action.faces))] = action
            elif isinstance(action, MovePile):
                found.moves[(action.source, action.target)] = action
            elif isinstance(action, EndTurn):
                found.end_action = action
        return found

    @property
    def offered(self) -> bool:
        """Is anything open to this seat?"""
        return bool(self.plays or self.moves or self.end_action)

    def usable(self) -> set[int]:
        """The faces some play takes."""
        return {face for _, faces in self.plays for face in faces}

    def movable(self, pile: int) -> bool:
        """Can pile `pile` be picked up and moved?"""
        return any(s == pile for s, _ in self.moves)

    def targets(self, source: int | None, chosen: frozenset) -> set[int]:
        """The piles that would take pile `source` (when one is picked up), else the cards
        `chosen`."""
        if source is not None:
            return {t for s, t in self.moves if s == source}
        return {p for p, faces in self.plays if faces == chosen} if chosen else set()
