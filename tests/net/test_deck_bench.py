"""The deal benchmark's processes, loopback mesh and table run work (smoke tests: nothing is
timed)."""

from tools.bench.deal import compute_ms, network_deals, table_deals, table_game


def test_peers_in_their_own_processes_deal_opening_hands_over_loopback():
    times = network_deals(peers=3, cards=12, hand=3, deals=2)
    assert len(times) == 2 and all(t > 0 for t in times)


def test_the_single_process_compute_run_deals_too():
    assert compute_ms(peers=2, cards=8, hand=4, runs=1) > 0


def test_hoard_peers_deal_through_the_table_in_2n_plus_1_steps_or_one_when_shuffled_ahead():
    """Dragons Wild's next deck is not known ahead: its deal takes 2n + 1 steps. Dragon
    Den's is shuffled during the hand before: the table waits only for its key shares. Its
    passes are made beside the hand, so a short hand on a loaded machine (a clean-clone CI
    run) can end before they are: that deal waits for them, and three deals are timed."""
    assert table_game(4, 52, 13, 3)[0] == "dragon" and table_game(5, 52, 13, 3) is None
    game, options = table_game(2, 70, 7, 2)
    ((wall_ms, steps, ahead),) = table_deals(2, game, options, 1)
    assert wall_ms > 0 and steps == 2 * 2 + 1 and ahead is None
    game, options = table_game(2, 52, 7, 4)
    deals = table_deals(2, game, options, 3)
    assert all(wall_ms > 0 for wall_ms, _, _ in deals)
    shuffled_ahead = [(steps, ahead) for _, steps, ahead in deals if ahead is not None]
    assert shuffled_ahead and all(steps == 1 and ahead > 0 for steps, ahead in shuffled_ahead)
