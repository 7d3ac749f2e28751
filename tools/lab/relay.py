"""A lossy, slow Wi-Fi between namespaces: a userspace switch that drops and delays frames.

The kernel here has no netem, so loss and delay are made in userspace. `LossyLan` is a
`Lan` whose switch has no bridge: each host's veth end in the switch namespace is opened
with an AF_PACKET raw socket by one relay process (`python -m tools.lab.relay`, run in
the switch namespace, where the lab's user namespace gives it CAP_NET_RAW — no root). The
relay is a learning switch for Ethernet frames: a unicast frame to a known address goes to
that host's port, anything else (ARP, mDNS multicast, unknown addresses) to every other
port. So real multicast and mDNS still work, lossy like the rest.

Per copy of a frame to one port: dropped with probability `loss`, else delivered after
`delay ± jitter` ms (uniform), never before the copy queued ahead of it on that port (a
Wi-Fi link is a queue: it delays and loses, it does not reorder). The random stream is
seeded. At most `queue` frames wait per port (more are dropped and counted `overflow`).
SIGTERM or SIGINT stops it cleanly; it prints one JSON line of counters when it ends.

The hosts' eth0 send no GSO/TSO super-frames (each frame is at most one MTU): a frame
larger than the other port's MTU could not be sent on.
"""

from __future__ import annotations

import argparse
import array
import fcntl
import heapq
import json
import random
import selectors
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tools.lab.netns import Lan, NamespaceError

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
MAX_FRAME = 65536
READY = "relay ready"
SIOCETHTOOL = 0x8946
ETHTOOL_STXCSUM = 0x17  # with transmit checksums off, TSO and GSO go off too
ROOT = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class Link:
    """What the relay does to each frame."""

    loss: float = 0.0  # share of frames dropped, per port a frame goes to
    delay_ms: float = 0.0
    jitter_ms: float = 0.0  # the delay is uniform in delay ± jitter
    seed: int = 0
    queue: int = 4096  # frames waiting per port at most

    def argv(self) -> list[str]:
        return ["--loss", str(self.loss), "--delay", str(self.delay_ms),
                "--jitter", str(self.jitter_ms), "--seed", str(self.seed),
                "--queue", str(self.queue)]


class Switch:
    """The forwarding decisions, apart from sockets and clocks (unit-tested alone)."""

    def __init__(self, ports: int, link: Link):
        self.ports, self.link = ports, link
        self.rng = random.Random(link.seed)
        self.where: dict[bytes, int] = {}  # source MAC -> the port it was last seen on
        self.queue: list[tuple[float, int, int, bytes]] = []  # (due, order, port, frame)
        self.last_due = [0.0] * ports
        self.waiting = [0] * ports
        self.order = 0
        self.counts = {"received": 0, "forwarded": 0, "dropped": 0, "overflow": 0}

    def arrive(self, port: int, frame: bytes, now: float) -> None:
        """A frame came in on `port`: queue its copies (or lose them)."""
        self.counts["received"] += 1
        if len(frame) < 14:
            return
        destination, source = frame[:6], frame[6:12]
        if not source[0] & 1:
            self.where[source] = port
        known = self.where.get(destination) if not destination[0] & 1 else None
        targets = [known] if known is not None else range(self.ports)
        link = self.link
        for out in targets:
            if out == port:
                continue
            if self.rng.random() < link.loss:
                self.counts["dropped"] += 1
                continue
            if self.waiting[out] >= link.queue:
                self.counts["overflow"] += 1
                continue
            delay = max(0.0, link.delay_ms + self.rng.uniform(-link.jitter_ms, link.jitter_ms))
            due = max(now + delay / 1000, self.last_due[out])  # a queue: no overtaking
            self.last_due[out] = due
            self.waiting[out] += 1
            self.order += 1
            heapq.heappush(self.queue, (due, self.order, out, frame))

    def due(self, now: float) -> list[tuple[int, bytes]]:
        """The copies whose time has come, in order: (port, frame)."""
        out = []
        while self.queue and self.queue[0][0] <= now:
            _, _, port, frame = heapq.heappop(self.queue)
            self.waiting[port] -= 1
            out.append((port, frame))
        return out

    def next_due(self) -> float | None:
        return self.queue[0][0] if self.queue else None


def checksum_in_software(interface: str) -> None:
    """Have `interface` (a veth) compute checksums itself: a veth hands frames on with
    the checksum left to whoever receives them, which a frame relayed by a raw socket no
    longer tells, so the receiver would drop it."""
    value = array.array("I", [ETHTOOL_STXCSUM, 0])
    address, _ = value.buffer_info()
    request = interface.encode().ljust(16, b"\0") + address.to_bytes(8, sys.byteorder)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        fcntl.ioctl(sock, SIOCETHTOOL, request.ljust(40, b"\0"))


def serve(interfaces: list[str], link: Link) -> dict:
    """Relay frames between `interfaces` until SIGTERM/SIGINT; the counters."""
    stop = []
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.append(True))
    sockets = []
    for name in interfaces:
        sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        sock.bind((name, 0))
        sock.setblocking(False)
        sockets.append(sock)
    switch = Switch(len(sockets), link)
    selector = selectors.DefaultSelector()
    for port, sock in enumerate(sockets):
        selector.register(sock, selectors.EVENT_READ, port)
    print(READY, flush=True)
    while not stop:
        now = time.monotonic()
        for port, frame in switch.due(now):
            try:
                sockets[port].send(frame)
                switch.counts["forwarded"] += 1
            except OSError:
                switch.counts["unsendable"] = switch.counts.get("unsendable", 0) + 1
        nxt = switch.next_due()
        timeout = 0.2 if nxt is None else max(0.0, min(0.2, nxt - time.monotonic()))
        try:
            events = selector.select(timeout)
        except InterruptedError:
            continue
        now = time.monotonic()
        for key, _ in events:
            sock = key.fileobj
            while True:
                try:
                    frame, address = sock.recvfrom(MAX_FRAME)
                except (BlockingIOError, InterruptedError):
                    break
                if address[2] != PACKET_OUTGOING:  # not a copy of what we sent
                    switch.arrive(key.data, frame, now)
    for sock in sockets:
        sock.close()
    return switch.counts


class LossyLan(Lan):
    """A Lan (tools.lab.netns) whose hosts talk through the relay instead of a bridge."""

    def __init__(self, hosts: int, link: Link, multicast: bool = True):
        super().__init__(hosts, multicast)
        self.link = link
        self.relay: subprocess.Popen | None = None
        self.counts: dict | None = None

    def __enter__(self) -> LossyLan:
        super().__enter__()
        try:
            ports = [f"veth{i}" for i in range(self.count)]
            for i, port in enumerate(ports):
                self._run(self.switch, ["ip", "link", "set", port, "nomaster"])
                self._run(self.switch, ["ip", "link", "set", port, "promisc", "on", "up"])
                # one MTU per frame, so that every frame can be sent on as it came
                self._run(self.hosts[i], ["ip", "link", "set", "eth0", "gso_max_size", "1500",
                                          "gso_max_segs", "1"])
                done = subprocess.run(self.hosts[i].command(
                    [sys.executable, "-c", "from tools.lab.relay import checksum_in_software; "
                     "checksum_in_software('eth0')"]), capture_output=True, text=True,
                    timeout=30, cwd=str(ROOT))
                if done.returncode:
                    raise NamespaceError(f"checksums on eth0: {done.stderr.strip()[-300:]}")
            self._run(self.switch, ["ip", "link", "del", "br0"])
            self.relay = self.switch.popen(
                [sys.executable, "-m", "tools.lab.relay", *self.link.argv(), *ports],
                cwd=str(ROOT), stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
            if self.relay.stdout.readline().strip() != READY:
                raise NamespaceError("the relay did not start")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.relay is not None and self.relay.poll() is None:
            self.relay.terminate()
            try:
                out, _ = self.relay.communicate(timeout=10)
                self.counts = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
            except (subprocess.TimeoutExpired, ValueError):
                self.relay.kill()
                self.relay.wait(10)
        super().__exit__(*exc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.relay", description=__doc__)
    parser.add_argument("interfaces", nargs="+")
    parser.add_argument("--loss", type=float, default=0.0)
    parser.add_argument("--delay", type=float, default=0.0, help="ms")
    parser.add_argument("--jitter", type=float, default=0.0, help="ms")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--queue", type=int, default=4096)
    args = parser.parse_args(argv)
    link = Link(args.loss, args.delay, args.jitter, args.seed, args.queue)
    print(json.dumps(serve(args.interfaces, link), sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
