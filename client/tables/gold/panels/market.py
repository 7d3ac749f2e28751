"""The Market: on the left the offer you make (to whom, by chips; what you give and what you
get, by steppers bounded by what the legal offers allow), on the right the offers on the
table, with Accept and Decline under those made to you."""

from __future__ import annotations

from client.tables.gold.layout import (
    CELL_GAP,
    CHIP_H,
    EDITOR_W,
    EDITOR_X,
    EDITOR_Y,
    GAP,
    GET_Y,
    GIVE_Y,
    HEADING,
    INSET,
    MARGIN,
    OFFER_ROW,
    PAD,
    PANEL_BOX,
    PANEL_TITLE_W,
    RIGHT_W,
    RIGHT_X,
    SMALL,
    STEPPER,
    TEXT,
    TITLE,
    TRADE_CELL,
    TRADE_X,
)
from client.tables.gold.panels.parts import draw_token
from client.tables.gold.piece import Panel
from client.tables.gold.targets import Deal, Decline, Partner, Trade
from client.ui import DIM, GOLD, INK
from engine.games.gold import (
    GAME,
    NO_MORE_OFFERS,
    OFFERS_WAIT,
    SUPPLY,
    Choice,
    GoldView,
    offer_words,
)

_, PANEL_Y, _, PANEL_H = PANEL_BOX
PARTNER_BOX = (EDITOR_Y - 36, 88, CHIP_H - 2)  # (y, w, h) of a partner's chip
PARTNER_STEP = PARTNER_BOX[1] + CELL_GAP
PLUS_X = STEPPER + 4  # a colour's + from its −
STEPPERS_Y = STEPPER + 4  # a colour's steppers, under its token
COUNT_TOKEN = STEPPER - 2
OFFERS_Y = EDITOR_Y - 16  # the offers on the table, under their heading
ANSWER_W, ANSWER_H = 70, CHIP_H - GAP - 2  # an offer's Accept and Decline, at its right
ANSWER_Y = PAD + 5  # under the offer's words, clear of their descenders at 960×540 too
ANSWERS_X = RIGHT_X + RIGHT_W - 2 * ANSWER_W - CELL_GAP - 4
OFFER_WORDS_Y = PANEL_Y + PANEL_H - 104  # what the offer made now says, and the note
LEFT_Y = PANEL_Y + PANEL_H - 62  # who left the Market
SIDES = (("give", GIVE_Y, "You give"), ("get", GET_Y, "You get"))


class MarketPanel(Panel):
    takes = (Partner, Trade, Deal, Decline)
    timed = True

    @property
    def trade(self):
        return self.table.trade

    # -- where things are -----------------------------------------------------------
    def _partner_boxes(self) -> dict[int, tuple]:
        y, w, h = PARTNER_BOX
        partners = sorted(self.can.offers.asks) if self.can.offers else []
        return {s: (TRADE_X + i * PARTNER_STEP, y, w, h) for i, s in enumerate(partners)}

    def _most(self, side: str):
        """How many of each colour the legal offers let you give, or ask of the partner."""
        offers = self.can.offers
        if side == "give":
            return offers.own
        return offers.asks.get(self.trade.partner) if self.trade.partner is not None else None

    def _trade_boxes(self) -> dict[Trade, tuple]:
        """A − and a + for every colour the legal offers let this seat change."""
        out = {}
        if self.can.offers is None:
            return out
        for side, y, _ in SIDES:
            most = self._most(side)
            for c in range(9):
                if most and most[c]:
                    x = TRADE_X + c * TRADE_CELL
                    out[Trade(side, c, -1)] = (x, y + STEPPERS_Y, STEPPER, STEPPER)
                    out[Trade(side, c, 1)] = (x + PLUS_X, y + STEPPERS_Y, STEPPER, STEPPER)
        return out

    def _answer_boxes(self, state: GoldView) -> dict:
        out = {}
        for i, offer in enumerate(state.market.offers if state.market else ()):
            if offer.seat in self.can.declines:
                y = OFFERS_Y + i * OFFER_ROW + ANSWER_Y
                out[Deal(offer.seat)] = (ANSWERS_X, y, ANSWER_W, ANSWER_H)
                out[Decline(offer.seat)] = (ANSWERS_X + ANSWER_W + CELL_GAP, y, ANSWER_W,
                                            ANSWER_H)
        return out

    def rects(self, state: GoldView) -> dict:
        view = self.view
        out = {Partner(s): view.rect(*box) for s, box in self._partner_boxes().items()}
        for boxes in (self._trade_boxes(), self._answer_boxes(state)):
            out.update({t: view.rect(*box) for t, box in boxes.items()})
        return out

    # -- clicks and the button ----------------------------------------------------------
    def click(self, target) -> None:
        can, table = self.can, self.table
        match target:
            case Partner(seat):
                self._choose_partner(seat)
            case Trade(side, colour, step) if can.offers is not None:
                most = self._most(side)
                bound = most[colour] if side == "give" or most else SUPPLY[colour]
                self.trade.step(side, colour, step, bound)
            case Deal(offerer) if offerer in can.deals:
                table.submit(can.deals[offerer])
            case Deal():
                self.session.advise("You do not hold the tokens that offer asks for.")
            case Decline(offerer) if offerer in can.declines:
                table.submit(can.declines[offerer])

    def _choose_partner(self, seat: int) -> None:
        """A new partner keeps what you ask of it within what it can give."""
        self.trade.partner = seat
        most = self.can.offers.asks.get(seat) if self.can.offers else None
        if most:
            self.trade.get = [min(n, m) for n, m in zip(self.trade.get, most, strict=True)]

    def make_offer(self) -> None:
        trade, offers = self.trade, self.can.offers
        give, get = tuple(trade.give), tuple(trade.get)
        if offers is None or trade.partner is None or not offers.allows(trade.partner, give,
                                                                        get):
            choice = Choice(kind="offer", partner=trade.partner, give=give, get=get)
            self.session.advise(self.table.refusal(choice) or "That offer cannot be made now.")
            return
        self.table.submit(offers.wrap(trade.partner, give, get))
        trade.clear()

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface, state: GoldView) -> None:
        view, table = self.view, self.table
        self.frame(surface)
        advised = GAME.advice(state, table.me, self.session.names)  # the rules' words
        view.text(surface, advised.title if advised else "", (EDITOR_X, PANEL_Y + INSET),
                  TITLE, GOLD, bold=True, width=PANEL_TITLE_W)
        market = state.market
        if self.can.offers is not None:
            self._draw_trade(surface)
        elif table.me is not None and table.acting and market and table.me not in market.left:
            view.text(surface, NO_MORE_OFFERS, (EDITOR_X, PARTNER_BOX[0] + INSET), TEXT, DIM,
                      width=EDITOR_W)
        self._draw_offers(surface, state)
        left = market.left if market else ()
        if left:
            view.text(surface, f"Left: {self.session.names.group(left)}",
                      (RIGHT_X, LEFT_Y), SMALL, DIM, width=RIGHT_W)

    def _draw_offers(self, surface, state: GoldView) -> None:
        view = self.view
        view.text(surface, "Offers on the table", (RIGHT_X, OFFERS_Y - 30), HEADING, INK,
                  bold=True)
        offers = state.market.offers if state.market else ()
        if not offers:
            view.text(surface, "none yet", (RIGHT_X, OFFERS_Y - 4), TEXT, DIM)
        answers = self._answer_boxes(state)
        names = self.session.names
        for i, offer in enumerate(offers):
            offerer, partner = offer.seat, offer.partner
            view.text(surface, offer_words(offerer, partner, offer.give, offer.get, names),
                      (RIGHT_X, OFFERS_Y + i * OFFER_ROW), SMALL,
                      GOLD if partner == self.table.me else INK, width=RIGHT_W)
            if Deal(offerer) in answers:
                self.chip(surface, answers[Deal(offerer)], "Accept",
                          offerer in self.can.deals)
                self.chip(surface, answers[Decline(offerer)], "Decline", True)

    def _draw_trade(self, surface) -> None:
        view, trade = self.view, self.trade
        view.text(surface, "Offer to", (EDITOR_X, PARTNER_BOX[0] + CELL_GAP), TEXT, INK)
        for seat, box in self._partner_boxes().items():
            self.chip(surface, box, self.name(seat, True), True, trade.partner == seat)
        steppers = self._trade_boxes()
        for side, y, label in SIDES:
            view.text(surface, label, (EDITOR_X, y + 2), TEXT, INK)
            counts = trade.give if side == "give" else trade.get
            for c in range(9):
                self._draw_count(surface, c, y, counts[c], Trade(side, c, 1) in steppers)
        if trade.partner is None:
            words = "Choose whom to offer a trade to."
        else:
            words = offer_words(self.table.me, trade.partner, trade.give, trade.get,
                                self.session.names) + "."
        view.text(surface, words, (EDITOR_X, OFFER_WORDS_Y), TEXT, INK, width=EDITOR_W)
        view.text(surface, OFFERS_WAIT, (EDITOR_X, OFFER_WORDS_Y + MARGIN), SMALL, DIM,
                  width=EDITOR_W)

    def _draw_count(self, surface, colour: int, y: float, count: int, open_: bool) -> None:
        """A colour's token and count, with its steppers when the offer may change it."""
        view = self.view
        x = TRADE_X + colour * TRADE_CELL
        if open_ or count:
            draw_token(surface, view, colour, x, y, COUNT_TOKEN)
            view.text(surface, str(count), (x + COUNT_TOKEN + 4, y + 1), TEXT,
                      GOLD if count else DIM, bold=bool(count))
        if open_:
            self.sign(surface, "−", x, y + STEPPERS_Y, TEXT, fill=False)
            self.sign(surface, "+", x + PLUS_X, y + STEPPERS_Y, TEXT, fill=False)
