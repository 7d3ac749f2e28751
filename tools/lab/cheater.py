"""`hoard peer` whose bot cheats (the tests and the hostile bench): every play it makes
swaps its first card for a card another seat holds, faces unchanged, as a tampered client
could."""

import sys

from client.cli import main
from engine.wire import replace
from net.table.bots import BotSeats

honest_choose = BotSeats.choose


def choose(self, changed):
    state = self.replica.state
    chosen = []
    for action in honest_choose(self, changed):
        if getattr(action, "refs", ()):
            other = next(s for s in range(state.seats) if s != action.seat and state.held[s])
            stolen = min(state.held[other])
            action = replace(action, refs=(stolen, *action.refs[1:]))
            print(f"cheated at step {self.replica.applied + 1}", flush=True)
        chosen.append(action)
    return chosen


BotSeats.choose = choose

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
