"""The engine core: wire types, options, registry, chance provider, typed errors, hands."""

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    BadOption,
    BadWire,
    IllegalAction,
    UnknownGame,
    game_ids,
    get_game,
    pack,
    unpack,
)
from engine.bots import make_bot
from engine.cards import ref, ref_deck, ref_position
from engine.chance import (
    DealRequest,
    Dealt,
    OpenChance,
    RevealCardsRequest,
    RevealedCards,
    RevealRequest,
    RollRequest,
    Shuffled,
    ShuffleRequest,
    answers,
)
from engine.game import Option
from engine.games.dragon.rules import Pass, Play
from engine.games.gold.moves import UseMagic
from engine.hands import HandsState
from engine.local import play
from engine.wire import from_record, to_record, wire_types
from tests.engine.wire_strategies import instances

game_ids()  # register every game's wire types before parametrizing over them
SMALL_INT = st.integers(min_value=-(2**31), max_value=2**31)


def test_every_game_registers_wire_types():
    games = game_ids()  # importing the games registers their types
    assert len(wire_types()) >= len(games) * 3


@pytest.mark.parametrize("tag", sorted(wire_types()))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_wire_type_round_trips_through_msgpack(tag, data):
    value = data.draw(instances(wire_types()[tag], SMALL_INT))
    assert unpack(pack(value)) == value
    assert from_record(to_record(value)) == value


@pytest.mark.parametrize(
    "blob",
    [b"", b"\xc1", msgpack.packb(5), msgpack.packb(["no.such.tag"]),
     msgpack.packb(["dragon.pass", 1, 2, 3]), msgpack.packb([1, 2])],
)
def test_bad_wire_bytes_raise_a_typed_error(blob):
    with pytest.raises(BadWire):
        unpack(blob)


def test_card_refs_pack_deck_and_position():
    card = ref(3, 51)
    assert (ref_deck(card), ref_position(card)) == (3, 51)


def test_unknown_game_is_a_value_error():
    with pytest.raises(UnknownGame) as err:
        get_game("chess")
    assert isinstance(err.value, ValueError) and "dragon" in str(err.value)


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [(Option("b", False, ""), "yes", True), (Option("b", True, ""), "off", False),
     (Option("n", 3, "", low=1, high=9), "7", 7),
     (Option("s", "a", "", choices=("a", "b")), "b", "b")],
)
def test_options_parse_text(option, text, value):
    assert option.parse(text) == value


@pytest.mark.parametrize(
    ("option", "text"),
    [(Option("b", False, ""), "maybe"), (Option("n", 3, "", low=1, high=9), "10"),
     (Option("n", 3, "", low=1, high=9), "x"), (Option("s", "a", "", choices=("a", "b")), "c")],
)
def test_bad_options_raise_bad_option(option, text):
    with pytest.raises(BadOption):
        option.parse(text)


def test_a_timed_option_is_read_in_seconds_and_set_in_steps():
    """A player reads a timer's length in seconds at the setup and in the rules; the
    command line, which sets it, says it counts steps of 50 ms."""
    window = next(o for o in get_game("dragon").options if o.name == "dragon_window")
    assert (window.title, window.words(200), window.words(60), window.words(1)) == \
        ("Dragon window", "10 s", "3 s", "0.05 s")
    assert "steps of 50 ms" in window.describe() and "steps" not in window.help
    talks = next(o for o in get_game("gold").options if o.name == "negotiation_steps")
    assert (talks.title, talks.words(talks.default)) == ("Negotiation time", "60 s")
    assert talks.parse("600") == 600  # the value itself stays a count of steps


def test_configure_fills_defaults_and_checks_seats():
    game = get_game("dragon")
    config, seats = game.configure({"hands": "2"}, 4)
    assert config["hands"] == 2 and config["stake"] == 25 and seats == 4
    with pytest.raises(BadOption):
        game.configure({}, 5)
    with pytest.raises(BadOption):
        game.configure({"hands": True}, 4)


def test_open_chance_is_seeded_and_answers_every_request():
    faces = tuple(range(10))

    def answers(seed):
        chance = OpenChance(seed)
        return [
            chance.answer(ShuffleRequest(1, faces)),
            chance.answer(DealRequest(1, 0, (0, 1, 2))),
            chance.answer(RevealRequest(1, (3,))),
            chance.answer(RollRequest(6)),
        ]

    first = answers(7)
    assert first == answers(7)
    dealt, revealed = first[1], first[2]
    assert len(set(dealt.faces) | set(revealed.faces)) == 4
    assert 0 <= first[3].value < 6


def test_cards_of_several_decks_are_revealed_at_once_with_faces_distinct_within_a_deck():
    chance = OpenChance(3)
    for deck in (4, 5):
        chance.answer(ShuffleRequest(deck, (10, 11, 12)))
    request = RevealCardsRequest((ref(4, 0), ref(4, 2), ref(5, 1)))
    revealed = chance.answer(request)
    deck4 = chance.answer(RevealRequest(4, (0, 2)))
    assert revealed.cards == request.cards and revealed.faces[:2] == deck4.faces
    assert chance.answer(RevealRequest(5, (1,))).faces == revealed.faces[2:]
    faces = frozenset({10, 11, 12})
    assert answers(request, revealed, faces)
    assert answers(request, RevealedCards(request.cards, (10, 11, 10)), faces)  # two decks
    assert not answers(request, RevealedCards(request.cards, (10, 10, 11)), faces)
    assert not answers(request, RevealedCards(request.cards, (10, 11)), faces)
    assert not answers(request, RevealedCards(request.cards, (10, 11, 99)), faces)
    assert not answers(request, RevealedCards(request.cards[:2], (10, 11)), faces)
    assert not answers(request, RevealedCards(request.cards, [10, 11, 12]), faces)
    assert not answers(RevealRequest(4, (0, 2)), revealed, faces)
    mixed = RevealCardsRequest((ref(4, 0), ref(5, 1), ref(4, 2)))  # decks in any order
    assert chance.answer(mixed).faces == (deck4.faces[0], revealed.faces[2], deck4.faces[1])
    assert not answers(mixed, RevealedCards(mixed.cards, (10, 11, 10)), faces)


def test_reveals_names_the_cards_an_action_turns_face_up():
    dragon = get_game("dragon")
    assert dragon.reveals(Play(0, (ref(1, 4), ref(1, 9)), (7, 8))) == ((260, 265), (7, 8))
    assert dragon.reveals(Pass(0)) == ((), ())
    assert get_game("gold").reveals(UseMagic(1, ref(2, 3), 5, ())) == ((515,), (5,))


def test_wire_types_are_frozen_and_take_defaults_and_keywords():
    from engine.chance import CHANCE, Dealt, Revealed
    from engine.wire import replace

    dealt = Dealt(deck=1, to_seat=2, positions=(3,))
    assert dealt == Dealt(1, 2, (3,), (), CHANCE) and hash(dealt) == hash(Dealt(1, 2, (3,)))
    assert repr(dealt) == "Dealt(deck=1, to_seat=2, positions=(3,), faces=(), seat=-1)"
    with pytest.raises(AttributeError):
        dealt.deck = 5
    with pytest.raises(TypeError):
        Dealt(1, 2)
    assert replace(dealt, deck=5) == Dealt(5, 2, (3,)) and dealt.deck == 1
    assert Revealed(1, (3,), (4,)) != Dealt(1, (3,), (4,))  # same fields, another type


class _EmptyTable(HandsState):
    """The hands of a table that deals nothing itself: the tests deal to it."""

    def lay_table(self) -> None:
        self.empty_hands()

    def deal_requests(self) -> list:
        return []


def _hands(seats=2) -> HandsState:
    state = _EmptyTable("test", {}, seats)
    state.lay_table()
    return state


def test_a_hand_dealt_face_up_to_this_instance_is_known_card_by_card():
    state = _hands()
    refs = state.take_dealt(Dealt(3, 1, (0, 2, 4), (9, 5, 7)))
    assert refs == [ref(3, 0), ref(3, 2), ref(3, 4)] and state.held == [set(), set(refs)]
    assert state.counts == [0, 3] and state.known == 0b10
    assert state.masks[1] == 1 << 5 | 1 << 7 | 1 << 9
    assert state.face_ref == {9: ref(3, 0), 5: ref(3, 2), 7: ref(3, 4)}
    assert state.own_cards(1) == (5, 7, 9)
    assert state.own_cards(0) is None and state.own_cards(None) is None


def test_a_hand_dealt_face_down_counts_but_shows_nothing():
    state = _hands()
    state.take_dealt(Dealt(3, 0, (0, 1), (4, 6)))
    state.take_dealt(Dealt(3, 0, (2,)))  # a draw this instance may not see
    assert state.counts[0] == 3 and len(state.held[0]) == 3
    assert not state.known and state.own_cards(0) is None
    assert ref(3, 2) not in state.faces


@settings(max_examples=30, deadline=None)
@given(order=st.permutations(range(12)), played=st.integers(min_value=0, max_value=6))
def test_released_cards_leave_the_hand_face_up(order, played):
    state = _hands()
    refs = state.take_dealt(Dealt(1, 0, tuple(range(6)), tuple(order[:6])))
    state.release(0, refs[:played], order[:played])
    assert state.counts[0] == len(state.held[0]) == 6 - played
    assert state.own_cards(0) == tuple(sorted(order[played:6]))
    assert sorted(state.face_ref) == sorted(order[played:6])
    assert all(state.faces[r] == f for r, f in zip(refs, order[:6], strict=True))


@pytest.mark.parametrize("game_id", ["dragon", "den", "wild"])
def test_chance_answers_come_in_the_order_the_rules_asked(game_id):
    game = get_game(game_id)
    state = game.setup(*game.configure({}, None))
    due = list(state.requests)
    with pytest.raises(IllegalAction) as err:
        game.take_due(state, Dealt(due[0].deck, 0, (0,)))  # a deal before the shuffle
    assert err.value.rule == game.deal_clause and state.requests == due
    game.take_due(state, Shuffled(due[0].deck))
    assert state.requests == due[1:]


def _finished_decks_at_each_hand_over(game_id: str) -> list[tuple[frozenset, frozenset]]:
    """A 2-hand match of random bots: the finished decks just before and just after each
    action that ends a hand."""
    game = get_game(game_id)
    state = game.setup(*game.configure({"hands": 2}, None))
    bots = [make_bot(game, "random", seat) for seat in range(state.seats)]
    seen, before = [], game.finished_decks(state)
    for _, events in play(game, state, bots, seed=5):
        after = game.finished_decks(state)
        if any(type(event).__name__ == "HandOver" for event in events):
            seen.append((before, after))
        else:
            assert after == before  # only the end of a hand finishes a deck
        before = after
    return seen


@pytest.mark.parametrize("game_id", [pytest.param("dragon", id="D2_1"),
                                     pytest.param("den", id="DN2_1"),
                                     pytest.param("wild", id="W2_1")])
def test_each_hands_deck_is_finished_once_the_hand_is_over(game_id):
    assert _finished_decks_at_each_hand_over(game_id) == [
        (frozenset(), frozenset({1})), (frozenset({1}), frozenset({1, 2}))]


def test_gold_decks_live_across_the_game_so_none_is_finished_before_the_end():
    game = get_game("gold")
    state = game.setup(*game.configure({}, None))
    bots = [make_bot(game, "random", seat) for seat in range(state.seats)]
    for _ in play(game, state, bots, seed=5):
        assert game.finished_decks(state) == frozenset()
