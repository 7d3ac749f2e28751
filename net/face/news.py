"""The news a table tells the window and `hoard peer`: one union of frozen records, and one
way to hear it.

A node's events (net.peer.events), the wait for a move (net.table.liveness), what the
bridge adds (a view, the lobby with its proposal, a resume or a join that failed, the
next table opened for Play again) and the
Hint's answer are the whole of it: `NEWS` lists every kind. A listener dispatches by type
through one registry: it marks each handler with `@hears(Kind)`, and a handler for
anything that is not news, or two handlers for one kind, fail when the class is made —
not when the item first arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from net.face.again import AgainOpened, AgainRefused
from net.face.bridge import JoinFailed, LobbyUpdate, ResumeFailed, ViewUpdate
from net.face.hints import Hinted
from net.peer.events import (
    Away,
    Fault,
    Finished,
    GameStarted,
    Left,
    LobbyChanged,
    Notice,
    Returning,
    StepApplied,
    Submitted,
    TableIgnored,
    TableSeen,
    Waiting,
)
from net.table.liveness import MoveWait

News = (Notice | LobbyChanged | GameStarted | StepApplied | Submitted | Waiting | Finished
        | Away | Returning | Left | TableSeen | TableIgnored | Fault | MoveWait | ViewUpdate
        | LobbyUpdate | ResumeFailed | JoinFailed | Hinted | AgainOpened | AgainRefused)
NEWS: frozenset[type] = frozenset(News.__args__)


def hears(*kinds: type) -> Callable:
    """Mark a listener's method as the handler of these kinds of news."""
    def mark(handler: Callable) -> Callable:
        handler.hears = kinds
        return handler
    return mark


class Listener:
    """A reader of the news: `hear(item)` calls the method marked for the item's kind, if
    any (a listener may leave a kind unheard)."""

    handlers: ClassVar[dict[type, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[type, str] = {}
        for name, member in vars(cls).items():
            for kind in getattr(member, "hears", ()):
                if kind not in NEWS:
                    raise TypeError(f"{cls.__name__}.{name} hears {kind!r}, which is no news")
                if kind in found:
                    raise TypeError(f"{cls.__name__} hears {kind.__name__} twice "
                                    f"({found[kind]} and {name})")
                found[kind] = name
        cls.handlers = {**cls.handlers, **found}

    def hear(self, item) -> None:
        name = self.handlers.get(type(item))
        if name is not None:
            getattr(self, name)(item)
