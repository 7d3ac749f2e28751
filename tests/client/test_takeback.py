"""Take-back by consent (net.table.takeback) in the real window, through the real bridge and
node: Take back lights only when the engine allows it (its tip says why not), F3 asks, alone
with bots it is taken back at once and the log says so; the question another player asks
shows over the table with Yes / No and its countdown, and Yes answers it."""

from dataclasses import replace
from pathlib import Path

import pygame

from engine.games.den import MovePile, Play
from engine.wire import replace as altered
from net.table.takeback import ANSWER_STEPS, AnswerTakeBack, Question
from tests.client.rigging import solo_with_bots
from tests.client.test_window import name_yourself
from tools.lab import den_clicks


def den_at_my_play(window):
    """Ana's 2-seat Den table with a slow bot (3 s a move), at a turn where she can lay a
    card or move a pile (she ends the turns where she cannot); the move she makes."""
    name_yourself(window)
    session = window.app.session
    session.think = 60
    solo_with_bots(window, "den", 2, 1)
    while True:
        view = window.wait_for(lambda: session.view is not None and session.view.legal and
                               session.view, "Ana's turn", 60)
        move = next((a for a in view.legal if isinstance(a, Play | MovePile)), None)
        if move is not None:
            return session, move
        window.click("end")
        window.wait_for(lambda view=view: session.view is not view,
                        f"the end of the turn ({session.advice})")


def test_take_back_lights_after_a_play_and_undoes_it_alone_with_bots(window):
    session, play = den_at_my_play(window)
    button = window.app.scene.buttons["takeback"]
    assert not button.is_enabled and window.state()["no_takeback"] is not None
    before = session.view.view
    den_clicks.make_by_clicks(window, play)
    window.wait_for(lambda: session.view.no_takeback is None, "Take back to light")
    assert (session.view.view.cards, session.view.view.piles) != (before.cards, before.piles)
    assert window.app.scene.buttons["takeback"].is_enabled
    window.key("f3")
    window.wait_for(lambda: (session.view.view.cards, session.view.view.piles) ==
                    (before.cards, before.piles), "the hand and the piles as they were")
    assert any(line.startswith("You ask to take back: ") for line in session.log)
    assert any(line.startswith("You take back: ") for line in session.log), session.log[-4:]
    assert window.state()["takeback_by"] is None  # decided: no question stands


def test_another_players_question_shows_yes_and_no_over_the_table(window, tmp_path):
    session, play = den_at_my_play(window)
    sent = []
    session.submit = sent.append  # what Yes sends, not to the table (nobody asked it)
    step = session.view.step
    question = Question(1, altered(play, seat=1), session.view.view, step, step + ANSWER_STEPS)
    session.view = replace(session.view, question=question, answering=(0,))
    window.app.scene.layout()
    window.step(2)
    offered = set(window.targets())
    assert {"takeback:yes", "takeback:no"} <= offered and not any(
        t.startswith("card:") for t in offered), sorted(offered)  # nothing else plays
    shot = Path(tmp_path) / "takeback-question.png"
    pygame.image.save(pygame.display.get_surface(), shot)
    print(f"the question's screenshot: {shot}")
    window.click("takeback:yes")
    assert sent == [AnswerTakeBack(0, True)]
