"""A private network namespace whose loopback carries multicast, for tests and benchmarks.

Real mDNS between processes needs a multicast-capable interface; the host's
`lo` usually is not one, and no test may touch a real network. So tests and
benchmarks make their own namespace: a user + network namespace held open by
a sleeping process (no root needed where user namespaces are allowed), with
`lo` up, flagged MULTICAST and routed for 224.0.0.0/4. Processes run inside
it through `nsenter`. It only ever holds 127.0.0.1; it dies with its holder.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import time
from pathlib import Path

PR_SET_PDEATHSIG = 1
HOLD_SECONDS = 900  # an upper bound: the holder also dies with the process that made it
_LIBC = ctypes.CDLL(None, use_errno=True)  # loaded here: nothing is loaded after a fork


def _die_with_parent() -> None:
    _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class NamespaceError(RuntimeError):
    """The namespace could not be made (no user namespaces, no `ip`...)."""


class Held:
    """A namespace held open by a sleeping process, `holder`: commands run inside it."""

    holder: subprocess.Popen | None

    def command(self, argv: list[str]) -> list[str]:
        """`argv` run inside the namespace."""
        return ["nsenter", f"--target={self.holder.pid}", "--user", "--net",
                "--preserve-credentials", *argv]

    def popen(self, argv: list[str], **kwargs) -> subprocess.Popen:
        kwargs.setdefault("preexec_fn", _die_with_parent)
        kwargs.setdefault("cwd", str(Path(__file__).resolve().parents[2]))  # the checkout
        return subprocess.Popen(self.command(argv), **kwargs)


class LoopbackNamespace(Held):
    def __init__(self):
        self.holder: subprocess.Popen | None = None

    def __enter__(self) -> LoopbackNamespace:
        self.holder = subprocess.Popen(
            ["unshare", "--user", "--map-root-user", "--net", "sleep", str(HOLD_SECONDS)],
            preexec_fn=_die_with_parent, stdin=subprocess.DEVNULL,
        )
        mine = os.readlink("/proc/self/ns/net")
        deadline = time.monotonic() + 5
        while self._namespace() in (None, mine):  # never configure the host's namespace
            if self.holder.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise NamespaceError("unshare could not make a network namespace")
            time.sleep(0.01)
        for step in (["ip", "link", "set", "lo", "up"],
                     ["ip", "link", "set", "lo", "multicast", "on"],
                     ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"]):
            done = subprocess.run(self.command(step), capture_output=True, text=True, timeout=10)
            if done.returncode:
                self.__exit__()
                raise NamespaceError(f"{' '.join(step)}: {done.stderr.strip()}")
        return self

    def _namespace(self) -> str | None:
        """The holder's namespace, once unshare has mapped the user and exec'd sleep."""
        try:
            if Path(f"/proc/{self.holder.pid}/comm").read_text().strip() != "sleep":
                return None
            return os.readlink(f"/proc/{self.holder.pid}/ns/net")
        except OSError:
            return None

    def __exit__(self, *exc) -> None:
        if self.holder is not None and self.holder.poll() is None:
            self.holder.kill()
            self.holder.wait(timeout=10)


class Lan:
    """A LAN of `hosts` hosts, each a network namespace of its own with `eth0` (10.77.0.N/24,
    multicast routed, or with `multicast=False` none at all, as on a guest Wi-Fi) on a veth
    pair whose other end is on one bridge, `br0`, in a switch namespace. The switch is a user
    + network namespace like LoopbackNamespace's; the hosts' namespaces belong to its user
    namespace, so no root is needed and none outlives it."""

    SUBNET = "10.77.0"

    def __init__(self, hosts: int, multicast: bool = True):
        self.count = hosts
        self.multicast = multicast  # False: a LAN that carries no multicast (so no discovery)
        self.switch = LoopbackNamespace()
        self.hosts: list[LanHost] = []

    def __enter__(self) -> Lan:
        self.switch.__enter__()
        try:
            self._run(self.switch, ["ip", "link", "add", "br0", "type", "bridge"])
            self._run(self.switch, ["ip", "link", "set", "br0", "up"])
            for i in range(self.count):
                self.hosts.append(self._host(i))
        except BaseException:
            self.__exit__()
            raise
        return self

    def _host(self, i: int) -> LanHost:
        holder = self.switch.popen(["unshare", "--net", "sleep", str(HOLD_SECONDS)],
                                   stdin=subprocess.DEVNULL)
        host = LanHost(holder, f"{self.SUBNET}.{i + 1}")
        host.wait_apart(self.switch.holder.pid)
        self._run(self.switch, ["ip", "link", "add", f"veth{i}", "type", "veth", "peer",
                                "name", "eth0", "netns", str(holder.pid)])
        self._run(self.switch, ["ip", "link", "set", f"veth{i}", "master", "br0", "up"])
        multicast = (["ip", "route", "add", "224.0.0.0/4", "dev", "eth0"] if self.multicast
                     else ["ip", "link", "set", "eth0", "multicast", "off"])
        for step in (["ip", "link", "set", "lo", "up"],
                     ["ip", "addr", "add", f"{host.address}/24", "dev", "eth0"],
                     ["ip", "link", "set", "eth0", "up"], multicast):
            self._run(host, step)
        return host

    def second_network(self, index: int, address: str = "10.99.0.1") -> None:
        """Put host `index` on a second network nobody else reaches (a VPN, a second Wi-Fi,
        a Docker bridge): a veth pair whose far end is up with no address, multicast routed
        there as a VPN that takes every route does, and the other hosts routed to it with
        nobody answering (ARP goes unheard)."""
        host, net = self.hosts[index], address.rsplit(".", 1)[0]
        for step in (["ip", "link", "add", "vpn0", "type", "veth", "peer", "name", "vpn1"],
                     ["ip", "addr", "add", f"{address}/24", "dev", "vpn0"],
                     ["ip", "link", "set", "vpn1", "up"],
                     ["ip", "link", "set", "vpn0", "multicast", "on", "up"],
                     ["ip", "route", "del", "224.0.0.0/4", "dev", "eth0"],
                     ["ip", "route", "add", "224.0.0.0/4", "dev", "vpn0"]):
            self._run(host, step)
        for other in self.hosts:
            if other is not host:
                self._run(other, ["ip", "route", "add", f"{net}.0/24", "dev", "eth0"])

    @staticmethod
    def _run(where, argv: list[str]) -> None:
        done = subprocess.run(where.command(argv), capture_output=True, text=True, timeout=10)
        if done.returncode:
            raise NamespaceError(f"{' '.join(argv)}: {done.stderr.strip()}")

    def __exit__(self, *exc) -> None:
        for host in self.hosts:
            host.close()
        self.switch.__exit__()


class LanHost(Held):
    """One host of a Lan: its namespace is held open by a sleeping process."""

    def __init__(self, holder: subprocess.Popen, address: str):
        self.holder, self.address = holder, address

    def wait_apart(self, switch_pid: int) -> None:
        """Until the holder sleeps in a network namespace of its own."""
        theirs = os.readlink(f"/proc/{switch_pid}/ns/net")
        deadline = time.monotonic() + 5
        while True:
            try:
                if Path(f"/proc/{self.holder.pid}/comm").read_text().strip() == "sleep" and \
                        os.readlink(f"/proc/{self.holder.pid}/ns/net") != theirs:
                    return
            except OSError:
                pass
            if self.holder.poll() is not None or time.monotonic() > deadline:
                raise NamespaceError("unshare could not make a host's network namespace")
            time.sleep(0.01)

    def close(self) -> None:
        if self.holder.poll() is None:
            self.holder.kill()
            self.holder.wait(timeout=10)
