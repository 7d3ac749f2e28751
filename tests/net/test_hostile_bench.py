"""The hostile bench's measure of who names a cheat reads the reports as players read them:
by the cheat's name (the reports stopped naming seat numbers, and the bench, still looking
for "p2 (seat 2)", counted nobody for a day)."""

import pytest

from tools.bench.hostile import _cheat

pytestmark = pytest.mark.slow


def test_the_bench_counts_each_honest_peer_that_names_a_malformed_chance_sender(tmp_path):
    named = _cheat(tmp_path, "malformed chance message")
    assert named["fault"] == ["cheat"]
    assert {"p0", "p1"} <= set(named["named_by"]) and named["last_named_ms"] is not None
