"""What this seat may do now, sorted out of `legal` once per view: the draws by pile, the
buying window's answers, the discards by face and the lays by where they go and which cards
they take (lays that differ only in where the Dragon stands share a key)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.wild import AddToMeld, AnswerBuyer, AskToBuy, DeclineToBuy, Discard, Draw, Meld


@dataclass
class Choices:
    draws: dict[bool, Draw] = field(default_factory=dict)  # by from_discard
    # by asking (AskToBuy) or not (DeclineToBuy)
    buying: dict[bool, AskToBuy | DeclineToBuy] = field(default_factory=dict)
    answers: dict[bool, AnswerBuyer] = field(default_factory=dict)  # by allow
    discards: dict[int, Discard] = field(default_factory=dict)  # by face
    # by (the meld a lay adds to, -1 for a new one; its faces)
    lays: dict[tuple[int, frozenset], list[Meld | AddToMeld]] = \
        field(default_factory=dict)

    @classmethod
    def of(cls, legal) -> Choices:
        found = cls()
        for action in legal:
            if isinstance(action, Draw):
                found.draws[action.from_discard] = action
            elif isinstance(action, AskToBuy | DeclineToBuy):
                found.buying[isinstance(action, AskToBuy)] = action
            elif isinstance(action, AnswerBuyer):
                found.answers[action.allow] = action
            elif isinstance(action, Discard):
                found.discards[action.faces[0]] = action
            else:
                target = action.meld if isinstance(action, AddToMeld) else -1
                found.lays.setdefault((target, frozenset(action.faces)), []).append(action)
        return found

    @property
    def new_meld(self) -> bool:
        """Some lay starts a new meld."""
        return any(t < 0 for t, _ in self.lays)

    def usable(self) -> set[int]:
        """The faces some discard or lay takes."""
        return set(self.discards).union(*(faces for _, faces in self.lays))

    def targets_for(self, chosen: frozenset) -> set[str]:
        """Where the cards `chosen` may go: meld tiles ('meld:N'), 'meld:new',
        'pile:discard'."""
        if not chosen:
            return set()
        found = {f"meld:{t}" if t >= 0 else "meld:new" for t, faces in self.lays
                 if faces == chosen}
        if len(chosen) == 1 and next(iter(chosen)) in self.discards:
            found.add("pile:discard")
        return found
