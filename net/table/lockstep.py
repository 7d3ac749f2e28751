"""The lockstep replica: frames in, the same engine state out on every peer.

Pure logic, no I/O and no clock: the node feeds it verified records and asks
it to apply steps; tests drive several replicas directly.

A step is applied when the frame of every seated human for it is in. Frames
are taken in seat order; each one must follow its author's previous frame
(its `prev` is that frame's hash; step 0 follows the start proposal) and must
carry the public-state hash this peer computed after the previous step, else
the table stops with an equivocation or desync report naming the step. Each
frame's chance payload goes to the `ChanceSource`, then its actions go to the
engine once the faces they show are checked; an action the engine refuses is
rejected the same way on every peer and changes nothing. At the end of the step
chance requests are settled and a timer whose deadline is this step is answered
with `TimeUp`. After the engine's match is over the table steps on until the
chance source's audit is done. A frame marked as its seat's last (a graceful
leave) hands that seat's seats to the lowest other human from the next step on.

A human who left or went quiet may come back: it follows the table meanwhile (its
replica takes every frame, it signs none) and asks to be let back; every present peer
then names its seat in the `welcome` of each frame it signs. At the first step whose
frames all welcome it, it is admitted, and it takes its seat back at the next fresh
deal (a shuffle with no deck in play: no card needs keys it does not hold); its next
frame follows no earlier one of its own, but the start, as at step 0.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine.chance import CHANCE, TimeUp
from engine.errors import BadWire, EngineError
from engine.fields import malformed
from engine.registry import get_game
from engine.wire import Action, Event, from_record, to_record
from net.chance.dealing import DeckChance
from net.chance.seeds import ChanceSource
from net.errors import TableFault
from net.table.attendance import Attendance, SeatsSeen
from net.table.departures import Departing
from net.table.framestore import WINDOW, Body, FrameStore, body_payload, parse_body
from net.table.hindsight import first_state, upcoming_deals
from net.table.pause import NextHand, NotNow, PauseTable, PlayerPause, ResumeTable, paused_or_not
from net.table.rounds import Rounds
from net.table.takeback import (
    AnswerTakeBack,
    AskTakeBack,
    Decided,
    NoQuestion,
    Question,
    TakeBacks,
    TakingBack,
)
from net.wire.frames import DIGEST_SIZE, QUIET, STEP, Record, sign
from net.wire.identity import Identity
from net.wire.start import StartConfig


@dataclass(frozen=True, slots=True)
class Entry:
    """One action handled at a step: applied (events) or rejected (error)."""

    seat: int  # the frame's seat, or CHANCE for the table's own answers
    action: Action | None
    events: tuple[Event, ...] = ()
    error: str = ""  # why it was rejected, in words that name no player (for logs)
    #: the engine's refusal, when it was one: the client words it for its players, with the
    #: table's names (EngineError.explain); not compared, so peers' entries stay equal
    refusal: EngineError | None = field(default=None, compare=False)


@dataclass
class Applied:
    step: int
    entries: list[Entry] = field(default_factory=list)
    finished: bool = False
    chance: bool = False  # some frame carried a chance message (a pass, a key share...)
    left: list[tuple[int, int]] = field(default_factory=list)  # (seat that left, its heir)
    quiet: list[tuple[int, int]] = field(default_factory=list)  # (seat gone quiet, its heir)
    back: list[int] = field(default_factory=list)  # seats whose human took them back
    over: bool = False  # the engine's match is over (a seat gone quiet is not dealt again)
    asked: Question | None = None  # a take-back was asked at this step (net.table.takeback)
    takeback: Decided | None = None  # a take-back question ended


def well_typed(action: Action) -> bool:
    """Do the fields hold what the wire type declares? (The engine's own door, engine.fields.)"""
    return malformed(action) is None


class Replica(SeatsSeen, TakingBack, Departing):
    """One engine instance kept in lockstep with the table; who plays which seat is
    read from its attendance (net.table.attendance.SeatsSeen); a take-back's records are
    net.table.takeback.TakingBack's; leaves, quiet seats and returns
    net.table.departures.Departing's."""

    def __init__(self, start: StartConfig, me: int | None, chance: ChanceSource | None = None,
                 secrets=()):
        """`secrets`: what this peer journaled of its chance secrets, after a restart."""
        self.start = start
        self.game = get_game(start.game)
        self.state = first_state(self.game, start)
        self.attendance = Attendance(start)  # who is at the table (net.table.attendance)
        self.store = FrameStore(start, self.attendance)
        self.frames = self.store.by_step  # step -> seat -> frame
        self.me = me
        self.chance = chance or DeckChance(start, me, self.game.reveals, self.player_of,
                                           lambda deal: upcoming_deals(self.game,
                                                                       self.state, deal),
                                           lambda: self.game.finished_decks(self.state))
        for secret in secrets:
            self.chance.restore(secret)
        self._back_now: list[int] = []  # seats taken back in the step being applied
        self.rounds = Rounds()  # the last fresh deal, the pause between hands, the timer
        self.paused: PlayerPause | None = None  # a player stopped the table (net.table.pause)
        self.takebacks = TakeBacks()  # the last human action's undo, and its question
        self.applied = -1
        self.history: list[Action] = []  # every action applied, for taking over a seat
        self.hashes = {-1: self._hash()}
        self.rounds.track_timer(self.state, -1)
        request = self.game.chance_request(self.state)
        if request is not None:
            self._note_fresh_deal(request, -1)
            self.chance.answer(request)  # the setup's request: nothing can settle it yet

    # -- frames in -------------------------------------------------------------
    def offer(self, record: Record) -> None:
        """Hold a verified frame for a later step; BadFrame or Equivocation if it cannot be."""
        self.store.offer(record, self.applied, self.me)

    def offer_any(self, record: Record) -> None:
        """A frame or a vote, as its kind says."""
        if record.kind == QUIET:
            self.offer_vote(record)
        else:
            self.offer(record)

    def offer_vote(self, record: Record) -> None:
        """Hold a signed vote to play on without a quiet seat; BadFrame if it cannot be."""
        self.attendance.vote(record, self.me, self.applied, WINDOW)

    def vote_quiet(self, identity: Identity, seat: int) -> Record:
        """This peer's signed vote to play on without `seat` from the next step: from now
        on it never takes that seat's frame for that step (it would split the table)."""
        record = sign(identity, QUIET, self.start.table, self.me, self.applied + 1, b"",
                      [seat])
        self.offer_vote(record)
        self.frames.get(self.applied + 1, {}).pop(seat, None)
        return record

    def voted_out(self) -> int | None:
        """The step from which every other human played on without this peer, silent too
        long (a closed lid), if they did: it may have stepped on alone meanwhile."""
        return self.attendance.voted_out(self.me)

    def quiet_seat(self) -> int | None:
        """The seat every other human voted to play on without at the next step, once
        their frames for it are in. Whoever voted never takes that seat's frame for the
        step, so when all did, nobody can have applied it: even a peer or spectator that
        holds the frame steps without it."""
        step = self.applied + 1
        return self.attendance.quiet_seat(step, self.frames.get(step, {}).keys())

    def missing(self) -> list[int]:
        """Seats whose frame for the next step is not in yet."""
        have = self.frames.get(self.applied + 1, {})
        return [s for s in self.order if s not in have]

    def ready(self) -> bool:
        return not self.finished and (self.quiet_seat() is not None or not self.missing())

    @property
    def over(self) -> bool:
        """The engine's match is over (the table may still owe its audit)."""
        return self.game.outcome(self.state) is not None

    @property
    def finished(self) -> bool:
        return self.over and self.chance.done()

    def name_of(self, seat: int) -> str:
        return self.start.seats[seat].label(seat)

    # -- frames out --------------------------------------------------------------
    def own_frame(self, identity: Identity, actions: list[Action], chance: Any,
                  leaving: bool = False, welcome: frozenset[int] = frozenset()) -> Record:
        """This peer's signed frame for the next step (`leaving`: its last; `welcome`: the
        seats away from the table whose players asked this peer to be let back)."""
        step = self.applied + 1
        body = Body(tuple(to_record(a) for a in actions), chance, self.hashes[self.applied],
                    leaving, welcome)
        return sign(identity, STEP, self.start.table, self.me, step,
                    self.store.follows(self.me, step), body_payload(body))

    def sent(self) -> Record | None:
        """This peer's frame for the next step, if it has signed it already."""
        return self.frames.get(self.applied + 1, {}).get(self.me)

    # -- applying --------------------------------------------------------------
    def apply_next(self) -> Applied:
        step = self.applied + 1
        try:
            return self._apply_step(step)
        except TableFault:
            raise
        except Exception as exc:  # a bug must stop the table with a report, never hang it
            raise TableFault("bug", step, "hoard on this computer failed to play a move on "
                             "(hoard.log says how)", f"{type(exc).__name__}: {exc}") from exc

    def _apply_step(self, step: int) -> Applied:
        frames = self.frames.get(step, {})
        quiet = self.quiet_seat()
        bodies = {seat: self._checked(frames[seat], step) for seat in self.order
                  if seat != quiet}
        done = Applied(step)
        for seat in tuple(bodies):
            body = bodies[seat]
            done.chance |= body.chance is not None
            self.chance.receive(seat, body.chance, step)
            for record in body.actions:
                done.entries.append(self._seat_action(seat, record, step))
            if body.leaving:  # its deck already counts it gone: hand its seats on at once,
                done.left.append((seat, self._depart(seat, step)))  # before deals settle
        if quiet is not None:
            done.quiet.append((quiet, self._go_quiet(quiet, step)))
        self.attendance.admit(body.welcome for body in bodies.values())
        self.store.keep_only(step, bodies)
        if self.paused is not None and self.paused.by not in self.order:
            self.paused = None  # the pauser is no longer at the table: nobody could resume
        asking = self._takeback_step(step, done)
        if self.paused is None and not asking:
            self._settle(step, done.entries)
        else:
            self.rounds.hold()
        if self.game.chance_request(self.state) is None:  # a hand in play: shuffle the next
            self.chance.prepare(self.game.next_shuffle(self.state))
        done.back, self._back_now = self._back_now, []
        done.over = self.over
        if done.over:
            self.chance.close()
        self.applied = step
        changed = done.entries or done.quiet or done.left or done.back or done.takeback
        self.hashes[step] = self._hash() if changed else self.hashes[step - 1]
        self.hashes.pop(step - 2, None)
        done.finished = self.finished
        return done

    def _checked(self, record: Record, step: int) -> Body:
        expected = self.store.follows(record.seat, step)
        who = self.name_of(record.seat)
        if record.prev != expected:
            raise TableFault("equivocation", step, f"{who} signed two different moves for "
                             "one turn", "a frame that does not follow its frame before")
        body = parse_body(record)
        if body.hash != self.hashes[step - 1]:
            raise TableFault("desync", step - 1, f"{who}'s game and this computer's no longer "
                             "agree", f"{who} has state {body.hash.hex()}, this peer has "
                             f"{self.hashes[step - 1].hex()}")
        return body

    def _seat_action(self, seat: int, record: Any, step: int) -> Entry:
        try:
            action = from_record(record)
        except (BadWire, TypeError) as exc:
            return Entry(seat, None, (), f"undecodable action: {exc}")
        if not well_typed(action):
            return Entry(seat, action, (), "fields of the wrong type")
        if getattr(action, "seat", None) not in self.seating.controls(seat):
            return Entry(seat, action, (), "a player may act only for their own seat and the "
                         "bots they host")
        if type(action) is NextHand:  # the table's, not the game's
            self.rounds.ready_for_next_hand(seat)
            return Entry(seat, action)
        if type(action) in (PauseTable, ResumeTable):
            return self._pause_or_resume(seat, action, step)
        if self.paused is not None:
            return Entry(seat, action, (), "the table is paused", NotNow("The table is paused."))
        if type(action) in (AskTakeBack, AnswerTakeBack):
            refusal = self._asked_or_answered(seat, action, step)
            return Entry(seat, action) if refusal is None else \
                Entry(seat, action, (), str(refusal), refusal)
        if self.takebacks.question is not None:
            return Entry(seat, action, (), "a take-back is being asked",
                         NoQuestion("A take-back is being asked."))
        reason = self.chance.check(action, seat)
        if reason:
            return Entry(seat, action, (), reason)
        return self._apply(seat, action, step)

    def _pause_or_resume(self, seat: int, action: Action, step: int) -> Entry:
        """A player's pause or resume (net.table.pause): by the human whose frame it is."""
        try:
            self.paused = paused_or_not(self.paused, seat, action, self.order, self.over, step)
        except NotNow as exc:
            return Entry(seat, action, (), str(exc), exc)
        return Entry(seat, action)

    def _apply(self, seat: int, action: Action, step: int) -> Entry:
        kept = self._keeping(action, step)  # what a take-back of it would go back to
        try:
            events = self.game.apply(self.state, action)
        except EngineError as exc:
            return Entry(seat, action, (), str(exc), exc)
        except ValueError as exc:
            return Entry(seat, action, (), str(exc))
        except Exception as exc:  # a hostile action must not crash the table; all peers agree
            return Entry(seat, action, (), f"the engine refused it ({type(exc).__name__})")
        self.history.append(action)
        self.takebacks.kept = kept
        self.rounds.track_timer(self.state, step)
        return Entry(seat, action, tuple(events))

    def _settle(self, step: int, entries: list[Entry]) -> None:
        """Answer chance while it can be answered; a timer due now runs out."""
        while True:
            request = self.game.chance_request(self.state)
            self._note_fresh_deal(request, step)
            if self.rounds.paused(request, step, bool(self.history), self.order):
                return
            answer = None if request is None else self.chance.answer(request)
            if answer is None:
                if not self.rounds.timer_due(self.state, step):
                    return
                answer = TimeUp(self.state.timer.key)
            entry = self._apply(CHANCE, answer, step)
            entries.append(entry)
            if entry.error:
                return  # a refused answer would be refused again: wait for new input

    def _hash(self) -> bytes:
        """What each frame vouches for: the game's public state and who plays which seat.
        A peer that stepped on alone past the others' vote to play on without it may hold
        the very same game (a vote at a fresh deal deals again from it) but another table:
        its decks count it in, theirs do not. Hashing the seating makes the next frame it
        takes a desync, held back until the votes show it stepped alone (net.peer.returns),
        before a deck message is judged by the wrong seats and named a cheat."""
        seating = self.seating
        table = bytes((*seating.plays, len(seating.plays), *seating.present))
        return hashlib.blake2b(bytes.fromhex(self.game.public_hash(self.state)) + table,
                               digest_size=DIGEST_SIZE).digest()

    # -- history ---------------------------------------------------------------
    def frames_at(self, step: int) -> list[Record]:
        return [r for _, r in sorted(self.store.of(step).items())]

    def records_at(self, step: int) -> list[Record]:
        """The frames and votes of a step: what is journaled, relayed and streamed."""
        return self.store.records_at(step)
