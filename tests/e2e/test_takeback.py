"""Issue 39's take-back by consent between two real windows on two hosts, in one Dragon Den
match: a card laid and taken back with the other's Yes, laid again and kept by the other's
No, and, once the turn ended and the next player drew a card, no take-back at all — every
window, from the same frames, showing the same table and the same story."""

import pytest

from engine.games.den import Play
from engine.wire import from_record
from tools.lab import den_clicks
from tools.lab.netns import Lan
from tools.lab.night import ClicksOf, Night


def playable(window) -> Play | None:
    """A card this window's player may lay now, if it is their turn to."""
    state = window.state()
    return next((a for a in map(from_record, state["legal"]) if isinstance(a, Play)), None)


def with_a_card(windows, turns: int = 12):
    """The window whose player may lay a card now; a player to act who cannot ends the
    turn (a deal can leave no card to lay)."""
    for _ in range(turns):
        windows[0].wait(lambda s: any(w.state()["legal"] for w in windows),
                        "a player to act", 60)
        window = next(w for w in windows if w.state()["legal"])
        if playable(window) is not None:
            return window
        step = window.state()["view_step"]
        window.click("end")
        window.wait(lambda s, step=step: s["view_step"] != step, "the turn to end")
    raise AssertionError(f"nobody had a card to lay in {turns} turns")


def piles(window) -> list:
    return window.state()["view"]["piles"]


def told(window, start: str) -> dict:
    return window.wait(lambda s: any(line.startswith(start) for line in s["log"]),
                       f"the log to say {start!r}")


@pytest.mark.slow
def test_taken_back_with_a_yes_kept_by_a_no_and_refused_once_a_card_was_dealt(tmp_path):
    with Lan(2) as lan:
        night = Night(lan, tmp_path, players=2)
        try:
            night.gather(fewer_hands=0, game="den")
            night.dealt()
            ana, bo = night.windows
            mover = with_a_card(night.windows)
            other = bo if mover is ana else ana
            seat = mover.state()["seat"]
            before = piles(mover)

            # laid and taken back: the other says yes
            den_clicks.make_by_clicks(ClicksOf(mover), playable(mover))
            mover.wait(lambda s: s["no_takeback"] is None, "Take back to light")
            other.wait(lambda s: s["view"]["piles"] != before, "the card laid at the other's")
            mover.click("takeback")
            other.wait(lambda s: s["takeback_by"] == seat, "the question to show")
            other.click("takeback:yes")
            for window in night.windows:
                told(window, f"{'You' if window is mover else mover.name} take")
                window.wait(lambda s: s["view"]["piles"] == before, "the piles as they were")

            # laid again and kept: the other says no
            den_clicks.make_by_clicks(ClicksOf(mover), playable(mover))
            mover.wait(lambda s: s["no_takeback"] is None, "Take back to light again")
            laid = piles(mover)
            mover.click("takeback")
            other.wait(lambda s: s["takeback_by"] == seat, "the second question")
            other.click("takeback:no")
            told(mover, f"Your move stands: {other.name} refused.")
            told(other, f"{mover.name}'s move stands: you refused.")
            assert piles(mover) == piles(other) == laid

            # the turn ends and the other player draws: nothing can be taken back past it
            mover.click("end")
            refused = mover.wait(lambda s: s["no_takeback"] == "a card was dealt since",
                                 "the engine's no, once a card was dealt")
            assert "takeback" not in refused["targets"]
        finally:
            night.close()
