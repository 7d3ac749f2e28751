"""The Dragon's Gold table: the others along the top, four lairs in a row (each Dragon with
its treasure and the attackers under it against its strength), the pile, the Market's
place and the bag on the right; your adventurers, your screen and your Magic Objects at
the bottom. A kill opens the negotiation panel with the sand timer's ring; thefts, the
Market and the strategic variant's divide and choose each have their own panel.

Choices come only from `legal`: an adventurer is lit when it can attack, a lair when the
adventurer in hand can go there; a split or an offer is checked against the legal
sequence (which answers by counting: a hoard's splits run to billions). What a click
cannot do is said in words, with the rule.
"""

from __future__ import annotations

import pygame

from client import assets
from client.anim import Tween
from client.tables import register
from client.tables.common import (
    PACE,
    TableRenderer,
    enable,
    hit,
    show,
    told,
    wrap_text,
)
from client.tables.gold_panels import PANELS
from client.tables.gold_panels import TARGETS as PANEL_TARGETS
from client.tables.gold_parts import (
    TARGET_WORDS,
    OfferEditor,
    SplitEditor,
    draw_token,
    effect_of,
    magic_words,
)
from client.ui import DIM, GOLD, GOOD, INK, PANEL_EDGE
from engine.games.gold import moves
from engine.games.gold.components import (
    ADVENTURERS,
    DRAGONS,
    MAGIC_NAMES,
    TARGETS,
    adventurer_name,
    magic_name,
)
from engine.games.gold.flow import CHOOSE, DIVIDE, MARKET, NEGOTIATE, OVER, STEAL, TAKE, TURN
from engine.games.gold.refusals import Choice
from engine.games.gold.rules import GAME
from engine.games.gold.splits import Chain, Offers, Splits
from engine.games.gold.tokens import COLOURS, SUPPLY
from engine.games.gold.views import GoldView
from net.bridge import ViewUpdate

LAIR_Y, LAIR_X, LAIR_W, LAIR_GAP = 118, 20, 184, 8
DRAGON_CARD = (92, 129)
PILE_AT = (800, 118)
PILE_CARD = (70, 98)
ATTACKER = 26  # an attacker's counter under a lair
PANEL_BOX = (20, 112, 940, 322)  # the negotiation's, the Market's, the end's place
MINE_Y = 440
ADV_SIZE = 50
SCREEN_BOX = (262, 466, 378, 136)
MAGIC_BOX = (652, 466, 308, 136)
MAGIC_CARD = (60, 84)
BUTTON_Y = 392
FLIGHT = 0.6  # seconds a token or an adventurer takes to fly
POPUP_TIME = 1.8
KEYS_HELP = "attack: an adventurer, then a Dragon (or drag it) · P propose · A accept · " \
    "R reject · E share evenly · F1: the keys"
KEYS_LIST = "Tab a Dragon, Enter there · P propose (D divide) · A accept · R reject · " \
    "E share evenly · U use a Magic Object · L leave the Market"



@register("gold")
class GoldTable(TableRenderer):
    table_card = PILE_CARD

    def __init__(self, scene):
        super().__init__(scene)
        self.held: tuple[str, int] | None = None  # ("adv", kind) or ("magic", card)
        self.drag_at: tuple[int, int] | None = None
        self.flights: list[list] = []  # [sprite name, Tween((x, y, size, alpha))]
        self.popups: list[list] = []  # [text, x, y, seconds left]
        self.proposals: list[list] = []  # this hoard's proposals: [serial, seat, split, fate]
        self.editor: SplitEditor | None = None
        self.editor_key = None
        self.trade = OfferEditor()
        self.timer_total = 0.0
        self._clear_choices()
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view ----------------------------------------------------------------------
    def _clear_choices(self) -> None:
        self.attacks: dict[tuple[int, int], moves.Attack] = {}
        self.uses: dict[int, list[moves.UseMagic]] = {}
        self.answers: dict[str, object] = {}  # accept, reject, leave
        self.splits: Splits | None = None  # proposals or divisions this seat may make
        self.offers: Offers | None = None
        self.chooses: dict[int, moves.Choose] = {}
        self.steals: dict[int, moves.Steal] = {}
        self.takes: dict[int, moves.Take] = {}
        self.deals: dict[int, moves.TakeOffer] = {}
        self.declines: dict[int, moves.Decline] = {}

    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        self._choices(update.legal)
        state = update.view
        self.timer_total = state.timer.steps * PACE if state.timer else 0.0
        self._sync_editor(state)
        if self.held and self.held[0] == "adv" and not any(
                k == self.held[1] for k, _ in self.attacks):
            self.held = None
        if self.held and self.held[0] == "magic" and self.held[1] not in self.uses:
            self.held = None
        self.set_scores(state.scores or (0,) * len(state.screens), animate)
        self.refresh_buttons()

    def _choices(self, legal) -> None:
        self._clear_choices()
        head, tail = (legal.head, legal.tail) if isinstance(legal, Chain) else \
            ((), legal) if isinstance(legal, Splits) else (legal, None)
        self.splits = tail if isinstance(tail, Splits) else None
        self.offers = tail if isinstance(tail, Offers) else None
        for action in head:
            kind = type(action)
            if kind is moves.Attack:
                self.attacks[action.kind, action.slot] = action
            elif kind is moves.UseMagic:
                self.uses.setdefault(action.card, []).append(action)
            elif kind is moves.Choose:
                self.chooses[action.share] = action
            elif kind is moves.Steal:
                self.steals[action.victim] = action
            elif kind is moves.Take:
                self.takes[action.position] = action
            elif kind is moves.TakeOffer:
                self.deals[action.offerer] = action
            elif kind is moves.Decline:
                self.declines[action.offerer] = action
            else:
                self.answers[{moves.Accept: "accept", moves.Reject: "reject",
                              moves.LeaveMarket: "leave_market"}[kind]] = action

    def _sync_editor(self, state: GoldView) -> None:
        """A new hoard to share (or divide) gets a new editor; the same hoard keeps it."""
        kill = state.kill
        phase = state.phase
        if kill is None or phase not in (NEGOTIATE, DIVIDE, CHOOSE):
            self.editor, self.editor_key = None, None
            if kill is None:
                self.proposals = []
            return
        key = (kill.dragon, tuple(kill.hoard), phase == NEGOTIATE)
        if key != self.editor_key:
            self.editor, self.editor_key = SplitEditor(kill.hoard, len(kill.involved)), key

    # -- news --------------------------------------------------------------------------
    def on_event(self, event) -> None:
        kind = type(event)
        if kind is moves.TreasureDrawn:
            self._fly_tokens(event.counts, self._bag_at(), self._drawn_to(event))
        elif kind is moves.Took:
            self._fly_tokens(event.counts, self._kill_at(), self.screen_at(event.seat))
        elif kind is moves.HoardLost:
            self._fly_tokens(event.counts, self._kill_at(), self._box_at())
            self._popup("The sand ran out: the hoard leaves the game", 490, 300)
        elif kind is moves.DragonKilled:
            x, y = self.lair_centre(event.slot)
            self._popup(f"{DRAGONS[event.dragon].name} is slain!", x, y)
        elif kind is moves.Attacked:
            self._fly(f"gold/adv/{self.team(event.seat)}-{event.kind}", self.anchor(event.seat),
                      self.lair_centre(event.slot), ATTACKER)
        elif kind is moves.Proposed:
            for entry in self.proposals:
                entry[3] = entry[3] or "replaced"
            self.proposals.append([event.serial, event.seat, event.split, ""])
        elif kind in (moves.Rejected, moves.Agreed):
            self._settle_proposal(event)
        elif kind is moves.Stole:
            name = f"gold/token/{event.colour}" if event.colour >= 0 else "gold/adv/5-down"
            self._fly(name, self.screen_at(event.victim), self.screen_at(event.thief), 22)
        elif kind is moves.Traded:
            self._fly_tokens(event.give, self.screen_at(event.seat), self.screen_at(event.partner))
            self._fly_tokens(event.get, self.screen_at(event.partner), self.screen_at(event.seat))
        elif kind is moves.MagicUsed:
            self._popup(f"{self.session.seat_name(event.seat, True)}: "
                        f"{magic_name(event.face)}", 490, 380)

    def _settle_proposal(self, event) -> None:
        for entry in self.proposals:
            if entry[0] == event.serial:
                entry[3] = "agreed" if isinstance(event, moves.Agreed) else \
                    f"rejected by {self.session.seat_name(event.seat)}"

    def _drawn_to(self, event) -> tuple[float, float]:
        if event.where == "screen":
            return self.screen_at(event.index)
        return self.lair_centre(event.index)

    def _kill_at(self) -> tuple[float, float]:
        """Where the hoard being shared lies (tokens leave from there)."""
        kill = self.state.kill
        return self.lair_centre(kill.slot if kill else 0)

    # -- where things are --------------------------------------------------------------
    def others(self) -> list[int]:
        seats = len(self.state.screens) if self.state is not None else 0
        return [(self.bottom + i) % seats for i in range(1, seats)]

    def team(self, seat: int) -> int:
        return seat % 6

    def lair_box(self, slot: int) -> tuple[float, float, float, float]:
        return LAIR_X + slot * (LAIR_W + LAIR_GAP), LAIR_Y, LAIR_W, 216

    def lair_centre(self, slot: int) -> tuple[float, float]:
        x, y, _, _ = self.lair_box(slot)
        return x + DRAGON_CARD[0] / 2, y + DRAGON_CARD[1] / 2

    def screen_at(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom:
            x, y, w, h = SCREEN_BOX
            return x + w / 2, y + h / 2
        x, y, w, h = self.seat_box(seat)
        return x + w / 2, y + h / 2

    def anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom:
            return 130, MINE_Y + 50
        return self.screen_at(seat)

    def _bag_at(self) -> tuple[float, float]:
        return PILE_AT[0] + 20, PILE_AT[1] + 150

    def _box_at(self) -> tuple[float, float]:
        return PILE_AT[0] + 20, PILE_AT[1] + 172

    # -- animation ---------------------------------------------------------------------
    def _fly(self, name: str, start, end, size: float, delay: float = 0.0) -> None:
        tween = Tween((start[0] - size / 2, start[1] - size / 2, size, 255))
        tween.to((end[0] - size / 2, end[1] - size / 2, size, 255), FLIGHT, delay)
        self.flights.append([name, tween])

    def _fly_tokens(self, counts, start, end) -> None:
        shown = 0
        for colour, n in enumerate(counts):
            for _ in range(min(n, 6)):  # a big hoard flies as a stream, not a swarm
                self._fly(f"gold/token/{colour}", start, end, 20, shown * 0.05)
                shown += 1

    def _popup(self, text: str, x: float, y: float) -> None:
        """One popup at a time: the newest news replaces the last (no words on words)."""
        self.popups = [[text, x, y, POPUP_TIME]]

    def update(self, dt: float) -> None:
        super().update(dt)
        for _, tween in self.flights:
            tween.update(dt)
        self.flights = [f for f in self.flights if f[1].moving]
        for popup in self.popups:
            popup[3] -= dt
        self.popups = [p for p in self.popups if p[3] > 0]

    def settled(self) -> bool:
        return super().settled() and not self.flights and not self.popups

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.flights or self.popups)

    # -- buttons -----------------------------------------------------------------------
    def build(self) -> None:
        scene = self.scene
        scene.button("even", "Share out evenly", 250, BUTTON_Y, 160, 34)
        scene.button("propose", "Propose", 418, BUTTON_Y, 150, 34, primary=True)
        scene.button("divide", "Divide", 418, BUTTON_Y, 150, 34, primary=True)
        scene.button("accept", "Accept", 590, BUTTON_Y, 110, 34, primary=True)
        scene.button("reject", "Reject", 706, BUTTON_Y, 100, 34)
        scene.button("hourglass", "Turn the Hourglass", 812, BUTTON_Y, 140, 34)
        scene.button("offer", "Make the offer", 36, BUTTON_Y, 150, 34, primary=True)
        scene.button("leave_market", "Leave the Market", 802, BUTTON_Y, 150, 34)
        scene.button("use", "Use it", 820, 612, 140, 34, primary=True)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        buttons = self.scene.buttons
        if "propose" not in buttons:
            return
        phase = self.state.phase if self.state is not None else None
        editing = self.editor is not None and self.splits is not None
        show(buttons["even"], editing)
        show(buttons["propose"], editing and phase == NEGOTIATE)
        show(buttons["divide"], editing and phase == DIVIDE)
        show(buttons["accept"], "accept" in self.answers)
        show(buttons["reject"], "reject" in self.answers)
        show(buttons["hourglass"], bool(self._hourglass()))
        show(buttons["offer"], self.offers is not None)
        enable(buttons["offer"], self.trade.partner is not None)
        show(buttons["leave_market"], "leave_market" in self.answers)
        held = self._held_uses()
        show(buttons["use"], bool(held) and not TARGETS[effect_of(held[0].face)])

    def _hourglass(self) -> list:
        return [u for uses in self.uses.values() for u in uses if not u.target
                and self.state.phase == NEGOTIATE]

    def _held_uses(self) -> list[moves.UseMagic]:
        return self.uses.get(self.held[1], []) if self.held and self.held[0] == "magic" else []

    def on_button(self, ident: str) -> None:
        if ident == "even" and self.editor is not None:
            self.editor.evenly()
        elif ident in ("propose", "divide"):
            self.propose()
        elif ident in ("accept", "reject", "leave_market") and ident in self.answers:
            self._submit(self.answers[ident])
        elif ident == "hourglass" and self._hourglass():
            self._submit(self._hourglass()[0])
        elif ident == "offer":
            self.make_offer()
        elif ident == "use":
            held = self._held_uses()
            if held and not held[0].target:
                self._submit(held[0])
        self.refresh_buttons()

    keys = {pygame.K_p: "propose", pygame.K_d: "divide", pygame.K_a: "accept",
            pygame.K_r: "reject", pygame.K_e: "even", pygame.K_u: "use",
            pygame.K_l: "leave_market"}

    def _submit(self, action) -> None:
        self.session.submit(action)
        self.held = None
        self._clear_choices()
        self.refresh_buttons()

    # -- choosing ----------------------------------------------------------------------
    def propose(self) -> None:
        """The editor's split as a proposal (or a division), or why it cannot be one."""
        why = self.split_problem()
        if why:
            self.session.advise(why)
            return
        self._submit(self.splits.wrap(self.editor.split()))
        if self.state.phase == DIVIDE:
            self.editor = None

    def split_problem(self) -> str:
        """Why the editor's split cannot be put on the table now; empty when it can."""
        if self.editor is None:
            return self.refusal(Choice(kind="split")) or "There is no hoard to share now."
        split = self.editor.split()
        if self.splits is not None and self.splits.allows(split):
            return ""
        return self.refusal(Choice(kind="split", shares=split)) or "That split is not open now."

    def refusal(self, choice: Choice) -> str:
        """The engine's words for why `choice` is no legal action (empty: it has none)."""
        refused = GAME.why_not(self.state, self.me, choice, self.session.names)
        return told(refused)

    def make_offer(self) -> None:
        trade, offers = self.trade, self.offers
        give, get = tuple(trade.give), tuple(trade.get)
        if offers is None or trade.partner is None or not offers.allows(trade.partner, give,
                                                                        get):
            choice = Choice(kind="offer", partner=trade.partner, give=give, get=get)
            self.session.advise(self.refusal(choice) or "That offer cannot be made now.")
            return
        self._submit(offers.wrap(trade.partner, give, get))
        trade.clear()

    # -- input -------------------------------------------------------------------------
    def pointer(self, event) -> None:
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.drag_at = event.pos
        super().pointer(event)
        if not self.dragging:
            self.drag_at = None

    def place_at(self, pos):
        return hit(self.place_rects(), pos)

    def places(self) -> dict:
        return {k: r for k, r in self.place_rects().items() if k.startswith("lair:")}

    def click(self, kind: str, ident) -> None:
        if kind != "place":
            return
        what, _, rest = ident.partition(":")
        args = [int(a) if a.lstrip("-").isdigit() else a for a in rest.split(":")] if rest \
            else []
        CLICKS[what](self, *args)
        self.refresh_buttons()

    def begin_drag(self, kind: str, ident) -> bool:
        if kind == "place" and ident.startswith("adv:"):
            adv = int(ident[4:])
            if any(k == adv for k, _ in self.attacks):
                self.held = ("adv", adv)
                return True
        return False

    def drop(self, pos) -> None:
        place = self.place_at(pos)
        if place is not None and place.startswith("lair:"):
            self.click_lair(int(place[5:]))
        else:
            self.session.advise("Drop an adventurer on a Dragon to attack it.")
            self.held = None

    def let_go(self) -> None:
        self.held = None
        super().let_go()

    def click_adventurer(self, kind: int) -> None:
        """Pick up an adventurer that can attack (again: put it down); with a Magic Object
        in hand that takes one of yours, it is that object's target."""
        use = self._use_on((kind,))
        if use is not None:
            self._submit(use)
        elif any(k == kind for k, _ in self.attacks):
            self.held = None if self.held == ("adv", kind) else ("adv", kind)
        else:
            self.session.advise(self._adventurer_problem(kind))

    def _adventurer_problem(self, kind: int) -> str:
        return self.refusal(Choice(kind="adventurer", card=kind))

    def click_lair(self, slot: int) -> None:
        use = self._use_on((slot,))
        if use is not None:
            self._submit(use)
            return
        if not self.held or self.held[0] != "adv":
            self.session.advise("Choose one of your face-up adventurers first, then a Dragon.")
            return
        action = self.attacks.get((self.held[1], slot))
        if action is None:
            self.session.advise("No Dragon lies there now.")
            self.held = None
            return
        self._submit(action)

    def click_magic(self, card: int) -> None:
        uses = self.uses.get(card)
        if not uses:
            self.session.advise(self.refusal(Choice(kind="magic", card=card)))
            return
        self.held = None if self.held == ("magic", card) else ("magic", card)

    def _use_on(self, target: tuple) -> moves.UseMagic | None:
        return next((u for u in self._held_uses() if u.target == target), None)

    def click_attacker(self, owner: int, kind: int) -> None:
        use = self._use_on((owner, kind)) or self._use_on((kind,))
        if use is not None:
            self._submit(use)
        else:
            self.session.advise("Hold a Magic Object that moves adventurers to pick one.")

    def click_hoard(self, slot: int, colour: int) -> None:
        use = self._use_on((slot, colour))
        if use is not None:
            self._submit(use)
        else:
            self.click_lair(slot)

    def click_cell(self, colour: int, column: int, sign: str) -> None:
        if self.editor is not None:
            self.editor.step(colour, column, 1 if sign == "+" else -1)

    def click_proposal(self) -> None:
        proposal = self.state.kill.proposal if self.state.kill else None
        if proposal and self.editor is not None:
            self.editor.load(proposal.split)

    def click_share(self, share: int) -> None:
        if share in self.chooses:
            self._submit(self.chooses[share])

    def click_victim(self, seat: int) -> None:
        if seat in self.steals:
            self._submit(self.steals[seat])

    def click_take(self, position: int) -> None:
        if position in self.takes:
            self._submit(self.takes[position])

    def click_partner(self, seat: int) -> None:
        self.trade.partner = seat
        most = self.offers.asks.get(seat) if self.offers else None
        if most:
            self.trade.get = [min(n, m) for n, m in zip(self.trade.get, most, strict=True)]

    def click_trade(self, side: str, colour: int, sign: str) -> None:
        offers = self.offers
        if offers is None:
            return
        if side == "give":
            most = offers.own[colour]
        else:
            asks = offers.asks.get(self.trade.partner)
            most = asks[colour] if asks else SUPPLY[colour]
        self.trade.step(side, colour, 1 if sign == "+" else -1, most)

    def click_deal(self, offerer: int) -> None:
        if offerer in self.deals:
            self._submit(self.deals[offerer])
        else:
            self.session.advise("You do not hold the tokens that offer asks for.")

    def click_decline(self, offerer: int) -> None:
        if offerer in self.declines:
            self._submit(self.declines[offerer])

    # -- the rects that take clicks ----------------------------------------------------
    def place_rects(self) -> dict[str, pygame.Rect]:
        state = self.state
        if state is None or not self.acting:
            return {}
        view = self.view
        rects: dict[str, pygame.Rect] = {}
        panel = self.panel_kind(state)
        if panel is None:  # an attacker or a token before the lair that holds it
            rects.update(self._board_targets(state))
            for slot, lair in enumerate(state.dragons):
                if lair is not None:
                    rects[f"lair:{slot}"] = view.rect(*self.lair_box(slot))
        if panel in PANEL_TARGETS:
            rects.update(PANEL_TARGETS[panel](self, state))
        for kind in range(4):
            rects[f"adv:{kind}"] = view.rect(*self._adv_box(kind))
        for card, rect in self._magic_rects(state).items():
            rects[f"magic:{card}"] = rect
        return rects

    def _board_targets(self, state: GoldView) -> dict[str, pygame.Rect]:
        """With a Magic Object in hand: the attackers and treasure tokens it may target."""
        out = {}
        held = self._held_uses()
        wanted = {u.target for u in held}
        for slot, lair in enumerate(state.dragons):
            if lair is None:
                continue
            for (owner, kind, _), box in zip(lair.attackers, self._attacker_boxes(slot, lair),
                                             strict=True):
                if (owner, kind) in wanted or (owner == self.me and (kind,) in wanted):
                    out[f"attacker:{owner}:{kind}"] = self.view.rect(*box)
            for colour, rect in self._hoard_rects(slot, lair).items():
                if (slot, colour) in wanted:
                    out[f"hoard:{slot}:{colour}"] = rect
        return out

    def targets(self) -> dict[str, pygame.Rect]:
        return self.place_rects()

    def panel_kind(self, state: GoldView) -> str | None:
        """Which panel covers the lairs now: a sharing, a theft, the Market, or the end."""
        if self.session.ending is not None and state.phase == OVER:
            return "end"
        phase = state.phase
        if phase in (NEGOTIATE, DIVIDE, CHOOSE):
            return "share"
        if phase in (STEAL, TAKE):
            return "theft"
        if phase == MARKET:
            return "market"
        return None

    # -- drawing -----------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: GoldView) -> None:
        self._draw_title(surface, state)
        for seat in self.others():
            self.draw_seat(surface, seat, state)
        for slot, lair in enumerate(state.dragons):
            self._draw_lair(surface, slot, lair)
        self._draw_pile(surface, state)
        self._draw_prompt(surface, state)
        self._draw_mine(surface, state)
        panel = self.panel_kind(state)
        if panel is not None:
            PANELS[panel](self, surface, state)
        self._draw_flights(surface)
        self._draw_held(surface)
        for text, x, y, left in self.popups:
            rise = (POPUP_TIME - left) * 12
            self.view.text(surface, text, (min(max(x, 200), 760), y - rise), 20, GOLD, bold=True,
                           anchor="center")

    def _draw_title(self, surface, state: GoldView) -> None:
        config = self.session.start.config if self.session.start else {}
        rules = ["advanced" if config.get("advanced") else "basic"]
        if config.get("strategic"):
            rules.append("divide and choose")
        self.view.text(surface, "Dragon's Gold", (20, 12), 22, GOLD, bold=True)
        self.view.text(surface, " · ".join(rules) + " rules", (200, 18), 15, DIM)

    seat_marks = 80  # the adventurers in miniature, the Magic Objects face down

    def seat_line(self, seat: int, state: GoldView, unit: str) -> str:
        return f"screen {state.screens[seat]} tokens"

    def draw_seat_marks(self, surface, seat: int, state: GoldView, x: float, y: float) -> None:
        self._mini_adventurers(surface, seat, state, x + 4, y + 24)
        self._magic_backs(surface, state.hands[seat], x + 4, y + 44)

    def _mini_adventurers(self, surface, seat: int, state: GoldView, x: float, y: float) -> None:
        for kind, place in enumerate(state.adventurers[seat]):
            name = f"gold/adv/{self.team(seat)}-{'down' if place == 'down' else kind}"
            image = assets.sprite(name, (self.view.px(16), self.view.px(16)))
            if place not in ("up", "down"):
                image = image.copy()
                image.set_alpha(90)  # away at a Dragon
            surface.blit(image, self.view.point(x + kind * 18, y))

    def _magic_backs(self, surface, count: int, x: float, y: float) -> None:
        """Another player's Magic Objects, face down: how many, never which."""
        image = assets.sprite("gold/magic/back", (self.view.px(10), self.view.px(14)))
        for i in range(min(count, 6)):
            surface.blit(image, self.view.point(x + i * 12, y))

    def status(self, seat: int, state: GoldView) -> tuple[str, tuple]:
        absent = self.absence(seat)
        if absent is not None:
            return absent
        phase = state.phase
        if seat in state.to_act:
            words = {"turn": "to attack", "negotiate": "negotiating", "divide": "dividing",
                     "choose": "choosing a share", "steal": "choosing a victim",
                     "take": "picking a token", "market": "at the Market"}.get(phase, "to play")
            return ("you: " + words if seat == self.me else words), GOLD
        if phase == MARKET and seat in state.market.left:
            return "left the Market", DIM
        return ("bot" if self.session.start.seats[seat].is_bot else ""), DIM

    def _draw_lair(self, surface, slot: int, lair) -> None:
        view = self.view
        x, y, w, h = self.lair_box(slot)
        lit = self.held is not None and self.held[0] == "adv" and (self.held[1], slot) in \
            self.attacks
        view.panel(surface, view.rect(x - 4, y - 4, w + 8, h + 8), alpha=120,
                   edge=GOLD if lit else PANEL_EDGE)
        if lair is None:
            view.text(surface, "empty lair", (x + w / 2, y + 60), 14, DIM, anchor="midtop")
            return
        image = assets.card("gold", lair.dragon, (view.px(DRAGON_CARD[0]),
                                                      view.px(DRAGON_CARD[1])))
        surface.blit(image, view.point(x, y))
        view.text(surface, "treasure", (x + 98, y), 11, DIM)
        self._hoard_rects(slot, lair, surface)
        if lair.hidden:
            view.text(surface, f"+{lair.hidden} hidden", (x + 98, y + DRAGON_CARD[1] - 14),
                      11, DIM)
        total, strength = lair.total, lair.strength
        view.text(surface, f"attack {total} / {strength}", (x, y + 136), 13,
                  GOLD if total else INK, bold=bool(total))
        bar = view.rect(x, y + 154, w, 6)
        pygame.draw.rect(surface, (40, 60, 50), bar, border_radius=view.px(3))
        done = view.rect(x, y + 154, w * min(1.0, total / strength), 6)
        pygame.draw.rect(surface, GOLD, done, border_radius=view.px(3))
        for (owner, kind, _), box in zip(lair.attackers, self._attacker_boxes(slot, lair),
                                         strict=True):
            surface.blit(assets.sprite(f"gold/adv/{self.team(owner)}-{kind}",
                                       (view.px(ATTACKER), view.px(ATTACKER))),
                         view.point(box[0], box[1]))

    def _hoard_rects(self, slot: int, lair, surface=None) -> dict[int, pygame.Rect]:
        """A lair's treasure tokens, a colour a row beside the card (drawn when `surface`)."""
        x, y, _, _ = self.lair_box(slot)
        rects, row = {}, 0
        for colour, n in enumerate(lair.hoard):
            if not n:
                continue
            top = y + 14 + row * 13
            if surface is not None:
                draw_token(surface, self.view, colour, x + 98, top, 12)
                self.view.text(surface, f"{n} {COLOURS[colour]}", (x + 113, top - 1), 11, INK)
            rects[colour] = self.view.rect(x + 98, top, 84, 12)
            row += 1
        return rects

    def _attacker_boxes(self, slot: int, lair) -> list[tuple[float, float, float, float]]:
        x, y, _, _ = self.lair_box(slot)
        per_row = 6
        return [(x + (i % per_row) * (ATTACKER + 4), y + 166 + (i // per_row) * (ATTACKER + 2),
                 ATTACKER, ATTACKER) for i in range(len(lair.attackers))]

    def _draw_pile(self, surface, state: GoldView) -> None:
        view = self.view
        x, y = PILE_AT
        pile = state.pile
        if pile:
            surface.blit(assets.sprite("gold/back", (view.px(PILE_CARD[0]),
                                                     view.px(PILE_CARD[1]))), view.point(x, y))
        view.text(surface, f"pile {pile}", (x + 80, y), 13, INK)
        market_in = state.market_in
        market = "Market: passed" if market_in is None else \
            f"Market in {market_in} Dragon{'s' if market_in != 1 else ''}"
        surface.blit(assets.sprite("gold/market", (view.px(30), view.px(42))),
                     view.point(x + 80, y + 20))
        for k, line in enumerate(wrap_text(view, market, 12, 78)):
            view.text(surface, line, (x + 80, y + 66 + k * 15), 12, DIM)
        bag, box = sum(state.bag), sum(state.box)
        draw_token(surface, view, 0, x, y + 140, 18)
        view.text(surface, f"bag: {bag} token{'s' if bag != 1 else ''}", (x + 24, y + 141),
                  13, INK)
        view.text(surface, f"out of the game: {box}", (x, y + 164), 12, DIM)
        discards = len(state.discards)
        if discards or self.session.start.config.get("advanced"):
            view.text(surface, f"Magic used: {discards}", (x, y + 182), 12, DIM)

    def _draw_prompt(self, surface, state: GoldView) -> None:
        view = self.view
        phase, turn = state.phase, state.turn
        if phase != TURN:
            return
        if turn == self.me and self.acting:
            held = self._held_uses()
            if held:
                text = f"{magic_name(held[0].face)}: " + TARGET_WORDS.get(
                    effect_of(held[0].face), "press Use it")
            elif self.held:
                text = f"Your {adventurer_name(self.held[1])}: now click a Dragon"
            else:
                text = "Your turn: click an adventurer, then a Dragon to attack"
            view.text(surface, text, (20, 346), 17, GOLD, bold=True, width=760)
        else:
            view.text(surface, f"{self.session.seat_name(turn, True)} chooses an attack",
                      (20, 346), 16, INK, width=760)
        if self.acting:
            view.text(surface, KEYS_HELP, (20, 372), 12, DIM, width=760)

    # -- your side ---------------------------------------------------------------------
    def _adv_box(self, kind: int) -> tuple[float, float, float, float]:
        return 24 + kind * 58, MINE_Y + 34, ADV_SIZE, ADV_SIZE

    def _draw_mine(self, surface, state: GoldView) -> None:
        view = self.view
        seat = self.bottom
        status, colour = self.status(seat, state)
        view.text(surface, f"{self.bottom_name()} · screen {state.screens[seat]} · "
                  f"magic {state.hands[seat]}" + (f" · {status}" if status else ""),
                  (20, MINE_Y), 16, GOLD if colour == GOLD else INK, bold=colour == GOLD)
        for kind, place in enumerate(state.adventurers[seat]):
            self._draw_adventurer(surface, seat, kind, place)
        self._draw_screen(surface, state)
        self._draw_magic(surface, state)

    def _draw_adventurer(self, surface, seat: int, kind: int, place) -> None:
        view = self.view
        x, y, w, h = self._adv_box(kind)
        name = f"gold/adv/{self.team(seat)}-{'down' if place == 'down' else kind}"
        image = assets.sprite(name, (view.px(w), view.px(h)))
        if place not in ("up", "down"):
            image = image.copy()
            image.set_alpha(110)
        surface.blit(image, view.point(x, y))
        where = place if place in ("up", "down") else self._lair_name(place)
        view.text(surface, ADVENTURERS[kind], (x + w / 2, y + h + 2), 11, INK, anchor="midtop")
        view.text(surface, where, (x + w / 2, y + h + 15), 11, DIM, anchor="midtop")
        if self.acting and any(k == kind for k, _ in self.attacks):
            edge = GOLD if self.held == ("adv", kind) else GOOD
            pygame.draw.circle(surface, edge, view.point(x + w / 2, y + h / 2), view.px(w / 2 + 3),
                               view.px(3 if self.held == ("adv", kind) else 1.5))

    def _lair_name(self, slot: int) -> str:
        lair = self.state.dragons[slot]
        return f"at {DRAGONS[lair.dragon].name}" if lair else "fighting"

    def _draw_screen(self, surface, state: GoldView) -> None:
        view = self.view
        x, y, w, h = SCREEN_BOX
        view.panel(surface, view.rect(x, y, w, h))
        surface.blit(assets.sprite("gold/screen", (view.px(54), view.px(30))),
                     view.point(x + 8, y + 6))
        mine = state.my_screen
        if self.me is None:
            view.text(surface, f"{state.screens[self.bottom]} tokens, hidden behind the "
                      "screen", (x + 70, y + 12), 13, DIM, width=w - 80)
            return
        view.text(surface, "Behind your screen (only you see it)", (x + 70, y + 12), 13, INK,
                  width=w - 80)
        if mine is None:
            view.text(surface, "A stolen token's colour is still hidden: your screen shows "
                      "again once it is known.", (x + 12, y + 50), 12, DIM, width=w - 24)
            return
        if not any(mine):
            view.text(surface, "nothing yet", (x + 12, y + 50), 13, DIM)
        for c, n in enumerate(mine):
            if n:
                col, row = divmod(sum(1 for k in range(c) if mine[k]), 3)
                tx, ty = x + 12 + col * 122, y + 46 + row * 28
                draw_token(surface, view, c, tx, ty, 22)
                view.text(surface, f"{n} {COLOURS[c]}", (tx + 28, ty + 3), 13, INK, width=90)

    def _magic_rects(self, state: GoldView) -> dict[int, pygame.Rect]:
        cards = [m.card for m in state.my_magic or ()]
        x, y, w, _ = MAGIC_BOX
        step = min(MAGIC_CARD[0] + 6, (w - 20 - MAGIC_CARD[0]) / max(1, len(cards) - 1))
        return {card: self.view.rect(x + 10 + i * step, y + 26 - (8 if self.held ==
                                                                   ("magic", card) else 0),
                                     *MAGIC_CARD) for i, card in enumerate(cards)}

    def _draw_magic(self, surface, state: GoldView) -> None:
        view = self.view
        x, y, w, h = MAGIC_BOX
        view.panel(surface, view.rect(x, y, w, h))
        count = state.hands[self.bottom]
        mine = {m.card: m.face for m in state.my_magic or ()}
        view.text(surface, "Magic Objects" if count else "No Magic Objects", (x + 10, y + 6),
                  13, INK if count else DIM)
        for card, rect in self._magic_rects(state).items():
            face = mine[card]
            surface.blit(assets.sprite(f"gold/magic/{effect_of(face)}", rect.size), rect)
            if card in self.uses:
                selected = self.held == ("magic", card)
                pygame.draw.rect(surface, GOLD if selected else GOOD, rect, view.px(
                    3 if selected else 1.5), border_radius=view.px(6))
        if self.me is None and count:
            for i in range(count):
                surface.blit(assets.sprite("gold/magic/back", (view.px(MAGIC_CARD[0]),
                                                               view.px(MAGIC_CARD[1]))),
                             view.point(x + 10 + i * 30, y + 26))
        held = self._held_uses()
        if held:
            words = f"{MAGIC_NAMES[effect_of(held[0].face)]}: {magic_words(held[0].face)}"
            for k, line in enumerate(wrap_text(view, words, 12, 500)[:2]):
                view.text(surface, line, (300, 612 + k * 16), 12, GOLD)
        foreseen = state.foreseen
        if foreseen:
            names = ", ".join(DRAGONS[d].name for d in foreseen)
            view.text(surface, f"The next Dragons (Crystal Ball): {names}", (20, 660), 13, GOLD,
                      width=780)

    def _draw_flights(self, surface) -> None:
        view = self.view
        for name, tween in self.flights:
            x, y, size, _ = tween.value
            surface.blit(assets.sprite(name, (view.px(size), view.px(size)), True),
                         view.point(x, y))

    def _draw_held(self, surface) -> None:
        if self.drag_at is None or not self.held or self.held[0] != "adv":
            return
        size = self.view.px(ADV_SIZE)
        image = assets.sprite(f"gold/adv/{self.team(self.me)}-{self.held[1]}", (size, size))
        surface.blit(image, (self.drag_at[0] - size // 2, self.drag_at[1] - size // 2))


CLICKS = {
    "adv": GoldTable.click_adventurer, "lair": GoldTable.click_lair,
    "magic": GoldTable.click_magic, "attacker": GoldTable.click_attacker,
    "hoard": GoldTable.click_hoard, "cell": GoldTable.click_cell,
    "proposal": GoldTable.click_proposal, "share": GoldTable.click_share,
    "victim": GoldTable.click_victim, "take": GoldTable.click_take,
    "partner": GoldTable.click_partner, "trade": GoldTable.click_trade,
    "deal": GoldTable.click_deal, "decline": GoldTable.click_decline,
}
GoldTable.sounds = {moves.DragonPlaced: "deal", moves.TreasureDrawn: "deal",
                    moves.Attacked: "play", moves.DragonKilled: "kill", moves.Took: "coins",
                    moves.Proposed: "play", moves.Accepted: "pass", moves.HoardLost: "pass",
                    moves.Stole: "coins", moves.MarketOpened: "buy", moves.Traded: "coins",
                    moves.MagicUsed: "play", moves.Divided: "play", moves.Chose: "coins"}
