"""The dealing games' shared events (engine.hand_events) and their shared end (engine.hands):
one meaning and one sentence, while each game keeps its own records on the wire."""

import pytest

from engine import hand_events
from engine.bots import make_bot
from engine.chance import ShuffleRequest
from engine.hands import DEALING
from engine.local import play
from engine.registry import get_game
from engine.tell import spectator_names
from engine.wire import pack, to_record, unpack, wire_types

DEALING_GAMES = ("den", "dragon", "wild")


@pytest.mark.parametrize("game_id", DEALING_GAMES)
def test_the_match_over_told_is_the_outcome_recorded(game_id):
    """HandsState.close_hand makes the event and HandsGame.outcome the result from one set of
    scores (Dragon's: its chips): what the story tells is what the table records."""
    game = get_game(game_id)
    config, seats = game.configure({"hands": 1}, None)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", s) for s in range(seats)]
    ends = [e for _, events in play(game, state, bots, 3) for e in events
            if isinstance(e, hand_events.MatchOver)]
    outcome = game.outcome(state)
    assert len(ends) == 1 and outcome is not None
    assert (ends[0].scores, ends[0].winners) == (outcome.scores, outcome.winners)
    assert game.standing(state) == outcome.scores and game.to_act(state) == ()
    told = game.tell(ends[0], spectator_names(seats))
    assert told.startswith("The match is over: ") and f" {game.score_unit}" in told


@pytest.mark.parametrize("game_id", DEALING_GAMES)
def test_a_hand_short_of_the_last_leads_on_to_the_next(game_id):
    """HandsState.close_hand: a hand that does not end the match tells its HandOver alone,
    and the next hand (numbered on, dealt by the next seat) waits for its fresh deck."""
    game = get_game(game_id)
    config, seats = game.configure({"hands": 2}, None)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", s) for s in range(seats)]
    told = next(events for _, events in play(game, state, bots, 3)
                if any(type(e).__name__ == "HandOver" for e in events))
    assert type(told[-1]).__name__ == "HandOver"
    assert not any(isinstance(e, hand_events.MatchOver) for e in told)
    assert (state.hand, state.dealer, state.phase) == (2, 0, DEALING)
    assert game.outcome(state) is None and game.to_act(state) == ()
    shuffle = game.chance_request(state)
    assert isinstance(shuffle, ShuffleRequest) and shuffle.deck == 2
    assert frozenset(shuffle.faces) == game.deck


@pytest.mark.parametrize(("shared", "games", "fields"), [
    (hand_events.HandStarted, {"den", "wild"}, (2, 1)),  # Dragon's hand names its leader
    (hand_events.CardsDealt, set(DEALING_GAMES), (1, 13)),
    (hand_events.MatchOver, set(DEALING_GAMES), ((5, 7), (1,))),
])
def test_each_game_sends_the_shared_events_under_its_own_tag(shared, games, fields):
    kinds = {cls.tag: cls for cls in wire_types().values() if issubclass(cls, shared)}
    assert {tag.split(".")[0] for tag in kinds} == games
    for tag, cls in kinds.items():
        value = cls(*fields)
        assert to_record(value) == [tag, *fields] and unpack(pack(value)) == value  # its type
