"""A hand's result while the table pauses for it (net.table.pause): what the hand gave and took,
the stake said, "Next hand" for this seat's player, and gone when the pause is over."""

from dataclasses import replace

import msgspec

from engine.games.dragon.rules import HandOver
from net.table.pause import NextHand
from tests.client.test_dragon_table import table  # noqa: F401 (a fixture)


def pausing(driver, renderer, waits: tuple, steps: int = 100, between: bool = True) -> None:
    """The window's view says the table pauses `steps` more steps, waiting for `waits`;
    `between` hands, nobody is to act (as in every real pause: the shuffle is held)."""
    session = driver.app.session
    view = msgspec.structs.replace(session.view.view, to_act=()) if between else \
        session.view.view
    session.view = replace(session.view, view=view, pause=session.applied + steps,
                           pausing=waits)
    renderer.sync(animate=False)
    driver.step(2)


def test_the_result_shows_each_seats_gain_or_loss_with_the_stake_and_waits(table):  # noqa: F811
    window, renderer, sent = table
    renderer.result.show(HandOver(1, (2, 0, 3, 1), (30, 0, 60, 10), (1005, 975, 1035, 985)))
    assert not renderer.result.up(), "no pause: the next hand plays, nothing covers it"
    pausing(window, renderer, (0,))
    assert renderer.result.up() and "next" in window.targets()
    assert "each put 25 in a pot of 100" in renderer.result_line(renderer.result.hand_over)
    assert [(seat, change) for seat, change, _ in renderer.result_rows(renderer.result.hand_over)] \
        == [(2, "+35"), (0, "+5"), (3, "\u221215"), (1, "\u221225")]
    window.click("next")
    assert sent == [NextHand(0)]
    pausing(window, renderer, (1,))
    assert renderer.result.up() and "next" not in window.targets()  # pressed: greyed
    assert "waiting for" in renderer.result.pause_words()
    pausing(window, renderer, (1,), steps=0)
    assert not renderer.result.up(), "the pause is over: the result goes"


def test_a_result_is_never_up_over_a_hand_in_play(table):  # noqa: F811
    """A view where someone is to act is a hand in play: a result kept from before (a
    window that came late, or caught up) is not drawn over it, whatever the pause says."""
    window, renderer, _ = table
    assert renderer.state.to_act, "the hand plays"
    renderer.result.show(HandOver(1, (2, 0, 3, 1), (30, 0, 60, 10), (1005, 975, 1035, 985)))
    pausing(window, renderer, (0,), between=False)
    assert not renderer.result.up() and "next" not in window.targets()
    pausing(window, renderer, (0,))
    assert renderer.result.up(), "between hands it is"
