"""Telling the table's story to one listener: who is "you", who is called what.

The games word their events with a `Names` (the seats' names as the players typed
them, and the seat listening, if any), so every line reads as a person would say
it at the table: "You play a pair of 7s", "Ana takes the 7 of Basilisks from the
discard", "The hoard goes to Ana and you". A line never holds a seat number, a
list in brackets or an "(s)": the helpers below say a count with its noun and a
group of seats with "and".
"""

from __future__ import annotations

from engine.errors import BadNames
from engine.wire import Value

#: verbs whose third person is not the base form plus -s or -es
IRREGULAR = {"be": "is", "have": "has"}


class Names(Value):
    """The seats' names, in seat order, and the seat whose window hears the story (None: a
    spectator, a replay of the public view or the command line's log)."""

    seats: tuple[str, ...]
    listener: int | None = None

    def __post_init__(self):
        if not self.seats or not all(isinstance(n, str) and n for n in self.seats):
            raise BadNames(f"every seat needs a name, not {self.seats!r}")
        if self.listener is not None and not 0 <= self.listener < len(self.seats):
            raise BadNames(f"the listener {self.listener} does not sit at the table")

    def who(self, seat: int, start: bool = False) -> str:
        """'you' or the seat's name, exactly as typed ('You' at a sentence's `start`)."""
        return _you("you", start) if seat == self.listener else self.seats[seat]

    def whose(self, seat: int, start: bool = False) -> str:
        """'your' or "Ana's"."""
        return _you("your", start) if seat == self.listener else f"{self.seats[seat]}'s"

    def their(self, seat: int) -> str:
        """The subject's own: 'your' for the listener, else 'their'."""
        return "your" if seat == self.listener else "their"

    def acts(self, seat: int, verb: str, start: bool = False) -> str:
        """Subject and verb agreeing: 'you play', 'Ana plays'."""
        if seat == self.listener:
            return _you(f"you {'are' if verb == 'be' else verb}", start)
        return f"{self.seats[seat]} {third_person(verb)}"

    def does(self, seat: int, verb: str) -> str:
        """A sentence's subject and verb: 'You play', 'Ana plays'."""
        return self.acts(seat, verb, start=True)

    def group(self, seats, start: bool = False) -> str:
        """Several seats in words: 'Ana', 'you and Ana', 'Ana, Bo and you'."""
        return join_words([self.who(s, start and i == 0) for i, s in enumerate(seats)])

    def group_acts(self, seats, verb: str, start: bool = False) -> str:
        """Several seats and their verb: 'Ana and Bo win', 'you win', 'Ana wins'."""
        if len(seats) == 1:
            return self.acts(seats[0], verb, start)
        return f"{self.group(seats, start)} {'are' if verb == 'be' else verb}"


def capital(text: str) -> str:
    """Words with their first letter raised, to open a sentence ('the Dragon' -> 'The Dragon')."""
    return text[:1].upper() + text[1:]


def _you(words: str, start: bool) -> str:
    """Only 'you' is capitalised at a sentence's start: a name stays as its player typed it."""
    return "Y" + words[1:] if start else words


def spectator_names(seats: int) -> Names:
    """Names for a table with no names of its own (the command line's bots)."""
    return Names(tuple(f"Bot {s + 1}" for s in range(seats)))


def third_person(verb: str) -> str:
    """'play' -> 'plays', 'pass' -> 'passes', 'carry' -> 'carries', 'be' -> 'is'."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def join_words(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def count(n: int, noun: str, plural: str = "") -> str:
    """'1 card', '13 cards', '2 wolves' (with the plural given), '0 points', and a score
    below nought with a true minus, singular at one: '\u22121 point', '\u22125 points'."""
    return f"{figure(n)} {noun if abs(n) == 1 else plural or noun + 's'}"


def figure(n: int) -> str:
    """A score: '1,035', and below nought with a true minus (U+2212), as the rules print it
    and the table draws it: '\u22125'."""
    return f"{n:,}".replace("-", "\u2212")


def signed(n: int) -> str:
    """What a hand gave or took: '+5', '0', '\u221213'."""
    return f"+{n:,}" if n > 0 else figure(n)


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
