"""The mental-poker deck behind the lockstep table: no hidden card is ever on the wire.

`DeckChance` answers the engine's requests for hidden cards with the protocol of
net.deck (docs/deck.md) and rolls with SeedChance's commit-then-reveal. The
deck's seats ("participants") are the seated humans in seat order; a bot
seat's cards go to the human who plays it. Its payload in a frame is a list of
entries, each checked against the frame's signer:

    ["deck", deck number, message]   a DeckPeer message; its seat must be the signer's
    ["roll", SeedChance payload]
    ["accuse", deck number, seat]    a key share that seat sent the signer does not hold
                                     its keys (seat -1: a card dealt to it is no card)

A ShuffleRequest makes a DeckPeer (its seed journaled before the commitment
goes out); the commitment, shuffle and lock passes follow in seat order, each
in the first frame its author can sign. Deal and reveal requests are
registered by every peer at the step they appear; the keys owed go out in the
next frame. A play that shows its own face-down cards carries `open` for them
in the same frame, and every peer checks it before the engine sees the play.
A deck the rules say is finished (`Game.finished_decks`: its cards can no
longer be dealt, revealed or played, e.g. a Dragon hand's deck once the next
hand starts) is due for its audit: every seat discloses its seed for it in its
next frame, and every peer audits it as soon as the seeds of all present seats
are in, so a cheat is named during the next hand. When the match ends (or a hand is void) every deck
is due; the match's audit is done once every deck of the match is audited.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.cards import ref_deck, ref_position
from engine.chance import (
    DealRequest,
    Dealt,
    RevealCardsRequest,
    Revealed,
    RevealedCards,
    RevealRequest,
    RollRequest,
    Shuffled,
    ShuffleRequest,
    by_deck,
)
from engine.wire import Action
from net.chance import ChanceSource, SeedChance
from net.deck import (
    AuditInconclusive,
    BadMessage,
    CheatDetected,
    DeckCorrupt,
    DeckPeer,
    DeckSpec,
    PrivateCheat,
    ProtocolError,
)
from net.deck.messages import as_received
from net.errors import TableFault
from net.lobby import StartConfig

NO_CARD = -1  # an accusation that names no seat: a card dealt to the accuser is no card


@dataclass(eq=False)
class _Deck:
    """One shuffled deck of the match and what the table has settled of it."""

    number: int  # the engine's deck number
    ordinal: int  # its place among the match's shuffles (the DeckSpec's hand)
    peer: DeckPeer
    asked: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = field(default_factory=dict)
    dealt: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = field(default_factory=dict)
    audited: int | None = None  # the step whose frames completed its clean audit

    @property
    def shuffled(self) -> bool:
        return self.peer.locked


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
        humans = tuple(sorted(start.humans()))
        self.table = start.table
        self.humans = humans
        self.player_of = player_of
        self.labels = [seat.label(i) for i, seat in enumerate(start.seats)]
        self.me = None if me is None else humans.index(me)
        self.reveals = reveals
        self.upcoming = upcoming
        self.finished = finished
        self.ahead: list[DealRequest] = []  # deals registered before the rules asked for them
        self.rolls = SeedChance(humans, me)
        self.gone: set[int] = set()  # participants that left the table: no part in new decks
        self.decks: dict[int, _Deck] = {}  # by engine deck number
        self.played: list[_Deck] = []  # every deck of the match in play, in order
        self.shuffles = 0  # decks made so far: the next one's ordinal
        self.set_aside: list[_Deck] = []  # decks a quiet seat's keys went with: no audit
        self.seeds: dict[int, bytes] = {}  # by ordinal, restored from the journal
        self.outbox: list[tuple] = []  # own entries not yet applied
        self.registered: Any = None  # the last request registered (the engine's current)
        self.step = -1
        self.closing = False
        self.void = ""  # why the hand is void, once it is
        self.accuser: int | None = None
        self.summary = ""

    # -- frames out --------------------------------------------------------------
    def outgoing(self, request, actions=()):
        if self.me is None:
            return None
        entries, secrets = [], []
        if isinstance(request, RollRequest) and not self.void:
            roll = self.rolls.outgoing(request)
            if roll is not None:
                entries.append(["roll", roll[0]])
                secrets += [roll[1]] if roll[1] is not None else []
        finished = self.finished()
        for deck in self.played:
            self._produce(deck, finished)
            self._say_lost(deck)
        entries += self.outbox
        entries += self._opens(actions)
        secrets += [["deck", d.ordinal, d.peer.seed] for d in self.played
                    if self._queued(d, "deck.commit")]
        return (entries, secrets or None) if entries else None

    def _produce(self, deck: _Deck, finished: frozenset[int]) -> None:
        """Queue what this seat owes the deck now and has not queued yet."""
        peer, me = deck.peer, self.me
        if peer.lost or me in peer.departed() or (
                self.decks[deck.number] is not deck and not self.closing):
            return  # lost its keys, left it, or a later deck took its number (owes its seed)
        if not peer.committed(me) and not self._queued(deck, "deck.commit"):
            self._queue(deck, peer.commit())
        turn = peer.turn()
        if turn == ("deck.shuffle", me) and not self._queued(deck, "deck.shuffle"):
            self._queue(deck, peer.shuffle())
        elif turn == ("deck.lock", me) and not self._queued(deck, "deck.lock"):
            self._queue(deck, peer.lock())
        if (self._due(deck, finished) and not peer.disclosed(me)
                and not self._queued(deck, "deck.seed")):
            self._queue(deck, peer.disclose())

    def _say_lost(self, deck: _Deck) -> None:
        """Tell the table once that this seat's secrets for `deck` are gone (its journal
        was lost): every peer voids the hand at the same step, naming it, at once."""
        if not deck.peer.lost or deck.peer.disclosed(self.me):
            return
        entry = as_received(["lost", deck.number])
        if entry not in self.outbox:
            self.outbox.append(entry)

    def _queued(self, deck: _Deck, kind: str) -> bool:
        return any(e[0] == "deck" and e[1] == deck.number and e[2][0] == kind
                   for e in self.outbox)

    def _queue(self, deck: _Deck, message) -> None:
        if message is not None and self.me is not None:
            self.outbox.append(as_received(["deck", deck.number, message]))

    def _opens(self, actions) -> list[tuple]:
        """`open` for this seat's face-down cards that its `actions` show."""
        wanted: dict[int, list[int]] = {}
        held: dict[int, tuple[int, ...]] = {}
        for action in actions:
            refs = self.reveals(action)[0]
            if not isinstance(refs, tuple) or not all(type(card) is int for card in refs):
                continue  # malformed: every peer will refuse the action anyway
            for card in refs:
                deck = self.decks.get(ref_deck(card))
                if deck is None or deck.peer.lost:
                    continue
                if deck.number not in held:
                    held[deck.number] = deck.peer.hidden(self.me)
                j = ref_position(card)
                if j in held[deck.number] and j not in wanted.get(deck.number, ()):
                    wanted.setdefault(deck.number, []).append(j)
        return [as_received(["deck", n, self.decks[n].peer.open(p)]) for n, p in wanted.items()]

    # -- frames in ---------------------------------------------------------------
    def receive(self, seat, payload, step):
        self.step = step
        if payload is None:
            return
        who = self.humans.index(seat)
        if not isinstance(payload, tuple):
            raise self._cheat(who, "sent a chance payload that is not a list")
        for entry in payload:
            kind = entry[0] if isinstance(entry, tuple) and entry else None
            if kind == "roll" and len(entry) == 2:
                self.rolls.receive(seat, entry[1], step)
            elif kind == "deck" and len(entry) == 3:
                self._deck_message(who, entry[1], entry[2])
            elif kind == "accuse" and len(entry) == 3:
                self._accusation(who, entry[1], entry[2])
            elif kind == "lost" and len(entry) == 2:
                self._lost(who, entry[1])
            else:
                raise self._cheat(who, f"sent a chance entry this table does not know: {kind!r}")
            if who == self.me and entry in self.outbox:
                self.outbox.remove(entry)
        self._audit_when_ready()  # a seed, or a seat that left, may complete a deck's seeds

    def _deck_message(self, who: int, number: Any, message: Any) -> None:
        deck = self.decks.get(number) if type(number) is int else None
        if deck is None:
            raise self._cheat(who, f"sent a message for deck {number!r}, which is not in play")
        if not isinstance(message, tuple) or len(message) < 2 or message[1] != who:
            raise self._cheat(who, "sent a deck message in another seat's name")
        try:
            self._take(deck, self._checked(deck, lambda: deck.peer.receive(message)))
        except BadMessage as exc:
            raise self._cheat(who, str(exc)) from None
        if who == self.me and message[0] == "deck.shuffle":
            deck.peer.prepare()  # the next seat is busy shuffling: load the lock keys now

    def _lost(self, who: int, number: Any) -> None:
        deck = self.decks.get(number) if type(number) is int else None
        if deck is None or not deck.peer.committed(who) or deck.peer.disclosed(who):
            raise self._cheat(who, f"said it lost its keys for deck {number!r}, which it holds "
                                   "no secret of")
        raise TableFault("void", self.step, f"the hand is void: {self._name(who)} lost its "
                         f"journal, and with it its secret keys for deck {number}: the cards "
                         "it holds cannot be opened, nor the deck dealt from or audited")

    def _checked(self, deck: _Deck, step: Callable[[], tuple]) -> tuple:
        """What a DeckPeer call completed; a cheat stops the table, and what only this peer
        sees (a false share to it, a card of its own that is no card) is applied as every
        other peer applies it while this peer accuses, so that the table audits."""
        try:
            return step()
        except PrivateCheat as exc:
            self._accuse(deck, exc.seat)
            return exc.actions
        except CheatDetected as exc:
            raise self._cheat(exc.seat, exc.reason) from None
        except DeckCorrupt as exc:
            if exc.private:
                self._accuse(deck, NO_CARD)
            else:
                self._void_hand(f"positions {list(exc.positions)} of deck {deck.number} "
                                "decrypt to no card")
            return exc.actions

    def _accuse(self, deck: _Deck, seat: int) -> None:
        if self.me is not None:
            self.outbox.append(as_received(["accuse", deck.number, seat]))

    def _accusation(self, who: int, number: Any, accused: Any) -> None:
        if (type(number) is not int or number not in self.decks or type(accused) is not int
                or not NO_CARD <= accused < len(self.humans) or accused == who):
            raise self._cheat(who, "made an accusation that names no deck or seat")
        if accused == NO_CARD:
            what = f"a card dealt to it from deck {number} decrypts to no card"
        else:
            what = (f"the keys {self._name(accused)} sent it for deck {number} are not the "
                    "committed ones")
        if accused in self.decks[number].peer.departed():
            what += f"; {self._name(accused)} has left, so the audit cannot settle it"
        else:
            self.accuser = who  # the audit names the culprit, or else the accuser
        self._void_hand(f"{self._name(who)} says {what}")

    def _take(self, deck: _Deck, actions) -> None:
        """Note the deals completed (the deck itself keeps what is shuffled or face up)."""
        for action in actions:
            if isinstance(action, Dealt):
                deck.dealt[(action.to_seat, action.positions)] = action.faces

    # -- the engine's requests -----------------------------------------------------
    def answer(self, request):
        if self.void:
            return None  # the engine waits while the table audits
        if isinstance(request, RollRequest):
            return self.rolls.answer(request)
        if isinstance(request, RevealCardsRequest):
            return self._revealed_cards(request)
        deck = self._register(request)
        if isinstance(request, ShuffleRequest):
            done = Shuffled(request.deck) if deck.shuffled else None
        elif isinstance(request, DealRequest):
            done = self._dealt(deck, request)
        else:
            faces = tuple(map(deck.peer.public_face, request.positions))
            done = None if None in faces else Revealed(request.deck, request.positions, faces)
        return done

    def _revealed_cards(self, request: RevealCardsRequest) -> RevealedCards | None:
        """Cards of several decks turned up in one round: each deck's part is registered
        as its own reveal, all in the same step."""
        if request != self.registered:
            self.registered = request
            for number, positions in by_deck(request.cards).items():
                self._requested(RevealRequest(number, tuple(positions)))
        faces = tuple(self.decks[ref_deck(card)].peer.public_face(ref_position(card))
                      for card in request.cards)
        return None if None in faces else RevealedCards(request.cards, faces)

    def _dealt(self, deck: _Deck, request: DealRequest) -> Dealt | None:
        """The deal once the cards its receivers had not seen yet have come to them."""
        sees = False
        for part in self._receivers(request):
            new = deck.asked[(part, request.positions)]
            if new and (part, new) not in deck.dealt:
                return None
            # a receiver sees them, unless a false key share kept a key from it
            sees |= part == self.me and (not new or bool(deck.dealt[(part, new)]))
        faces = tuple(deck.peer.faces[j] for j in request.positions) if sees else ()
        return Dealt(request.deck, request.seat, request.positions, faces)

    def _holder(self, seat: int) -> int:
        """The participant whose engine plays engine seat `seat` and is dealt its cards."""
        return self.humans.index(self.player_of(seat))

    def _receivers(self, request: DealRequest) -> tuple[int, ...]:
        """The participants a deal shows its cards to: its seat's, and its witness's
        (once, when one participant plays both)."""
        seats = (request.seat,) if request.witness < 0 else (request.seat, request.witness)
        return tuple(dict.fromkeys(self._holder(s) for s in seats))

    def _register(self, request) -> _Deck:
        """Make or find the request's deck; register a deal or reveal once, as every peer
        does, and with a deal the deals that follow it."""
        if request == self.registered:
            return self.decks[request.deck]
        self.registered = request
        if isinstance(request, ShuffleRequest):
            return self._new_deck(request)
        if request in self.ahead:
            self.ahead.remove(request)
            return self.decks[request.deck]
        deck = self._requested(request)
        if isinstance(request, DealRequest):
            for later in self.upcoming(request):
                coming = self.decks.get(later.deck)
                if coming is None or not set(later.positions) <= set(coming.peer.stock()):
                    break  # only fresh cards from the stock: a round of opening deals
                self._requested(later)
                self.ahead.append(later)
        return deck

    def _requested(self, request) -> _Deck:
        """Register a deal or a reveal with its deck and queue the keys this peer owes."""
        deck = self.decks.get(request.deck)
        if deck is None or not deck.shuffled:
            raise TableFault("void", self.step, f"the rules asked for cards of deck "
                             f"{request.deck}, which is not shuffled")
        try:
            if isinstance(request, DealRequest):
                messages = [self._deal(deck, part, request.positions)
                            for part in self._receivers(request)]
            else:
                hidden = tuple(j for j in request.positions
                               if deck.peer.public_face(j) is None)
                messages = [deck.peer.reveal(hidden) if hidden else None]
        except ProtocolError as exc:
            raise TableFault("void", self.step, f"the hand is void: {exc}") from None
        for message in messages:
            self._queue(deck, message)
        self._take(deck, self._checked(deck, deck.peer.settled))
        return deck

    def _deal(self, deck: _Deck, part: int, positions: tuple[int, ...]) -> tuple | None:
        """Deal participant `part` what it has not been dealt yet: a seat that plays
        several (its bots) may be dealt again what it already saw for another."""
        new = tuple(j for j in positions if part not in deck.peer.shown(j))
        deck.asked[(part, positions)] = new
        return deck.peer.deal(part, new) if new else None

    def _new_deck(self, request: ShuffleRequest) -> _Deck:
        """A DeckPeer for the request; an owner's deck is built from its owner's faces, which
        only the owner's engine knows (the others list -1 for each card)."""
        ordinal, self.shuffles = self.shuffles, self.shuffles + 1
        owner = self._holder(request.owner) if request.owner >= 0 else -1
        faces = request.faces if owner < 0 else (-1,) * len(request.faces)
        spec = DeckSpec(self.table, ordinal, request.deck, len(self.humans), faces, owner,
                        tuple(sorted(self.gone)))
        secret = request.faces if 0 <= owner == self.me else None
        if secret is not None and -1 in secret:
            raise TableFault("void", self.step, f"the owner of deck {request.deck} does not "
                             "know its faces")
        seed = self.seeds.get(ordinal) if self.me is not None else None
        deck = _Deck(request.deck, ordinal, DeckPeer(spec, self.me, seed, secret))
        self.decks[request.deck] = deck
        self.played.append(deck)
        return deck

    # -- plays that show cards ------------------------------------------------------
    def check(self, action, seat):
        refs, faces = self.reveals(action)
        if len(refs) != len(faces):
            return "the action names a different number of cards and faces"
        for card, face in zip(refs, faces, strict=True):
            deck = self.decks.get(ref_deck(card))
            j = ref_position(card)
            if deck is None or not 0 <= j < len(deck.peer.spec.faces):
                continue  # no card of the deck: the engine refuses it
            shown = deck.peer.public_face(j)
            if shown is None:
                player = self._holder(seat)
                what = ("its face-down card" if j in deck.peer.hidden(player)
                        else "a card it does not hold")
                raise self._cheat(player, f"played {what} (deck {deck.number}, position {j}) "
                                  "without showing its keys")
            if shown != face:
                return f"the card at deck {deck.number} position {j} is not face {face}"
        return None

    def owed(self, seat):
        part = self.humans.index(seat)
        owes = [f"{what} (deck {deck.number})" for deck in self.played
                if (what := deck.peer.owed().get(part))]
        rolled = self.rolls.owed(seat) if self.rolls.commits else ""
        return "; ".join(owes + ([rolled] if rolled else []))

    # -- leaving ---------------------------------------------------------------------
    def can_leave(self) -> bool:
        """This peer may leave now: every deck locked, no deal to it under way, no roll open
        and the match not over (then the audit needs its seeds)."""
        return (not self.closing and self.rolls.can_leave() and all(
            d.peer.locked and not d.peer.awaits(self.me) and not d.peer.lost
            for d in self.played))

    def leave(self, heir: int) -> None:
        """Queue this peer's last deck messages: its hands to the seat `heir`, which plays on
        for it, then its keys of every card it does not hold (the stock stays playable)."""
        to = self.humans.index(heir)
        for deck in self.played:
            gone = deck.peer.departed()
            if self.me in gone:
                continue  # left before, and came back after this deck was shuffled
            # an heir that was away when this deck was shuffled has no part in it: the
            # deck's hand is over (the heir came back at a fresh deal), nothing to hand over
            handover = deck.peer.handover(to) if to not in gone else None
            self._queue(deck, handover)
            self._queue(deck, deck.peer.leave(handover is not None))

    def depart(self, seat: int, heir: int) -> None:
        """`seat` has left and `heir` plays its seats (player_of says so from now on); decks
        shuffled from now on are shuffled without it."""
        self.rolls.depart(seat, heir)
        self.gone.add(self.humans.index(seat))

    def back(self, seat: int) -> None:
        """`seat`'s player is back, at a fresh deal: it takes part in the decks and rolls
        from now on."""
        self.rolls.back(seat)
        self.gone.discard(self.humans.index(seat))

    def decks_in_play(self) -> frozenset[int]:
        return frozenset(deck.number for deck in self.played)

    def quiet(self, seat: int, heir: int) -> None:
        """`seat` went quiet: every deck not audited yet needs its keys or its seed, which
        went with it, so each is set aside unaudited (the summary says so); the table
        deals again without it, from decks it has no part in."""
        self.depart(seat, heir)
        kept = [deck for deck in self.played if deck.audited is not None]
        self.set_aside += [deck for deck in self.played if deck.audited is None]
        self.played = kept
        self.decks = {n: d for n, d in self.decks.items() if d in kept}
        self.outbox, self.ahead, self.registered = [], [], None

    def faces_of(self, number: int, positions) -> tuple[int, ...]:
        """The faces this peer knows at `positions` of deck `number`, or () unless all."""
        if number not in self.decks:
            return ()  # a deck set aside when a seat went quiet
        known = self.decks[number].peer.faces
        faces = tuple(known.get(j) for j in positions)
        return () if None in faces else faces

    # -- the end ----------------------------------------------------------------------
    def close(self):
        self.closing = True
        self._audit_when_ready()  # at once if the match dealt no hidden cards

    def done(self):
        return bool(self.report)

    def _void_hand(self, reason: str) -> None:
        if not self.void:
            self.void = reason
            self.closing = True

    def _due(self, deck: _Deck, finished: frozenset[int]) -> bool:
        """The deck's seeds are to be disclosed: its hand is over, or the match."""
        return self.closing or (deck.number in finished and self.decks[deck.number] is deck)

    def _audit_when_ready(self) -> None:
        """Audit each due deck once every present seat disclosed its seed for it; once the
        match is closing and every deck is audited, the match's audit is done."""
        if self.report:
            return
        finished = self.finished()
        seats = range(len(self.humans))
        try:
            for deck in self.played:
                if deck.audited is None and self._due(deck, finished) and all(
                        deck.peer.disclosed(s) for s in seats if s not in deck.peer.departed()):
                    deck.peer.audit()
                    deck.audited = self.step
        except CheatDetected as exc:
            raise self._cheat(exc.seat, f"{exc.reason} (found by the audit)") from None
        except AuditInconclusive as exc:
            names = ", ".join(self._name(s) for s in exc.seats)
            raise TableFault("cheat", self.step, f"the audit found {exc.reason}: one of "
                             f"{names}, who left, cheated") from None
        if not self.closing or any(deck.audited is None for deck in self.played):
            return
        if self.accuser is not None:
            raise self._cheat(self.accuser, f"made an accusation the audit found false "
                              f"({self.void})")
        if self.void:
            raise TableFault("void", self.step, f"the hand is void: {self.void}")
        self.report = "clean"
        self.summary = (f"audit clean: {len(self.played)} deck(s), every pass and key share "
                        "recomputed from the disclosed seeds")
        if self.set_aside:
            self.summary += (f"; {len(self.set_aside)} deck(s) set aside unaudited when a "
                             "player went quiet (their seed went with them)")

    def _name(self, participant: int) -> str:
        return self.labels[self.humans[participant]]  # twins carry a fingerprint

    def _cheat(self, participant: int, reason: str) -> TableFault:
        return TableFault("cheat", self.step, f"{self._name(participant)} cheated: {reason}")

    def secrets(self) -> list:
        seeds = {**self.seeds, **{d.ordinal: d.peer.seed for d in self.played + self.set_aside}}
        return ([["deck", ordinal, seed] for ordinal, seed in sorted(seeds.items())]
                + [["nonce", n, nonce] for n, nonce in sorted(self.rolls.nonces.items())])

    def restore(self, secret):
        for item in secret if isinstance(secret, list) else ():
            if isinstance(item, list) and len(item) == 3 and item[0] == "nonce":
                self.rolls.restore(item)
            elif isinstance(item, list) and len(item) == 3 and item[0] == "deck":
                self.seeds[item[1]] = item[2]
