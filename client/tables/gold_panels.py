"""The panels of the Dragon's Gold table, each drawn over the lairs while its stage runs:
the sharing of a hoard (the timed negotiation's split editor and proposals, or the
strategic variant's divide and choose), a theft, the Market, and the end's score table.

Each panel is a pair of functions of the table renderer: one draws it, one gives the
rects that take clicks (ids the renderer's `click` dispatches), both from one layout so a
click lands where the thing is drawn.
"""

from __future__ import annotations

import pygame

from client.tables.common import PACE, capital, wrap_text
from client.tables.gold_parts import (
    SCORE_COLUMNS,
    draw_token,
    draw_tokens,
    liars_of,
    score_rows,
    token_words,
)
from client.ui import ALERT, DIM, GOLD, GOOD, INK, PANEL_EDGE
from client.widgets import countdown_ring
from engine.games.gold.components import DRAGONS
from engine.games.gold.flow import NEGOTIATE
from engine.games.gold.tokens import COLOURS
from engine.games.gold.views import GoldView, Kill

BOX = (20, 112, 940, 322)
END_BOX = (20, 100, 940, 530)
EDITOR_X, EDITOR_Y, EDITOR_RIGHT = 36, 196, 570
NAME_COLUMN = 120
STEPPER = 18
RIGHT_X = 590
CHIP_H = 30


def _panel(table, surface, box=BOX) -> None:
    table.view.panel(surface, table.view.rect(*box), alpha=255, edge=GOLD)


def _ring(table, surface, state: GoldView) -> None:
    left = table.session.seconds_left(PACE)
    if state.timer and left is not None:
        x, y, w, _ = BOX
        countdown_ring(surface, table.view, (x + w - 34, y + 30), 22, left, table.timer_total)


def _chip(table, surface, rect_logical, text: str, lit: bool, selected: bool = False) -> None:
    view = table.view
    rect = view.rect(*rect_logical)
    pygame.draw.rect(surface, (60, 46, 20) if selected else (24, 52, 40), rect,
                     border_radius=view.px(6))
    pygame.draw.rect(surface, GOLD if selected or lit else PANEL_EDGE, rect,
                     view.px(2 if selected else 1), border_radius=view.px(6))
    x, y, w, h = rect_logical
    view.text(surface, text, (x + w / 2, y + h / 2), 13, INK if lit else DIM, anchor="center",
              width=w - 8)


# -- sharing a hoard -----------------------------------------------------------------

def _editor_layout(table, state: GoldView):
    """(colour, row y) for each colour of the hoard, each column's x, and their widths."""
    kill = state.kill
    colours = [c for c in range(9) if kill.hoard[c]]
    columns = len(kill.involved)
    width = min(110.0, (EDITOR_RIGHT - EDITOR_X - NAME_COLUMN) / columns)
    row = min(26.0, 186 / max(1, len(colours)))
    rows = [(c, EDITOR_Y + 22 + i * row) for i, c in enumerate(colours)]
    xs = [EDITOR_X + NAME_COLUMN + j * width for j in range(columns)]
    return rows, xs, width


def _editing(table) -> bool:
    return table.editor is not None and table.splits is not None


def _share_targets(table, state: GoldView) -> dict[str, pygame.Rect]:
    view, out = table.view, {}
    if _editing(table):
        rows, xs, width = _editor_layout(table, state)
        for c, y in rows:
            for j, x in enumerate(xs):
                out[f"cell:{c}:{j}:-"] = view.rect(x, y, STEPPER, STEPPER)
                out[f"cell:{c}:{j}:+"] = view.rect(x + width - STEPPER - 6, y, STEPPER, STEPPER)
        if state.kill.proposal:
            out["proposal"] = view.rect(RIGHT_X, 160, 340, 30)
    for share, rect in _share_rects(table, state).items():
        if share in table.chooses:
            out[f"share:{share}"] = view.rect(*rect)
    return out


def _share_rects(table, state: GoldView) -> dict[int, tuple]:
    shares = state.kill.shares
    return {i: (RIGHT_X + 250, 196 + i * 36, 96, CHIP_H) for i in range(len(shares))}


def draw_share(table, surface, state: GoldView) -> None:
    view, kill, name = table.view, state.kill, table.session.seat_name
    _panel(table, surface)
    phase = state.phase
    x, y, _, _ = BOX
    what = "share its hoard before the sand runs out" if phase == NEGOTIATE else \
        "divide and choose its hoard"
    view.text(surface, f"{DRAGONS[kill.dragon].name} is slain: {what}", (x + 16, y + 10),
              18, GOLD, bold=True, width=840)
    view.text(surface, "Hoard:", (x + 16, y + 42), 13, INK)
    draw_tokens(surface, view, kill.hoard, x + 70, y + 40, 18, 470)
    _ring(table, surface, state)
    if _editing(table):
        _draw_editor(table, surface, state)
    else:
        involved = ", ".join(name(s, True) for s in kill.involved)
        waiting = f"{involved} share the hoard; you watch the talks." if phase == NEGOTIATE \
            else _division_words(table, kill)
        for k, line in enumerate(wrap_text(view, waiting, 15, 520)):
            view.text(surface, line, (EDITOR_X, EDITOR_Y + k * 20), 15, INK)
    if phase == NEGOTIATE:
        _draw_proposals(table, surface, state)
    else:
        _draw_shares(table, surface, state)



def _division_words(table, kill: Kill) -> str:
    name = table.session.seat_name
    choosers = kill.choosers
    order = ", then ".join(name(s) for s in choosers)
    verb = "chooses" if len(choosers) == 1 else "choose"
    return (f"{name(kill.divider, True)} divides the hoard into "
            f"{len(kill.involved)} shares; {order} {verb} in that order, and the divider "
            "keeps the last.")


def _draw_editor(table, surface, state: GoldView) -> None:
    view, kill, editor = table.view, state.kill, table.editor
    rows, xs, width = _editor_layout(table, state)
    divide = state.phase != "negotiate"
    view.text(surface, "left to give", (EDITOR_X, EDITOR_Y), 12, DIM)
    for j, x in enumerate(xs):
        label = f"Share {j + 1}" if divide else capital(table.session.seat_name(
            kill.involved[j]))
        view.text(surface, label, (x + width / 2 - 3, EDITOR_Y), 12, GOLD if not divide and
                  kill.involved[j] == table.me else INK, anchor="midtop", width=width - 6)
    for c, y in rows:
        draw_token(surface, view, c, EDITOR_X, y, 16)
        left = editor.left(c)
        view.text(surface, f"{left} {COLOURS[c]}", (EDITOR_X + 22, y), 13,
                  ALERT if left else DIM, width=NAME_COLUMN - 24)
        for j, x in enumerate(xs):
            _stepper(table, surface, x, y, width, editor.cells[j][c])
    problem = table.split_problem()
    done = "Every token has a share: ready to divide." if divide else \
        "Every token has a player: ready to propose."
    for k, line in enumerate(wrap_text(view, problem or done, 12, 200)[:2]):
        view.text(surface, line, (EDITOR_X, 394 + k * 15), 12, ALERT if problem else GOOD)


def _stepper(table, surface, x: float, y: float, width: float, value: int) -> None:
    view = table.view
    for sign, at in (("−", x), ("+", x + width - STEPPER - 6)):
        rect = view.rect(at, y, STEPPER, STEPPER)
        pygame.draw.rect(surface, (24, 52, 40), rect, border_radius=view.px(4))
        pygame.draw.rect(surface, PANEL_EDGE, rect, view.px(1), border_radius=view.px(4))
        view.text(surface, sign, (at + STEPPER / 2, y + STEPPER / 2), 14, INK, bold=True,
                  anchor="center")
    view.text(surface, str(value), (x + (width - 6) / 2, y + STEPPER / 2), 14,
              INK if value else DIM, bold=bool(value), anchor="center")


def _draw_proposals(table, surface, state: GoldView) -> None:
    view, kill, name = table.view, state.kill, table.session.seat_name
    proposal = kill.proposal
    view.text(surface, "On the table", (RIGHT_X, 146), 15, INK, bold=True)
    if not proposal:
        view.text(surface, "No proposal yet: make one with the editor.", (RIGHT_X, 166), 13,
                  DIM, width=340)
    else:
        by = name(proposal.by, True)
        hint = " (click: copy it to edit)" if _editing(table) else ""
        view.text(surface, f"#{proposal.serial} by {by}{hint}", (RIGHT_X, 166), 13, GOLD,
                  width=340)
        for j, seat in enumerate(kill.involved):
            y = 192 + j * 26
            accepted = seat in proposal.accepted
            view.text(surface, ("✓ " if accepted else "… ") + name(seat, True),
                      (RIGHT_X, y), 13, GOOD if accepted else DIM, width=100)
            draw_tokens(surface, view, proposal.split[j], RIGHT_X + 104, y - 2, 14, 250)
    earlier = [p for p in table.proposals if p[3]][-2:]
    for k, (serial, seat, _, fate) in enumerate(earlier):
        view.text(surface, f"#{serial} by {name(seat)}: {fate}", (RIGHT_X, 350 + k * 16), 12,
                  DIM, width=350)
    made = kill.made[table.me] if table.me is not None and kill.made else None
    if table.me in kill.involved:
        most = table.session.start.config.get("proposals", 12)
        view.text(surface, f"your proposals: {made or 0} of {most}", (RIGHT_X + 130, 142), 12,
                  DIM)


def _draw_shares(table, surface, state: GoldView) -> None:
    view, kill, name = table.view, state.kill, table.session.seat_name
    shares = kill.shares or []
    if not shares:
        view.text(surface, "The shares", (RIGHT_X, 140), 15, INK, bold=True)
        view.text(surface, _division_words(table, kill), (RIGHT_X, 166), 12, DIM, width=350)
        return
    chooser = next(iter(state.to_act), None)
    view.text(surface, "Choose a share" if table.chooses else
              f"{name(chooser, True)} chooses a share", (RIGHT_X, 140), 15, GOLD, bold=True)
    taken = {i: s for i, s in enumerate(kill.taken) if s >= 0}
    for i, rect in _share_rects(table, state).items():
        x, y = RIGHT_X, rect[1]
        view.text(surface, f"{i + 1}.", (x, y + 6), 13, INK)
        draw_tokens(surface, view, shares[i], x + 20, y + 4, 14, 220)
        owner = taken.get(i)
        if owner is not None:
            view.text(surface, f"{name(owner)}", (rect[0] + 4, y + 6), 13, DIM, width=rect[2])
        elif i in table.chooses:
            _chip(table, surface, rect, "Take it", True)


# -- a theft ---------------------------------------------------------------------------

THEFT_BOX = (120, 150, 740, 230)


def _victim_rects(table) -> dict[int, tuple]:
    x, y, _, _ = THEFT_BOX
    return {s: (x + 20 + i * 176, y + 80, 166, 48) for i, s in enumerate(sorted(table.steals))}


def _take_rects(table, state: GoldView) -> dict[int, tuple]:
    x, y, _, _ = THEFT_BOX
    return {p: (x + 20 + (p % 16) * 43, y + 80 + (p // 16) * 44, 36, 36)
            for p in range(len(state.looking_at or ()))}


def _theft_targets(table, state: GoldView) -> dict[str, pygame.Rect]:
    view = table.view
    out = {f"victim:{s}": view.rect(*r) for s, r in _victim_rects(table).items()}
    out.update({f"take:{p}": view.rect(*r) for p, r in _take_rects(table, state).items()
                if p in table.takes})
    return out


def draw_theft(table, surface, state: GoldView) -> None:
    view, name = table.view, table.session.seat_name
    _panel(table, surface, THEFT_BOX)
    x, y, w, _ = THEFT_BOX
    theft = state.kill.theft if state.kill else None
    if table.steals:
        title = "Your thief steals one token: from whose screen?"
        hint = "The token is drawn unseen from that player's screen."
    elif table.takes:
        title = f"Your wizard looks behind {table.session.names.whose(theft.victim)} screen: " \
            "take one token"
        hint = "Only you and your victim learn which token it was."
    elif theft:
        helped = " with the wizard's help" if theft.looks else ""
        title = f"{table.session.names.whose(theft.thief, True)} thief robs " \
            f"{name(theft.victim)}{helped}"
        hint = "The thief and the victim see the token; the others do not."
    else:
        thief = next(iter(state.to_act), None)
        title = f"{name(thief, True)}'s thief chooses whom to rob"
        hint = "Thieves steal in turn after the hoard is shared."
    view.text(surface, title, (x + 20, y + 16), 18, GOLD, bold=True, width=w - 40)
    view.text(surface, hint, (x + 20, y + 46), 13, DIM, width=w - 40)
    for seat, rect in _victim_rects(table).items():
        _chip(table, surface, rect, f"{name(seat, True)} · {state.screens[seat]} tokens",
              True)
    looked = state.looking_at or ()
    for p, rect in _take_rects(table, state).items():
        draw_token(surface, view, looked[p], rect[0] + 3, rect[1] + 3, 30)
        if p in table.takes:
            pygame.draw.rect(surface, GOOD, view.rect(*rect), view.px(1.5),
                             border_radius=view.px(6))


# -- the Market ------------------------------------------------------------------------

TRADE_X, GIVE_Y, GET_Y, CELL = 110, 206, 266, 50
OFFER_ROW = 40  # an offer's words, and under them its Accept and Decline


def _partner_rects(table) -> dict[int, tuple]:
    partners = sorted(table.offers.asks) if table.offers else []
    return {s: (TRADE_X + i * 94, 160, 88, 28) for i, s in enumerate(partners)}


def _trade_rects(table) -> dict[str, tuple]:
    """'give:c:±' and 'get:c:±' for every colour the legal offers let this seat change."""
    out, offers, trade = {}, table.offers, table.trade
    if offers is None:
        return out
    asks = offers.asks.get(trade.partner) if trade.partner is not None else None
    for side, y, most in (("give", GIVE_Y, offers.own), ("get", GET_Y, asks)):
        for c in range(9):
            if most and most[c]:
                x = TRADE_X + c * CELL
                out[f"{side}:{c}:-"] = (x, y + 22, STEPPER, STEPPER)
                out[f"{side}:{c}:+"] = (x + 22, y + 22, STEPPER, STEPPER)
    return out


def _offer_rects(table, state: GoldView) -> dict[str, tuple]:
    out = {}
    for i, offerer in enumerate(o.seat for o in (state.market.offers if state.market else ())):
        if offerer in table.declines:
            y = 180 + i * OFFER_ROW + 16
            out[f"deal:{offerer}"] = (RIGHT_X + 200, y, 70, 22)
            out[f"decline:{offerer}"] = (RIGHT_X + 276, y, 70, 22)
    return out


def _market_targets(table, state: GoldView) -> dict[str, pygame.Rect]:
    view = table.view
    out = {f"partner:{s}": view.rect(*r) for s, r in _partner_rects(table).items()}
    out.update({f"trade:{k}": view.rect(*r) for k, r in _trade_rects(table).items()})
    out.update({k: view.rect(*r) for k, r in _offer_rects(table, state).items()})
    return out


def draw_market(table, surface, state: GoldView) -> None:
    view, name = table.view, table.session.seat_name
    _panel(table, surface)
    x, y, _, _ = BOX
    view.text(surface, "The Market: trade tokens with anyone before the time is up", (x + 16,
              y + 10), 18, GOLD, bold=True, width=840)
    _ring(table, surface, state)
    market = state.market
    if table.offers is not None:
        _draw_trade(table, surface, state)
    elif table.me is not None and table.acting and market and table.me not in market.left:
        view.text(surface, "You cannot make another offer now; answer the offers made to you "
                  "or leave the Market.", (EDITOR_X, 170), 13, DIM, width=520)
    view.text(surface, "Offers on the table", (RIGHT_X, 150), 15, INK, bold=True)
    offers = market.offers if market else ()
    if not offers:
        view.text(surface, "none yet", (RIGHT_X, 176), 13, DIM)
    rects = _offer_rects(table, state)
    for i, offer in enumerate(offers):
        offerer, partner, give, get = offer.seat, offer.partner, offer.give, offer.get
        row = 180 + i * OFFER_ROW
        view.text(surface, f"{name(offerer, True)} → {name(partner)}: gives "
                  f"{token_words(give)}; asks {token_words(get)}", (RIGHT_X, row), 12,
                  GOLD if partner == table.me else INK, width=350)
        if f"deal:{offerer}" in rects:
            _chip(table, surface, rects[f"deal:{offerer}"], "Accept", offerer in table.deals)
            _chip(table, surface, rects[f"decline:{offerer}"], "Decline", True)
    left = market.left if market else ()
    if left:
        view.text(surface, "Left: " + ", ".join(name(s) for s in left), (RIGHT_X, 372), 12,
                  DIM, width=350)


def _draw_trade(table, surface, state: GoldView) -> None:
    view, trade, name = table.view, table.trade, table.session.seat_name
    view.text(surface, "Offer to", (EDITOR_X, 166), 13, INK)
    for seat, rect in _partner_rects(table).items():
        _chip(table, surface, rect, name(seat, True), True, trade.partner == seat)
    rects = _trade_rects(table)
    for side, y, counts in (("give", GIVE_Y, trade.give), ("get", GET_Y, trade.get)):
        view.text(surface, "You give" if side == "give" else "You get", (EDITOR_X, y + 2), 13,
                  INK)
        for c in range(9):
            cx = TRADE_X + c * CELL
            shown = f"{side}:{c}:+" in rects
            if shown or counts[c]:
                draw_token(surface, view, c, cx, y, 16)
            if shown or counts[c]:
                view.text(surface, str(counts[c]), (cx + 20, y + 1), 13,
                          GOLD if counts[c] else DIM, bold=bool(counts[c]))
            if shown:
                for sign, at in (("−", cx), ("+", cx + 22)):
                    rect = view.rect(at, y + 22, STEPPER, STEPPER)
                    pygame.draw.rect(surface, PANEL_EDGE, rect, view.px(1),
                                     border_radius=view.px(4))
                    view.text(surface, sign, (at + STEPPER / 2, y + 22 + STEPPER / 2), 13, INK,
                              anchor="center")
    if trade.partner is None:
        words = "Choose whom to offer a trade to."
    else:
        words = (f"You offer {name(trade.partner)} {token_words(trade.give)} for "
                 f"{token_words(trade.get)}.")
    view.text(surface, words, (EDITOR_X, 330), 13, INK, width=540)
    view.text(surface, "Tokens you offer wait on the table until the offer is answered "
              ".", (EDITOR_X, 350), 12, DIM, width=540)


# -- the end ------------------------------------------------------------------------------

def draw_end(table, surface, state: GoldView) -> None:
    view, name, ending = table.view, table.session.seat_name, table.session.ending
    _panel(table, surface, END_BOX)
    x, y, w, _ = END_BOX
    revealed, scores = state.revealed or (), state.scores or ()
    winners = state.winners or ()
    advanced = bool(table.session.start.config.get("advanced"))
    liars = liars_of(revealed, scores, advanced)
    won = " and ".join(name(s, True) for s in winners) or "Nobody"
    view.text(surface, f"The game is over: {won} win{'s' if len(winners) == 1 else ''}",
              (x + w / 2, y + 12), 22, GOLD, bold=True, anchor="midtop", width=w - 40)
    rules = "advanced rules" if advanced else "basic rules"
    view.text(surface, f"Every screen revealed and scored by the {rules}", (x + w / 2, y + 44),
              13, DIM, anchor="midtop")
    columns = [x + 420 + k * 72 for k in range(len(SCORE_COLUMNS))]
    for label, cx in zip(SCORE_COLUMNS, columns, strict=True):
        view.text(surface, label, (cx + 60, y + 72), 12, DIM, anchor="topright")
    rows = score_rows(revealed, advanced, liars)
    for seat, row in enumerate(rows):
        ry = y + 94 + seat * 44
        star = "★ " if seat in winners else ""
        view.text(surface, star + name(seat, True), (x + 20, ry), 16,
                  GOLD if seat in winners else INK, bold=seat in winners, width=170)
        if seat in liars:
            view.text(surface, "forfeits: traded tokens it did not hold",
                      (x + 20, ry + 20), 11, ALERT, width=380)
        draw_tokens(surface, view, revealed[seat], x + 190, ry, 14, 220)
        for value, cx in zip(row, columns, strict=True):
            view.text(surface, str(value), (cx + 60, ry), 15, INK, bold=cx == columns[-1],
                      anchor="topright")
    text = ending.text if ending is not None else ""
    for k, line in enumerate(wrap_text(view, text, 14, w - 40)[:3]):
        view.text(surface, line, (x + 20, y + 94 + len(rows) * 44 + 10 + k * 20), 14,
                  GOOD if ending is not None and ending.audit == "clean" else INK)


PANELS = {"share": draw_share, "theft": draw_theft, "market": draw_market, "end": draw_end}
TARGETS = {"share": _share_targets, "theft": _theft_targets, "market": _market_targets}
