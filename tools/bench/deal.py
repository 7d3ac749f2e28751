"""Mental-poker deal: shuffle, lock and deal the opening hands, one process per peer.

p50_ms: wall time from the first commitment to every seat holding its opening
hand, each peer in its own process, deck messages over a bare loopback TCP mesh.
table_p50_ms: the same through the real table: every seat a `hoard peer`
process on loopback playing a game whose opening deal this is (Dragon for 4 x 52
dealing 13; Dragons Wild for N x 70 dealing 7; Dragon Den for N x 52 dealing 7),
deck messages in signed lockstep frames, normal pacing; one deal per hand,
measured from the first commitment sent to the last seat's own hand applied — or,
for a deck the table shuffled ahead during the hand before (Dragon, Den), from its
first key share sent: what the table waits for. table_shuffled_ahead_p50_ms: such a
deck's shuffle, first commitment to last lock sent, off the table's path.
table_steps: lockstep steps that deal took. compute_ms: every peer's work one
after another in one process, no transport. scalar_mult_us: one P-256 scalar
multiplication (an ECDH exchange).
"""

from __future__ import annotations

import multiprocessing
import os
import selectors
import socket
import statistics
import struct
import tempfile
import time
from pathlib import Path

import msgpack

from engine.chance import Dealt, Shuffled
from net.chance.deck import DeckPeer, DeckSpec, curve
from net.chance.deck.local import LocalTable
from tools.bench.lockstep import play

GOALS_MS = {(4, 52): 150, (6, 70): 300}
WARMUP = 1
TIMEOUT_S = 60.0
_LENGTH = struct.Struct("!I")


def add_arguments(parser) -> None:
    parser.add_argument("--peers", type=int, default=4)
    parser.add_argument("--cards", type=int, default=52)
    parser.add_argument(
        "--hand",
        type=int,
        default=None,
        help="cards dealt to each seat (default 13 from 52 cards as in Dragon, else 7)",
    )
    parser.add_argument("--deals", type=int, default=9, help="timed deals (after one warm-up)")


def _clock() -> float:
    """CLOCK_MONOTONIC is system-wide, so times from different processes compare."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def _spec(peers: int, cards: int, deal: int) -> DeckSpec:
    return DeckSpec(b"bench-deal", deal, 0, peers, tuple(range(cards)))


def _hands(peers: int, hand: int) -> list[range]:
    """Round the table one card at a time, as Dragon deals: seat s gets s, s+n, s+2n..."""
    return [range(seat, peers * hand, peers) for seat in range(peers)]


class _Mesh:
    """Length-prefixed msgpack frames to and from every other peer's socket."""

    def __init__(self, links: dict[int, socket.socket]):
        self.links = links
        self.buffers = {sock: b"" for sock in links.values()}
        self.selector = selectors.DefaultSelector()
        for sock in links.values():
            self.selector.register(sock, selectors.EVENT_READ)

    def broadcast(self, deal: int, message) -> None:
        data = msgpack.packb([deal, message], use_bin_type=True)
        frame = _LENGTH.pack(len(data)) + data
        for sock in self.links.values():
            sock.sendall(frame)

    def poll(self, deal: int, timeout: float) -> list:
        messages = []
        for key, _ in self.selector.select(timeout):
            chunk = key.fileobj.recv(1 << 16)
            if not chunk:
                raise ConnectionError("a peer closed its link mid-deal")
            buffer = self.buffers[key.fileobj] + chunk
            while len(buffer) >= _LENGTH.size:
                (size,) = _LENGTH.unpack_from(buffer)
                if len(buffer) < _LENGTH.size + size:
                    break
                frame_deal, message = msgpack.unpackb(
                    buffer[_LENGTH.size : _LENGTH.size + size], use_list=False
                )
                if frame_deal != deal:
                    raise ConnectionError(f"message of deal {frame_deal} during deal {deal}")
                messages.append(message)
                buffer = buffer[_LENGTH.size + size :]
            self.buffers[key.fileobj] = buffer
        return messages


class _Seat:
    """One seat's side of one deal: applies messages in causal order and sends its own."""

    def __init__(self, peer: DeckPeer, mesh: _Mesh, deal: int, hands: list[range]):
        self.peer, self.mesh, self.deal, self.hands = peer, mesh, deal, hands
        self.held: list = []
        self.dealt = 0
        self.hand_at: float | None = None

    def send(self, message) -> None:
        self.mesh.broadcast(self.deal, message)
        self.apply(message)

    def apply(self, message) -> None:
        for action in self.peer.receive(message):
            if isinstance(action, Shuffled):
                for seat, positions in enumerate(self.hands):
                    share = self.peer.deal(seat, positions)
                    if share is not None:
                        self.send(share)
            elif isinstance(action, Dealt):
                self.dealt += 1
                if action.to_seat == self.peer.seat:
                    self.hand_at = _clock()
        turn = self.peer.turn()
        if turn == ("deck.shuffle", self.peer.seat):
            self.send(self.peer.shuffle())
            # Hash the cards and load the lock keys now: the next seat is busy, the others
            # idle, so this competes with nobody (were every idle seat to prepare at once,
            # they would slow the one seat the deal is waiting for).
            self.peer.prepare()
        elif turn == ("deck.lock", self.peer.seat):
            self.send(self.peer.lock())

    def pump(self, incoming: list) -> None:
        """Apply every held message whose turn has come (TCP orders each link, not the mesh)."""
        self.held.extend(incoming)
        while True:
            for i, message in enumerate(self.held):
                if self.peer.in_turn(message):
                    del self.held[i]
                    self.apply(message)
                    break
            else:
                return


def _one_deal(seat: int, peers: int, cards: int, hand: int, deal: int, mesh: _Mesh):
    start = _clock()
    peer = DeckPeer(_spec(peers, cards, deal), seat)
    side = _Seat(peer, mesh, deal, _hands(peers, hand))
    side.send(peer.commit())
    deadline = start + TIMEOUT_S
    while side.dealt < peers:
        if _clock() > deadline:
            raise TimeoutError(f"seat {seat}: deal {deal} did not finish")
        side.pump(mesh.poll(deal, 1.0))
    return start, side.hand_at


def _connect(seat: int, ports: list[int], listener: socket.socket) -> dict[int, socket.socket]:
    links = {}
    for other in range(seat):
        sock = socket.create_connection(("127.0.0.1", ports[other]), timeout=TIMEOUT_S)
        sock.sendall(bytes([seat]))
        links[other] = sock
    for _ in range(seat + 1, len(ports)):
        sock, _ = listener.accept()
        links[sock.recv(1)[0]] = sock
    for sock in links.values():
        sock.settimeout(TIMEOUT_S)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return links


def _peer_process(seat: int, peers: int, cards: int, hand: int, control) -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(TIMEOUT_S)
    control.send(listener.getsockname()[1])
    mesh = _Mesh(_connect(seat, control.recv(), listener))
    while (deal := control.recv()) is not None:
        control.send(_one_deal(seat, peers, cards, hand, deal, mesh))
    for sock in mesh.links.values():
        sock.close()


def _receive(pipe, what: str):
    if not pipe.poll(TIMEOUT_S):
        raise TimeoutError(f"no {what} from a peer process")
    return pipe.recv()


def network_deals(peers: int, cards: int, hand: int, deals: int) -> list[float]:
    """Wall ms of each timed deal with every peer in its own process."""
    context = multiprocessing.get_context("spawn")
    pipes, processes = [], []
    for seat in range(peers):
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_peer_process, args=(seat, peers, cards, hand, theirs), daemon=True
        )
        process.start()
        pipes.append(ours)
        processes.append(process)
    finished = False
    try:
        ports = [_receive(pipe, "port") for pipe in pipes]
        for pipe in pipes:
            pipe.send(ports)
        times = []
        for deal in range(WARMUP + deals):
            for pipe in pipes:
                pipe.send(deal)
            reports = [_receive(pipe, "deal report") for pipe in pipes]
            if deal >= WARMUP:
                first_commit = min(start for start, _ in reports)
                times.append((max(done for _, done in reports) - first_commit) * 1000)
        for pipe in pipes:
            pipe.send(None)
        finished = True
    finally:
        for process in processes:
            process.join(TIMEOUT_S if finished else 0)
            if process.is_alive():
                process.terminate()
    return times


def compute_ms(peers: int, cards: int, hand: int, runs: int = 5) -> float:
    """Every peer's work for one deal, one after another in this process: median of `runs`."""
    times = []
    for run in range(runs):
        start = time.perf_counter()
        table = LocalTable(_spec(peers, cards, -1 - run))
        table.shuffle()
        table.deal_hands(hand)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def scalar_mult_us(count: int = 2000) -> float:
    layer = curve.layer(curve.scalar(os.urandom(40)))
    _, point = curve.card_point(b"bench", 0)
    start = time.perf_counter()
    for _ in range(count):
        curve.apply_x(layer, point)
    return (time.perf_counter() - start) / count * 1e6


def table_game(peers: int, cards: int, hand: int, hands: int) -> tuple[str, tuple] | None:
    """The game (and options for `hands` hands) whose opening deal this is, if any."""
    cap = f"hands={hands}"
    if (peers, cards, hand) == (4, 52, 13):
        return "dragon", (cap,)
    if (cards, hand) == (70, 7) and 2 <= peers <= 6:
        return "wild", ("match=points", "target=100000", cap)
    if (cards, hand) == (52, 7) and 2 <= peers <= 4:
        return "den", ("target=1000", "bust=false", cap)
    return None


def table_deals(peers: int, game: str, options: tuple, deals: int
                ) -> list[tuple[float, int, float | None]]:
    """(wall ms, lockstep steps, ms shuffled ahead or None) of each timed deal, every seat a
    `hoard peer` process. The table shuffles a hand's deck ahead, during the hand before,
    where the rules know it (docs/net.md, Chance): such a deal is timed from its first key
    share sent, what the table waits for, and its shuffle (first commitment to last lock
    sent) apart; any other from its first commitment. Both to the last seat's own hand."""
    with tempfile.TemporaryDirectory(prefix="hoard-bench-deal-") as tmp:
        results = play(peers, 50.0, False, Path(tmp), game, peers, options)
    timed = []
    for deck in range(1 + WARMUP, 1 + WARMUP + deals):  # these games number decks by hand
        sent = {kind: [r for p in results for r in p["rows"]
                       if r.get("deck") == deck and r.get("message") == kind]
                for kind in ("deck.commit", "deck.lock", "deck.share")}
        held = [next(r for r in p["rows"] if r.get("dealt") == deck
                     and r["to"] == p["final"]["seat"] and r["shown"]) for p in results]
        start = min(sent["deck.commit"], key=lambda r: r["t"])
        locked = max(sent["deck.lock"], key=lambda r: r["t"])
        shared = min(sent["deck.share"], key=lambda r: r["t"])
        end = max(held, key=lambda r: r["t"])
        ahead = shared["sent"] > locked["sent"] + 1  # locked, it waited for the engine
        first = shared if ahead else start
        timed.append(((end["t"] - first["t"]) * 1000, end["step"] - first["sent"] + 1,
                      (locked["t"] - start["t"]) * 1000 if ahead else None))
    return timed


def run(args) -> dict:
    hand = args.hand if args.hand is not None else (13 if args.cards == 52 else 7)
    if args.peers < 2 or args.peers * hand > args.cards:
        raise SystemExit(f"cannot deal {hand} cards to {args.peers} seats from {args.cards}")
    times = network_deals(args.peers, args.cards, hand, args.deals)
    result = {
        "peers": args.peers,
        "cards": args.cards,
        "hand": hand,
        "deals": len(times),
        "p50_ms": round(statistics.median(times), 1),
        "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1),
        "compute_ms": round(compute_ms(args.peers, args.cards, hand), 1),
        "scalar_mult_us": round(scalar_mult_us(), 1),
    }
    game = table_game(args.peers, args.cards, hand, WARMUP + args.deals)
    if game is not None:
        table = table_deals(args.peers, *game, args.deals)
        wall = [ms for ms, _, _ in table]
        ahead = [ms for _, _, ms in table if ms is not None]
        result.update(table_game=game[0], table_p50_ms=round(statistics.median(wall), 1),
                      table_min_ms=round(min(wall), 1), table_max_ms=round(max(wall), 1),
                      table_steps=statistics.median_low(steps for _, steps, _ in table))
        if ahead:
            result["table_shuffled_ahead_p50_ms"] = round(statistics.median(ahead), 1)
    goal = GOALS_MS.get((args.peers, args.cards))
    if goal is not None:
        result["goal_ms"] = goal
    return result
