"""The lockstep benchmark's sums (tools.bench.lockstep), on trace rows as `hoard peer
--trace` writes them: nothing is timed here."""

from tools.bench.lockstep import audit_steps, latencies, latencies_apart


def rows(step: int, t0: float, applied_after: float, seed: bool = False) -> list[dict]:
    """Seat 0 acts at `step` at `t0`; the step is applied `applied_after` s later."""
    sent = [{"sent": step, "deck": 1, "message": "deck.seed", "t": t0}] if seed else []
    return [{"submitted": step, "seat": 0, "t": t0}, *sent,
            {"applied": step, "seat": 0, "t": t0 + applied_after}]


def test_actions_at_a_step_that_carries_seeds_are_counted_apart():
    peer = {"rows": rows(5, 1.0, 0.010) + rows(9, 2.0, 0.090, seed=True) + rows(12, 3.0, 0.020)}
    other = {"rows": [r for r in peer["rows"] if "sent" not in r]}  # another peer's trace
    traces = [peer, other]
    assert audit_steps(traces) == {9}
    assert sorted(round(v) for v in latencies(traces)) == [10, 20, 90]
    assert sorted(round(v) for v in latencies_apart(traces, {9})) == [10, 20]
