"""The node's helpers read and tested with nothing but their ports (net.peer.returns,
net.peer.intake): no node, no mesh, no loop — a fake table and a record of what was done."""

from types import SimpleNamespace

import pytest

from net.errors import BadFrame
from net.peer.events import Away, Returning
from net.peer.intake import MAX_EARLY, Intake, IntakePorts
from net.peer.returns import Returns, ReturnsPorts
from net.table.framestore import Equivocation
from net.table.liveness import Suspect
from net.table.lobby import parse


class Done(list):
    """What the helper asked its peer to do, in order."""

    def port(self, name):
        return lambda *args: self.append((name, *args))


def table(**changes):
    """A replica as the helpers read it: seat 0 is this peer's, seat 2 is away."""
    fields = dict(keys={0: b"me", 1: b"bo", 2: b"cy"}, seating=SimpleNamespace(present={0, 1}),
                  over=False, me=0, seated=True, applied=40, heir=lambda seat: 1)
    return SimpleNamespace(**{**fields, **changes})


def returns(replica, done: Done, replaying=False, rebuilt=None) -> Returns:
    return Returns(ReturnsPorts(
        replica=lambda: replica, progress={}, emit=done.port("emit"), wake=done.port("wake"),
        reseat_bots=done.port("reseat"), broadcast=done.port("broadcast"),
        replaying=lambda: replaying, rebuild=lambda: rebuilt))


def test_a_seat_away_that_asks_back_is_welcomed_once_and_a_stranger_is_refused():
    done = Done()
    way_back = returns(table(), done)
    way_back.asked(b"cy")
    way_back.asked(b"cy")  # asked again (every second): said once
    assert done == [("emit", Returning(2)), ("wake",)]
    assert way_back.welcomed() == frozenset({2})
    with pytest.raises(BadFrame):
        way_back.asked(b"nobody's")


def test_a_peer_that_stepped_alone_rebuilds_through_its_peer_and_says_it_is_away_once():
    done = Done()
    way_back = returns(table(), done, rebuilt=table(applied=41))
    way_back.stepped_alone(40)
    assert (way_back.until, way_back.told) == (40, 41)
    assert done == [("emit", Away(40, 1, left=False))]
    way_back.went_quiet(1, 40)  # the rebuilt replica applies the quiet step again
    assert done == [("emit", Away(40, 1, left=False)), ("wake",)]


def test_while_the_journal_is_read_back_away_is_told_once_it_is_read():
    done = Done()
    way_back = returns(table(seated=False), done, replaying=True)
    way_back.came_back_after_leaving(1, 12)
    assert done == []
    way_back.ports = ReturnsPorts(**{**way_back.ports.__dict__, "replaying": lambda: False})
    way_back.tell_untold()
    assert done == [("emit", Away(12, 1, left=True))]


def intake(replica, done: Done, over=False) -> Intake:
    return Intake(IntakePorts(
        replica=lambda: replica, progress={}, relaying=True, seen=done.port("seen"),
        pass_on=done.port("pass_on"), broadcast=done.port("broadcast"),
        wake=done.port("wake"), apply_ready=done.port("apply"),
        stepped_alone=done.port("alone"), over=lambda: over, fault=done.port("fault"),
        suspect=Suspect()))


def test_frames_before_the_start_are_kept_and_bounded():
    taken = intake(None, Done())
    for i in range(MAX_EARLY + 5):
        taken.frame(SimpleNamespace(step=i), None, relayed=False)
    assert len(taken.early) == MAX_EARLY


def test_twin_frames_are_passed_to_every_peer_and_spectator_and_stop_the_table():
    done = Done()
    fault = Equivocation(SimpleNamespace(step=7, raw=b"one"), SimpleNamespace(step=7, raw=b"two"),
                         "Cy")
    intake(table(), done).convict(fault)
    assert done == [("broadcast", ["evidence", b"one", b"two"]),
                    ("broadcast", ["evidence", b"one", b"two"], "spectator"), ("fault", fault)]
    done.clear()
    intake(table(), done, over=True).convict(fault)
    assert done == [], "a table already over is not stopped again"


def membership(done: Done, replica=None):
    from net.peer.membership import Membership, MembershipPorts
    from tests.net.helpers import identities

    identity = identities(1)[0]
    return Membership(MembershipPorts(
        identity=identity, watching=False, where=lambda: ("10.0.0.1", 4000),
        replica=lambda: replica, emit=done.port("emit"), begin=done.port("begin"),
        journal_table=done.port("journal_table"), journal_lobby=done.port("journal"),
        journal_restart=done.port("restart"), replaying=lambda: False,
        seeds=done.port("seeds"), connect=None, refused=set, unlink=done.port("unlink"),
        advertise=done.port("advertise"), broadcast=done.port("broadcast"),
        poke_spectators=done.port("poke"), rejoining=done.port("rejoining")))


def test_a_new_table_signs_its_join_then_its_config_and_journals_and_shares_both():
    done = Done()
    lobby_side = membership(done)
    lobby_side.create("night", "dragon", 4, {"hands": 1})
    journaled = [entry[1] for entry in done if entry[0] == "journal"]
    assert [r.raw for r in journaled] == [r.raw for r in lobby_side.log]
    assert len(lobby_side.log) == 2 and lobby_side.is_member()
    assert [e[0] for e in done if e[0] in ("journal_table", "broadcast")] == [
        "journal_table", "broadcast", "broadcast"]
    assert lobby_side.lobby.state().game == "dragon"


def test_an_op_before_this_peers_join_waits_for_it_and_none_after_the_start():
    done = Done()
    lobby_side = membership(done)
    lobby_side.op("sit", 0)  # no table yet: kept for after the join
    assert lobby_side.log == []
    lobby_side.create("night", "dragon", 4, {"hands": 1})
    assert [parse(record)[1] for record in lobby_side.log] == ["join", "sit", "config"]
    started = membership(Done(), replica=object())
    started.op("sit", 0)
    assert started.log == [] and started._deferred == [], "the game started: nothing signed"
