"""Hands of cards: what the dealing games (Dragon, Dragon Den, Dragons Wild) share.

A seat's hand is a set of card references that everyone agrees on; its faces
are known only to the engine instances that were shown them (the holder's own,
and an open table's). The bookkeeping below keeps both, so each game's rules
can ask "which faces does this seat hold here?" without ever letting a hidden
face steer the public state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.cards import faces_of, mask_of, ref, ref_deck, ref_position
from engine.chance import ChanceRequest, Dealt, OpenChance, Shuffled, ShuffleRequest, answers
from engine.errors import IllegalAction, NoWorlds
from engine.game import Game, Outcome, State, clone, top_seats
from engine.hand_events import MatchOver
from engine.wire import Action, Event

DEALING = "dealing"  # each dealing game's phase from a hand's end until its cards are dealt
OVER = "over"  # each dealing game's phase once its match is over


class HandsState(State, ABC):
    """A card game's state: the chance requests its rules queued, and each seat's hand.

    The fields stay plain attributes of the state, not a component's, because
    the games read them on every move (legal actions, plays) and an extra
    attribute hop there costs playout speed.
    """

    def __init__(self, game_id: str, config: dict[str, Any], seats: int):
        super().__init__(game_id, config, seats)
        self.requests: list[ChanceRequest] = []  # answered in order, first first

    def next_hand(self, deck: tuple[int, ...]) -> None:
        """The match goes on to its next hand: its number, its dealer (W13.1, DN2.5: the
        last seat deals first, then it passes left; Dragon deals as if the last seat always
        did, D2.2) and the shuffle of its fresh deck (D2.1, DN2.1, W2.1) are due. The table
        stays as the hand just played left it (the cards in hand, the trick, the piles, the
        discard, the melds) until that shuffle, which the table's pause between hands holds
        back: the hand's result is shown over the hand it tells. `lay_table` clears it."""
        self.hand += 1
        self.dealer = (self.hand - 2) % self.seats
        self.phase, self.turn, self.timer = DEALING, -1, None
        self.requests = [ShuffleRequest(self.hand, deck)]

    @abstractmethod
    def lay_table(self) -> None:
        """A fresh table for the hand `self.hand`, before its cards are dealt."""

    @abstractmethod
    def deal_requests(self) -> list[ChanceRequest]:
        """The deal of the hand `self.hand` (and any card it turns up), after its shuffle."""

    def empty_hands(self) -> None:
        """No seat holds anything: a new hand is about to be dealt."""
        n = self.seats
        self.held: list[set[int]] = [set() for _ in range(n)]  # card refs per seat
        self.masks = [0] * n  # the faces this instance knows each seat holds, as a mask
        self.known = 0  # bit s: this instance knows seat s's whole hand
        # face -> ref for the faces it knows are held; a played face may linger (Dragon's
        # inline release), as only faces still in a mask are looked up
        self.face_ref: dict[int, int] = {}
        self.counts = [0] * n  # cards per seat, which everyone sees

    def take_dealt(self, deal: Dealt) -> list[int]:
        """Cards dealt face down join a hand (refs returned); their faces come only to the
        instances that may see them."""
        seat = deal.to_seat
        refs = [ref(deal.deck, p) for p in deal.positions]
        self.held[seat].update(refs)
        self.counts[seat] += len(refs)
        if deal.faces:
            self.known |= 1 << seat
            for card, face in zip(refs, deal.faces, strict=True):
                self.faces[card] = face
                self.face_ref[face] = card
                self.masks[seat] |= 1 << face
        else:  # a card this instance may not see: it no longer knows the whole hand
            self.known &= ~(1 << seat)
        return refs

    def receive(self, seat: int, card: int) -> None:
        """A card already in play joins `seat`'s hand (a discard drawn or bought): its face
        counts as held where this instance knows both the face and the whole hand."""
        self.held[seat].add(card)
        self.counts[seat] += 1
        face = self.faces.get(card)
        if face is not None and self.known >> seat & 1:
            self.masks[seat] |= 1 << face
            self.face_ref[face] = card

    def release(self, seat: int, refs, faces) -> None:
        """Cards leave `seat`'s hand face up (played, laid, discarded): everyone knows
        their faces from now on. The caller has checked them (engine.cards.card_problem)."""
        self.held[seat].difference_update(refs)
        self.counts[seat] -= len(refs)
        self.masks[seat] &= ~mask_of(faces)
        for card, face in zip(refs, faces, strict=True):
            self.faces[card] = face
            self.face_ref.pop(face, None)

    def close_hand(self, told: Event, last: bool, final: type[MatchOver], scores: list[int],
                   deck: tuple[int, ...]) -> list[Event]:
        """A hand is over, as `told` (the game's HandOver) says. If it was the match's `last`
        (DN10, D10, W13), nobody acts again and `final` (the game's MatchOver) tells each
        seat's final score and who won: the highest (ties all win). Otherwise the next
        hand, on a fresh `deck`, is due."""
        if not last:
            self.next_hand(deck)
            return [told]
        self.phase, self.turn = OVER, -1
        return [told, final(tuple(scores), top_seats(scores))]

    def own_cards(self, seat: int | None) -> tuple[int, ...] | None:
        """The view's entry for the seat's own faces: None for a spectator, and for a seat
        whose hand this instance does not wholly know, so the public view never has it."""
        if seat is None or not self.known >> seat & 1:
            return None
        return tuple(faces_of(self.masks[seat]))


class HandsGame(Game):
    """A game whose chance inputs answer, one by one, the requests its state queued."""

    deck: frozenset[int] = frozenset()  # every face of the game's deck
    fresh_deck: tuple[int, ...] = ()  # the deck each hand shuffles afresh, if always the same
    deal_clause = ""  # the rule that orders the shuffle and the deal, named when refused
    last_clues: tuple | None = None  # (observation, its clues): see read_clues

    def chance_request(self, state: HandsState) -> ChanceRequest | None:
        return state.requests[0] if state.requests else None

    def scores(self, state: HandsState) -> list[int]:
        """Each seat's score so far, which the match is won by: its points (Dragon: its
        chips, D11)."""
        return state.scores

    def standing(self, state: HandsState) -> tuple[float, ...]:
        return tuple(self.scores(state))

    def outcome(self, state: HandsState) -> Outcome | None:
        """Once the match is over (DN10, D10, W13): the scores, and the highest wins (ties
        all win)."""
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        return Outcome(tuple(scores), top_seats(scores), f"{self.score_unit}s")

    def shuffled(self, state: HandsState, action: Shuffled) -> None:
        """A hand's deck is shuffled: the last hand leaves the table and this one is dealt."""
        self.take_due(state, action)
        state.lay_table()
        state.requests.extend(state.deal_requests())

    def next_shuffle(self, state: HandsState) -> ShuffleRequest | None:
        """The next hand's shuffle of `fresh_deck` (its deck numbered by the hand), unless
        the match is over or this hand is its last by the count of hands."""
        hands = state.config.get("hands", 0)
        if not self.fresh_deck or self.outcome(state) is not None or (
                hands and state.hand >= hands):
            return None
        return ShuffleRequest(state.hand + 1, self.fresh_deck)

    def take_due(self, state: HandsState, action: Action) -> None:
        """Consume the request `action` answers; anything but the answer due is refused
        (the network could otherwise slip a deal in out of turn)."""
        if not answers(self.chance_request(state), action, self.deck):
            raise IllegalAction(self.deal_clause,
                                f"{type(action).__name__} is not the chance input due")
        state.requests.pop(0)

    def determinize(self, obs, rng) -> tuple[HandsState, OpenChance]:
        """Deal the cards of the hands `obs.seat` does not wholly know at random from the
        faces of their deck it has not seen (every card shown, laid, discarded, bought or
        taken from the discard is known to it, and stays where it went), preferring deals
        that agree with what the seats did (`clues`); the open chance provider deals the
        rest of the deck from what is left."""
        if obs.known is None:
            raise NoWorlds(f"{self.name}: this observation carries no knowledge to sample from")
        state = clone(obs.known)
        faces = state.faces
        hidden = [(s, card) for s in range(state.seats) if not state.known >> s & 1
                  for card in sorted(state.held[s]) if card not in faces]
        decks = {ref_deck(card) for _, card in hidden} | {state.hand}
        seen: dict[int, set[int]] = {d: set() for d in decks}
        for card, face in faces.items():
            if ref_deck(card) in seen:
                seen[ref_deck(card)].add(face)
        unseen = {d: [f for f in sorted(self.deck) if f not in seen[d]] for d in decks}
        # a clue on a hand the seat knows wholly (its own) is true or false in every world;
        # those dealt by cost next to nothing, so all of them count, the rest the latest
        clues = [c for c in self.read_clues(obs) if not state.known >> c.seat & 1] \
            if hidden else []
        avoiding = [c for c in clues if c.avoids is not None]
        tried = [c for c in clues if c.avoids is None][-CLUES:]
        dealt, pools = _deal_by_clues(state, hidden, unseen, avoiding, tried, rng)
        faces.update(dealt)
        for s in range(state.seats):
            if not state.known >> s & 1:
                state.masks[s] = mask_of([faces[card] for card in state.held[s]])
                for card in state.held[s]:
                    state.face_ref[faces[card]] = card
                state.known |= 1 << s
        chance = OpenChance(rng.getrandbits(64))
        for d in decks:
            placed = {ref_position(card): face for card, face in faces.items()
                      if ref_deck(card) == d}
            chance.decks[d] = (placed, pools[d])
        return state, chance

    def read_clues(self, obs) -> list[Clue]:
        """`clues(obs)`, read once per observation however many worlds a search samples
        from it (reading a long history at every world cost a search a sixth of its
        worlds). One observation is remembered, held so its identity stays its own."""
        last = self.last_clues
        if last is None or last[0] is not obs:
            last = self.last_clues = (obs, self.clues(obs))
        return last[1]

    def clues(self, obs) -> list[Clue]:
        """What the seats' conduct in `obs.history` says of their hidden cards, oldest
        first. By default nothing: every unseen card is as likely anywhere."""
        return []

    def finished_decks(self, state: HandsState) -> frozenset[int]:
        """Each hand deals a fresh deck numbered by the hand (D2.1, DN2.1, W2.1), so every
        earlier hand's deck is done, and the last one too once the match is over."""
        return frozenset(range(1, state.hand + (self.outcome(state) is not None)))


#: the most recent clues weighed, and the most deals tried for one world
CLUES, TRIES = 12, 8
#: the chance a deal is kept for each clue it contradicts (weighted rejection sampling)
KEEP = 0.2


@dataclass(frozen=True, slots=True)
class Clue:
    """What a seat's conduct says of its hidden cards, read from the public history: in a
    world where `contradicts(hand)` (the seat's {card ref: face} there) holds, the seat
    would likely have acted otherwise — passed on a trick it could beat cheaply, or let
    a discard go that made a meld. Likely, not surely: people bluff and bots err, so a
    deal contradicting it is still kept with chance `keep` (a game may raise it for a
    seat whose conduct proved its clues false before).

    A clue that says which faces some of the seat's cards do not show (`avoids`: none of
    its cards dealt before that deck position shows a face of that mask — Dragon Den's
    turn ends) is dealt by instead: those cards are dealt other faces, in all but a `keep`
    share of worlds. Deals tried and kept by chance rarely met every such clue (against
    normal seats a sampled world contradicted 28 % of them, the true hands 6 %)."""

    seat: int
    contradicts: Callable[[dict[int, int]], bool]
    keep: float = KEEP
    avoids: tuple[int, int] | None = None

    @classmethod
    def avoiding(cls, seat: int, faces: int, dealt_before: int, keep: float = KEEP) -> Clue:
        """None of `seat`'s cards dealt before deck position `dealt_before` shows a face of
        the mask `faces`."""
        return cls(seat, partial(_shows_any, faces, dealt_before), keep, (faces, dealt_before))


def _shows_any(faces: int, dealt_before: int, hand: dict[int, int]) -> bool:
    return bool(mask_of([f for card, f in hand.items() if ref_position(card) < dealt_before])
                & faces)


def _deal_by_clues(state: HandsState, hidden, unseen, avoiding, tried, rng):
    """Faces for the `hidden` (seat, card) pairs, drawn from `unseen` (faces per deck), and
    what is left of each deck, shuffled. The faces the `avoiding` clues name are kept from
    their cards (each clue heeded with the chance 1 - its `keep`); of the `tried` clues, a
    deal is kept with the chance the product of the `keep` of those it contradicts; after
    TRIES deals the likeliest is taken (ties: the first)."""
    barred = _barred(state, {card for _, card in hidden}, avoiding, rng)
    best = None
    for _ in range(TRIES if tried else 1):
        pools = {d: rng.sample(faces, len(faces)) for d, faces in unseen.items()}
        dealt = _deal(hidden, pools, barred)
        chance = 1.0
        for clue in tried:
            if clue.contradicts(_hand(state, clue.seat, dealt)):
                chance *= clue.keep
        if chance == 1.0 or rng.random() < chance:
            return dealt, pools
        if best is None or chance > best[0]:
            best = (chance, dealt, pools)
    return best[1], best[2]


def _barred(state: HandsState, hidden: set[int], clues, rng) -> dict[int, int]:
    """hidden card ref -> the faces it may not be dealt in this world: the union of the
    masks of the `avoids` clues heeded here (each with the chance 1 - its `keep`) over
    its cards."""
    barred: dict[int, int] = {}
    for clue in clues:
        if rng.random() < clue.keep:
            continue
        faces, before = clue.avoids
        for card in state.held[clue.seat]:
            if card in hidden and ref_position(card) < before:
                barred[card] = barred.get(card, 0) | faces
    return barred


def _deal(hidden, pools: dict[int, list[int]], barred: dict[int, int]) -> dict[int, int]:
    """Each hidden card a face from the end of its deck's shuffled pool: the barred cards
    first, most barred first, each the last face of the pool it may show (any, when none
    is left)."""
    dealt = {}
    for card in sorted(barred, key=lambda c: -barred[c].bit_count()):
        pool, bar = pools[ref_deck(card)], barred[card]
        i = next((i for i in range(len(pool) - 1, -1, -1) if not bar >> pool[i] & 1),
                 len(pool) - 1)
        dealt[card] = pool.pop(i)
    for _, card in hidden:
        if card not in dealt:
            dealt[card] = pools[ref_deck(card)].pop()
    return dealt


def _hand(state: HandsState, seat: int, dealt: dict[int, int]) -> dict[int, int]:
    faces = state.faces
    return {card: faces[card] if card in faces else dealt[card] for card in state.held[seat]}
