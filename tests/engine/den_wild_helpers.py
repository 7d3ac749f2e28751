"""Rigged tables for the Dragon Den and Dragons Wild clause tests (helpers, no tests).

A test names some cards per seat and the cards dealt after the hands; the rest
of the deck fills in, and an open chance provider with that stacked deck
answers every chance request of the hand.
"""

import pytest

from engine.chance import DealRequest, Dealt, OpenChance, Shuffled, deal_round
from engine.errors import IllegalAction

HAND_SIZE = 7


def first_deals(game, seats: int) -> list[tuple[int, tuple[int, ...]]]:
    """(seat, positions) of each deal of a new match's first hand, in the order dealt."""
    state = game.setup(*game.configure({}, seats))
    game.apply(state, Shuffled(state.hand))
    deals = []
    while isinstance(request := game.chance_request(state), DealRequest):
        deals.append((request.seat, request.positions))
        game.apply(state, Dealt(request.deck, request.seat, request.positions, ()))
    return deals


class RiggedTable:
    """A hand of `game` whose deck is stacked: `dealt` hands, then `after` in order."""

    def __init__(self, game, deck, parse, dealt: dict[int, str], after: str, seats: int,
                 **options):
        self.game, self.faces, self.parse = game, deck, parse
        config, seats = game.configure(options, seats)
        self.state = game.setup(config, seats)
        self.deal(dealt, after)

    def cards(self, text: str) -> tuple[int, ...]:
        return tuple(self.parse(t) for t in text.split())

    def deal(self, dealt: dict[int, str], after: str = ""):
        """Stack the deck of the hand about to be dealt and deal it."""
        state, deck = self.state, self.state.hand
        order = [-1] * len(self.faces)
        for request in deal_round(deck, state.seats, state.dealer, HAND_SIZE):
            for position, face in zip(request.positions, self.cards(dealt.get(request.seat, "")),
                                      strict=False):
                order[position] = face
        for k, face in enumerate(self.cards(after)):
            order[HAND_SIZE * state.seats + k] = face
        rest = iter(f for f in self.faces if f not in order)
        self.deck = deck
        self.chance = OpenChance(0, {deck: [f if f >= 0 else next(rest) for f in order]})
        return self.settle()

    def settle(self):
        """Answer the pending chance requests of the stacked hand (a new hand waits)."""
        events = []
        while (request := self.game.chance_request(self.state)) is not None:
            if request.deck != self.deck:
                break
            events += self.game.apply(self.state, self.chance.answer(request))
        return events

    def do(self, action):
        return self.game.apply(self.state, action) + self.settle()

    def hand(self, seat):
        return sorted(self.game.view(self.state, seat).cards)

    def refs(self, text):
        return tuple(self.state.face_ref[f] for f in self.cards(text))

    def refused(self, rule, action):
        """`action` is refused under clause `rule`, and nothing anyone sees changes."""
        game, state = self.game, self.state
        before = (game.public_hash(state), [game.view(state, s) for s in range(state.seats)])
        with pytest.raises(IllegalAction) as err:
            game.apply(state, action)
        assert err.value.rule == rule
        after = (game.public_hash(state), [game.view(state, s) for s in range(state.seats)])
        assert after == before
