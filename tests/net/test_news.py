"""One typed stream of news: every kind a listener hears is declared news, each kind has one
handler, and the window's session and `hoard peer` hear through the same registry."""

import pytest

from client.peer import Printer
from client.session import Session
from net.face.news import NEWS, Listener, hears
from net.peer.events import Fault, Notice


def test_a_handler_for_something_that_is_not_news_fails_when_the_class_is_made():
    with pytest.raises(TypeError, match="no news"):
        class Confused(Listener):
            @hears(str)
            def on_text(self, item): ...


def test_two_handlers_for_one_kind_fail_when_the_class_is_made():
    with pytest.raises(TypeError, match="Notice twice"):
        class Doubled(Listener):
            @hears(Notice)
            def first(self, item): ...

            @hears(Notice)
            def second(self, item): ...


def test_news_reaches_its_handler_and_nothing_else_is_called():
    heard = []

    class Ears(Listener):
        @hears(Notice, Fault)
        def on_either(self, item):
            heard.append(item)

    ears = Ears()
    ears.hear(Notice("hello"))
    ears.hear(Fault("void", 3, "why"))
    ears.hear(object())  # not news at all: nobody is called
    assert heard == [Notice("hello"), Fault("void", 3, "why")]


def test_the_window_and_the_peer_hear_only_news_and_a_subclass_keeps_its_parents_ears():
    for listener in (Session, Printer):
        assert set(listener.handlers) <= NEWS
        assert Notice in listener.handlers

    class Louder(Printer):
        @hears(Fault)
        def on_Fault(self, item): ...

    assert Louder.handlers[Notice] == Printer.handlers[Notice]
