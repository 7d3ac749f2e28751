"""Waking the window's idle loop from another thread: the test hook with a command, the
table's node with news. An idle window sleeps between short looks at its input and reads the
table's news only every so often (client.app); a ring brings it round at once."""

from __future__ import annotations

import contextlib
import threading

import pygame

#: the events that wake an idle loop: a command for the test hook, news of the table. They
#: show nothing new themselves, so they draw nothing (a test asking a window its state many
#: times a second made it draw as often)
WAKE = pygame.event.custom_type()
NEWS = pygame.event.custom_type()


def wake(kind: int = WAKE) -> None:
    with contextlib.suppress(pygame.error):  # the window may be closing: nothing to wake
        pygame.event.post(pygame.event.Event(kind))


class Bell:
    """Rung from the node's thread at each update; one NEWS waits in the window's queue at a
    time, however many updates come before the window reads them."""

    def __init__(self):
        self._rung = threading.Event()

    def ring(self) -> None:
        if not self._rung.is_set():
            self._rung.set()
            wake(NEWS)

    def heard(self) -> None:
        """The window is about to read its news: the next update rings again."""
        self._rung.clear()
