"""The deal benchmark's processes and loopback mesh work (a smoke test: nothing is timed)."""

from tools.bench.deal import compute_ms, network_deals


def test_peers_in_their_own_processes_deal_opening_hands_over_loopback():
    times = network_deals(peers=3, cards=12, hand=3, deals=2)
    assert len(times) == 2 and all(t > 0 for t in times)


def test_the_single_process_compute_run_deals_too():
    assert compute_ms(peers=2, cards=8, hand=4, runs=1) > 0
