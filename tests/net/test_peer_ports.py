"""The node's helpers read and tested with nothing but their ports (net.peer.returns,
net.peer.intake, net.peer.membership, net.peer.spectators, …): no node, no mesh — a fake
table and a record of what was done."""

import asyncio
import contextlib
from types import SimpleNamespace

import pytest

from net.errors import BadFrame, CorruptJournal
from net.peer.events import Away, Fault, Finished, NodeOptions, Notice, Returning, Submitted
from net.peer.greeter import Greeter, GreeterPorts
from net.peer.intake import MAX_EARLY, Intake, IntakePorts
from net.peer.links import Links, LinksPorts
from net.peer.protocol import Protocol, ProtocolPorts
from net.peer.resume import ResumePorts, resume
from net.peer.returns import Returns, ReturnsPorts
from net.peer.spectators import Spectators, SpectatorsPorts
from net.peer.stepper import Stepper, StepperPorts
from net.peer.upkeep import Upkeep, UpkeepPorts
from net.table.framestore import Equivocation
from net.table.liveness import Suspect
from net.table.lobby import parse


class Done(list):
    """What the helper asked its peer to do, in order."""

    def port(self, name):
        return lambda *args, **named: self.append((name, *args, *named.values()))


def table(**changes):
    """A replica as the helpers read it: seat 0 is this peer's, seat 2 is away."""
    keys = {0: b"me", 1: b"bo", 2: b"cy"}
    fields = dict(keys=keys, humans=keys, seating=SimpleNamespace(present={0, 1}),
                  over=False, me=0, seated=True, applied=40, heir=lambda seat: 1)
    return SimpleNamespace(**{**fields, **changes})


def returns(replica, done: Done, replaying=False, rebuilt=None) -> Returns:
    return Returns(ReturnsPorts(
        replica=lambda: replica, progress={}, emit=done.port("emit"), wake=done.port("wake"),
        reseat_bots=done.port("reseat"), broadcast=done.port("broadcast"),
        replaying=lambda: replaying, rebuild=lambda: rebuilt, left=done.port("left")))


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
        seeds=done.port("seeds"), connect=None, refused=set, end_links=None,
        unlink=done.port("unlink"),
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


def test_own_lobby_records_are_journaled_durable_and_anothers_only_written():
    """net.peer.scribe: what this peer signed is fsynced before it leaves; another's record
    can be fetched again, so it is not waited on the disk for."""
    from net.wire.frames import LOBBY, sign
    from tests.net.helpers import identities

    done = Done()
    lobby_side = membership(done)
    lobby_side.create("night", "dragon", 4, {"hands": 1})
    assert [e[2] for e in done if e[0] == "journal"] == [True, True]
    bo = identities(1)[0]
    record = sign(bo, LOBBY, lobby_side.table, -1, 0, b"",
                  [lobby_side.lobby.clock() + 1, "join", "Bo", "10.0.0.2", 4001])
    done.clear()
    assert lobby_side.accept(record, source="Bo's link")
    assert [(e[1].raw, e[2]) for e in done if e[0] == "journal"] == [(record.raw, False)]


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


class Link(list):
    """A spectator's link: what it was sent, in order."""

    closed = False
    send = list.append

    async def drain(self):
        pass


def frames(applied: int, seats: int = 2):
    """A replica as the spectators' streams read it: `seats` frames per step applied."""
    at = {step: [SimpleNamespace(raw=(step, seat)) for seat in range(seats)]
          for step in range(applied + 2)}
    return SimpleNamespace(applied=applied, order=tuple(range(seats)),
                           records_at=lambda step: at[step], frames_at=lambda step: at[step])


def stream(replica, finished=None, outcome=None, first=0) -> Link:
    """What one spectator watching from `first` is sent, to the end of the table."""
    link = Link()
    served = Spectators(SpectatorsPorts(
        lobby_log=lambda: [SimpleNamespace(raw=b"join")], replica=lambda: replica,
        finished=lambda: finished, outcome=lambda: outcome))

    async def go():
        served.watch(link, first)
        async with asyncio.timeout(5):
            await asyncio.gather(*served.streams)
    asyncio.run(go())
    return link


def test_a_spectator_is_sent_the_lobby_then_every_step_from_its_first_then_the_end():
    end = Finished(3, "hash", (1, 2), (1,))
    sent = stream(frames(3), finished=end, outcome=end, first=2)
    assert sent == [["relay", b"join"], ["relay", (2, 0)], ["relay", (2, 1)],
                    ["relay", (3, 0)], ["relay", (3, 1)], ["have", 3]]


def test_a_table_stopped_on_a_fault_sends_the_stopping_step_and_the_players_report():
    sent = stream(frames(1), outcome=Fault("stall", 2, "no move"), first=0)
    assert sent[-3:] == [["relay", (2, 0)], ["relay", (2, 1)], ["stopped", "stall", 2, "no move"]]


def seated(done: Done, **changes):
    """A replica as the stepper reads it: this peer's frame for step 41 is not signed yet;
    vet refuses a "cheat"."""
    def vet(state, action):
        if action == "cheat":
            raise ValueError("that card is not in your hand")

    def own_frame(identity, actions, payload, leaving, welcome):
        return SimpleNamespace(step=41, raw=(tuple(actions), leaving, tuple(welcome)))

    nothing = SimpleNamespace(can_leave=lambda: True, outgoing=lambda request, actions: None)
    return table(**{"game": SimpleNamespace(vet=vet, chance_request=lambda state: None),
                    "state": SimpleNamespace(timer=None), "chance": nothing,
                    "own_frame": own_frame, "offer": done.port("offer"), **changes})


def stepper(replica, done: Done) -> Stepper:
    return Stepper(StepperPorts(
        identity=None, options=NodeOptions(), replica=lambda: replica, progress={},
        emit=done.port("emit"), replaying=lambda: False, over=lambda: False,
        away=lambda: False, follow=done.port("follow"), welcomed=lambda: frozenset({2}),
        journal_frame=done.port("journal"), broadcast=done.port("broadcast"),
        apply_ready=done.port("apply")))


def test_an_intent_this_peer_can_see_is_false_or_made_while_away_is_not_sent():
    done = Done()
    steps = stepper(seated(done), done)
    steps.submit("cheat")
    assert steps.intents == [] and done == [("emit", Notice("not sent: that card is not in "
                                                              "your hand"))]
    done.clear()
    away = stepper(seated(done, seated=False), done)
    away.submit("play")
    assert away.intents == [] and [e[0] for e in done] == ["emit"]


def test_a_frame_is_signed_journaled_taken_sent_told_then_applied_in_that_order():
    done = Done()
    steps = stepper(seated(done), done)
    steps.submit("play")
    steps.send_frame(now=0.0)
    record = SimpleNamespace(step=41, raw=(("play",), False, (2,)))
    assert [e[0] for e in done] == ["journal", "offer", "broadcast", "emit", "apply"]
    assert done[0] == ("journal", record, None) and done[2] == ("broadcast", ["rec", record.raw])
    assert isinstance(done[3][1], Submitted) and steps.intents == []


def test_the_last_frame_of_a_seat_that_leaves_carries_no_play():
    done = Done()
    steps = stepper(seated(done, chance=SimpleNamespace(
        can_leave=lambda: True, outgoing=lambda request, actions: None,
        leave=done.port("deck leaves"))), done)
    steps.submit("play")
    steps.leave()
    steps.send_frame(now=0.0)
    assert done[0] == ("deck leaves", 1)  # its heir (seat 1) is told to the deck first
    assert done[1][1].raw == ((), True, (2,)) and not steps.leaving


def test_a_frame_sent_before_a_sleep_is_waited_on_from_the_wake_never_earlier():
    steps = stepper(seated(Done()), Done())
    steps.sent_at = 100.0
    steps.waits_from(90.0)
    assert steps.sent_at == 100.0
    steps.waits_from(130.0)
    assert steps.sent_at == 130.0


def upkeep(done: Done, finished=None, progress=None, streaming=False) -> Upkeep:
    return Upkeep(UpkeepPorts(
        options=NodeOptions(linger=5.0), me=b"me", watching=False,
        keep_alive=done.port("keep_alive"), check_address=done.port("check_address"),
        redial=done.port("redial"), linked=lambda: True, replica=lambda: table(),
        finished=lambda: finished, over=lambda: finished is not None,
        settle=done.port("settle"), progress=progress or {}, suspect=Suspect(),
        away=lambda: False, sent_at=lambda: 0.0, waits_from=done.port("waits_from"),
        bot_doing=lambda: None, streaming=lambda: streaming, emit=done.port("emit"),
        fault=done.port("fault"), broadcast=done.port("broadcast"),
        vote_quiet=done.port("vote_quiet")))


def test_a_computer_that_slept_waits_on_its_frame_from_the_wake_and_says_so():
    done = Done()
    upkeep(done)._woke(1000.0, slept=600.0)
    assert done[0] == ("waits_from", 1000.0)
    assert done[1] == ("emit", Notice("this computer was asleep for 600 s: catching up with "
                                      "the table"))


def test_after_the_end_a_peer_lingers_until_every_peer_and_spectator_saw_it_or_time_ran_out():
    end = Finished(40, "hash", (1, 2, 3), (2,))
    behind = {b"bo": 40, b"cy": 39}
    assert not upkeep(Done(), end, behind)._may_leave(now=1.0)
    late = upkeep(Done(), end, behind)
    late.ended(now=1.0)
    assert late._may_leave(now=7.0), "linger ran out"
    seen = {b"bo": 40, b"cy": 40}
    assert upkeep(Done(), end, seen)._may_leave(now=1.0)
    assert not upkeep(Done(), end, seen, streaming=True)._may_leave(now=1.0)


class Dialled(list):
    """A link dialled by the links: what it was sent, and whether it was closed."""

    def __init__(self, key):
        super().__init__()
        self.key, self.closed = key, False

    send = list.append

    def close(self):
        self.closed = True


def links(done: Done, replica=None, watching=False, answers=None, linked=(), members=None,
          listing=None) -> Links:
    """Links whose dials are answered by `answers` (address: the key proven there, or None
    for an address that never answers)."""
    answers = answers or {}

    async def dial(host, port):
        key = answers.get((host, port))
        if key is None:
            await asyncio.sleep(10)
        conn = Dialled(key)
        done.append(("dialled", (host, port), conn))
        return conn

    lobby = None if members is None else SimpleNamespace(
        state=lambda: SimpleNamespace(members={k: SimpleNamespace(host=h, port=p)
                                               for k, (h, p) in members.items()}))
    discovery = None if listing is None else SimpleNamespace(
        tables=lambda: {"ab": SimpleNamespace(addresses=listing)})
    return Links(LinksPorts(
        identity=SimpleNamespace(public=b"me"), options=NodeOptions(), watching=watching,
        table=lambda: bytes.fromhex("ab"), lobby=lambda: lobby, replica=lambda: replica,
        finished=lambda: None, discovery=lambda: discovery, emit=done.port("emit"),
        spawn=lambda coroutine: (coroutine.close(), done.append(("spawn",))),
        dial=dial, listen=None, relisten=None, port=lambda: 4000,
        peers_linked=lambda: bool(linked), linked=lambda key: key in linked,
        dialling=lambda address: False, close_links=done.port("close_links")))


def test_a_spectator_keeps_the_first_link_that_proves_a_key_and_asks_to_watch_from_there():
    done = Done()
    watcher = links(done, replica=table(applied=40), watching=True,
                    answers={("10.0.0.2", 4000): b"bo", ("10.0.0.3", 4000): None})
    kept = asyncio.run(watcher.connect_any([("10.0.0.3", 4000), ("10.0.0.2", 4000)], 2.0))
    (_, _, conn), = done
    assert kept and conn == [["watch", 41]] and not conn.closed


def test_no_address_that_answers_in_time_is_a_failed_connect():
    watcher = links(Done(), answers={("10.0.0.3", 4000): None})
    assert not asyncio.run(watcher.connect_any([("10.0.0.3", 4000)], 0.05))


def test_a_peer_missing_from_the_mesh_is_redialled_where_it_proved_its_key_else_its_join():
    done = Done()
    linking = links(done, replica=table(), linked={b"bo"},
                    members={b"me": ("10.0.0.1", 4000), b"cy": ("10.0.0.3", 4003)})
    assert linking._wanted() == {b"cy": ("10.0.0.3", 4003)}, "bo's address is not known"
    linking.heard(b"cy", "192.168.1.3", 5003)  # its hello said it moved
    assert linking._wanted() == {b"cy": ("192.168.1.3", 5003)}
    linking.redial(now=0.0)
    assert done == [("spawn",)]


def test_with_no_peer_reachable_every_address_known_for_the_table_is_tried():
    linking = links(Done(), replica=table(), listing=(("10.0.0.9", 4009),),
                    members={b"me": ("10.0.0.1", 4000), b"cy": ("10.0.0.3", 4003)})
    linking.seed([("10.0.0.5", 4005)])
    assert linking.fallback() == [("10.0.0.9", 4009), ("10.0.0.5", 4005), ("10.0.0.3", 4003)]


def test_leaving_the_table_closes_every_link_and_forgets_where_the_peers_were():
    done = Done()
    linking = links(done)
    linking.heard(b"cy", "10.0.0.3", 4003)
    linking.unlink()
    assert done == [("close_links",)] and linking.addresses == {}


def protocol(done: Done, replica=None, role="peer", **changes) -> Protocol:
    ports = dict(
        role=role, table=lambda: b"t", replica=lambda: replica, progress={},
        seen=lambda raw: False, accept=done.port("accept"), frame=done.port("frame"),
        vote=done.port("vote"), convict=done.port("convict"), watch=done.port("watch"),
        poke_spectators=done.port("poke"), asked=done.port("asked"), fault=done.port("fault"))
    greeter = Greeter(GreeterPorts(
        identity=None, role=role, table=lambda: b"t", name=lambda: "night",
        host=lambda: "10.0.0.1", port=lambda: 4000, replica=lambda: replica,
        lobby=lambda: None, lobby_log=list, count=done.port("count"),
        set_table=done.port("set_table"), heard=done.port("heard"), emit=done.port("emit")))
    return Protocol(ProtocolPorts(**{**ports, **changes}), greeter)


def sealed(key=b"bo", role="peer") -> Link:
    """A link past its greeting, hello and proof."""
    link = Link()
    link.greeting, link.opener, link.key, link.role = object(), object(), key, role
    return link


def test_a_message_unknown_misshapen_or_out_of_place_is_refused_and_changes_nothing():
    done = Done()
    talk = protocol(done, replica=table())
    for message in (["shout"], ["back", 1], ["have", "forty"], ["hello"] + [b""] * 8):
        with pytest.raises(BadFrame):
            talk.on_message(sealed(), message)
    assert done == [] and talk.ports.progress == {}


def test_a_player_ahead_is_asked_for_the_frames_missed_and_a_spectators_end_is_not_waited_on():
    done = Done()
    talk = protocol(done, replica=table(players={b"bo", b"cy"}))
    link = sealed(b"bo")
    talk.on_message(link, ["have", 45])
    assert talk.ports.progress == {b"bo": 45} and link == [["want", 41, 45]]
    assert done == [("poke",)]
    talk.on_message(sealed(b"watcher", role="spectator"), ["have", 45])
    assert talk.ports.progress == {b"bo": 45}


def test_a_bug_while_a_message_is_taken_in_stops_the_table_with_a_report():
    done = Done()

    def broken(key):
        raise KeyError("seat")
    protocol(done, replica=table(applied=12), asked=broken).on_message(sealed(), ["back"])
    (what, fault), = done
    assert what == "fault" and fault.kind == "bug" and fault.step == 12
    assert "KeyError" in fault.detail and "KeyError" not in fault.report


def test_only_a_player_tells_a_spectator_that_the_table_stopped():
    done = Done()
    watching = protocol(done, replica=table(), role="spectator")
    for stranger, kind in ((b"stranger", "stall"), (b"bo", "bogus"), (b"bo", ["stall"])):
        with pytest.raises(BadFrame):
            watching.on_message(sealed(stranger), ["stopped", kind, 3, "no move"])
    watching.on_message(sealed(b"bo"), ["stopped", "stall", 3, "no move"])
    (what, fault), = done
    assert what == "fault" and (fault.kind, fault.step, fault.report) == ("stall", 3, "no move")


def resumed(done: Done, entries, me: bytes, replica=None, members=None) -> bool:
    """Read a journal back through fake ports; `done` says what happened, and whether
    inside the read-back (("reading", …))."""
    reading = []

    @contextlib.contextmanager
    def reading_back():
        reading.append(True)
        yield
        reading.pop()

    def port(name):
        return lambda *args: done.append(("reading" if reading else "outside", name, *args))
    members = members or {me: SimpleNamespace(host="10.0.0.1", port=4000)}
    return resume(ResumePorts(
        me=me, watching=False, keep_secrets=port("secrets"), reading_back=reading_back,
        set_table=port("set_table"), accept=port("accept"), replica=lambda: replica,
        apply_ready=port("apply"),
        lobby=lambda: SimpleNamespace(state=lambda: SimpleNamespace(members=members)),
        table=lambda: b"\xab" * 16, name=lambda: "night", finished=lambda: None,
        seed=port("seed"), reclaim_port=port("reclaim"), waits_from=lambda now: None,
        tell_untold=port("tell_untold"), choose=port("choose"), emit=port("emit"),
        read_back=lambda: ()), entries)


def test_a_journal_that_is_empty_or_another_identitys_changes_nothing():
    done = Done()
    assert not resumed(done, [], b"me")
    with pytest.raises(CorruptJournal):
        resumed(done, [["table", b"t", "night", b"someone else"], ["secret", 1]], b"me")
    assert done == []


def test_a_lobby_read_back_is_taken_silently_then_the_table_is_dialled_where_it_was():
    lobby_side = membership(Done())
    lobby_side.create("night", "dragon", 4, {"hands": 1})
    me = lobby_side.ports.identity.public
    entries = [["table", lobby_side.table, "night", me], ["secret", "s1"],
               *(["record", record.raw] for record in lobby_side.log)]
    done = Done()
    assert resumed(done, entries, me)
    assert done[:4] == [("outside", "secrets", ["s1"]),
                        ("reading", "set_table", lobby_side.table, "night"),
                        ("reading", "accept", lobby_side.log[0], None),
                        ("reading", "accept", lobby_side.log[1], None)]
    assert done[4:7] == [("outside", "seed", [("10.0.0.1", 4000)]), ("outside", "reclaim", 4000),
                         ("outside", "emit", Notice("resumed table night (id abababab) from the "
                                                  "journal at step -1"))]


def test_a_frame_that_fails_its_checks_on_reading_back_is_a_corrupt_journal():
    from net.wire.frames import STEP, sign
    from tests.net.helpers import identities

    me = identities(1)[0]
    frame = sign(me, STEP, b"t" * 16, 0, 0, b"", [[], None])

    def offer_any(record):
        raise BadFrame("bad-signature", "not this table's")
    with pytest.raises(CorruptJournal):
        resumed(Done(), [["table", b"t" * 16, "night", me.public], ["record", frame.raw]],
                me.public, replica=SimpleNamespace(offer_any=offer_any))
