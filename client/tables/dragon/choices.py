"""What this seat may do now, sorted out of `legal` once per view: the plays by their
cards, the pass (at the Dragon stage, showing no Dragon) and showing the Dragon; and which
play Hint selected last, as it cycles through them smallest first."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.dragon import DeclareDragon, Pass, Play


@dataclass
class Choices:
    plays: dict[frozenset, Play] = field(default_factory=dict)  # by their faces
    pass_action: Pass | None = None
    dragon_action: DeclareDragon | None = None
    hint: int = -1  # the play the last Hint selected, in `hint_order`

    @classmethod
    def of(cls, legal) -> Choices:
        found = cls()
        for action in legal:
            if isinstance(action, Play):
                found.plays[frozenset(action.faces)] = action
            elif isinstance(action, Pass):
                found.pass_action = action
            elif isinstance(action, DeclareDragon):
                found.dragon_action = action
        return found

    @property
    def offered(self) -> bool:
        """Is this seat offered anything (its turn, in deeds)?"""
        return bool(self.plays) or self.pass_action is not None or \
            self.dragon_action is not None

    def usable(self) -> set[int]:
        """The faces some play takes."""
        return set().union(*self.plays) if self.plays else set()

    def hint_order(self) -> list[frozenset]:
        return sorted(self.plays, key=lambda faces: (len(faces), max(faces)))

    def next_hint(self) -> frozenset:
        """The play after the last one Hint selected (the first, at first)."""
        plays = self.hint_order()
        self.hint = (self.hint + 1) % len(plays)
        return plays[self.hint]

    def hinted(self, faces: frozenset) -> None:
        """The bot's play was selected: the next Hint cycles on from it."""
        plays = self.hint_order()
        if faces in plays:
            self.hint = plays.index(faces)
