"""What this seat may do now, sorted out of `legal` once per view so each piece of the
table looks its choices up by what a click names (an adventurer and a lair, a share, a
victim…) instead of scanning the legal sequence."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.gold import moves
from engine.games.gold.splits import Chain, Offers, Splits

ANSWERS = {moves.Accept: "accept", moves.Reject: "reject", moves.LeaveMarket: "leave_market"}
# the head's actions kept by one field each, under this key
KEYED = {moves.Choose: ("chooses", "share"), moves.Steal: ("steals", "victim"),
         moves.Take: ("takes", "position"), moves.TakeOffer: ("deals", "offerer"),
         moves.Decline: ("declines", "offerer")}


@dataclass
class Choices:
    attacks: dict[tuple[int, int], moves.Attack] = field(default_factory=dict)
    uses: dict[int, list[moves.UseMagic]] = field(default_factory=dict)
    answers: dict[str, object] = field(default_factory=dict)  # by their buttons' ids
    splits: Splits | None = None  # the proposals or divisions this seat may make
    offers: Offers | None = None
    chooses: dict[int, moves.Choose] = field(default_factory=dict)
    steals: dict[int, moves.Steal] = field(default_factory=dict)
    takes: dict[int, moves.Take] = field(default_factory=dict)
    deals: dict[int, moves.TakeOffer] = field(default_factory=dict)
    declines: dict[int, moves.Decline] = field(default_factory=dict)

    @classmethod
    def of(cls, legal) -> Choices:
        """A legal sequence is a short head of actions and, lazily, the splits or offers
        (which run to billions and are asked, not listed)."""
        head, tail = (legal.head, legal.tail) if isinstance(legal, Chain) else \
            ((), legal) if isinstance(legal, Splits) else (legal, None)
        found = cls(splits=tail if isinstance(tail, Splits) else None,
                    offers=tail if isinstance(tail, Offers) else None)
        for action in head:
            found._add(action)
        return found

    def _add(self, action) -> None:
        kind = type(action)
        if kind is moves.Attack:
            self.attacks[action.kind, action.slot] = action
        elif kind is moves.UseMagic:
            self.uses.setdefault(action.card, []).append(action)
        elif kind in KEYED:
            where, key = KEYED[kind]
            getattr(self, where)[getattr(action, key)] = action
        else:
            self.answers[ANSWERS[kind]] = action

    def can_attack_with(self, kind: int) -> bool:
        return any(k == kind for k, _ in self.attacks)
