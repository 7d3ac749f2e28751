"""A peer in a process of its own whose seat a person plays, as a window's player does:
`python -m tools.lab.people --seat S [--connect PORT] [--bots 1,3] ...`.

Seat 0 creates the table (its bot seats hosted by it) and prints its port on the first
line; every other seat joins it at --connect. The person plays the easy bot's choice, but
takes --slow seconds over their first move of each hand (reading the last hand's result, a
window without focus) and never says Next hand, so the pause between hands runs its full
length. The last line printed is the table's end as JSON: kind, report, how many hands
this person opened after such a wait, and in how many the hand ended while they read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

from engine.bots import make_bot
from engine.observe import Witness
from engine.registry import get_game
from net.peer.events import Fault, NodeOptions
from net.peer.node import TableNode
from net.table.hindsight import first_state
from net.wire.identity import Identity

LOOPBACK = "127.0.0.1"


async def person(node: TableNode, slow: float) -> dict[str, int]:
    """Play the node's seat as a slow person until the table ends. How many hands they
    opened after the wait (`led`), and in how many the hand ended while they were still
    reading (`missed`: another seat showed a Dragon, D9.2, and the window to show one too,
    D9.4, ran out first)."""
    replica = node.replica
    game, me = replica.game, replica.me
    witness = Witness(game, first_state(game, replica.start), me)
    easy = make_bot(game, "easy")
    asked_at, reading, led, missed, hand = -1, None, 0, 0, None
    while not node.result.done():
        await asyncio.sleep(0.02)
        for action in replica.history[witness.fed:]:
            witness.feed(action)
        state = replica.state
        if (me not in game.to_act(state) or game.chance_request(state) is not None
                or len(replica.history) == asked_at):
            continue
        observation = witness.observe()
        if not observation.legal:
            continue
        fresh = replica.rounds.fresh_deal
        if fresh is not hand:  # their first move of this hand
            if reading is None or reading[0] is not fresh:
                missed += reading is not None  # the last hand ended while they read
                reading = (fresh, time.monotonic())
            if time.monotonic() - reading[1] < slow:
                continue
            led, reading, hand = led + 1, None, fresh
        action = easy.choose(game, observation)
        if action is not None:
            node.submit(action)
            asked_at = len(replica.history)
    return {"led": led, "missed": missed + (reading is not None)}


async def sit(args) -> None:
    options = NodeOptions(interface=LOOPBACK, discovery=False, pace=args.pace,
                          idle_pace=5 * args.pace, linger=2.0, stall_after=args.stall_after)
    node = TableNode(Identity.generate(f"person{args.seat}"), options)
    await node.open()
    node.play_with(None, args.think)
    if args.connect is None:
        config, seats = get_game(args.game).configure(dict(args.option), args.seats)
        node.create("people", args.game, seats, config)
        for seat in args.bots:
            node.lobby_op("bot", seat, args.level)
        print(node.mesh.port, flush=True)
    else:
        assert await node.join([(LOOPBACK, args.connect)], timeout=30)
        await wait_until(lambda: node.lobby.state().game, 30, "the lobby")
    node.lobby_op("sit", args.seat)
    await wait_until(lambda: node.lobby.state().proposal(node.table), 60, "a full table")
    node.lobby_op("start", node.lobby.state().proposal(node.table).encode())
    await wait_until(lambda: node.replica is not None, 60, "the start")
    playing = asyncio.create_task(person(node, args.slow))
    end = await node.wait(args.timeout)
    result = {"kind": end.kind if isinstance(end, Fault) else type(end).__name__.lower(),
              "report": getattr(end, "report", ""), **await playing}
    await asyncio.sleep(1.0)  # let the last frames reach the others
    await node.close()
    print(json.dumps(result), flush=True)


def option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    return key, int(value) if value.isdigit() else value


async def wait_until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--connect", type=int)
    parser.add_argument("--bots", type=lambda text: [int(s) for s in text.split(",")],
                        default=[1, 3])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--game", default="dragon")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], type=option,
                        metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--slow", type=float, default=3.0)
    parser.add_argument("--stall-after", type=float, default=2.0)
    parser.add_argument("--pace", type=float, default=0.01)
    parser.add_argument("--think", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=300.0)
    asyncio.run(sit(parser.parse_args(argv)))


if __name__ == "__main__":
    main(sys.argv[1:])
