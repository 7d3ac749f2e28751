"""Real multicast discovery between processes, inside a private loopback namespace."""

import sys

import pytest

from net.wire.frames import PROTOCOL
from tools.lab.processes import Proc, lan_namespace

pytestmark = pytest.mark.alongside  # its waits hold on a busy machine (tests/conftest.py)

lan = pytest.fixture(scope="module")(lan_namespace)


def browser(lan, seconds=30) -> Proc:
    return Proc(lan, ["peer", "--list", "--interface", "lo", "--seconds", str(seconds)])


def test_a_table_appears_in_another_process_and_vanishes_when_it_closes(lan, tmp_path):
    watching = browser(lan)
    creator = Proc(lan, ["peer", "--table", "disco", "--game", "dragon", "--bot", "greedy",
                         "--config-dir", str(tmp_path), "--interface", "lo", "--timeout", "30"])
    seen = watching.wait_line(lambda line: line.startswith("appeared: disco [dragon]"), 15)
    assert "lobby" in seen and "127.0.0.1:" in seen
    watching.wait_line(lambda line: "disco [dragon] 1/4 lobby" in line, 10)
    assert creator.stop() == 130  # interrupted in the lobby: it leaves and withdraws
    watching.wait_line(lambda line: line.startswith("vanished: disco"), 10)
    watching.kill()


ADVERTISE_V99 = """
import socket, time
from zeroconf import Zeroconf, ServiceInfo, IPVersion
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
zc.register_service(ServiceInfo(
    "_hoard._tcp.local.", "future-table._hoard._tcp.local.",
    addresses=[socket.inet_aton("127.0.0.1")], port=9, server="future.local.",
    properties={"v": "99", "id": "00" * 16, "name": "future", "game": "dragon",
                "seats": "1/4", "state": "lobby"}), cooperating_responders=True)
time.sleep(20)
"""


def test_tables_of_another_protocol_version_are_ignored_with_a_reason(lan):
    watching = browser(lan)
    future = Proc(lan, [sys.executable, "-c", ADVERTISE_V99], hoard=False)
    line = watching.wait_line(lambda line: line.startswith("ignored future-table"), 15)
    assert f"protocol version 99 (this build speaks {PROTOCOL})" in line
    assert "your hoard (0.1.0) is older: update it" in line
    assert not any(line.startswith("appeared: future") for line in watching.lines)
    future.kill()
    watching.kill()


HOLD_5353 = """
import socket, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # no SO_REUSEADDR/PORT: exclusive
s.bind(("0.0.0.0", 5353))
print("holding", flush=True)
time.sleep(30)
"""


def test_a_port_5353_held_exclusively_is_said_and_list_and_join_go_on(lan, tmp_path):
    """avahi-daemon with disallow-other-stacks=yes holds the port for itself: that is said,
    --list ends with that one line, and a peer still opens (joined by address)."""
    holder = Proc(lan, [sys.executable, "-c", HOLD_5353], hoard=False)
    holder.wait_line(lambda line: line == "holding", 10)
    listing = browser(lan, seconds=1)
    assert listing.popen.wait(20) == 1
    said = "another mDNS responder on this computer holds UDP port 5353 for itself"
    [line] = listing.errors
    assert said in line, listing.tail()
    lone = Proc(lan, ["peer", "--table", "solo", "--game", "dragon", "--bot", "greedy",
                      "--config-dir", str(tmp_path), "--interface", "lo", "--timeout", "2"])
    assert lone.popen.wait(20) == 1
    assert any(said in line and "joined by address" in line for line in lone.lines), lone.tail()
    for proc in (listing, lone):
        assert not any("Traceback" in line for line in proc.errors), proc.tail()
    holder.kill()
