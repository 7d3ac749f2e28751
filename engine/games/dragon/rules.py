"""Dragon, a re-theme of Tiến lên: every rule of docs/rules/dragon.md in one place.

Clause numbers (D1, D2...) refer to that file. The state keeps, per seat, the
card references it holds; faces are known only where this engine instance
was shown them (its own hand, cards played). Every decision that depends on a
hidden card is made by the card's holder through an action that reveals it,
so every instance applies the same public rules whatever it knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import card_problem, faces_of, mask_of
from engine.chance import Dealt, Shuffled, TimeUp, deal_round
from engine.errors import IllegalAction
from engine.game import Advice, Option, Refusal
from engine.games.dragon import advice, combos, refusals
from engine.games.dragon.cards import ACE, DECK, THREE_OF_STARS, card_words
from engine.games.dragon.clues import pass_clues
from engine.games.dragon.moves import (
    CardsDealt,
    DeclareDragon,
    DragonDeclared,
    HandOver,
    HandStarted,
    MatchOver,
    Pass,
    Passed,
    Play,
    Played,
    TrickWon,
    WentOut,
)
from engine.games.dragon.views import (
    DEALING,
    DRAGON_STAGE,
    LEAD_WITH_THREE,
    LEADER_PLAYS,
    OPENING,
    PLAYING,
    Claim,
    DragonView,
    Offered,
    TrickPlay,
)
from engine.hands import HandsGame, HandsState
from engine.tell import Names
from engine.wire import Action, Event

SEATS = 4
HAND_SIZE = 13
PAYOUT_PERCENT = (60, 30, 10, 0)  # clause D11
DECK_SET = frozenset(DECK)


# -- state -------------------------------------------------------------------

class DragonState(HandsState):
    def __init__(self, config: dict[str, Any], seats: int):
        super().__init__("dragon", config, seats)
        self.hand = 0
        self.phase = DEALING
        self.chips = [config["chips"]] * seats
        self.prev_winner = -1
        self.next_hand(DECK)
        self.lay_table()

    def lay_table(self) -> None:
        """Clause D2: a fresh deck; no cards in hand, no trick, nobody out yet."""
        self.empty_hands()
        self.trick: tuple[int, int, int] | None = None
        self.trick_chop = False
        self.trick_plays: list[tuple[int, tuple[int, ...]]] = []
        self.last_player = -1
        self.passed = 0
        self.acted = 0
        self.places: list[int] = []
        self.pile = 0
        self.claims: list[tuple[int, int]] = []
        self.waiting: set[int] = set()

    def deal_requests(self) -> list:
        """Clause D2.2: 13 cards to each seat; no dealer in Dragon, seat 0 is dealt first,
        as if seat n-1 dealt."""
        n = self.seats
        return deal_round(self.hand, n, n - 1, HAND_SIZE)


def is_dragon(mask: int) -> bool:
    """Clause D9: one card of every rank 3 through A (13 cards in all)."""
    if mask.bit_count() != HAND_SIZE:
        return False
    return all((mask >> (4 * r)) & 15 for r in range(ACE + 1))


def dragon_attack(mask: int) -> int:
    """Clause D9: the Dragon takes the highest suit of each rank; the card left attacks."""
    body = 0
    for r in range(ACE + 1):
        nib = (mask >> (4 * r)) & 15
        body |= (1 << (nib.bit_length() - 1)) << (4 * r)
    return (mask & ~body).bit_length() - 1


class Dragon(HandsGame):
    id = "dragon"
    name = "Dragon"
    score_unit = "chip"  # D11: the pot pays chips
    min_seats = SEATS
    max_seats = SEATS
    deck = DECK_SET
    fresh_deck = DECK
    deal_clause = "D2"
    options = (
        Option("hands", 4, "hands in a match", low=1, high=100),
        # the text's own example is a 4,000,000 pot (D10): a million each at four
        Option("stake", 25, "chips each player puts in the pot per hand", low=1, high=10**9),
        Option("chips", 1000, "chips each player starts the match with", low=0, high=10**12),
        Option("lead", "three_of_stars", "who leads a hand after the first (D3)",
               choices=("three_of_stars", "winner")),
        Option("overchop", True, "a chop may be beaten by a higher chop of its kind (D6.5)"),
        Option("chop_in", False, "a player who passed may come back in to chop a 2 (D7.2)"),
        Option("dragon_window", 200, "how long the others have to show a Dragon too (D9.4)",
               low=1, high=100000, timed=True),
    )

    # -- contract ---------------------------------------------------------
    def setup(self, config: dict[str, Any], seats: int) -> DragonState:
        return DragonState(config, seats)

    def to_act(self, state: DragonState) -> tuple[int, ...]:
        if state.phase == PLAYING:
            return (state.turn,)
        if state.phase == OPENING:
            return tuple(range(state.seats))
        if state.phase == DRAGON_STAGE:
            return tuple(sorted(state.waiting))
        return ()

    def _awaits(self, state: DragonState, seat: int) -> bool:
        phase = state.phase
        if phase == PLAYING:
            return seat == state.turn
        return phase == OPENING or (phase == DRAGON_STAGE and seat in state.waiting)

    def legal_actions(self, state: DragonState, seat: int) -> Sequence[Action]:
        if not state.known >> seat & 1 or not self._awaits(state, seat):
            return []
        hand = state.masks[seat]
        head: list[Action] = []
        if not state.acted >> seat & 1 and is_dragon(hand):
            refs = tuple(state.face_ref[f] for f in faces_of(hand))
            head.append(DeclareDragon(seat, refs, faces_of(hand)))
        if state.phase == DRAGON_STAGE:
            return [*head, Pass(seat)]
        if state.phase == OPENING:
            blocks = [(tuple(m for m in combos.Plays(combos.all_plays(hand))
                             if m & 1 << THREE_OF_STARS),)]
        elif state.trick is None:
            blocks = combos.all_plays(hand)
        else:
            head.append(Pass(seat))
            blocks = combos.beating_plays(
                hand, state.trick, state.trick_chop, state.config["overchop"]
            )
            if state.passed >> seat & 1:  # back in only to chop (D7.2)
                chops = combos.Plays(blocks)
                blocks = [(tuple(m for m in chops
                                 if combos.chop_beats(combos.classify(m), state.trick)),)]
        face_ref = state.face_ref

        def make(mask: int) -> Play:
            faces = faces_of(mask)
            return Play(seat, tuple(face_ref[f] for f in faces), faces)

        return combos.Plays(blocks, head, make)

    def view(self, state: DragonState, seat: int | None) -> DragonView:
        return DragonView(
            phase=state.phase, to_act=self.to_act(state), turn=state.turn, timer=state.timer,
            hand_no=state.hand, hands=state.config["hands"], counts=tuple(state.counts),
            trick=tuple(TrickPlay(s, f) for s, f in state.trick_plays),
            last_player=state.last_player,
            passed=tuple(bool(state.passed >> s & 1) for s in range(state.seats)),
            places=tuple(state.places), chips=tuple(state.chips), pile=state.pile,
            claims=tuple(Claim(s, a) for s, a in state.claims), cards=state.own_cards(seat),
            offered=self._offered(state, seat),
        )

    def _offered(self, state: DragonState, seat: int | None) -> Offered | None:
        """What the legal actions hold for `seat` now, for the advice's words (None when it
        is not awaited): the words and the buttons come from the same legal actions."""
        if seat is None or not self._awaits(state, seat):
            return None
        legal = self.legal_actions(state, seat)
        head = legal.head if isinstance(legal, combos.Plays) else legal
        return Offered(plays=len(legal) > len(head),
                       passes=any(isinstance(a, Pass) for a in head),
                       dragon=any(isinstance(a, DeclareDragon) for a in head))

    def why_not(self, view: DragonView, seat: int, faces, names: Names) -> Refusal | None:
        return refusals.why_not(view, seat, faces, names)

    def advice(self, view: DragonView, seat: int | None, names: Names) -> Advice | None:
        return advice.advice(view, seat, names)

    def scores(self, state: DragonState) -> list[int]:
        return state.chips

    def clues(self, obs) -> list:
        return pass_clues(obs.history, obs.config["overchop"])

    # -- chance -----------------------------------------------------------
    def _shuffled(self, state: DragonState, action: Shuffled) -> list[Event]:
        self.shuffled(state, action)
        return []

    def _dealt(self, state: DragonState, action: Dealt) -> list[Event]:
        self.take_due(state, action)
        refs = state.take_dealt(action)
        events: list[Event] = [CardsDealt(action.to_seat, len(refs))]
        if not state.requests:
            events.append(self._open_hand(state))
        return events

    def _open_hand(self, state: DragonState) -> Event:
        if state.hand > 1 and state.config["lead"] == "winner":
            state.phase, state.turn = PLAYING, state.prev_winner
            return HandStarted(state.hand, state.prev_winner)
        state.phase = OPENING
        return HandStarted(state.hand, -1)

    def _time_up(self, state: DragonState, action: TimeUp) -> list[Event]:
        if state.timer is None or action.key != state.timer.key:
            raise IllegalAction("D9.4", "no such timer is running")
        return self._settle_dragons(state)

    # -- seat actions -------------------------------------------------------
    def _check_turn(self, state: DragonState, seat: int) -> None:
        if state.requests or not self._awaits(state, seat):
            raise IllegalAction("D7", "it is not {whose} turn", seat)

    def _check_cards(self, state: DragonState, seat: int, refs, faces) -> int:
        """The refs are the seat's, distinct, and (where known) show these faces."""
        problem = card_problem(state.held[seat], state.faces, refs, faces, DECK_SET, card_words)
        if problem is not None:
            raise IllegalAction("D4", problem)
        return mask_of(faces)

    def _play(self, state: DragonState, action: Play) -> list[Event]:
        seat = action.seat
        self._check_turn(state, seat)
        if state.phase == DRAGON_STAGE:
            raise IllegalAction("D9.4", "only Dragons may be shown now")
        mask = self._check_cards(state, seat, action.refs, action.faces)
        combo = combos.classify(mask)
        if combo is None:
            raise IllegalAction("D4", "those cards are not a combination")
        chop = False
        if state.phase == OPENING and not mask & 1 << THREE_OF_STARS:
            raise IllegalAction("D3", LEAD_WITH_THREE)
        if state.trick is not None:
            if state.passed >> seat & 1:
                if not combos.chop_beats(combo, state.trick):
                    raise IllegalAction("D7.2", "after passing a player may only chop a 2")
            elif not combos.beats(combo, state.trick, state.trick_chop,
                                  state.config["overchop"]):
                raise IllegalAction("D5", f"{combos.play_words(action.faces)} does not beat the "
                                          "trick")
            chop = combo[:2] != state.trick[:2]
        return self._lay(state, seat, action, mask, combo, chop)

    def _lay(self, state, seat, action: Play, mask, combo, chop) -> list[Event]:
        state.phase = PLAYING
        # HandsState.release, inline: this is the playouts' hottest path and the mask is at
        # hand; face_ref may keep played faces, as only faces still in a mask are looked up
        state.held[seat].difference_update(action.refs)
        state.counts[seat] -= len(action.refs)
        state.masks[seat] &= ~mask
        for r, f in zip(action.refs, action.faces, strict=True):
            state.faces[r] = f
        state.trick, state.trick_chop, state.last_player = combo, chop, seat
        shown = tuple(sorted(action.faces))
        state.trick_plays.append((seat, shown))
        state.acted |= 1 << seat
        events: list[Event] = [Played(seat, shown, combos.KIND_NAMES[combo[0]], chop)]
        if state.counts[seat] == 0:
            state.places.append(seat)
            events.append(WentOut(seat, len(state.places)))
            if sum(1 for c in state.counts if c) == 1:
                return events + self._end_hand(state)
        return events + self._advance(state, seat)

    def _pass(self, state: DragonState, action: Pass) -> list[Event]:
        seat = action.seat
        self._check_turn(state, seat)
        if state.phase == DRAGON_STAGE:
            state.waiting.discard(seat)
            return self._settle_dragons(state) if not state.waiting else []
        if state.trick is None:
            raise IllegalAction("D7.1", LEADER_PLAYS)
        state.passed |= 1 << seat
        state.acted |= 1 << seat
        return [Passed(seat), *self._advance(state, seat)]

    def _advance(self, state: DragonState, start: int) -> list[Event]:
        """Clauses D7 and D8: next seat able to act, or the trick is won."""
        n = state.seats
        reopen = state.config["chop_in"] and combos.is_two_set(state.trick)
        s = start
        for _ in range(n):
            s = (s + 1) % n
            if s == state.last_player:
                break
            if state.counts[s] and (reopen or not state.passed >> s & 1):
                state.turn = s
                return []
        winner = state.last_player
        leader = winner
        while not state.counts[leader]:
            leader = (leader + 1) % n
        state.pile += sum(len(f) for _, f in state.trick_plays)
        state.trick, state.trick_chop, state.trick_plays = None, False, []
        state.passed, state.turn = 0, leader
        return [TrickWon(winner, leader)]

    # -- the Dragon (D9) ----------------------------------------------------
    def _declare(self, state: DragonState, action: DeclareDragon) -> list[Event]:
        seat = action.seat
        self._check_turn(state, seat)
        if state.acted >> seat & 1:
            raise IllegalAction("D9.2", "a Dragon must be shown on the player's first turn")
        mask = self._check_cards(state, seat, action.refs, action.faces)
        if set(action.refs) != state.held[seat] or not is_dragon(mask):
            raise IllegalAction("D9.1", "those cards are not a Dragon hand")
        attack = dragon_attack(mask)
        for r, f in zip(action.refs, action.faces, strict=True):
            state.faces[r] = f
        state.acted |= 1 << seat
        state.claims.append((seat, attack))
        events: list[Event] = [DragonDeclared(seat, tuple(sorted(action.faces)), attack)]
        if state.phase == DRAGON_STAGE:
            state.waiting.discard(seat)
        else:
            state.phase = DRAGON_STAGE
            state.waiting = {s for s in range(state.seats) if not state.acted >> s & 1}
            if state.waiting:
                state.open_timer(state.config["dragon_window"], "others may show a Dragon")
        return events + (self._settle_dragons(state) if not state.waiting else [])

    def _settle_dragons(self, state: DragonState) -> list[Event]:
        """Clause D9.3: the best attack card takes the whole pot."""
        winner = max(state.claims, key=lambda c: c[1])[0]
        state.timer, state.waiting = None, set()
        return self._pay(state, [winner], {winner: state.config["stake"] * state.seats})

    # -- the end of a hand and of the match (D10, D11) ------------------------
    def _end_hand(self, state: DragonState) -> list[Event]:
        last = next(s for s in range(state.seats) if state.counts[s])
        state.places.append(last)
        pot = state.config["stake"] * state.seats
        shares = [pot * p // 100 for p in PAYOUT_PERCENT]
        shares[0] += pot - sum(shares)
        return self._pay(state, state.places, dict(zip(state.places, shares, strict=True)))

    def _pay(self, state: DragonState, places: list[int], won: dict[int, int]) -> list[Event]:
        stake = state.config["stake"]
        payouts = tuple(won.get(s, 0) for s in range(state.seats))
        for s in range(state.seats):
            state.chips[s] += payouts[s] - stake
        state.prev_winner = places[0]
        told = HandOver(state.hand, tuple(places), payouts, tuple(state.chips))
        last = state.hand >= state.config["hands"]
        return state.close_hand(told, last, MatchOver, state.chips, DECK)

    moves_clause = "D1"
    moves = {
        Shuffled: _shuffled,
        Dealt: _dealt,
        TimeUp: _time_up,
        Play: _play,
        Pass: _pass,
        DeclareDragon: _declare,
    }


GAME = Dragon()
