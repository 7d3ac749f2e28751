"""The suite runs on two pytest-xdist workers (`-n 2 --dist loadgroup`, pyproject's addopts).

A test that starts real processes, windows or network namespaces (the lab's tools, or a test
marked slow) joins the group `processes`, whose tests run one at a time on one worker, as
they would alone: their waits are sized for a table with the machine to itself, and two
lossy LANs or two game nights at once would share its two cores. The in-process tests
(engine, replicas, headless windows) share the other worker and fill the first's gaps, with
the process tests marked `alongside`: peers on this host's loopback whose waits hold on a
busy machine (hostile inputs, a second process refused, discovery in a namespace, hidden
hands, leaves in turn to one heir, the links e2e). Without
them the group alone took the whole run (902 s of a clean-clone run, the limit 900)."""

import pytest

from tools.lab.bytecode import compile_sources

#: the lab's modules that start processes, windows, namespaces or relays
PROCESS_TOOLS = {f"tools.lab.{name}" for name in (
    "processes", "netns", "peer_table", "windows", "night", "relay", "wifi_events")}


def _starts_processes(item: pytest.Item) -> bool:
    if item.get_closest_marker("alongside") is not None:
        return False
    if item.get_closest_marker("slow") is not None:
        return True
    module = getattr(item, "module", None)
    return module is not None and any(
        getattr(value, "__module__", None) in PROCESS_TOOLS
        for value in vars(module).values())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _starts_processes(item):
            item.add_marker(pytest.mark.xdist_group("processes"))


def pytest_configure(config: pytest.Config) -> None:
    """Once, before any worker starts: the processes the tests start read bytecode (not
    their sources, compiled anew at each start where PYTHONDONTWRITEBYTECODE is set)."""
    if not hasattr(config, "workerinput"):
        compile_sources()
