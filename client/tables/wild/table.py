"""The Dragons Wild table: the others along the top, the melds grouped by who laid them, the
deck, the discard and the round marker on the right with the buying window below, your hand
at the bottom.

Choices come only from `legal`. Draw by clicking the deck or the discard; select cards,
then a meld (or the new-meld space, or Lay meld) to lay them — by click-then-click or by
drag and drop; where the Dragon could stand in more than one place, the table asks which.
One card onto the discard pile ends the turn. A drop that no legal action takes snaps
back and says why in the engine's own words (`Game.why_not`).

The table holds what its pieces share (the choices, the selection, the Dragon's places to
choose from) and turns clicks, drops and buttons into actions; its pieces each draw one part
of it: the melds' area, the piles, the round marker, the buying window, the popups.
"""

from __future__ import annotations

import pygame

from client.tables import register
from client.tables.common import TableRenderer, draw_ending, hit
from client.tables.wild.buttons import Buttons
from client.tables.wild.buying import BuyingPanel
from client.tables.wild.cards import TableCards, draw_wild
from client.tables.wild.choices import Choices
from client.tables.wild.layout import BUTTON_Y, KEYS_HELP, PILE_CARD
from client.tables.wild.marker import RoundMarker
from client.tables.wild.melds import MeldArea
from client.tables.wild.piles import Piles
from client.tables.wild.plays import Plays
from client.tables.wild.popups import Popups
from client.ui import ALERT, DIM, GOLD, GOOD
from engine.games.wild import (
    ANSWERING,
    BUYING,
    FIRST_DRAGON,
    GAME,
    LAYING,
    Added,
    AddToMeld,
    Bought,
    BuyAsked,
    CardsDealt,
    DeckTurned,
    Discard,
    Discarded,
    Drew,
    HandOver,
    MatchOver,
    Meld,
    Melded,
    WildView,
    number,
)
from engine.tell import signed
from net.face.bridge import ViewUpdate


@register("wild")
class WildTable(TableRenderer):
    table_card = PILE_CARD
    deck = (*(f"wild/{face}" for face in range(70)), "back")
    wait_at = (370, 300)  # under the melds, left of the piles
    shows_advice = True  # beside the discard
    keys = {pygame.K_s: "sort", pygame.K_m: "meld", pygame.K_x: "discard", pygame.K_b: "buy",
            pygame.K_n: "decline", pygame.K_y: "allow", pygame.K_r: "refuse",
            pygame.K_1: "wild0", pygame.K_2: "wild1", pygame.K_3: "wild2"}
    key_words = {"sort": "sort", "meld": "meld", "discard": "discard", "buy": "buy",
                 "decline": "no thanks", "allow": "let a buyer buy", "refuse": "take it yourself",
                 **{f"wild{i}": "where a Dragon stands" for i in range(3)}}
    result_heads = ("penalty", "score")

    def __init__(self, scene):
        super().__init__(scene)
        self.can = Choices()
        self.choosing: list[Meld | AddToMeld] = []  # lays that differ only in the Dragon
        self.by_suit = False
        self.cards, self.melds, self.piles = TableCards(self), MeldArea(self), Piles(self)
        self.marker, self.buying, self.popups = RoundMarker(self), BuyingPanel(self), \
            Popups(self)
        self.buttons, self.plays = Buttons(self), Plays(self)
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view --------------------------------------------------------------------
    def my_turn(self, phase: str) -> bool:
        state = self.state
        return state is not None and state.phase == phase and self.player in state.to_act

    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        state = update.view
        self.can = Choices.of(update.legal)
        if self.choosing and self.choosing[0] not in update.legal:
            self.choosing = []
        self.melds.lay_out(state, self.my_turn(LAYING) and self.can.new_meld)
        gone = self.cards.sync(state, animate)
        self.cards.sync_hand(state.cards or (), animate, gone, self.can.usable())
        self.set_scores(state.scores, animate)
        self.buying.sync(state)
        self.refresh_buttons()

    def ordered(self) -> list[int]:
        if self.by_suit:
            return super().ordered()  # faces run suit by suit, then the Dragons
        return sorted(self.hand, key=lambda f: (f >= FIRST_DRAGON, number(f), f))

    def on_event(self, event) -> None:
        if isinstance(event, Drew | Bought):
            self.cards.taken(event)
        elif isinstance(event, Melded | Added | Discarded) and event.seat != self.me:
            faces = (event.face,) if isinstance(event, Discarded) else event.faces
            self.cards.laid_from(event.seat, faces)
        elif isinstance(event, DeckTurned):
            self.cards.turn_over()
        elif isinstance(event, HandOver):
            self.result.show(event)
        elif isinstance(event, MatchOver):
            self.result.match_over = event
        if isinstance(event, Melded | Added) and event.points:
            self.popups.add(event.seat, f"+{event.points}")

    # -- choosing --------------------------------------------------------------------
    def targets_for_held(self) -> set[str]:
        """Where the selected cards may go: meld tiles ('meld:N'), 'meld:new', 'discard'."""
        return self.can.targets_for(frozenset(self.selected()))

    def toggle(self, face: int) -> None:
        self.choosing = []
        self.hand[face].selected = not self.hand[face].selected
        self.lay_out_hand()
        self.refresh_buttons()

    def let_go(self) -> None:
        self.choosing = []
        super().let_go()

    def preselect(self, action) -> None:
        """The cards the bot would lay or discard, lifted; where they go is then lit."""
        self.let_go()
        if isinstance(action, Meld | AddToMeld | Discard):
            for face in action.faces:
                self.hand[face].selected = True
            self.lay_out_hand()
            self.refresh_buttons()

    # -- buttons ---------------------------------------------------------------------

    def on_button(self, ident: str) -> None:
        if ident == "hint":
            self.hints.press()
        elif ident == "meld":
            self.plays.lay_on(-1)
        elif ident == "discard":
            self.plays.discard_selected()
        elif ident == "sort":
            self.by_suit = not self.by_suit
            self.lay_out_hand()
            self.refresh_buttons()
        elif ident.startswith("wild"):
            self.plays.choose_wild(int(ident[4:]))
        else:
            self.plays.answer(ident)

    # -- input -----------------------------------------------------------------------
    def place_at(self, pos) -> str | None:
        return hit(self.place_rects(), pos)

    def places(self) -> dict[str, pygame.Rect]:
        return self.place_rects()

    def click(self, kind: str, ident) -> None:
        if kind == "card":
            self.toggle(ident)
        elif ident == "pile:deck":
            self.plays.take(False)
        elif ident == "pile:discard":
            if self.selected() or not self.can.draws:
                self.plays.discard_selected()
            else:
                self.plays.take(True)
        else:
            self.plays.lay_on(-1 if ident == "meld:new" else int(ident[5:]))

    def begin_drag(self, kind: str, ident) -> bool:
        if kind == "card" and not self.hand[ident].selected:
            self.toggle(ident)
        return kind == "card"

    def held_sprites(self) -> list:
        return [s for s in self.hand.values() if s.selected]

    def drop(self, pos) -> None:
        place = self.place_at(pos)
        if place == "pile:discard":
            self.plays.discard_selected()
        elif place is not None and place.startswith("meld:"):
            self.plays.lay_on(-1 if place == "meld:new" else int(place[5:]))
        else:
            self.session.advise("Drop cards on a meld or the new-meld space, or one card on the "
                                "discard pile.")
            self.let_go()
        self.lay_out_hand()  # what was not taken goes back to the hand

    def place_rects(self) -> dict[str, pygame.Rect]:
        """The deck, the discard pile, every meld and the new-meld space, as screen rects."""
        if not self.state:
            return {}
        return {**self.piles.rects(), **self.melds.rects()}

    def targets(self) -> dict[str, pygame.Rect]:
        found = {f"card:{face}": rect for face, rect in self.card_rects().items()}
        found.update(self.place_rects())
        return found

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        yield from self.cards.tabled.values()
        yield from super().sprites()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.popups.update(dt)

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.popups)

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: WildView) -> None:
        self._draw_title(surface, state)
        for seat in self.others():
            self.draw_seat(surface, seat, state, "pt")
        held = self.targets_for_held()  # once a frame: it walks every legal lay
        self.melds.draw(surface, state, held)
        self.piles.draw(surface, state, held)
        self.marker.draw(surface, state)
        self.buying.draw(surface, state)
        self._draw_me(surface, state)
        carried = self.carried()
        for face in self.ordered():
            if id(self.hand[face]) not in carried:
                draw_wild(surface, self.view, self.hand[face], self.hand_card)
        for sprite in self.flying:
            draw_wild(surface, self.view, sprite, PILE_CARD)
        for sprite in self.held_sprites() if carried else ():  # on top while carried
            draw_wild(surface, self.view, sprite, self.hand_card)
        self.popups.draw(surface)
        self.result.draw(surface)
        if self.session.ending is not None:
            draw_ending(surface, self.view, self.session)

    def _draw_title(self, surface, state: WildView) -> None:
        start = self.session.start
        config, seats = GAME.configure(start.config if start else {}, len(state.counts))
        goal = GAME.goal_words(config, seats)
        hand = self.result.hand_shown(state.hand_number)
        self.view.text(surface, f"Dragons Wild · hand {hand}", (20, 12), 22, GOLD, bold=True)
        self.view.text(surface, goal, (330, 18), 15, DIM)

    def status(self, seat: int, state: WildView) -> tuple[str, tuple]:
        """The buying window's part in a seat's status, else the usual one."""
        phase = state.phase
        if self.absence(seat) is None:
            if phase == ANSWERING and seat == state.buyer:
                return "wants to buy", GOLD
            if phase == BUYING and seat in state.asked:
                return "asks to buy", GOLD
            if phase == BUYING and seat in state.to_act:
                return "may buy…", DIM
            if seat == state.turn:
                return ("your turn" if seat == self.player else "to play"), GOLD
        return super().status(seat, state)

    def _draw_me(self, surface, state: WildView) -> None:
        """This seat's cards, points and status at the right of the buttons (as at the other
        tables), so the line above the buttons is the keys' or the advice's alone."""
        self.draw_hidden_hand(surface, state)
        self.draw_my_lines(surface, state, BUTTON_Y, "point")
        if self.choosing:
            self.view.text(surface, "Where does the Dragon stand? Choose:", (30, BUTTON_Y - 24),
                           14, GOLD, bold=True)
        elif self.acting:
            self.draw_advice(surface, BUTTON_Y - 26, KEYS_HELP, size=12)

    def result_line(self, event) -> str:
        if event.went_out < 0:
            return "The deck ran dry: nobody went out"
        return f"{self.session.seat_name(event.went_out, True)} went out"

    def result_rows(self, event) -> list[tuple[int, str, tuple]]:
        """A penalty as the engine tells it (a loss: 'Penalties: Bot 2 −13'), or 'out'."""
        return [(seat, signed(-penalty) if penalty or seat != event.went_out else "out",
                 ALERT if penalty else GOOD) for seat, penalty in enumerate(event.penalties)]


WildTable.sounds = {CardsDealt: "deal", Drew: "deal", BuyAsked: "buy", Bought: "deal",
                    Melded: "play", Added: "play", Discarded: "pass", DeckTurned: "deal",
                    HandOver: "coins"}
