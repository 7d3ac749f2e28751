"""What happens to a table on a lossy Wi-Fi at a game night, each event on a fresh LAN.

Each scenario runs real `hoard peer` processes (and, without multicast, a real window)
in namespaces joined by the lossy relay (tools.lab.relay), and returns one dict:
`completed` (every player ended the match), `agreeing` (one final hash and a clean
audit), and `recover_s`, the seconds from the event's end to the table going on for the
player it hit. Used by `python -m tools.bench wifi` (tools/bench/wifi.py).
"""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

from tools.lab.processes import Proc, step_of
from tools.lab.relay import Link, LossyLan
from tools.lab.windows import Window

SEATS = 4
CREATED = re.compile(r"created table .* at (\d+\.\d+\.\d+\.\d+:\d+)")


def lid(link: Link, folder: Path, seconds: float, timeout: float) -> dict:
    """A laptop's lid closed `seconds` (SIGSTOP, then SIGCONT) in the first of three
    hands. Within the table's patience (120 s) play waits and goes on when it wakes
    (`recover_s`: to its next step); past it, the others play on without it and it takes
    its seat back at the next hand (`recover_s`: to being back)."""
    with LossyLan(SEATS, link) as lan:
        peers = _table(lan, folder, f"lid{seconds:g}", timeout, "hands=3")
        sleeper = peers[-1]
        sleeper.wait_line(lambda line: step_of(line) >= 12, timeout)
        sleeper.popen.send_signal(signal.SIGSTOP)
        time.sleep(seconds)
        sleeper.popen.send_signal(signal.SIGCONT)
        woke = time.monotonic()
        result = _ended(peers, timeout)
    quiet = any("went quiet" in line for p in peers[:-1] for line in p.lines)
    back = sleeper.arrival(lambda line: "you are back at the table" in line) if quiet else \
        sleeper.arrival(lambda line: step_of(line) >= 0, woke)
    return {**result, "lid_s": seconds, "played_on_without_it": quiet,
            "recover_s": None if back is None else round(back - woke, 2)}


def address_change(link: Link, folder: Path, timeout: float) -> dict:
    """A laptop's address changes mid-hand (a Wi-Fi reconnect with a new lease: gone 2 s,
    back with another address); `recover_s`: from the new address to its next step."""
    with LossyLan(SEATS, link) as lan:
        peers = _table(lan, folder, "moving", timeout, "hands=1")
        mover, host = peers[-1], lan.hosts[-1]
        mover.wait_line(lambda line: step_of(line) >= 10, timeout)
        lan._run(host, ["ip", "addr", "del", f"{host.address}/24", "dev", "eth0"])
        time.sleep(2)
        lan._run(host, ["ip", "addr", "add", f"{lan.SUBNET}.50/24", "dev", "eth0"])
        moved = time.monotonic()
        result = _ended(peers, timeout)
    back = mover.arrival(lambda line: step_of(line) >= 0, moved)
    return {**result, "recover_s": None if back is None else round(back - moved, 2)}


def no_multicast(link: Link, folder: Path, timeout: float) -> dict:
    """A Wi-Fi that carries no multicast: one peer makes the table, two join it by
    `--connect` with the address it printed, and a window joins by typing that address in
    its lobby (through the test hook), sits, agrees and lets a bot play its seat.
    `recover_s`: from the window's launch to its game starting."""
    with LossyLan(SEATS, link, multicast=False) as lan:
        first = _peer(lan.hosts[0], folder, "nomc", 0, timeout, "hands=1")
        address = CREATED.search(first.wait_line(CREATED.search, 60)).group(1)
        peers = [first] + [_peer(lan.hosts[i], folder, "nomc", i, timeout, "hands=1",
                                 "--connect", address) for i in (1, 2)]
        window = Window(lan.hosts[3], folder / "window", "Win")
        try:
            started = _window_joins(window, address, timeout)
            result = _ended(peers, timeout)
            end = window.wait(lambda s: s["ending"] is not None, "the end", timeout)["ending"]
        except AssertionError as exc:  # say how the peers stood, too
            raise AssertionError(f"{exc}; peers: {[p.tail() for p in peers]}") from None
        finally:
            window.close()
    result["completed"] = result["completed"] and end[0] == "finished"
    result["agreeing"] = result["agreeing"] and tuple(end[2]) == result.pop("scores")
    return {**result, "recover_s": round(started - window.started, 2)}


def _window_joins(window: Window, address: str, timeout: float) -> float:
    """The window types the table's address, joins, sits in the free seat and agrees;
    when its game started."""
    assert window.wait(lambda s: s["scene"] == "lobby", "the lobby", 60)["tables"] == {}
    window.click("address")
    window.send({"type": address})
    window.click("join-address")
    free = window.wait(lambda s: len(_free_seats(s)) == 1, "the peers seated, one seat free",
                       timeout)
    window.click(_free_seats(free)[0])
    window.click("agree", timeout)
    window.wait(lambda s: s["started"] and s["scene"] == "table", "the game", timeout)
    window.send({"autoplay": "greedy", "think": 1})
    return time.monotonic()


def _free_seats(state: dict) -> list[str]:
    return [t for t in state["targets"] if t.startswith("sit:")]


def _table(lan: LossyLan, folder: Path, table: str, timeout: float, option: str) -> list[Proc]:
    """Four peers at one table: the first makes it, then the others join (the race of
    four made at once is the `start` case of the bench)."""
    first = _peer(lan.hosts[0], folder, table, 0, timeout, option)
    first.wait_line(lambda line: line.startswith("lobby"), 60)
    return [first] + [_peer(host, folder, table, i, timeout, option)
                      for i, host in enumerate(lan.hosts[1:], 1)]


def _peer(host, folder: Path, table: str, i: int, timeout: float, option: str,
          *extra: str) -> Proc:
    return Proc(host, ["peer", "--table", table, "--game", "dragon", "--seats", str(SEATS),
                       "--bot", "greedy", "--option", option, "--name", f"p{i}",
                       "--config-dir", str(folder / f"{table}-p{i}"), "--think", "1",
                       "--timeout", str(timeout), *extra])


def _ended(peers: list[Proc], timeout: float) -> dict:
    finals = []
    for peer in peers:
        try:
            finals.append(peer.finish(timeout))
        except (AssertionError, ValueError):  # hung, failed, or ended without its JSON
            finals.append(None)
    done = [f for f in finals if f is not None and "final_hash" in f]
    agreeing = len(done) == len(finals) and len({f["final_hash"] for f in done}) == 1 \
        and {f["audit"] for f in done} == {"clean"}
    return {"completed": len(done) == len(finals), "agreeing": agreeing,
            "scores": tuple(done[0]["scores"]) if done else None,
            "tails": [] if agreeing else [p.lines[-3:] + p.errors[-2:] for p in peers]}
