"""The sharing of a slain Dragon's hoard: in the timed negotiation, the split editor (every
token given to an involved player by steppers), the proposal on the table and the fate of
the last ones; in the strategic variant, the divider's editor of shares and then the shares
to choose from, in the choosers' order."""

from __future__ import annotations

from client.tables.common import wrap_text
from client.tables.gold.layout import (
    CELL_GAP,
    CHIP_H,
    EDITOR_RIGHT,
    EDITOR_W,
    EDITOR_X,
    EDITOR_Y,
    GAP,
    HEADING,
    INSET,
    LARGE,
    MARGIN,
    NAME_COLUMN,
    PANEL_BOX,
    PANEL_TITLE_W,
    RIGHT_W,
    RIGHT_X,
    ROW,
    SMALL,
    STEPPER,
    TEXT,
    TITLE,
    TOKEN,
    TOKEN_SMALL,
)
from client.tables.gold.panels.parts import draw_token, draw_tokens
from client.tables.gold.piece import Panel
from client.tables.gold.targets import Cell, Proposal, Share
from client.ui import ALERT, DIM, GOLD, GOOD, INK
from engine.games.gold import (
    COLOURS,
    DIVIDE,
    NEGOTIATE,
    Choice,
    GoldView,
    division_words,
    kill_title,
)
from engine.tell import capital

_, PANEL_Y, _, PANEL_H = PANEL_BOX
HOARD_Y = PANEL_Y + 40  # the hoard, under the title
HOARD_TOKENS_X = EDITOR_X + 54
RIGHT_TOP = PANEL_Y + 28  # the right half's heading
MOST_COLUMN, MOST_ROW = 110.0, float(ROW)  # the editor's cells, shrunk to fit many
ROWS_Y = EDITOR_Y + ROW - 4  # the editor's rows, under its column labels
PROBLEM_LINES = 3  # the engine's why, whole ("8 tokens of the hoard have no player yet: …")
PROBLEM_Y = PANEL_Y + PANEL_H - 40 - (SMALL + 3) * (PROBLEM_LINES - 2)  # why the editor's
# split cannot go on the table yet, at the left of its buttons
ROWS_HEIGHT = PROBLEM_Y - ROWS_Y + GAP
PROPOSAL_BOX = (RIGHT_X, RIGHT_TOP + MARGIN, RIGHT_W - INSET, CHIP_H)
PROPOSAL_ROW = ROW
FATES_Y, FATES_SHOWN = PANEL_Y + PANEL_H - 84, 2  # the last proposals replaced or rejected
SHARE_ROW = CHIP_H + 6
SHARE_CHIP = (RIGHT_X + RIGHT_W - 100, 96)  # a share's Take it: x and width
WHO_W = 100  # a name beside a share or a proposal's part
LINE_STEP = HEADING + 5


PROBLEM_W = 200


def _plus_x(x: float, width: float) -> float:
    """A cell's +, at its right; the − is at its left."""
    return x + width - STEPPER - CELL_GAP


class SharePanel(Panel):
    takes = (Cell, Proposal, Share)
    timed = True

    @property
    def editing(self) -> bool:
        return self.table.editor is not None and self.can.splits is not None

    # -- where things are -----------------------------------------------------------
    def _editor_layout(self, state: GoldView):
        """(colour, row y) for each colour of the hoard, each column's x, and their width."""
        kill = state.kill
        colours = [c for c in range(9) if kill.hoard[c]]
        columns = len(kill.involved)
        width = min(MOST_COLUMN, (EDITOR_W - NAME_COLUMN) / columns)
        row = min(MOST_ROW, ROWS_HEIGHT / max(1, len(colours)))
        rows = [(c, ROWS_Y + i * row) for i, c in enumerate(colours)]
        xs = [EDITOR_X + NAME_COLUMN + j * width for j in range(columns)]
        return rows, xs, width

    def _share_boxes(self, state: GoldView) -> dict[int, tuple]:
        return {i: (SHARE_CHIP[0], EDITOR_Y + i * SHARE_ROW, SHARE_CHIP[1], CHIP_H)
                for i in range(len(state.kill.shares))}

    def rects(self, state: GoldView) -> dict:
        view, out = self.view, {}
        if self.editing:
            rows, xs, width = self._editor_layout(state)
            for c, y in rows:
                for j, x in enumerate(xs):
                    out[Cell(c, j, -1)] = view.rect(x, y, STEPPER, STEPPER)
                    out[Cell(c, j, 1)] = view.rect(_plus_x(x, width), y, STEPPER, STEPPER)
            if state.kill.proposal:
                out[Proposal()] = view.rect(*PROPOSAL_BOX)
        for share, box in self._share_boxes(state).items():
            if share in self.can.chooses:
                out[Share(share)] = view.rect(*box)
        return out

    # -- clicks and buttons -------------------------------------------------------------
    def click(self, target) -> None:
        editor = self.table.editor
        match target:
            case Cell(colour, column, step) if editor is not None:
                editor.step(colour, column, step)
            case Proposal():
                proposal = self.table.state.kill.proposal if self.table.state.kill else None
                if proposal and editor is not None:
                    editor.load(proposal.split)
            case Share(share) if share in self.can.chooses:
                self.table.submit(self.can.chooses[share])

    def evenly(self) -> None:
        if self.table.editor is not None:
            self.table.editor.evenly()

    def propose(self) -> None:
        """The editor's split as a proposal (or a division), or why it cannot be one."""
        why = self.problem()
        if why:
            self.session.advise(why)
            return
        table = self.table
        table.submit(self.can.splits.wrap(table.editor.split()))
        if table.state.phase == DIVIDE:
            table.editor = None

    def problem(self) -> str:
        """Why the editor's split cannot be put on the table now; empty when it can."""
        table = self.table
        if table.editor is None:
            return table.refusal(Choice(kind="split")) or "That split is not open now."
        split = table.editor.split()
        if self.can.splits is not None and self.can.splits.allows(split):
            return ""
        return table.refusal(Choice(kind="split", shares=split)) or \
            "That split is not open now."

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface, state: GoldView) -> None:
        view, kill = self.view, state.kill
        self.frame(surface)
        negotiate = state.phase == NEGOTIATE
        view.text(surface, kill_title(state),
                  (EDITOR_X, PANEL_Y + INSET), TITLE, GOLD, bold=True, width=PANEL_TITLE_W)
        view.text(surface, "Hoard:", (EDITOR_X, HOARD_Y + 2), TEXT, INK)
        draw_tokens(surface, view, kill.hoard, HOARD_TOKENS_X, HOARD_Y, TOKEN,
                    EDITOR_RIGHT - HOARD_TOKENS_X)
        if self.editing:
            self._draw_editor(surface, state)
        else:
            self._draw_watching(surface, state, negotiate)
        if negotiate:
            self._draw_proposals(surface, state)
        else:
            self._draw_shares(surface, state)

    def _draw_watching(self, surface, state: GoldView, negotiate: bool) -> None:
        involved = self.session.names.group(state.kill.involved, start=True)  # the engine's "and"
        waiting = f"{involved} share the hoard; you watch the talks." if negotiate \
            else division_words(state, self.session.names)
        for k, line in enumerate(wrap_text(self.view, waiting, HEADING, EDITOR_W)):
            self.view.text(surface, line, (EDITOR_X, EDITOR_Y + k * LINE_STEP), HEADING, INK)

    def _draw_editor(self, surface, state: GoldView) -> None:
        view, kill, editor = self.view, state.kill, self.table.editor
        rows, xs, width = self._editor_layout(state)
        divide = state.phase != NEGOTIATE
        view.text(surface, "left to give", (EDITOR_X, EDITOR_Y), SMALL, DIM)
        for j, x in enumerate(xs):
            label = f"Share {j + 1}" if divide else capital(self.name(kill.involved[j]))
            mine = not divide and kill.involved[j] == self.table.me
            view.text(surface, label, (x + (width - CELL_GAP) / 2, EDITOR_Y), SMALL,
                      GOLD if mine else INK, anchor="midtop", width=width - CELL_GAP)
        for c, y in rows:
            draw_token(surface, view, c, EDITOR_X, y, STEPPER - 2)
            left = editor.left(c)
            view.text(surface, f"{left} {COLOURS[c]}", (EDITOR_X + STEPPER + 4, y), TEXT,
                      ALERT if left else DIM, width=NAME_COLUMN - STEPPER - 6)
            for j, x in enumerate(xs):
                self._draw_cell(surface, x, y, width, editor.cells[j][c])
        problem = self.problem()
        done = "Every token has a share: ready to divide." if divide else \
            "Every token has a player: ready to propose."
        for k, line in enumerate(wrap_text(view, problem or done, SMALL,
                                           PROBLEM_W)[:PROBLEM_LINES]):
            view.text(surface, line, (EDITOR_X, PROBLEM_Y + k * (SMALL + 3)), SMALL,
                      ALERT if problem else GOOD)

    def _draw_cell(self, surface, x: float, y: float, width: float, value: int) -> None:
        self.sign(surface, "−", x, y, LARGE, fill=True)
        self.sign(surface, "+", _plus_x(x, width), y, LARGE, fill=True)
        self.view.text(surface, str(value), (x + (width - CELL_GAP) / 2, y + STEPPER / 2), LARGE,
                       INK if value else DIM, bold=bool(value), anchor="center")

    def _draw_proposals(self, surface, state: GoldView) -> None:
        view, kill = self.view, state.kill
        proposal = kill.proposal
        top = PROPOSAL_BOX[1]
        view.text(surface, "On the table", (RIGHT_X, RIGHT_TOP + 6), HEADING, INK, bold=True)
        words_y = top + (CHIP_H - TEXT) / 2 - 2  # the proposal's line, in its click box
        if not proposal:
            view.text(surface, "No proposal yet: make one with the editor.",
                      (RIGHT_X, words_y), TEXT, DIM, width=PROPOSAL_BOX[2])
        else:
            hint = " (click: copy it to edit)" if self.editing else ""
            view.text(surface, f"{self.whose(proposal.by)} split{hint}",
                      (RIGHT_X, words_y), TEXT, GOLD, width=PROPOSAL_BOX[2])
            for j, seat in enumerate(kill.involved):
                y = top + CHIP_H + 2 + j * PROPOSAL_ROW
                accepted = seat in proposal.accepted
                view.text(surface, ("✓ " if accepted else "… ") + self.name(seat, True),
                          (RIGHT_X, y), TEXT, GOOD if accepted else DIM, width=WHO_W)
                draw_tokens(surface, view, proposal.split[j], RIGHT_X + WHO_W + 4, y - 2,
                            TOKEN_SMALL, RIGHT_W - WHO_W - 4)
        self._draw_fates(surface)
        me = self.table.me
        if me in kill.involved:
            made = kill.made[me] if me is not None and kill.made else None
            most = self.session.start.config.get("proposals", 12)
            view.text(surface, f"your proposals: {made or 0} of {most}",
                      (RIGHT_X + 130, RIGHT_TOP + 2), SMALL, DIM)  # clear of the ring

    def _draw_fates(self, surface) -> None:
        earlier = [p for p in self.table.news.proposals if p[3]][-FATES_SHOWN:]
        for k, (_, seat, _, fate) in enumerate(earlier):  # (a serial is the engine's)
            self.view.text(surface, f"{self.whose(seat)} split: {fate}",
                           (RIGHT_X, FATES_Y + k * (SMALL + 4)), SMALL, DIM, width=RIGHT_W)

    def _draw_shares(self, surface, state: GoldView) -> None:
        view, kill = self.view, state.kill
        if not kill.shares:
            view.text(surface, "The shares", (RIGHT_X, RIGHT_TOP), HEADING, INK, bold=True)
            view.text(surface, division_words(state, self.session.names),
                      (RIGHT_X, RIGHT_TOP + ROW), SMALL, DIM, width=RIGHT_W)
            return
        chooser = next(iter(state.to_act), None)
        view.text(surface, "Choose a share" if self.can.chooses else
                  f"{self.name(chooser, True)} chooses a share", (RIGHT_X, RIGHT_TOP), HEADING,
                  GOLD, bold=True)
        taken = {i: s for i, s in enumerate(kill.taken) if s >= 0}
        for i, box in self._share_boxes(state).items():
            y = box[1] + (CHIP_H - TEXT) / 2 - 2  # the share's line, beside its chip
            view.text(surface, f"{i + 1}.", (RIGHT_X, y), TEXT, INK)
            draw_tokens(surface, view, kill.shares[i], RIGHT_X + MARGIN, y - 2, TOKEN_SMALL,
                        box[0] - RIGHT_X - MARGIN - 10)
            owner = taken.get(i)
            if owner is not None:
                view.text(surface, self.name(owner), (box[0] + 4, y), TEXT, DIM, width=box[2])
            elif i in self.can.chooses:
                self.chip(surface, box, "Take it", True)
