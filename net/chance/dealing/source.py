"""The mental-poker deck behind the lockstep table: no hidden card is ever on the wire.

`DeckChance` answers the engine's requests for hidden cards with the protocol of
net.chance.deck (docs/deck.md) and rolls with SeedChance's commit-then-reveal. The
deck's seats ("participants") are the seated humans in seat order; a bot
seat's cards go to the human who plays it. Its payload in a frame is a list of
entries, each checked against the frame's signer:

    ["deck", deck number, message]   a DeckPeer message; its seat must be the signer's
    ["roll", SeedChance payload]
    ["accuse", deck number, seat]    a key share that seat sent the signer does not hold
                                     its keys (seat -1: a card dealt to it is no card)
    ["lost", deck number]            the signer's secrets for the deck are gone

A ShuffleRequest makes a DeckPeer (its seed journaled before the commitment
goes out); the commitment, shuffle and lock passes follow in seat order, each
in the first frame its author can sign. Deal and reveal requests are
registered by every peer at the step they appear; the keys owed go out in the
next frame. A play that shows its own face-down cards carries `open` for them
in the same frame, and every peer checks it before the engine sees the play.
The next hand's deck is shuffled ahead, while this hand is played, when the rules
know its shuffle already (`Game.next_shuffle`, see Decks). A deck the rules say is
finished (`Game.finished_decks`: its cards can no
longer be dealt, revealed or played, e.g. a Dragon hand's deck once the next
hand starts) is due for its audit: every seat discloses its seed for it in its
next frame, and every peer audits it as soon as the seeds of all present seats
are in, so a cheat is named during the next hand. When the match ends (or a hand is void) every deck
is due; the match's audit is done once every deck of the match is audited.

DeckChance only wires together parts with one job each: Seats (who is who, and how
a fault names them), Decks (the match's decks, made, in play and set aside), an
Outbox (this seat's entries until applied), the Audit (voids, accusations and the
audits that settle them), the Dealer (the engine's requests as deck messages and
back), Plays (plays that show cards) and Duties (what this seat owes each deck).
What stays here is the frame: entries out, entries in, and the seat that leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.chance import DealRequest, RollRequest, ShuffleRequest
from engine.wire import Action
from net.chance.dealing.audit import Audit
from net.chance.dealing.dealer import Dealer
from net.chance.dealing.decks import Decks
from net.chance.dealing.duties import Duties
from net.chance.dealing.outbox import Outbox
from net.chance.dealing.plays import Plays
from net.chance.dealing.seats import Seats
from net.chance.deck import BadMessage
from net.chance.seeds import ChanceSource, SeedChance
from net.errors import FaultKind
from net.wire.start import StartConfig


class DeckChance(ChanceSource):
    def __init__(self, start: StartConfig, me: int | None,
                 reveals: Callable[[Action], tuple[tuple, tuple]],
                 player_of: Callable[[int], int],
                 upcoming: Callable[[DealRequest], list[DealRequest]] = lambda request: [],
                 finished: Callable[[], frozenset[int]] = frozenset):
        """`reveals` is the game's; `player_of(seat)` the human seat that plays an engine
        seat now (the table's word, heirs included); `upcoming(deal)` the deals the rules
        ask for right after `deal`, registered with it so that a whole round of deals
        takes one step; `finished()` the game's finished decks in the current state,
        audited at once."""
        self.seats = Seats(start, me, player_of)
        self.rolls = SeedChance(self.seats.humans, me)
        self.decks = Decks(start.table, self.seats)
        self.outbox = Outbox(self.seats)
        self.audit = Audit(self.seats, self.decks, self.outbox, finished)
        self.dealer = Dealer(self.seats, self.decks, self.outbox, self.audit, upcoming)
        self.plays = Plays(self.seats, self.decks, reveals)
        self.duties = Duties(self.seats, self.decks, self.outbox, self.audit)
        self.finished = finished

    @property
    def report(self) -> str:
        return self.audit.report

    @property
    def summary(self) -> str:
        return self.audit.summary

    # -- frames out --------------------------------------------------------------
    def outgoing(self, request, actions=()):
        if self.seats.me is None:
            return None
        entries, secrets = [], []
        if isinstance(request, RollRequest) and not self.audit.void:
            roll = self.rolls.outgoing(request)
            if roll is not None:
                entries.append(["roll", roll[0]])
                secrets += [roll[1]] if roll[1] is not None else []
        self.duties.produce(self.finished())
        entries += self.outbox.entries
        entries += self.plays.opens(actions)
        secrets += [["deck", d.ordinal, d.peer.seed] for d in self.decks.played
                    if self.outbox.queued(d, "deck.commit")]
        return (entries, secrets or None) if entries else None

    # -- frames in ---------------------------------------------------------------
    def receive(self, seat, payload, step):
        self.seats.step = step
        if payload is None:
            self.audit.when_ready()  # a background audit's verdict may be due at this step
            return
        who = self.seats.part(seat)
        if not isinstance(payload, tuple):
            raise self.seats.cheat(who, "sent a chance payload that is not a list")
        for entry in payload:
            kind = entry[0] if isinstance(entry, tuple) and entry else None
            if kind == "roll" and len(entry) == 2:
                self.rolls.receive(seat, entry[1], step)
            elif kind == "deck" and len(entry) == 3:
                self._deck_message(who, entry[1], entry[2])
            elif kind == "accuse" and len(entry) == 3:
                self.audit.accusation(who, entry[1], entry[2])
            elif kind == "lost" and len(entry) == 2:
                self._lost(who, entry[1])
            else:
                raise self.seats.cheat(who, "sent a chance entry this table does not know: "
                                       f"{kind!r}")
            if who == self.seats.me:
                self.outbox.applied(entry)
        self.audit.when_ready()  # a seed, or a seat that left, may complete a deck's seeds

    def _deck_message(self, who: int, number: Any, message: Any) -> None:
        deck = self.decks.find(number)
        if deck is None:
            raise self.seats.cheat(who, f"sent a message for deck {number!r}, which is not "
                                   "in play")
        if not isinstance(message, tuple) or len(message) < 2 or message[1] != who:
            raise self.seats.cheat(who, "sent a deck message in another seat's name")
        self.audit.quiesce(deck)
        try:
            deck.take(self.audit.checked(deck, lambda: deck.peer.receive(message)))
        except BadMessage as exc:
            raise self.seats.cheat(who, str(exc)) from None
        if who == self.seats.me and message[0] == "deck.shuffle":
            deck.peer.prepare()  # the next seat is busy shuffling: load the lock keys now

    def _lost(self, who: int, number: Any) -> None:
        deck = self.decks.find(number)
        if deck is None or not deck.peer.committed(who) or deck.peer.disclosed(who):
            raise self.seats.cheat(who, f"said it lost its keys for deck {number!r}, which "
                                   "it holds no secret of")
        raise self.seats.fault(FaultKind.VOID, f"the hand is void: {self.seats.name(who)} lost its "
                               f"journal, and with it its secret keys for deck {number}: the "
                               "cards it holds cannot be opened, nor the deck dealt from or "
                               "audited")

    # -- the engine's requests -----------------------------------------------------
    def answer(self, request):
        if self.audit.void:
            return None  # the engine waits while the table audits
        if isinstance(request, RollRequest):
            return self.rolls.answer(request)
        return self.dealer.answer(request)

    def check(self, action, seat):
        return self.plays.check(action, seat)

    def owed(self, seat):
        part = self.seats.part(seat)
        owes = [f"{what} (deck {deck.number})" for deck in self.decks.played
                if (what := deck.peer.owed().get(part))]
        rolled = self.rolls.owed(seat) if self.rolls.commits else ""
        return "; ".join(owes + ([rolled] if rolled else []))

    # -- leaving ---------------------------------------------------------------------
    def can_leave(self) -> bool:
        """This peer may leave now: every deck locked, no deal to it under way, no roll open
        and the match not over (then the audit needs its seeds)."""
        me = self.seats.me
        return (not self.audit.closing and self.rolls.can_leave() and all(
            d.peer.locked and not d.peer.awaits(me) and not d.peer.lost
            for d in self.decks.played))

    def leave(self, heir: int) -> None:
        """Queue this peer's last deck messages: its hands to the seat `heir`, which plays on
        for it, then its keys of every card it does not hold (the stock stays playable)."""
        self.duties.leave(self.seats.part(heir))

    def depart(self, seat: int, heir: int) -> None:
        """`seat` has left and `heir` plays its seats (player_of says so from now on); decks
        shuffled from now on are shuffled without it."""
        self.rolls.depart(seat, heir)
        self.decks.gone.add(self.seats.part(seat))

    def back(self, seat: int) -> None:
        """`seat`'s player is back, at a fresh deal: it takes part in the decks and rolls
        from now on."""
        self.rolls.back(seat)
        self.decks.gone.discard(self.seats.part(seat))

    def decks_in_play(self) -> frozenset[int]:
        return self.decks.in_play()

    def prepare(self, upcoming: ShuffleRequest | None) -> None:
        """Shuffle ahead `upcoming`, the fresh shuffle the rules will ask for next (the next
        hand's deck), once no deck of the engine's is being shuffled: its passes ride in
        the frames of this hand, and the next hand is dealt from it as soon as it is asked
        for. Every peer makes it at the same step. Not for an owner's deck (only its owner
        knows its faces, when the rules ask), nor once the match is closing."""
        decks = self.decks
        if (upcoming is None or upcoming.owner >= 0 or self.audit.closing
                or decks.spare is not None or upcoming.deck in decks.by_number
                or not all(d.shuffled for d in decks.played if decks.current(d))):
            return
        decks.make_spare(upcoming)

    def quiet(self, seat: int, heir: int) -> None:
        """`seat` went quiet: every deck not audited yet needs its keys or its seed, which
        went with it, so each is set aside unaudited (the summary says so); unless the
        match is over, the table deals again without it, from decks it has no part in."""
        self.depart(seat, heir)
        self.decks.set_aside_unaudited()
        self.audit.forget_set_aside()
        self.outbox.clear()
        self.dealer.forget()

    def faces_of(self, number: int, positions) -> tuple[int, ...]:
        return self.decks.faces_of(number, positions)

    # -- the end ----------------------------------------------------------------------
    def close(self):
        self.audit.close()

    def done(self):
        return bool(self.report)

    def secrets(self) -> list:
        return (self.decks.secrets()
                + [["nonce", n, nonce] for n, nonce in sorted(self.rolls.nonces.items())])

    def restore(self, secret):
        for item in secret if isinstance(secret, list) else ():
            if isinstance(item, list) and len(item) == 3 and item[0] == "nonce":
                self.rolls.restore(item)
            elif isinstance(item, list) and len(item) == 3 and item[0] == "deck":
                self.decks.seeds[item[1]] = item[2]
