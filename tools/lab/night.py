"""A game night on a LAN the test makes (tools.lab.netns.Lan): one real `hoard` window per host,
driven through the test hook, as friends would — for the end-to-end test and for
`python -m tools.bench night`.

Players find the table in their lobbies (no address typed), join, sit and agree; each
window then lets a bot play its seat (`autoplay`: the cards are played by clicks in the
per-game tests; here the night is what is under test). A late friend watches from the
lobby; a window killed mid-game is started again and resumes from its lobby.
"""

from __future__ import annotations

import time
from pathlib import Path

from engine.wire import from_record
from tools.lab import dragon_clicks
from tools.lab.windows import Window, agree_until_started, side_by_side

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve")
GAME = "dragon"


class Night:
    def __init__(self, lan, folder: Path, players: int = 4):
        self.lan, self.folder = lan, folder
        self.windows = [Window(lan.hosts[i], folder / NAMES[i], NAMES[i])
                        for i in range(players)]
        self.table = ""  # the table's key, as the lobbies list it

    def close(self) -> None:
        for window in self.windows:
            window.close()

    # -- the table -------------------------------------------------------------------------
    def gather(self, fewer_hands: int = 0, marks: dict[str, float] | None = None,
               game: str = GAME) -> None:
        """The first player makes a `game` table (Dragon), sits (and, `fewer_hands`, takes that many
        hands off the match: clicks not counted in `clicks`); each other finds it in the
        lobby, joins and sits; everyone agrees; every window shows the table. `marks` gets
        when each phase ended (time.monotonic), for the night benchmark's breakdown."""
        marks = {} if marks is None else marks
        host, *guests = self.windows
        host.wait(lambda s: s["scene"] == "lobby", "the lobby", 60)
        marks["lobby"] = time.monotonic()
        host.click("new")
        host.click(f"game:{game}")
        host.click("sit:0", 30)  # (offered once the setup holds the new table's lobby)
        marks["created"] = time.monotonic()
        for _ in range(fewer_hands):
            host.click("opt:hands:-")
            host.clicks -= 1
        def come(guest: Window) -> None:
            seat = self.windows.index(guest)
            self.table = find_table(guest, "Ana's table")
            marks.setdefault("found", time.monotonic())
            choose_table(guest, self.table)
            guest.click("join")
            guest.click(f"sit:{seat}", 30)  # (the window waits for the seat to be offered)
            marks[f"joined{seat}"] = time.monotonic()
        side_by_side(guests, come)  # the friends find, join and sit at once
        agree_until_started(self.windows)
        marks["started"] = time.monotonic()

    def dealt(self, timeout: float = 60) -> None:
        """Until every player's window holds its first hand."""
        for window in self.windows:
            window.wait(lambda s: s["cards"] > 0, "the first cards", timeout)

    def autoplay(self, window: Window) -> None:
        reply = window.send({"autoplay": "greedy"})
        assert reply["ok"], reply

    def watch(self, host: int) -> Window:
        """A late friend on another host watches the game from the lobby."""
        eve = Window(self.lan.hosts[host], self.folder / NAMES[host], NAMES[host])
        find_table(eve, "Ana's table", "playing")
        choose_table(eve, self.table, "watch")
        eve.click("watch")
        eve.wait(lambda s: s["scene"] == "table" and s["watching"], "the game to show", 30)
        return eve

    def play_by_clicks(self, done, timeout: float = 300) -> set[str]:
        """Every player plays its own seat by clicks (dragon_clicks' choice, made through
        the hook), round the windows, until `done(states)`; the kinds of action made.
        (Round the windows, not a thread each: one thread a window asking its state 20 times
        a second kept the four windows so busy answering that a night took 166 s, not 95.)"""
        seen, kinds = {}, set()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = {w.name: w.state() for w in self.windows}
            if done(states):
                return kinds
            for window in self.windows:
                state = states[window.name]
                if state.get("ending") or not state.get("legal") or \
                        seen.get(window.name) == state["view_step"]:
                    continue
                seen[window.name] = state["view_step"]
                action = dragon_clicks.choose([from_record(r) for r in state["legal"]])
                try:
                    dragon_clicks.make_by_clicks(ClicksOf(window), action)
                except AssertionError:
                    continue  # the choice went away (a Dragon window closed): look again
                kinds.add(type(action).__name__)
        raise AssertionError(f"the players did not get there in {timeout:g} s: "
                             f"{[w.state() for w in self.windows]}")

    def crash_and_resume(self, index: int, autoplay: bool = True) -> float:
        """Kill a player's window mid-game, start it again and resume from its lobby; the
        seconds from the restart to playing again (a step applied after the resume)."""
        window = self.windows[index]
        window.kill()
        restarted = time.monotonic()
        window = self.windows[index] = window.restart()
        before = window.wait(lambda s: any(t.startswith("resume:") for t in s["targets"]),
                             "the lobby to offer the game to resume", 30)
        assert before["scene"] == "lobby"
        window.click("resume:0")
        window.wait(lambda s: s["scene"] == "table" and s["applied"] >= 0,
                    "the resumed table", 30)
        if autoplay:
            self.autoplay(window)
        state = window.state()
        window.wait(lambda s, at=state["applied"]: s["applied"] > at, "a step after resuming",
                    30)
        return time.monotonic() - restarted

    def pause_through_a_restart(self, restart: int) -> list[int]:
        """The first player pauses the table; window `restart` is killed and resumed while it
        stands paused, and shows the pause too; then every other player asks to play on,
        which resumes it. The view step each window stood at while paused (the restarted one
        left out): every window must show the same, before the pause ended."""
        host = self.windows[0]
        host.click("pause")
        stood = [w.wait(lambda s: s["paused_by"] == 0, "the table to stand paused")["view_step"]
                 for w in self.windows]
        self.crash_and_resume(restart)
        self.windows[restart].wait(lambda s: s["paused_by"] == 0, "the pause, after resuming")
        for window in self.windows[1:]:
            window.click("resume")  # each asks to play on: the last one's ask resumes it
        for window in self.windows:
            window.wait(lambda s: s["paused_by"] is None, "the table to play on")
        return [step for i, step in enumerate(stood) if i != restart]

    def again(self, marks: dict[str, float] | None = None) -> float:
        """Every player clicks Play again at the match's end, one after another as fast as
        the windows answer; the seconds from the first click to every window holding the
        next match's first hand (one click each: Play again is the vote to start). `marks`
        gets when the last click was answered and when each window had its cards."""
        marks = {} if marks is None else marks
        played = {window.name: len(window.state(standings=True)["standings"])
                  for window in self.windows}
        clicked = time.monotonic()
        for window in self.windows:
            window.click("again")
        marks["clicked"] = time.monotonic() - clicked
        for window in self.windows:  # (a one-hand match its bots play may be over by the
            done = played[window.name]  # time a window is looked at again: it counts too)
            window.wait(lambda s, done=done: s["scene"] == "table" and (
                (s["cards"] > 0 and not s["ending"]) or len(s["standings"]) > done),
                "the next match's first cards", 60, standings=True)
            marks[f"dealt:{window.name}"] = time.monotonic() - clicked
        return time.monotonic() - clicked

    def another_game(self, game: str, hands: int) -> None:
        """Every player clicks Another game; the first steps the setup's game on to `game`,
        takes its match down to `hands` hands, and everyone agrees. Each click waits for
        the lobby to show the last (a click reads the lobby as the window shows it)."""
        for window in self.windows:
            window.click("another-game")
        host = self.windows[0]
        host.wait(lambda s: s["scene"] == "setup" and "game" in s["targets"],
                  "the next table's setup")
        while f"[{game}]" not in host.state()["lobby"]:
            before = host.state()["lobby"]
            host.click("game")
            host.wait(lambda s, before=before: s["lobby"] != before, "the game to change")
        while host.state()["options"]["hands"] > hands:
            before = host.state()["options"]["hands"]
            host.click("opt:hands:-")
            host.wait(lambda s, before=before: s["options"]["hands"] < before,
                      "the hands to change")
        agree_until_started(self.windows)
        self.next_dealt()

    def next_dealt(self, timeout: float = 60) -> None:
        """Until every player's window holds the first hand of a match not over."""
        for window in self.windows:
            window.wait(lambda s: s["scene"] == "table" and s["cards"] > 0 and
                        not s["ending"], "the next match's first cards", timeout)

    def endings(self, windows, timeout: float = 240) -> list[list]:
        return [w.wait(lambda s: s.get("ending"), "the match to end", timeout)["ending"]
                for w in windows]


class ClicksOf:
    """A window seen as the per-game click helpers see a driver: clicks that answer fast
    (a button that is not offered within 2 s fails the helper, and the choice is
    looked at again)."""

    def __init__(self, window: Window):
        self.window = window

    def click(self, target: str) -> None:
        self.window.click(target, timeout=2.0)



def find_table(window: Window, name: str, state: str = "lobby") -> str:
    """The key of the table called `name` once this window's lobby lists it in `state`, and
    not as "not reachable"."""
    def ours(table) -> bool:  # a person passes over one listed "not reachable" (a ghost)
        return table[0] == name and table[1] == state and not table[4]
    seen = window.wait(lambda s: s["scene"] == "lobby" and any(
        ours(t) for t in s.get("tables", {}).values()), f"{name} ({state}) in the lobby", 60)
    return next(k for k, t in seen["tables"].items() if ours(t))


def choose_table(window, table: str, then: str = "join") -> None:
    """Select the table in the lobby until `then` (Join, Watch) is offered: a click that
    lands while the list is rebuilt (another player's change, a ghost found out) is lost,
    or picks the row that moved under it, and a person clicks again (seeing within 2 s that
    nothing happened)."""
    for _ in range(3):
        window.click(f"table:{table}")
        if window.offered(then, 2):
            return
    raise AssertionError(f"{window.name}: {then} never offered for table {table}")
