"""The table's verdicts on the deck: voids, accusations and the audits that settle them.

What a DeckPeer finds is a cheat for the whole table, or only for this peer: a false
key share to it, or a card of its own that is no card, only its receiver can see, so it
applies the message as every other peer does and accuses in its next frame. An
accusation, or a public card that is no card, voids the hand; then, or once the match
ends, every deck is due (a deck the rules say is finished, `Game.finished_decks`, is
due at once, so a cheat is named during the next hand). A due deck is audited as soon
as the seeds of all its present seats are in; once every deck of a closing match is,
the audit names the cheat, or else the accuser, or else says why the hand is void, or
else the match is clean.

A finished deck's audit (tens of milliseconds of curve arithmetic) runs in the background
while the table plays on — it starts AUDIT_WAIT steps after the step that completed its
seeds, once the next hand is dealt (the deal waits for nothing else, so it shares the CPU
with nothing) — and its verdict is taken at the step AUDIT_LAG steps after the seeds',
the same step on every peer (waiting for it there if it is not done): a cheat stops the
table with the same report everywhere, and a seat gone quiet before that step finds the
deck unaudited on every peer alike. A closing match's audits run at once: nothing is left
to play.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from net.chance.dealing.decks import Deck, Decks
from net.chance.dealing.outbox import Outbox
from net.chance.dealing.seats import Seats
from net.chance.deck import AuditInconclusive, CheatDetected, DeckCorrupt, PrivateCheat
from net.errors import FaultKind

NO_CARD = -1  # an accusation that names no seat: a card dealt to the accuser is no card
AUDIT_WAIT = 4  # steps from a finished deck's last seed to its audit's start
AUDIT_LAG = 20  # steps from a finished deck's last seed to its verdict (~1 s at the pace)
#: where finished decks are audited, off the step's path (one thread: audits are rare)
AUDITOR = ThreadPoolExecutor(1, thread_name_prefix="audit")


class Audit:
    def __init__(self, seats: Seats, decks: Decks, outbox: Outbox,
                 finished: Callable[[], frozenset[int]]):
        """`finished()`: the game's finished decks in the current state."""
        self.seats = seats
        self.decks = decks
        self.outbox = outbox
        self.finished = finished
        self.closing = False  # the match is over or the hand void: every deck is due
        self.void = ""  # why the hand is void, once it is
        self.accuser: int | None = None
        self.report = ""  # "clean" once every deck of the closing match is audited
        self.summary = ""
        #: decks whose seeds are in: their verdict's step, and their audit once started
        self.running: dict[Deck, tuple[int, Future | None]] = {}

    def checked(self, deck: Deck, step: Callable[[], tuple]) -> tuple:
        """What a DeckPeer call completed; a cheat stops the table, and what only this peer
        sees (a false share to it, a card of its own that is no card) is applied as every
        other peer applies it while this peer accuses, so that the table audits."""
        try:
            return step()
        except PrivateCheat as exc:
            self.outbox.accuse(deck, exc.seat)
            return exc.actions
        except CheatDetected as exc:
            raise self.seats.cheat(exc.seat, exc.reason) from None
        except DeckCorrupt as exc:
            if exc.private:
                self.outbox.accuse(deck, NO_CARD)
            else:
                self.void_hand(f"positions {list(exc.positions)} of deck {deck.number} "
                               "decrypt to no card")
            return exc.actions

    def accusation(self, who: int, number: Any, accused: Any) -> None:
        """Participant `who` accused `accused` over deck `number`: the hand is void."""
        seats = self.seats
        if (type(number) is not int or number not in self.decks.by_number
                or type(accused) is not int or not NO_CARD <= accused < len(seats.humans)
                or accused == who):
            raise seats.cheat(who, "made an accusation that names no deck or seat")
        if accused == NO_CARD:
            what = f"a card dealt to it from deck {number} decrypts to no card"
        else:
            what = (f"the keys {seats.name(accused)} sent it for deck {number} are not the "
                    "committed ones")
        if accused in self.decks.by_number[number].peer.departed():
            what += f"; {seats.name(accused)} has left, so the audit cannot settle it"
        else:
            self.accuser = who  # the audit names the culprit, or else the accuser
        self.void_hand(f"{seats.name(who)} says {what}")

    def void_hand(self, reason: str) -> None:
        if not self.void:
            self.void = reason
            self.closing = True

    def close(self) -> None:
        self.closing = True
        self.when_ready()  # at once if the match dealt no hidden cards

    def due(self, deck: Deck, finished: frozenset[int]) -> bool:
        """The deck's seeds are to be disclosed: its hand is over, or the match."""
        return self.closing or (deck.number in finished and self.decks.current(deck))

    def when_ready(self) -> None:
        """Audit each due deck once every present seat disclosed its seed for it (in the
        background, unless the match is closing), and take each verdict at its step; once
        the match is closing and every deck is audited, the match's audit is done."""
        if self.report:
            return
        seats, played = self.seats, self.decks.played
        finished = self.finished()
        try:
            for deck in played:
                if deck in self.running:
                    self._verdict(deck)
                elif deck.audited is None and self.due(deck, finished) and all(
                        deck.peer.disclosed(s) for s in range(len(seats.humans))
                        if s not in deck.peer.departed()):
                    self._start(deck)
        except CheatDetected as exc:
            raise seats.cheat(exc.seat, f"{exc.reason} (found by the audit)") from None
        except AuditInconclusive as exc:
            names = ", ".join(seats.name(s) for s in exc.seats)
            raise seats.fault(FaultKind.CHEAT, f"the audit found {exc.reason}: one of {names}, who "
                              "left, cheated") from None
        if not self.closing or any(deck.audited is None for deck in played):
            return
        if self.accuser is not None:
            raise seats.cheat(self.accuser, f"made an accusation the audit found false "
                              f"({self.void})")
        if self.void:
            raise seats.fault(FaultKind.VOID, f"the hand is void: {self.void}")
        self.report = "clean"
        self.summary = (f"audit clean: {len(played)} deck(s), every pass and key share "
                        "recomputed from the disclosed seeds")
        if self.decks.dropped:
            self.summary += (f"; {len(self.decks.dropped)} deck(s) shuffled ahead and dropped "
                             "unused, never dealt from")
        if self.decks.set_aside:
            self.summary += (f"; {len(self.decks.set_aside)} deck(s) set aside unaudited "
                             "when a player went quiet (their seed went with them)")

    def _start(self, deck: Deck) -> None:
        if self.closing:
            deck.peer.audit()
            deck.audited = self.seats.step
        else:
            self.running[deck] = (self.seats.step + AUDIT_LAG, None)

    def _verdict(self, deck: Deck) -> None:
        """Start the deck's background audit at its time; judge it at its step (at once if
        the match closes)."""
        at, audit = self.running[deck]
        step = self.seats.step
        if audit is None and step >= at - AUDIT_LAG + AUDIT_WAIT:
            audit = AUDITOR.submit(deck.peer.audit)
            self.running[deck] = (at, audit)
        if step < at and not self.closing:
            return
        del self.running[deck]
        if audit is None:
            deck.peer.audit()  # raises what the audit found
        else:
            audit.result()
        deck.audited = step

    def quiesce(self, deck: Deck) -> None:
        """Let the deck's background audit finish before anything changes the deck (a
        message for it, a seat that leaves); its verdict still waits for its step."""
        audit = self.running.get(deck, (0, None))[1]
        if audit is not None:
            audit.exception()

    def forget_set_aside(self) -> None:
        """Decks set aside (a seat went quiet) are judged no more."""
        self.running = {d: run for d, run in self.running.items() if d in self.decks.played}
