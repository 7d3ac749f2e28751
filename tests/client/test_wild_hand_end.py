"""Dragons Wild between two hands, in the real window through the real bridge and node: while
the hand's result is up, the round marker and the result say what the log says, and the
table under it is the hand just played."""

import re

from client.tables.wild import WildTable
from engine.games.wild.cards import DECK
from engine.games.wild.rules import HAND_SIZE, round_points
from engine.tell import count
from tests.client import rigging
from tests.client.test_window import name_yourself
from tools.lab.wild_clicks import choose, make_by_clicks
from tools.layout import drawn


def first_hand_by_clicks(driver) -> WildTable:
    """This seat's first hand at a 2-seat, 2-hand table, played by clicks until its result
    is up (the table pausing before the second hand); the table's renderer."""
    name_yourself(driver)
    rigging.solo_with_bots(driver, "wild", 2, 2)
    table, seen = driver.app.scene.renderer, None
    while True:
        view = driver.wait_for(lambda seen=seen: table.result.up() or (
            driver.app.session.view is not seen and driver.app.session.view.legal
            and driver.app.session.view), "this seat's turn or the hand's result", 60)
        if view is True:
            return table
        seen = view
        make_by_clicks(driver, choose(view.legal))


def test_between_hands_the_round_marker_shows_the_round_the_hand_ended_in(window):
    table = first_hand_by_clicks(window)
    log = window.app.session.log
    begun = [int(n) for line in log for n in re.findall(r"^Round (\d+) begins\.", line)]
    last = begun[-1] if begun else 1
    labels = [d.words for d in drawn(window.app) if d.words.startswith("Round ")]
    points = round_points(last)
    assert labels == [f"Round {last} · {points} point{'s' if points > 1 else ''} a card"], \
        (labels, log)
    assert table.result.hand_shown(window.app.session.view.view.hand_number) == 1


def test_the_hands_result_shows_each_penalty_as_the_log_tells_it(window):
    table = first_hand_by_clicks(window)
    told = next(line for line in reversed(window.app.session.log) if "is over" in line)
    rows = {window.app.session.seat_name(seat): change
            for seat, change, _ in table.result_rows(table.result.hand_over)}
    paid = re.findall(r"(\w+(?: \d)?) ([+\u2212]\d+)", told.partition("Penalties: ")[2])
    assert paid, told
    for who, change in paid:
        assert rows[who] == change, (told, rows)
    assert "\u2212" in "".join(change for _, change in paid), "a penalty is a loss"


def test_between_hands_the_table_is_the_hand_just_played(window):
    """Not the next hand's empty table (a full deck, no discard, no melds, no cards held)."""
    first_hand_by_clicks(window)
    view = window.app.session.view.view
    words = [d.words for d in drawn(window.app)]
    assert view.deck < len(DECK) - HAND_SIZE * 2 - 1 and f"deck {view.deck}" in words, words
    assert view.discard or view.melds, view
    held = [s for s in range(2) if view.counts[s]]
    assert held, "the seat that did not go out holds its cards"
    for seat in held:
        assert any(count(view.counts[seat], "card") in w for w in words), (seat, words)
