"""A creator also on a second network that nobody else reaches (a VPN, a second Wi-Fi, a
Docker bridge): its adverts list both addresses, the others dial both at once, and the four
play. Before, the browser kept an advert's first address only: 2 of 5 tables started."""

import pytest

from tests.e2e.test_lan_table import agree
from tools.lab.netns import Lan
from tools.lab.processes import Proc

pytestmark = pytest.mark.slow
TIMEOUT = 90
SECOND = "10.99.0.1"  # the creator's second network: routed nowhere that answers


def lan_peer(host, tmp_path, i: int) -> Proc:
    return Proc(host, ["peer", "--table", "twonets", "--game", "dragon", "--bot", "greedy",
                       "--option", "hands=1", "--name", f"p{i}", "--config-dir",
                       str(tmp_path / f"peer{i}"), "--timeout", str(TIMEOUT), "--think", "1"])


def test_a_creator_on_a_second_network_nobody_reaches_still_gathers_the_four(tmp_path):
    with Lan(4) as lan:
        creator = lan.hosts[0]
        lan.second_network(0, SECOND)
        peers = [lan_peer(creator, tmp_path, 0)]
        peers[0].wait_line(lambda line: line.startswith("lobby:"), 30)
        lister = Proc(lan.hosts[1], ["peer", "--list", "--seconds", "3"])
        peers += [lan_peer(host, tmp_path, i) for i, host in enumerate(lan.hosts[1:], 1)]
        agree([p.finish(TIMEOUT) for p in peers])
        assert lister.popen.wait(20) == 0
        both = f"{lan.SUBNET}.1:", f"{SECOND}:"  # the creator's advert, merged with others'
        assert lister.wait_line(lambda line: "twonets" in line and all(a in line for a in both),
                                1)
        for proc in (*peers, lister):
            assert not any("Traceback" in line for line in proc.errors), proc.tail()
