"""A Dragon table of real `hoard peer` processes on this machine's loopback, met through
--connect (no discovery), for attacks from the test process itself."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

from tools.lab.processes import HostLoopback, Proc, step_of

HOST = HostLoopback()
TIMEOUT = 60.0
# a table with a cheat plays at least this many hands: a hand can end before the cheating
# seat has acted at all (a Dragon shown on the first turn ends it), and a table that ends
# before its cheat tests nothing (one CI run waited 60 s for a cheat that never came)
CHEAT_HANDS = 3


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PeerTable:
    """`humans` peers (bots fill the other seats); the first creates the table on a known
    port, the rest join through it. `cheat` runs the last peer through that module, and
    the match then has at least CHEAT_HANDS hands."""

    def __init__(self, folder: Path, humans: int = 3, think: int = 1, hands: int = 1,
                 game: str = "dragon", seats: int = 4,
                 names: tuple[str, ...] = (), cheat: str | None = None, start: bool = True,
                 cheat_env: dict[str, str] | None = None, timeout: float = TIMEOUT,
                 void_after: float | None = None):
        self.folder, self.port, self.timeout = folder, free_port(), timeout
        hands = max(hands, CHEAT_HANDS) if cheat else hands
        self.names = names or tuple(f"p{i}" for i in range(humans))
        self.common = ["peer", "--table", "night", "--game", game, "--seats", str(seats),
                       "--bot", "greedy", "--option", f"hands={hands}", "--no-discovery",
                       "--interface", "127.0.0.1", "--timeout", str(timeout),
                       "--think", str(think)]
        if void_after is not None:  # the table's patience with a silent seat
            self.common += ["--void-after", str(void_after)]
        self.cheat, self.cheat_env = cheat, cheat_env
        self.peers = [self._start(0, "--port", str(self.port), "--add-bots",
                                  str(seats - humans))]
        self.peers[0].wait_line(lambda line: line.startswith("lobby:"), 20)
        if start:
            for i in range(1, humans):
                self.join(i)

    def join(self, i: int, port: int | None = None) -> Proc:
        """Peer `i` joins through the first peer's port, or through `port` (a relay's)."""
        peer = self._start(i, "--connect", f"127.0.0.1:{port or self.port}")
        self.peers.append(peer)
        return peer

    def _start(self, i: int, *extra: str) -> Proc:
        argv = [*self.common, "--name", self.names[i],
                "--config-dir", str(self.folder / f"peer{i}"), *extra]
        if self.cheat is not None and i == len(self.names) - 1:
            return Proc(HOST, [sys.executable, "-m", self.cheat, *argv], hoard=False,
                        env=self.cheat_env)
        return Proc(HOST, argv)

    def playing(self, step: int = 3) -> None:
        """Wait until the first peer applied `step`."""
        self.peers[0].wait_line(lambda line: step_of(line) >= step, self.timeout)

    def attack(self, attack):
        """Run an asyncio attack on the table; a refused connection says how each peer
        stands (the target gone means it crashed or its game ended under the attack)."""
        try:
            return asyncio.run(attack)
        except OSError as exc:
            tails = "\n".join(peer.tail() for peer in self.peers)
            raise AssertionError(f"the attack failed ({exc}); the peers:\n{tails}") from exc

    def results(self, codes: tuple[int, ...] = (0,)) -> list[dict]:
        return [peer.finish(self.timeout + 10, codes) for peer in self.peers]

    def kill(self) -> None:
        for peer in self.peers:
            peer.kill()


def agree(results: list[dict]) -> str:
    """Every peer finished the match with the same hash and a clean audit."""
    assert all("final_hash" in r for r in results), results
    assert len({r["final_hash"] for r in results}) == 1, results
    assert {r["audit"] for r in results} == {"clean"}, results
    return results[0]["final_hash"]
