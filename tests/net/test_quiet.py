"""A seat that goes quiet is played on, not voided (net.table.lockstep QuietVotes, FreshDeal and
DeckChance.quiet): once every other human voted to play on without it, the hand in play is
dealt again without it from the state before its shuffle, its heir's bot plays its seat and
the match goes on, on every peer, spectator and the quiet peer itself alike."""

import pytest

from net.errors import BadFrame, TableFault
from net.wire.frames import decode
from tests.net.helpers import LocalTable, deal, identities, start_config

# two hands, not one: a hand can end within the first steps (a Dragon shown on the first
# turn), and a seat that goes quiet once the match is over is not dealt again (one CI run)
GAMES = {"dragon": {"hands": 2}, "den": {"hands": 2}, "wild": {"hands": 2}, "gold": {}}


def quiet_table(game: str, sleeper: int = 2, after: int = 12):
    """Four humans; `sleeper` stops sending after `after` steps of the first hand and the
    three others vote to play on without it. The table and the sleeper's replica."""
    ids = identities(4)
    table = LocalTable(start_config(ids, game, options=GAMES[game]), ids, spectators=1)
    deal(table)
    for _ in range(after):
        table.step()
    return table, go_quiet(table, sleeper)


def go_quiet(table: LocalTable, sleeper: int):
    """`sleeper` sends nothing more and every other human votes to play on without it."""
    asleep = table.replicas.pop(sleeper)
    del table.bots[sleeper], table.changed[sleeper]
    votes = [r.vote_quiet(table.ids[s], sleeper) for s, r in table.replicas.items()]
    for vote in votes:
        for replica in [*table.everyone(), asleep]:
            if vote.signer != replica.keys.get(replica.me):
                replica.offer_vote(decode(vote.raw))
    return asleep


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_other_human_votes_and_the_hand_is_dealt_again_without_the_quiet_seat(game):
    table, _ = quiet_table(game)
    first = table.replicas[0]
    hand_before = getattr(first.state, "hand", None)
    applied = table.step()
    assert all(done.quiet == [(2, 0)] for done in applied)
    assert 2 not in first.seating.present and first.seating.player_of(2) == 0
    assert getattr(first.state, "hand", None) == hand_before  # the same hand, dealt again
    assert first.game.chance_request(first.state) is not None  # a fresh shuffle is asked
    table.bots[0] = table._seat_bots(0)
    table.play(max_steps=20000)
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    assert "set aside unaudited when a player went quiet" in first.chance.summary


def test_a_seat_quiet_once_the_match_is_over_leaves_its_result_and_only_its_audit():
    """The last hand is played; one laptop's lid closes before it discloses its seed for
    the audit, and the others vote to play on without it: the match's result stands (no
    hand is dealt again) and the deck its seed would open is set aside unaudited."""
    ids = identities(4)
    table = LocalTable(start_config(ids, "dragon", options={"hands": 1}), ids, spectators=1)
    deal(table)
    first = table.replicas[0]
    while not first.over:
        table.step()
    assert not first.finished  # the seeds are disclosed in the frames after the end
    result = first.game.outcome(first.state)
    go_quiet(table, 2)
    assert all(done.quiet == [(2, 0)] for done in table.step())
    table.play(max_steps=50)
    assert first.finished and first.game.outcome(first.state) == result
    assert len(table.hashes()) == 1
    assert {r.chance.report for r in table.everyone()} == {"clean"}
    assert "1 deck(s) set aside unaudited" in first.chance.summary


def test_the_quiet_peer_learns_on_waking_that_the_table_played_on_without_it():
    table, asleep = quiet_table("dragon")
    frames = table.frames()
    table.deliver(frames)
    for record in frames.values():
        asleep.offer(decode(record.raw))
    done = asleep.apply_next()
    assert done.quiet == [(2, 0)]
    assert asleep.hashes[asleep.applied] == table.replicas[0].hashes[asleep.applied]


def test_a_voter_never_takes_the_quiet_seats_frame_for_that_step():
    table, asleep = quiet_table("dragon")
    late = asleep.own_frame(table.ids[2], [], None)
    with pytest.raises(BadFrame) as refused:
        table.replicas[0].offer(decode(late.raw))
    assert refused.value.reason == "quieted"
    table.spectators[0].offer(decode(late.raw))  # the spectator holds it, yet steps without
    assert all(done.quiet == [(2, 0)] for done in table.step())


def test_votes_from_some_only_leave_the_table_waiting():
    ids = identities(4)
    table = LocalTable(start_config(ids, "dragon", options={"hands": 1}), ids)
    deal(table)
    asleep = table.replicas.pop(3)
    del table.bots[3], table.changed[3]
    vote = table.replicas[0].vote_quiet(table.ids[0], 3)
    table.replicas[1].offer_vote(decode(vote.raw))
    frames = table.frames()
    for replica in table.replicas.values():
        for record in frames.values():
            replica.offer(decode(record.raw))
        assert not replica.ready() and replica.missing() == [3]
    assert asleep.applied == table.replicas[0].applied


@pytest.mark.parametrize("body", [[0], [7], [], ["x"], [1, 2]])
def test_a_vote_that_names_no_other_seat_at_the_table_is_refused(body):
    from net.wire.frames import QUIET, sign
    ids = identities(4)
    table = LocalTable(start_config(ids, "dragon", options={"hands": 1}), ids)
    replica = table.replicas[1]
    forged = sign(table.ids[0], QUIET, table.start.table, 0, 0, b"", body)
    with pytest.raises(BadFrame):
        replica.offer_vote(decode(forged.raw))



def test_a_seat_that_stepped_alone_past_a_vote_at_a_fresh_deal_takes_a_desync_not_a_cheat():
    """A player comes back at the second hand's fresh deal; at the next step the others vote
    to play on without it while it, not hearing the votes yet, applies that step with its
    own frame. The game is the same on both sides (the hand is dealt again from the very
    state it stands in), the table is not: the next frame it takes is a desync, which
    net.peer.returns settles by rebuilding it — never a deck message judged by a deck that
    counts it in (a sleeper named an honest peer a cheat: 'deck.lock out of turn')."""
    ids = identities(4)
    table = LocalTable(start_config(ids, "dragon", options={"hands": 2}), ids)
    deal(table)
    for _ in range(12):
        table.step()
    table.leave(2, follow=True)
    table.welcome.add(2)
    while 2 not in table.replicas:
        table.step()
    frames = table.frames()  # the sleeper's too: it signed its frame for the step
    asleep = table.replicas.pop(2)
    del table.bots[2], table.changed[2]
    for vote in [r.vote_quiet(table.ids[s], 2) for s, r in table.replicas.items()]:
        for seat, replica in table.replicas.items():
            if seat != vote.seat:
                replica.offer_vote(decode(vote.raw))
    assert all(done.quiet == [(2, 0)] for done in
               table.deliver({s: f for s, f in frames.items() if s != 2}))
    for record in frames.values():
        asleep.offer(decode(record.raw))
    assert asleep.apply_next().quiet == []  # it stepped alone
    first = table.replicas[0]
    assert asleep.game.public_hash(asleep.state) == first.game.public_hash(first.state)
    for record in table.frames().values():
        asleep.offer(decode(record.raw))
    with pytest.raises(TableFault) as fault:
        asleep.apply_next()
    assert fault.value.kind == "desync"
