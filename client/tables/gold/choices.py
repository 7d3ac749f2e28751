"""What this seat may do now, sorted out of `legal` once per view so each piece of the
table looks its choices up by what a click names (an adventurer and a lair, a share, a
victim…) instead of scanning the legal sequence."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.gold import (
    Accept,
    Attack,
    Chain,
    Choose,
    Decline,
    LeaveMarket,
    Offers,
    Reject,
    Splits,
    Steal,
    Take,
    TakeOffer,
    UseMagic,
)

ANSWERS = {Accept: "accept", Reject: "reject", LeaveMarket: "leave_market"}
# the head's actions kept by one field each, under this key
KEYED = {Choose: ("chooses", "share"), Steal: ("steals", "victim"),
         Take: ("takes", "position"), TakeOffer: ("deals", "offerer"),
         Decline: ("declines", "offerer")}


@dataclass
class Choices:
    attacks: dict[tuple[int, int], Attack] = field(default_factory=dict)
    uses: dict[int, list[UseMagic]] = field(default_factory=dict)
    answers: dict[str, object] = field(default_factory=dict)  # by their buttons' ids
    splits: Splits | None = None  # the proposals or divisions this seat may make
    offers: Offers | None = None
    chooses: dict[int, Choose] = field(default_factory=dict)
    steals: dict[int, Steal] = field(default_factory=dict)
    takes: dict[int, Take] = field(default_factory=dict)
    deals: dict[int, TakeOffer] = field(default_factory=dict)
    declines: dict[int, Decline] = field(default_factory=dict)

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
        if kind is Attack:
            self.attacks[action.kind, action.slot] = action
        elif kind is UseMagic:
            self.uses.setdefault(action.card, []).append(action)
        elif kind in KEYED:
            where, key = KEYED[kind]
            getattr(self, where)[getattr(action, key)] = action
        else:
            self.answers[ANSWERS[kind]] = action

    def can_attack_with(self, kind: int) -> bool:
        return any(k == kind for k, _ in self.attacks)
