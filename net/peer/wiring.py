"""The node's wiring: the ports each helper is built with, made from the node in one place.

A helper gets the few callables it uses (its `…Ports`), never the node. Every port reads
the node when it is called, not when it is made: the replica, the mesh and the links are
replaced as the table changes (a rebuild, a move), and a test may stand in for one.
"""

from __future__ import annotations

from net.peer.intake import IntakePorts
from net.peer.membership import MembershipPorts
from net.peer.returns import ReturnsPorts
from net.wire.gossip import pass_on


def membership_ports(node) -> MembershipPorts:
    identity = node.identity
    return MembershipPorts(
        identity=identity, watching=node.role == "spectator",
        where=lambda: (node.host, node.mesh.port), replica=lambda: node.replica,
        emit=node.emit, begin=node.begin,
        journal_table=lambda table, name: node.scribe.table(table, name, identity.public),
        journal_lobby=lambda record: node.scribe.lobby(record),
        journal_restart=lambda: node.scribe.restart(),
        replaying=lambda: node.scribe.replaying,
        seeds=lambda addresses: setattr(node.links, "seeds", addresses),
        connect=lambda addresses, timeout: node.links.connect_any(addresses, timeout),
        refused=lambda: node.mesh.refused, unlink=node.unlink,
        advertise=lambda: node.links.advertise(),
        broadcast=lambda *message, **how: node.mesh.broadcast(*message, **how),
        poke_spectators=lambda: node.spectators.poke(), rejoining=node.start_rejoining)


def returns_ports(node) -> ReturnsPorts:
    return ReturnsPorts(
        replica=lambda: node.replica, progress=node.progress, emit=node.emit,
        wake=lambda: node.stepper.wake(), reseat_bots=node.reseat_bots,
        broadcast=lambda message: node.mesh.broadcast(message),
        replaying=lambda: node.scribe.replaying, rebuild=node.rebuild)


def intake_ports(node) -> IntakePorts:
    return IntakePorts(
        replica=lambda: node.replica, progress=node.progress, relaying=node.role == "peer",
        seen=lambda raw: node.seen.add(raw),
        pass_on=lambda record, conn: pass_on(node.mesh, record, conn),
        broadcast=lambda *message: node.mesh.broadcast(*message),
        wake=lambda: node.stepper.wake(), apply_ready=node.apply_ready,
        stepped_alone=lambda step: node.returns.stepped_alone(step),
        over=lambda: node.result.done(), fault=node.fault, suspect=node.suspect)
