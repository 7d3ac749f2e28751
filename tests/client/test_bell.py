"""The table's node wakes an idle window with its news (client.bell): the window does not
sit out its idle look (client.app.IDLE_WAIT_MS) before showing a seat taken or a start."""

import time

import pygame

from client.bell import NEWS, Bell
from net.face.bridge import Updates
from tests.client.test_window import name_yourself


def test_each_update_rings_and_one_wake_waits_however_many_come():
    pygame.init()
    pygame.event.clear()
    bell = Bell()
    updates = Updates(bell.ring)
    for item in range(5):
        updates.put(item)
    assert [e.type for e in pygame.event.get()] == [NEWS]
    bell.heard()
    updates.put("next")
    assert [e.type for e in pygame.event.get()] == [NEWS]
    assert [updates.get_nowait() for _ in range(6)] == [0, 1, 2, 3, 4, "next"]


def test_an_update_without_a_bell_waits_to_be_polled():
    updates = Updates()
    updates.put("news")
    assert updates.get_nowait() == "news"


def test_the_nodes_news_wakes_the_window_without_it_looking(window):
    """A bot taken into a seat by the node's thread posts a NEWS to the window's queue, which
    the test reads without stepping the window (so the window never looked by itself)."""
    driver = window
    name_yourself(driver)
    driver.click("new")
    driver.click("game:dragon")
    driver.wait_for(lambda: driver.app.session.lobby is not None and
                    driver.app.session.lobby.game, "the new table's lobby")
    driver.step(3)  # every news so far read: the bell waits for the next
    pygame.event.clear()
    driver.app.session.lobby_op("bot", 1, "easy")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not pygame.event.peek(NEWS):
        time.sleep(0.01)
    assert pygame.event.peek(NEWS), "the node's news did not wake the window"
    driver.wait_for(lambda: driver.app.session.lobby.seats[1] is not None, "the bot's seat")


def test_news_alone_is_read_at_most_news_fps_times_a_second(window, monkeypatch):
    """A step rings the bell (Gold's sand timer steps a hundred times a second): an idle window
    woken by news alone waits out the rest of 1/NEWS_FPS since it last read it; a click or
    a key does not wait."""
    from client import app as app_module

    app = window.app
    slept = []
    monkeypatch.setattr(app_module.time, "sleep", slept.append)
    pygame.event.clear()
    app.news_read = time.monotonic()
    pygame.event.post(pygame.event.Event(NEWS))
    assert [e.type for e in app._idle_events()] == [NEWS]
    assert len(slept) == 1 and 0.8 / app_module.NEWS_FPS < slept[0] <= 1 / app_module.NEWS_FPS
    slept.clear()
    for kind in (NEWS, pygame.KEYDOWN):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_a, mod=0, unicode="a"))
    assert len(app._idle_events()) == 2 and slept == [], "input is not held back"
