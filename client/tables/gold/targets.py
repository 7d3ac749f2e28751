"""What a click on the Gold table can land on, as typed values: the table's pieces dispatch
on the type, never on parsed words. Each still prints as the id the test hook and the
tools address it by ("lair:3", "cell:2:0:+"), so those ids stay as they were."""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import ClassVar

SIGNS = {1: "+", -1: "-"}


@dataclass(frozen=True)
class Target:
    name: ClassVar[str]

    def __str__(self) -> str:
        return ":".join([self.name, *map(str, astuple(self))])


@dataclass(frozen=True)
class Stepper(Target):
    """A − or + beside a count: `step` is -1 or 1 (printed as the sign)."""

    def __str__(self) -> str:
        *rest, step = astuple(self)
        return ":".join([self.name, *map(str, rest), SIGNS[step]])


@dataclass(frozen=True)
class Adventurer(Target):
    name = "adv"
    kind: int


@dataclass(frozen=True)
class Lair(Target):
    name = "lair"
    slot: int


@dataclass(frozen=True)
class MagicCard(Target):
    name = "magic"
    card: int


@dataclass(frozen=True)
class Attacker(Target):
    name = "attacker"
    owner: int
    kind: int


@dataclass(frozen=True)
class HoardToken(Target):
    name = "hoard"
    slot: int
    colour: int


@dataclass(frozen=True)
class Cell(Stepper):
    """One token of a colour into or out of a column of the split editor."""
    name = "cell"
    colour: int
    column: int
    step: int


@dataclass(frozen=True)
class Proposal(Target):
    """The proposal on the table, copied into the editor."""
    name = "proposal"


@dataclass(frozen=True)
class Share(Target):
    name = "share"
    share: int


@dataclass(frozen=True)
class Victim(Target):
    name = "victim"
    seat: int


@dataclass(frozen=True)
class Take(Target):
    """A token behind a victim's screen, for the wizard's thief."""
    name = "take"
    position: int


@dataclass(frozen=True)
class Partner(Target):
    name = "partner"
    seat: int


@dataclass(frozen=True)
class Trade(Stepper):
    """One token more or less to give or to get in the offer being made."""
    name = "trade"
    side: str  # "give" or "get"
    colour: int
    step: int


@dataclass(frozen=True)
class Deal(Target):
    """Accept an offer made to you."""
    name = "deal"
    offerer: int


@dataclass(frozen=True)
class Decline(Target):
    name = "decline"
    offerer: int
