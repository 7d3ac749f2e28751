"""Table membership before the game: signed lobby records, folded in one order by everyone."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.errors import BadFrame
from net.table.lobby import MAX_AUTHORS, MAX_LOBBY_BODY, MAX_RECORDS, MAX_RECORDS_EACH, Lobby
from net.wire.frames import LOBBY, sign
from net.wire.identity import Identity, fingerprint
from net.wire.start import Seat, StartConfig
from tests.net.helpers import identities

TABLE = os.urandom(16)
DRAGON = (("hands", 1),)


class Author:
    """One peer writing lobby records the way a node does."""

    def __init__(self, identity, lobby: Lobby):
        self.identity, self.lobby, self.seq = identity, lobby, 0

    def record(self, op, *args, clock=None, table=TABLE):
        clock = self.lobby.clock() + 1 if clock is None else clock
        record = sign(self.identity, LOBBY, table, -1, self.seq, b"", [clock, op, *args])
        self.seq += 1
        return record

    def do(self, op, *args, **kw):
        record = self.record(op, *args, **kw)
        self.lobby.add(record)
        return record


def table_of(n=4):
    lobby = Lobby(TABLE)
    authors = [Author(i, lobby) for i in identities(n)]
    return lobby, authors


def seated_table(bots=()):
    """A creates a dragon table, everyone joins and sits at their index; bots fill `bots`."""
    lobby, authors = table_of(4 - len(bots))
    first = authors[0]
    first.do("join", first.identity.name, "127.0.0.1", 1000)
    first.do("config", "night", "dragon", 4, DRAGON)
    for seat in bots:
        first.do("bot", seat, "greedy")
    humans = [s for s in range(4) if s not in bots]
    for author, seat in zip(authors, humans, strict=True):
        if author is not first:
            author.do("join", author.identity.name, "127.0.0.1", 1000 + seat)
        author.do("sit", seat)
    return lobby, authors


def vote_all(lobby, authors):
    proposal = lobby.state().proposal(TABLE)
    for author in authors:
        author.do("start", proposal.encode())
    return proposal


def test_joining_sitting_and_bots_fill_the_table():
    lobby, authors = seated_table(bots=(3,))
    state = lobby.state()
    assert state.name == "night" and state.game == "dragon" and state.taken == 4
    assert [s.key for s in state.seats[:3]] == [a.identity.public for a in authors]
    assert state.seats[3].bot == "greedy"
    assert dict(state.options)["hands"] == 1


def test_the_game_starts_when_every_seated_human_agrees():
    lobby, authors = seated_table(bots=(2,))
    proposal = lobby.state().proposal(TABLE)
    for author in authors[:-1]:
        author.do("start", proposal.encode())
        assert lobby.start() is None
    authors[-1].do("start", proposal.encode())
    started = lobby.start()
    assert started == proposal and started.bot_host() == 0
    assert started.humans() == {0: authors[0].identity.public, 1: authors[1].identity.public,
                                3: authors[2].identity.public}


def test_votes_for_different_proposals_do_not_add_up():
    lobby, authors = seated_table()
    proposal = vote_all(lobby, authors[:3])
    authors[0].do("config", "night", "dragon", 4, (("hands", 2),))
    other = lobby.state().proposal(TABLE)
    assert other != proposal
    authors[3].do("start", other.encode())
    assert lobby.start() is None


def test_two_claims_on_one_seat_go_to_the_earlier_record():
    lobby, (a, b) = table_of(2)
    a.do("join", "a", "h", 1)
    a.do("config", "t", "dragon", 4, DRAGON)
    b.do("join", "b", "h", 2)
    late = a.record("sit", 1, clock=10)
    early = b.record("sit", 1, clock=9)
    lobby.add(late)
    lobby.add(early)
    assert lobby.state().seats[1].key == b.identity.public
    assert lobby.state().seat_of(a.identity.public) is None


def test_a_clock_tie_is_broken_by_key_alike_everywhere():
    lobby, (a, b) = table_of(2)
    a.do("join", "a", "h", 1)
    a.do("config", "t", "dragon", 4, DRAGON)
    b.do("join", "b", "h", 2)
    records = [a.record("sit", 0, clock=7), b.record("sit", 0, clock=7)]
    lowest = min(a.identity.public, b.identity.public)
    for order in (records, records[::-1]):
        fresh = Lobby(TABLE)
        for record in [r for r in lobby.ordered()] + order:
            fresh.add(record)
        assert fresh.state().seats[0].key == lowest


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_any_arrival_order_gives_the_same_lobby(rng):
    lobby, authors = seated_table(bots=(1,))
    vote_all(lobby, authors)
    records = lobby.ordered()
    rng.shuffle(records)
    again = Lobby(TABLE)
    for record in records:
        again.add(record)
    assert again.state() == lobby.state()
    assert again.start() == lobby.start() is not None


def test_the_table_outlives_its_first_peer():
    lobby, (a, b, c, d) = table_of(4)
    a.do("join", "a", "h", 1)
    a.do("config", "night", "dragon", 4, DRAGON)
    a.do("sit", 0)
    b.do("join", "b", "h", 2)
    b.do("sit", 1)
    a.do("leave")
    assert a.identity.public not in lobby.state().members
    c.do("join", "c", "h", 3)
    c.do("sit", 0)
    d.do("join", "d", "h", 4)
    d.do("sit", 2)
    b.do("bot", 3, "greedy")
    started = vote_all(lobby, [b, c, d])
    assert lobby.start() == started
    assert a.identity.public not in started.humans().values()


def test_only_members_act():
    lobby, (a, stranger) = table_of(2)
    a.do("join", "a", "h", 1)
    a.do("config", "t", "dragon", 4, DRAGON)
    stranger.do("sit", 0)
    stranger.do("bot", 1, "greedy")
    assert lobby.state().taken == 0


def test_a_refused_configuration_is_skipped_by_everyone():
    lobby, (a,) = table_of(1)
    a.do("join", "a", "h", 1)
    a.do("config", "t", "dragon", 4, DRAGON)
    before = lobby.state().options
    a.do("config", "t", "dragon", 3, DRAGON)  # dragon is for exactly 4
    a.do("config", "t", "no-such-game", 4, ())
    a.do("config", "t", "dragon", 4, (("hands", 0),))
    assert lobby.state().options == before and lobby.state().game == "dragon"


def test_standing_and_removing_a_bot_free_seats():
    lobby, (a,) = table_of(1)
    a.do("join", "a", "h", 1)
    a.do("config", "t", "dragon", 4, DRAGON)
    a.do("sit", 2)
    a.do("bot", 0, "greedy")
    a.do("bot", 2, "greedy")  # taken: skipped
    assert lobby.state().free_seats() == [1, 3]
    a.do("stand")
    a.do("unbot", 0)
    assert lobby.state().free_seats() == [0, 1, 2, 3]


@pytest.mark.parametrize("payload", [[1], [1, "dance"], [1, "sit", "two"], ["x", "sit", 1],
                                     [1, "sit", 1, 2], [1, "bot", True, "greedy"]])
def test_malformed_lobby_records_are_refused(payload):
    lobby, (a,) = table_of(1)
    record = sign(a.identity, LOBBY, TABLE, -1, 0, b"", payload)
    with pytest.raises(BadFrame) as caught:
        lobby.add(record)
    assert caught.value.reason == "malformed"


def test_two_records_with_one_number_are_equivocation():
    _, (a,) = table_of(1)
    a.do("join", "a", "h", 1)
    a.seq = 0
    with pytest.raises(BadFrame) as caught:
        a.do("join", "a", "elsewhere", 2)
    assert caught.value.reason == "equivocation"


def test_a_record_for_another_table_is_refused():
    lobby, (a,) = table_of(1)
    with pytest.raises(BadFrame) as caught:
        lobby.add(a.record("join", "a", "h", 1, table=os.urandom(16)))
    assert caught.value.reason == "other-table"


def test_a_repeated_record_is_only_held_once():
    lobby, (a,) = table_of(1)
    record = a.do("join", "a", "h", 1)
    assert lobby.add(record) is False
    assert len(lobby.ordered()) == 1


def test_a_vote_counts_only_from_a_seated_member_for_the_lobbys_own_proposal():
    """Security case 4: a stranger — not a member, then a member who is not seated — votes
    for a proposal in which it is the only human; nothing starts."""
    lobby, authors = seated_table(bots=(3,))
    stranger = Author(identities(5)[4], lobby)
    mine = StartConfig(TABLE, "night", "dragon", DRAGON,
                       (Seat(stranger.identity.public, "mallory"),) + (Seat(bot="greedy"),) * 3)
    stranger.do("start", mine.encode())
    stranger.do("join", "mallory", "h", 9)
    stranger.do("start", mine.encode())
    stranger.do("start", lobby.state().proposal(TABLE).encode())  # unseated: not its vote
    assert lobby.start() is None and not lobby.state().votes
    assert vote_all(lobby, authors) == lobby.start()


def test_only_a_seated_member_changes_the_game_and_the_lobby_says_who():
    lobby, authors = seated_table(bots=(3,))
    stranger = Author(identities(5)[4], lobby)
    stranger.do("join", "mallory", "h", 9)
    stranger.do("config", "night", "wild", 3, ())
    assert lobby.state().game == "dragon" and not lobby.state().changed
    authors[1].do("config", "night", "dragon", 4, (("hands", 2),))
    assert lobby.state().changed == f"{authors[1].identity.name} changed hands from 1 to 2"
    authors[1].do("config", "night", "wild", 3, ())
    assert lobby.state().changed == f"{authors[1].identity.name} changed the game to " \
                                    "Dragons Wild with 3 seats"


def test_a_change_lapses_the_votes_even_when_it_is_changed_back():
    lobby, authors = seated_table()
    proposal = lobby.state().proposal(TABLE)
    for author in authors[:3]:
        author.do("start", proposal.encode())
    assert len(lobby.state().votes) == 3
    authors[0].do("config", "night", "dragon", 4, (("hands", 2),))
    authors[0].do("config", "night", "dragon", 4, DRAGON)
    assert lobby.state().proposal(TABLE) == proposal and not lobby.state().votes
    authors[3].do("start", proposal.encode())
    assert lobby.start() is None
    assert vote_all(lobby, authors) == proposal == lobby.start()


def test_what_follows_the_start_changes_nothing():
    lobby, authors = seated_table()
    started = vote_all(lobby, authors)
    authors[0].do("stand")
    authors[1].do("config", "night", "dragon", 4, (("hands", 2),))
    assert lobby.start() == started and lobby.state().seats[0].key == authors[0].identity.public


def test_two_members_with_one_name_are_shown_with_fingerprints():
    """Security case 10."""
    lobby, authors = table_of(3)
    for i, (author, name) in enumerate(zip(authors, ("Sam", "Sam", "Ann"), strict=True)):
        author.do("join", name, "h", i)
    authors[0].do("config", "night", "dragon", 4, DRAGON)
    for seat, author in enumerate(authors):
        author.do("sit", seat)
    authors[0].do("bot", 3, "greedy")
    state = lobby.state()
    sams = [f"Sam#{fingerprint(a.identity.public)}" for a in authors[:2]]
    assert [s.name for s in state.proposal(TABLE).seats[:3]] == [*sams, "Ann"]
    assert f"0:{sams[0]}, 1:{sams[1]}, 2:Ann" in state.describe()


def test_what_one_key_may_put_in_a_lobby_is_bounded():
    """Security case 3: a record is at most MAX_LOBBY_BODY bytes, a key signs at most
    MAX_RECORDS_EACH records, at most MAX_AUTHORS keys sign, and a lobby holds at most
    MAX_RECORDS records."""
    lobby, (a,) = table_of(1)
    with pytest.raises(BadFrame) as caught:
        a.do("join", "x" * MAX_LOBBY_BODY, "h", 1)
    assert caught.value.reason == "oversize"
    a.seq = 0
    a.do("join", "a", "h", 1)
    for _ in range(MAX_RECORDS_EACH - 1):
        a.do("stand")
    with pytest.raises(BadFrame) as caught:
        a.do("stand")
    assert caught.value.reason == "lobby-full"
    for identity in identities(MAX_AUTHORS - 1):
        Author(identity, lobby).do("join", "b", "h", 2)
    with pytest.raises(BadFrame) as caught:
        Author(Identity.generate("c"), lobby).do("join", "c", "h", 3)
    assert caught.value.reason == "lobby-full"
    full = Lobby(TABLE)
    authors = [Author(i, full) for i in identities(MAX_RECORDS // MAX_RECORDS_EACH)]
    for author in authors:
        for _ in range(MAX_RECORDS_EACH):
            author.do("stand")
    with pytest.raises(BadFrame) as caught:
        Author(Identity.generate("d"), full).do("join", "d", "h", 4)
    assert caught.value.reason == "lobby-full"


def test_a_bot_seat_is_named_by_its_level_alone():
    """'Bot 2 · hard' on panels, History and reports; easy's old name is shown as easy."""
    assert [Seat(bot=kind).label(1) for kind in ("hard", "greedy", "random")] == \
        ["Bot 2 · hard", "Bot 2 · easy", "Bot 2 · random"]
    assert Seat(b"k", "Ana").label(0) == "Ana"


def test_a_snapshot_stays_as_it_was_while_later_records_fold_in_place():
    """What an event hands to the window's thread is not the state the node's thread goes
    on folding into (a window iterating the members raised "dictionary changed size")."""
    lobby, authors = table_of(2)
    first, second = authors
    first.do("join", first.identity.name, "127.0.0.1", 1000)
    first.do("config", "night", "dragon", 4, DRAGON)
    snapshot = lobby.state().snapshot()
    second.do("join", second.identity.name, "127.0.0.1", 1001)
    first.do("sit", 0)
    second.do("sit", 1)
    assert list(snapshot.members) == [first.identity.public]
    assert snapshot.taken == 0 and not snapshot.votes
    live = lobby.state()
    assert len(live.members) == 2 and live.taken == 2
