"""The engine's word on a take-back (engine.takeback), clause by clause: only the seat's own
last action, only while nothing happened since, never past chance, a timer's end, the hand's
end or a negotiation's close."""

from engine.chance import CHANCE, OpenChance, TimeUp
from engine.game import clone
from engine.games.den import EndTurn, Play
from engine.registry import get_game
from engine.takeback import (
    CHANCE_DUE,
    CHANCE_SINCE,
    FINAL,
    NOT_LAST,
    NOTHING,
    PLAYED_SINCE,
    TIMER_ENDED,
)
from engine.tell import Names


class Table:
    """A game driven by hand with open chance, keeping what a lockstep replica keeps."""

    def __init__(self, game_id: str, seats: int = 2, options=None, seed: int = 3):
        self.game = get_game(game_id)
        self.state = self.game.setup(*self.game.configure(options or {}, seats))
        self.chance = OpenChance(seed)
        self.history: list = []
        self.before = None
        self.settle()

    def settle(self) -> None:
        while (request := self.game.chance_request(self.state)) is not None:
            self.apply(self.chance.answer(request))

    def apply(self, action) -> None:
        self.before = None if action.seat == CHANCE else clone(self.state)
        self.game.apply(self.state, action)
        self.history.append(action)

    def refusal(self, seat: int):
        return self.game.takeback_refusal(seat, self.history, self.before, self.state)


def first_play(table: Table) -> int:
    """The seat to act lays a card (or a run); its seat."""
    seat = table.game.to_act(table.state)[0]
    table.apply(next(a for a in table.game.legal_actions(table.state, seat)
                     if isinstance(a, Play)))
    return seat


def test_a_den_play_may_be_taken_back_by_its_player_only():
    table = Table("den")
    seat = table.game.to_act(table.state)[0]
    assert table.refusal(seat).clause == NOTHING
    first_play(table)
    assert table.refusal(seat) is None
    assert table.refusal(1 - seat).clause == NOTHING  # not another's move


def test_not_once_the_next_player_has_played():
    table = Table("den")
    seat = first_play(table)
    table.apply(EndTurn(seat))
    table.settle()
    first_play(table)
    refusal = table.refusal(seat)
    assert refusal.clause == PLAYED_SINCE and refusal.seat == 1 - seat
    names = Names(("Ana", "Bo"), listener=seat)
    assert refusal.explain(names) == f"{names.seats[1 - seat]} has played since"


def test_ending_the_turn_deals_a_card_and_nothing_can_be_taken_back_past_it():
    table = Table("den")
    seat = table.game.to_act(table.state)[0]
    table.apply(EndTurn(seat))
    due = table.refusal(seat)  # the next player's draw is under way (a deal takes steps)
    assert (due.clause, str(due)) == (CHANCE_DUE, "a card is being dealt")
    table.settle()
    dealt = table.refusal(seat)
    assert (dealt.clause, str(dealt)) == (CHANCE_SINCE, "a card was dealt since")
    nxt = 1 - seat
    assert table.refusal(nxt).clause == NOTHING
    assert table.refusal(nxt).explain(Names(("Ana", "Bo"), nxt)) == "you made no move to take back"


def test_only_one_move_back_the_one_the_table_kept_the_state_before():
    table = Table("den")
    seat = first_play(table)
    table.before = None  # taken back once already, or the seat changed hands
    assert table.refusal(seat).clause == NOT_LAST


def test_a_timer_that_ran_out_since_forbids_it():
    table = Table("gold", seats=3)
    seat = table.game.to_act(table.state)[0]
    table.apply(table.game.legal_actions(table.state, seat)[0])
    table.history.append(TimeUp(1))  # (what the table would answer at a deadline)
    refusal = table.refusal(seat)
    assert (refusal.clause, str(refusal)) == (TIMER_ENDED, "the timer ran out since")


def test_the_accept_that_closes_a_negotiation_is_final():
    table = Table("gold", seats=3)
    seat = table.game.to_act(table.state)[0]
    table.apply(table.game.legal_actions(table.state, seat)[0])
    assert table.refusal(seat) is None
    table.before.talks = object()  # a negotiation was open before the action, closed after
    refusal = table.refusal(seat)
    assert (refusal.clause, str(refusal)) == (FINAL, "the negotiation closed")
