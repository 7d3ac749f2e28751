"""Discovery latency: from a table's creation to its appearance in another process's browser.

Both processes run in a private network namespace whose loopback carries
multicast (tools.lab.netns). The advertiser creates one fresh table after another
with the real TableNode; the browser reports each table the moment its
zeroconf browser lists it. Run as a module it plays either role.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time

from tools.lab.netns import LoopbackNamespace

TIMEOUT = 120


def add_arguments(parser) -> None:
    parser.add_argument("--tables", type=int, default=15, help="tables to create")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between tables")


async def browse(tables: int) -> None:
    """Print each table as it appears; stop after `tables` of them (or TIMEOUT)."""
    from net.finding.discovery import Discovery

    discovery = Discovery("lo")
    await discovery.start()
    all_seen = asyncio.Event()
    count = 0

    def seen(kind, listing) -> None:
        nonlocal count
        if kind == "appeared":
            print(json.dumps({"table": listing.table, "t": time.monotonic()}), flush=True)
            count += 1
            if count == tables:
                all_seen.set()

    discovery.browse(seen)
    print(json.dumps({"ready": True}), flush=True)
    async with asyncio.timeout(TIMEOUT):
        await all_seen.wait()
    await discovery.close()


async def advertise(tables: int, gap: float) -> None:
    from net.peer.events import NodeOptions
    from net.peer.node import TableNode
    from net.wire.identity import Identity

    for i in range(tables):
        node = TableNode(Identity.generate(f"bench{i}"), NodeOptions(interface="lo"))
        await node.open()
        created = time.monotonic()
        node.create(f"bench-{i}", "dragon", 4, {})
        print(json.dumps({"table": node.table.hex(), "t": created}), flush=True)
        await asyncio.sleep(gap)
        await node.close()


def _rows(process: subprocess.Popen) -> list[dict]:
    out, _ = process.communicate(timeout=TIMEOUT)
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def run(args) -> dict:
    helper = [sys.executable, "-m", "tools.bench.discovery"]
    with LoopbackNamespace() as lan:
        browser = lan.popen([*helper, "browse", str(args.tables)],
                            stdout=subprocess.PIPE, text=True)
        assert json.loads(browser.stdout.readline()) == {"ready": True}
        advertiser = lan.popen([*helper, "advertise", str(args.tables), str(args.gap)],
                               stdout=subprocess.PIPE, text=True)
        created = {row["table"]: row["t"] for row in _rows(advertiser)}
        appeared = {row["table"]: row["t"] for row in _rows(browser)}
    delays = [(appeared[t] - created[t]) * 1000 for t in created if t in appeared]
    return {
        "tables": len(created),
        "seen": len(delays),
        "p50_ms": round(statistics.median(delays), 1) if delays else None,
        "max_ms": round(max(delays), 1) if delays else None,
    }


if __name__ == "__main__":
    if sys.argv[1] == "browse":
        asyncio.run(browse(int(sys.argv[2])))
    else:
        asyncio.run(advertise(int(sys.argv[2]), float(sys.argv[3])))
