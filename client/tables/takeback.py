"""Take-back by consent (net.table.takeback) as the window shows it: Take back beside Pause
(or F3), lit only when the engine allows it — its tip says why not, in the engine's words —
and, while a take-back is asked, a panel over the table saying who asks to take back what,
with a countdown, and Yes / No for the other players. Spectators see the panel alone.

The table decides, from the frames: this only sends a seat's AskTakeBack or AnswerTakeBack
and reads the view's `no_takeback` and `question`, so every laptop shows the same question.
"""

from __future__ import annotations

import math

import pygame

from client import notices
from client.tables.basics import PACE, enable
from client.tables.common import wrap_text
from client.ui import DIM, GOLD, INK, TABLE_AREA
from net.table.takeback import AnswerTakeBack, AskTakeBack, Question

TAKEBACK_KEYS = (pygame.K_F3,)
KEYS_HELP = "F3 ask to take back your last move"
ANSWERS = ("takeback:yes", "takeback:no")
PANEL = (290, 240, 400, 200)  # x, y, w, h over the table's middle


class TakeBackChrome:
    """The take-back's button, key and question for one table scene."""

    def __init__(self, scene):
        self.scene, self.session = scene, scene.session
        self.tip = ""  # Take back's tip as it was last set

    @property
    def question(self) -> Question | None:
        """The take-back asked and not decided yet, if one is."""
        view = self.session.view
        return None if view is None else view.question

    def seated(self) -> bool:
        """Only a seated player of a match in play asks or answers."""
        session = self.session
        return session.seat is not None and not session.watching and session.ending is None

    def why_not(self) -> str | None:
        """Why this player may not take back now, in the engine's words (None: they may)."""
        refusal = self.session.view.no_takeback if self.session.view is not None else None
        return None if refusal is None else refusal.explain(self.session.names)

    def answering(self) -> bool:
        """Is the question waiting for this player's answer?"""
        return self.question is not None and self.session.seat in self.session.view.answering

    def build(self) -> None:
        if not self.seated():
            return
        scene = self.scene
        if self.question is None:
            scene.button("takeback", "Take back", 992, 544, 276, 40)
            self.tip = ""
            # lit as the view stands now: a table resumed at a still moment got no later
            # view, and its Take back stayed lit, pressed to no effect and no word
            self.refresh()
        elif self.answering():
            x, y, w, h = PANEL
            scene.button("takeback:yes", "Yes", x + w / 2 - 150, y + h - 56, 140, 44,
                         primary=True, tip="Let them take their move back")
            scene.button("takeback:no", "No", x + w / 2 + 10, y + h - 56, 140, 44,
                         tip="Their move stands")

    def refresh(self) -> None:
        """Light Take back, or not, and say why in its tip: after every move, in place (a
        whole layout would rebuild the table under the cards being played)."""
        button = self.scene.buttons.get("takeback")
        if button is None or not button.alive():
            return
        why = self.why_not()
        enable(button, why is None)
        tip = "Ask the others to let you take back your last move (F3)" if why is None \
            else f"You cannot take back now: {why}."
        if tip != self.tip:
            self.tip = tip
            button.set_tooltip(tip)

    def ask(self) -> None:
        """Take back: the button or the key (nothing when the engine says no)."""
        if self.seated() and self.question is None and self.why_not() is None:
            self.session.submit(AskTakeBack(self.session.seat))

    def answer(self, ident: str) -> None:
        if self.answering():
            self.session.submit(AnswerTakeBack(self.session.seat, ident == "takeback:yes"))

    def draw(self, surface) -> None:
        question = self.question
        if question is None:
            return
        view, (x, y, w, h) = self.scene.view, PANEL
        view.veil(surface, view.rect(*TABLE_AREA))
        view.panel(surface, view.rect(x, y, w, h), alpha=250, edge=GOLD)
        view.text(surface, "Take back?", (x + w / 2, y + 14), 24, GOLD, bold=True,
                  anchor="midtop")
        session = self.session
        what = session.story.takeback_what(question)
        words = notices.takeback_line(session.names, question.by, what,
                                      session.view.answering)
        for i, line in enumerate(wrap_text(view, words, 15, w - 40)[:3]):
            view.text(surface, line, (x + w / 2, y + 50 + i * 21), 15, INK, anchor="midtop",
                      width=w - 40)
        left = session.takeback_left(PACE)
        wait = "left for an answer" if question.by == session.seat else "to answer"
        seconds = "" if left is None else f"{math.ceil(left)} s {wait}"
        at = y + h - 84 if self.answering() else y + h - 40
        view.text(surface, seconds, (x + w / 2, at), 14, DIM, anchor="midtop", width=w - 40)
