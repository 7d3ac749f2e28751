"""The node's wiring: the ports each helper is built with, made from the node in one place.

A helper gets the few callables it uses (its `…Ports`), never the node. Every port reads
the node when it is called, not when it is made: the replica, the mesh and the links are
replaced as the table changes (a rebuild, a move), and a test may stand in for one.
"""

from __future__ import annotations

from net.peer.greeter import GreeterPorts
from net.peer.intake import IntakePorts
from net.peer.links import LinksPorts
from net.peer.membership import MembershipPorts
from net.peer.protocol import ProtocolPorts
from net.peer.resume import ResumePorts
from net.peer.returns import ReturnsPorts
from net.peer.spectators import SpectatorsPorts
from net.peer.stepper import StepperPorts
from net.peer.upkeep import UpkeepPorts
from net.wire.gossip import pass_on


def membership_ports(node) -> MembershipPorts:
    identity = node.identity
    return MembershipPorts(
        identity=identity, watching=node.role == "spectator",
        where=lambda: (node.host, node.mesh.port), replica=lambda: node.replica,
        emit=node.emit, begin=node.begin,
        journal_table=lambda table, name: node.scribe.table(table, name, identity.public),
        journal_lobby=lambda record, own: node.scribe.lobby(record, own),
        journal_restart=lambda: node.scribe.restart(),
        replaying=lambda: node.scribe.replaying,
        seeds=lambda addresses: node.links.seed(addresses),
        connect=lambda addresses, timeout: node.links.connect_any(addresses, timeout),
        refused=lambda: node.mesh.refused, end_links=lambda: node.mesh.end_links(),
        unlink=lambda: node.links.unlink(),
        advertise=lambda: node.links.advertise(),
        broadcast=lambda *message, **how: node.mesh.broadcast(*message, **how),
        poke_spectators=lambda: node.spectators.poke(), rejoining=node.start_rejoining)


def returns_ports(node) -> ReturnsPorts:
    return ReturnsPorts(
        replica=lambda: node.replica, progress=node.progress, emit=node.emit,
        wake=lambda: node.stepper.wake(), reseat_bots=node.reseat_bots,
        broadcast=lambda message: node.mesh.broadcast(message),
        replaying=lambda: node.scribe.replaying, rebuild=node.rebuild, left=node.left)


def intake_ports(node) -> IntakePorts:
    return IntakePorts(
        replica=lambda: node.replica, progress=node.progress, relaying=node.role == "peer",
        seen=lambda raw: node.seen.add(raw),
        pass_on=lambda record, conn: pass_on(node.mesh, record, conn),
        broadcast=lambda *message: node.mesh.broadcast(*message),
        wake=lambda: node.stepper.wake(), apply_ready=node.apply_ready,
        stepped_alone=lambda step: node.returns.stepped_alone(step),
        over=lambda: node.result.done(), fault=node.fault, suspect=node.suspect)


def spectators_ports(node) -> SpectatorsPorts:
    return SpectatorsPorts(
        lobby_log=lambda: node.membership.log, replica=lambda: node.replica,
        finished=lambda: node.finished, outcome=lambda: _outcome(node))


def _outcome(node):
    """How the table ended for this peer (Finished, Left or Fault); None while it is on."""
    done = node.result is not None and node.result.done()
    return node.result.result() if done else None


def stepper_ports(node) -> StepperPorts:
    return StepperPorts(
        identity=node.identity, options=node.options, replica=lambda: node.replica,
        progress=node.progress, emit=node.emit, replaying=lambda: node.scribe.replaying,
        over=lambda: node.result.done(), away=lambda: node.returns.away,
        follow=lambda now: node.returns.follow(now), welcomed=lambda: node.returns.welcomed(),
        journal_frame=lambda record, secret: node.scribe.own_frame(record, secret),
        broadcast=lambda *message: node.mesh.broadcast(*message), apply_ready=node.apply_ready)


def upkeep_ports(node) -> UpkeepPorts:
    return UpkeepPorts(
        options=node.options, me=node.identity.public, watching=node.role == "spectator",
        keep_alive=lambda now: node.mesh.keep_alive(now),
        check_address=lambda now: node.links.check_address(now),
        redial=lambda now: node.links.redial(now), linked=lambda: bool(node.mesh.live("peer")),
        replica=lambda: node.replica, finished=lambda: node.finished,
        over=lambda: node.result.done(), settle=node.settle, progress=node.progress,
        suspect=node.suspect, away=lambda: node.returns.away,
        sent_at=lambda: node.stepper.sent_at, waits_from=lambda now: node.stepper.waits_from(now),
        bot_doing=lambda: None if node.stepper.bots is None else node.stepper.bots.doing,
        streaming=lambda: bool(node.spectators.streams), emit=node.emit, fault=node.fault,
        broadcast=lambda *message: node.mesh.broadcast(*message), vote_quiet=node.vote_quiet)


def links_ports(node) -> LinksPorts:
    return LinksPorts(
        identity=node.identity, options=node.options, watching=node.role == "spectator",
        table=lambda: node.table, lobby=lambda: node.lobby, replica=lambda: node.replica,
        finished=lambda: node.finished, discovery=lambda: node.discovery, emit=node.emit,
        spawn=node.spawn, dial=lambda host, port: node.mesh.dial(host, port),
        listen=lambda host, port: node.mesh.listen(host, port),
        relisten=lambda host, port: node.mesh.relisten(host, port),
        port=lambda: node.mesh.port, peers_linked=lambda: bool(node.mesh.live("peer")),
        linked=lambda key: node.mesh.linked(key),
        dialling=lambda address: node.mesh.dialling(address),
        close_links=lambda: _close_every_link(node.mesh))


def _close_every_link(mesh) -> None:
    for conn in list(mesh.conns):
        conn.close()


def greeter_ports(node) -> GreeterPorts:
    return GreeterPorts(
        identity=node.identity, role=node.role, table=lambda: node.table,
        name=lambda: node.name, host=lambda: node.host, port=lambda: node.mesh.port,
        replica=lambda: node.replica, lobby=lambda: node.lobby,
        lobby_log=lambda: node.membership.log,
        count=lambda conn, why: node.mesh.count(conn, why),
        set_table=lambda table, name: node.membership.set_table(table, name),
        heard=lambda key, host, port: node.links.heard(key, host, port), emit=node.emit)


def protocol_ports(node) -> ProtocolPorts:
    return ProtocolPorts(
        role=node.role, table=lambda: node.table, replica=lambda: node.replica,
        progress=node.progress, seen=lambda raw: node.seen.holds(raw),
        accept=lambda record, conn: node.membership.accept(record, conn),
        frame=lambda record, conn, relayed: node.intake.frame(record, conn, relayed),
        vote=lambda record, conn, relayed: node.intake.vote(record, conn, relayed),
        convict=lambda fault: node.intake.convict(fault),
        watch=lambda conn, first: node.spectators.watch(conn, first),
        poke_spectators=lambda: node.spectators.poke(), asked=lambda key: node.returns.asked(key),
        fault=node.fault)


def resume_ports(node) -> ResumePorts:
    return ResumePorts(
        me=node.identity.public, watching=node.role == "spectator",
        keep_secrets=node.secrets.extend, reading_back=lambda: node.scribe.reading_back(),
        set_table=lambda table, name: node.membership.set_table(table, name),
        accept=lambda record, conn: node.membership.accept(record, conn),
        replica=lambda: node.replica, apply_ready=node.apply_ready, lobby=lambda: node.lobby,
        table=lambda: node.table, name=lambda: node.name, finished=lambda: node.finished,
        seed=lambda addresses: node.links.seed(addresses),
        reclaim_port=lambda port: node.spawn(node.links.reclaim_port(port)),
        waits_from=lambda now: node.stepper.waits_from(now),
        tell_untold=lambda: node.returns.tell_untold(),
        choose=lambda: node.stepper.choose(True), emit=node.emit, read_back=node.read_back)
