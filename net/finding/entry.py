"""Getting into a table on a lossy network: a join is tried again until it holds.

One dial can fail on a Wi-Fi that loses packets (a SYN lost twice outlasts the dial
timeout), and the one peer dialled may be leaving the table just then (it is moving to an
older one). A single try left such a peer outside every table, printing nothing more,
while the others waited for it until they timed out (4 of 11 games at 10 % loss).

**Decision:** a peer is *in* a table once it holds the table's lobby with itself and
another member in it: then its join record went to a member over TCP, and the members
flood it (and every new link exchanges the whole lobby again). Until then it dials the
table's advertised addresses again, every RETRY seconds, as long as discovery still shows
that table as an open lobby (or for PATIENCE seconds without discovery). A peer that still
is not in gives the table up: headless, it creates its own (docs/net.md, "Create or join").
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from net.finding.discovery import LOBBY_STATE, answers, table_at

PATIENCE = 20.0  # seconds a peer keeps trying to get into one table
CONFIRM = 2.0  # after a link holds, how long the table's lobby may take to show the members
RETRY = 0.3  # pause between tries
DIAL = 3.0  # one try: a dial, its hello and proof (a lost SYN is resent after 1 s)


def inside(node) -> bool:
    """Does this peer hold its table's lobby with itself and another member in it?"""
    lobby = node.lobby
    if lobby is None or node.table is None:
        return False
    state = lobby.state()
    return bool(state.game) and node.identity.public in state.members and len(state.members) > 1


def deserted(node) -> bool:
    """Does this peer hold its table's lobby (its game is known) with nobody else in it?
    Then everyone it found there has left: the table lives only in its members, so it is
    gone, however long discovery's caches go on showing it."""
    lobby = node.lobby
    if lobby is None or node.table is None:
        return False
    state = lobby.state()
    return bool(state.game) and set(state.members) <= {node.identity.public}


async def moved_on(listing, table: bytes) -> bool:
    """Does every address of `listing` answer with a hello for another table than `table`,
    signed by one of the table's advertisers? Its members moved on (to an older table of the
    name) and discovery has not caught up yet. **Decision:** only such an answer gives the
    table up before PATIENCE; silence may be a lossy Wi-Fi, and is waited out."""
    if listing is None or not listing.addresses:
        return False
    named = await asyncio.gather(*(table_at(host, port, listing.keys)
                                   for host, port in listing.addresses))
    return all(other is not None and other != table.hex() for other in named)


def _open_listing(node, table: bytes):
    """The table's listing while discovery shows it as a lobby with a free seat that
    someone besides this peer advertises. **Decision:** a table advertised by this peer
    alone is gone: its members left it (for an older table of the name) just as this peer
    came in, and only this peer's own advert kept it open, so the peer waited out its
    whole PATIENCE in an empty lobby while the others sat at the older table."""
    if node.discovery is None:
        return None
    return _open(node, node.discovery.tables().get(table.hex()))


def _open(node, listing):
    """`listing` as `_open_listing` says it: None unless open and advertised by another."""
    if listing is None or listing.state != LOBBY_STATE or listing.taken >= listing.total \
            or not listing.reachable:
        return None
    others = tuple(a for a in listing.addresses if a != (node.host, node.mesh.port))
    return replace(listing, addresses=others) if others else None


async def proven(node, listing) -> bool:
    """Does some address of `listing` answer for it (net.finding.claims: an advert is only
    a claim)? Every address is dialled at once, as a computer on two networks lists both
    and only one may reach here. One that none answers is marked "not reachable", and no
    chooser picks it again until its adverts change."""
    probes = [asyncio.ensure_future(answers(host, port, listing.table, listing.keys))
              for host, port in listing.addresses]
    try:
        for probe in asyncio.as_completed(probes):
            if await probe:
                return True
    finally:
        for probe in probes:
            probe.cancel()
    if node.discovery is not None:
        node.discovery.not_reachable(listing.table)
    return False


async def first_proven(node, listings: list):
    """The listing with the lowest id of those that prove themselves, all tried at once."""
    listings = sorted(listings, key=lambda t: t.table)
    judged = await asyncio.gather(*(proven(node, t) for t in listings))
    return next((t for t, ok in zip(listings, judged, strict=True) if ok), None)


async def get_in(node, addresses: list[tuple[str, int]], table: bytes, name: str,
                 patience: float = PATIENCE) -> bool:
    """Join `table` (at `addresses`, or where discovery shows it now) until this peer is in;
    False when the table went away or patience ran out."""
    deadline = time.monotonic() + patience
    while True:
        listing = _open_listing(node, table)
        where = list(listing.addresses) if listing is not None and listing.addresses \
            else list(addresses)
        if inside(node) or (node.table == table and node.mesh.live()):
            pass  # linked already: the lobby is on its way
        else:
            await node.join(where, table, name, timeout=DIAL)
        confirm = min(deadline, time.monotonic() + CONFIRM)
        while not inside(node) and time.monotonic() < confirm and node.mesh.live():
            await asyncio.sleep(0.05)
        if inside(node):
            return True
        if time.monotonic() > deadline or deserted(node) or await moved_on(listing, table) or (
                node.discovery is not None and _open_listing(node, table) is None):
            if node.discovery is not None and not node.mesh.live():
                node.discovery.not_reachable(table.hex())  # never chosen again as it is
            return False
        await asyncio.sleep(RETRY)


def _oldest_open(node, name: str, tried: set[str]):
    """The open lobby called `name` with the lowest id that this peer has not tried."""
    if node.discovery is None:
        return None
    found = [_open(node, t) for t in node.discovery.tables().values()
             if t.name == name and t.table not in tried]
    return min((t for t in found if t is not None), key=lambda t: t.table, default=None)


async def get_in_anywhere(node, name: str, tried: set[str], create) -> None:
    """A table it tried could not be got into: go to the oldest other open lobby of that name
    (the one the merge rule converges on) until one holds; only when none does, `create()`
    one. **Decision:** a fresh table is the last resort, since its new id, made late, may be
    lower than the one the others converged on, which then would never move to it."""
    while (listing := _oldest_open(node, name, tried)) is not None:
        tried.add(listing.table)
        table = bytes.fromhex(listing.table)
        await node.move(table)
        if await get_in(node, list(listing.addresses), table, listing.name):
            return
    await node.forget()
    create()
