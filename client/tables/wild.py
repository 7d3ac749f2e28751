"""The Dragons Wild table: the others along the top, the melds grouped by who laid them, the
deck, the discard and the round marker on the right with the buying window below, your hand
at the bottom.

Choices come only from `legal`. Draw by clicking the deck or the discard; select cards,
then a meld (or the new-meld space, or Lay meld) to lay them — by click-then-click or by
drag and drop; where the Dragon could stand in more than one place, the table asks which.
One card onto the discard pile ends the turn. A drop that no legal action takes snaps
back and says why in the engine's own words (`Game.why_not`).
"""

from __future__ import annotations

import pygame

from client import assets
from client.anim import CardSprite, Tween
from client.tables import register
from client.tables.common import (
    PACE,
    TableRenderer,
    draw_card,
    draw_ending,
    enable,
    hit,
    show,
    told,
    wrap_text,
)
from client.ui import ALERT, DIM, GOLD, GOOD, INK
from client.widgets import countdown_ring
from engine.games.wild import melds
from engine.games.wild.advice import NO_MELDS
from engine.games.wild.cards import FIRST_DRAGON, SUIT_NAMES, number, suit
from engine.games.wild.refusals import Choice
from engine.games.wild.rules import (
    ANSWERING,
    BUYING,
    DRAWING,
    GAME,
    LAYING,
    Added,
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    Bought,
    BuyAsked,
    CardsDealt,
    DeckTurned,
    DeclineToBuy,
    Discard,
    Discarded,
    Draw,
    Drew,
    HandOver,
    MatchOver,
    Meld,
    Melded,
    round_points,
)
from engine.games.wild.views import WildView
from engine.tell import count as count_words
from engine.tell import signed
from net.bridge import ViewUpdate

PILE_CARD = (70, 98)  # the deck and the discard
MELDS = (20, 122, 712, 360)  # x, y, w, h of the melds' area
MELD_WIDTHS = (64, 56, 48, 40, 34, 28)  # a meld card's width, tried in turn until every meld fits
MELD_LABEL = 17
DECK_AT, DISCARD_AT = (764, 140), (856, 140)
DISCARD_SHOWN, DISCARD_FAN = 3, 12
ROUND_BOX = (746, 262, 228, 50)
BUY_BOX = (746, 320, 228, 162)
BUTTON_Y = 522
DEAL_STAGGER = 0.04
POPUP_TIME = 1.6
KEYS_HELP = "draw: click the deck or the discard · lay: cards, then a meld · end: a card onto " \
    "the discard · F1: the keys"
#: the keys, as the rules list them (the line on the table has no room for them)
KEYS_LIST = "←/→ ↑ a card · Tab a place, Enter there · M meld · X discard · S sort · H hint · " \
    "B buy · N no thanks · Y let them buy · R refuse · 1–3 where the Dragon stands · O next hand"



def place_words(kind: str, faces, wild_as: int) -> str:
    """Where a Dragon stands in a run after a lay: its number and which end or inside."""
    if kind != melds.RUN:
        return "Dragon in the set"
    numbers = [number(f) for f in faces if f < FIRST_DRAGON] + [wild_as]
    where = "low end" if wild_as == min(numbers) else "high end" if wild_as == max(numbers) \
        else "inside"
    return f"Dragon as {wild_as} ({where})"


@register("wild")
class WildTable(TableRenderer):
    table_card = PILE_CARD

    def __init__(self, scene):
        super().__init__(scene)
        self.tabled: dict[int, CardSprite] = {}  # faces in melds and atop the discard
        self.shown_discard: list[int] = []  # the discard's top faces as last drawn
        self.origins: dict[int, tuple[float, float]] = {}
        self.draws: dict[bool, Draw] = {}
        self.buying: dict[bool, AskToBuy | DeclineToBuy] = {}
        self.answers: dict[bool, AnswerBuyer] = {}
        self.discards: dict[int, Discard] = {}
        self.lays: dict[tuple[int, frozenset], list[Meld | AddToMeld]] = {}
        self.choosing: list[Meld | AddToMeld] = []  # lays that differ only in the Dragon
        self.by_suit = False
        self.popups: list[list] = []  # [text, x, y, seconds left]
        self.tiles: dict[int, tuple[float, float, float, float, float]] = {}
        self.new_tile: tuple[float, float, float, float] | None = None
        self.timer_total = 0.0
        if self.session.view is not None:
            self.sync(animate=False)

    # -- the view --------------------------------------------------------------------
    def my_turn(self, phase: str) -> bool:
        state = self.state
        return state is not None and state.phase == phase and self.player in state.to_act

    def sync(self, animate: bool = True) -> None:
        update: ViewUpdate = self.session.view
        state = update.view
        self._choices(update.legal)
        self._lay_out_melds(state)
        gone = self._sync_table(state, animate)
        self._sync_hand(state.cards or (), animate, gone)
        self.set_scores(state.scores, animate)
        self.timer_total = state.timer.steps * PACE if state.timer else 0.0
        self.refresh_buttons()

    def _choices(self, legal) -> None:
        self.draws, self.buying, self.answers, self.discards, self.lays = {}, {}, {}, {}, {}
        for action in legal:
            if isinstance(action, Draw):
                self.draws[action.from_discard] = action
            elif isinstance(action, AskToBuy | DeclineToBuy):
                self.buying[isinstance(action, AskToBuy)] = action
            elif isinstance(action, AnswerBuyer):
                self.answers[action.allow] = action
            elif isinstance(action, Discard):
                self.discards[action.faces[0]] = action
            else:
                target = action.meld if isinstance(action, AddToMeld) else -1
                self.lays.setdefault((target, frozenset(action.faces)), []).append(action)
        if self.choosing and self.choosing[0] not in legal:
            self.choosing = []

    # -- where things go -------------------------------------------------------------
    def _lay_out_melds(self, state: WildView) -> None:
        """Every meld as a tile in the melds' area, grouped by who laid it (you first), at
        the largest card size that lets them all fit."""
        entries = state.melds
        seats = len(state.counts) or 1
        order = sorted(range(len(entries)),
                       key=lambda i: ((entries[i].owner - (self.me or 0)) % seats, i))
        laying = self.my_turn(LAYING) and any(t < 0 for t, _ in self.lays)
        for width in MELD_WIDTHS:
            placed = self._flow(entries, order, width, laying)
            if placed is not None:
                break
        self.tiles, self.new_tile = placed

    @staticmethod
    def _flow(entries, order, width: float, new_space: bool):
        """Tiles left to right, wrapping; None when they overflow the area."""
        ax, ay, aw, ah = MELDS
        height, step = width * 1.4, width * 0.46
        x, y = ax, ay
        tiles = {}
        sizes = [(i, width + step * (len(entries[i].faces) - 1)) for i in order]
        if new_space:
            sizes.append((-1, width * 1.6))
        for i, tile_w in sizes:
            if x + tile_w > ax + aw and x > ax:
                x, y = ax, y + MELD_LABEL + height + 12
            if y + MELD_LABEL + height > ay + ah:
                return None
            tiles[i] = (x, y + MELD_LABEL, width, step, tile_w)
            x += tile_w + 16
        new = tiles.pop(-1, None)
        return tiles, (new[0], new[1], new[4], height) if new else None

    def meld_card_places(self, state: WildView) -> dict[int, tuple[float, float, float]]:
        places = {}
        for i, faces in enumerate(m.faces for m in state.melds):
            x, y, width, step, _ = self.tiles[i]
            for k, face in enumerate(faces):
                places[face] = (x + k * step, y, width)
        return places

    def discard_places(self, state: WildView) -> dict[int, tuple[float, float, float]]:
        top = state.discard[-DISCARD_SHOWN:]
        x, y = DISCARD_AT
        return {face: (x + k * DISCARD_FAN, y, PILE_CARD[0]) for k, face in enumerate(top)}

    def _sync_table(self, state: WildView, animate: bool) -> dict[int, CardSprite]:
        """Melds and the discard's top cards to their places; the sprites that left the
        table (a card taken into this hand starts from where it lay)."""
        shown = self.discard_places(state)
        self.shown_discard = list(shown)
        places = {**shown, **self.meld_card_places(state)}
        gone = {face: self.tabled.pop(face) for face in [f for f in self.tabled
                                                         if f not in places]}
        for face, (x, y, width) in places.items():
            sprite = self.tabled.get(face)
            if sprite is None:
                start = self.hand[face].tween.value if face in self.hand else (
                    *self.origins.pop(face, DECK_AT), PILE_CARD[0], 255)
                sprite = self.tabled[face] = CardSprite(face, Tween(start))
            self._move(sprite, (x, y, width, 255), animate)
        return gone

    def _sync_hand(self, faces, animate: bool, gone: dict) -> None:
        for face in [f for f in self.hand if f not in faces]:
            del self.hand[face]
        new = sorted(f for f in faces if f not in self.hand)
        for i, face in enumerate(new):
            start = gone[face].tween.value if face in gone else (
                *self.origins.pop(face, DECK_AT), PILE_CARD[0], 255)
            sprite = CardSprite(face, Tween(start))
            sprite.tween.delay = i * DEAL_STAGGER if animate else 0.0
            self.hand[face] = sprite
        usable = set(self.discards).union(*(faces for _, faces in self.lays))
        for face, sprite in self.hand.items():
            sprite.lit = face in usable or not usable
        self.lay_out_hand(animate)

    def ordered(self) -> list[int]:
        if self.by_suit:
            return super().ordered()  # faces run suit by suit, then the Dragons
        return sorted(self.hand, key=lambda f: (f >= FIRST_DRAGON, number(f), f))

    # -- news ------------------------------------------------------------------------
    def on_event(self, event) -> None:
        if isinstance(event, Drew | Bought):
            self._taken(event)
        elif isinstance(event, Melded | Added | Discarded) and event.seat != self.me:
            faces = (event.face,) if isinstance(event, Discarded) else event.faces
            for face in faces:
                self.origins[face] = self.anchor(event.seat)
        elif isinstance(event, DeckTurned):
            self._turn_over()
        elif isinstance(event, HandOver):
            self.show_hand_over(event)
        elif isinstance(event, MatchOver):
            self.match_over = event
        if isinstance(event, Melded | Added) and event.points:
            self._popup(event.seat, f"+{event.points}")

    def _taken(self, event) -> None:
        """A card leaves the deck or the discard: to this hand it starts where it was; to
        another seat it flies there (face down unless everyone saw it)."""
        from_discard = isinstance(event, Bought) or event.from_discard
        source = DISCARD_AT if from_discard else DECK_AT
        if event.seat == self.me:
            if event.face >= 0 and not from_discard:
                self.origins[event.face] = DECK_AT  # a card of the turned-over deck
            return
        sprite = self.tabled.pop(event.face, None) if from_discard else None
        if sprite is None:
            face = event.face if event.face >= 0 and from_discard else None
            sprite = CardSprite(face, Tween((*source, PILE_CARD[0], 255)))
        sprite.fading = True
        self._move(sprite, (*self.anchor(event.seat), PILE_CARD[0] * 0.6, 0), True)
        self.flying.append(sprite)

    def _turn_over(self) -> None:
        """The discard pile turns over to be the deck — its cards go face down."""
        for k, face in enumerate(self.shown_discard):
            sprite = self.tabled.pop(face, None)
            if sprite is not None:
                sprite.face, sprite.fading = None, True
                self._move(sprite, (*DECK_AT, PILE_CARD[0], 255), True, k * DEAL_STAGGER)
                self.flying.append(sprite)
        self.shown_discard = []

    def _popup(self, seat: int, text: str) -> None:
        """Points laid rise from the seat's score."""
        if seat == self.me:
            x, y = 900, BUTTON_Y - 12  # over this seat's points
        else:
            x, y, w, _ = self.seat_box(seat)
            x, y = x + w - 36, y + 40
        self.popups = [p for p in self.popups if p[1] != x]  # the newest lay's points only
        self.popups.append([text, x, y, POPUP_TIME])

    # -- choosing --------------------------------------------------------------------
    def targets_for_held(self) -> set[str]:
        """Where the selected cards may go: meld tiles ('meld:N'), 'meld:new', 'discard'."""
        chosen = frozenset(self.selected())
        if not chosen:
            return set()
        found = {f"meld:{t}" if t >= 0 else "meld:new" for t, faces in self.lays
                 if faces == chosen}
        if len(chosen) == 1 and next(iter(chosen)) in self.discards:
            found.add("pile:discard")
        return found

    def toggle(self, face: int) -> None:
        self.choosing = []
        self.hand[face].selected = not self.hand[face].selected
        self.lay_out_hand()
        self.refresh_buttons()

    def let_go(self) -> None:
        self.choosing = []
        super().let_go()

    def _submit(self, action) -> None:
        self.session.submit(action)
        self.draws, self.buying, self.answers, self.discards, self.lays = {}, {}, {}, {}, {}
        self.let_go()

    def lay_on(self, target: int) -> None:
        """The selected cards onto meld `target` (-1: a new meld), if a legal lay takes
        them there; asking where the Dragon stands when that is the player's choice."""
        options = self.lays.get((target, frozenset(self.selected())), [])
        if not options:
            self.session.advise(self.why_not_lay(target))
            self.let_go()
        elif len(options) == 1:
            self._submit(options[0])
        else:
            self.choosing = sorted(options, key=lambda a: a.wild_as)
            self.refresh_buttons()

    def preselect(self, action) -> None:
        """The cards the bot would lay or discard, lifted; where they go is then lit."""
        self.let_go()
        if isinstance(action, Meld | AddToMeld | Discard):
            for face in action.faces:
                self.hand[face].selected = True
            self.lay_out_hand()
            self.refresh_buttons()

    def choose_wild(self, index: int) -> None:
        if index < len(self.choosing):
            self._submit(self.choosing[index])

    def discard_selected(self) -> None:
        chosen = self.selected()
        action = self.discards.get(chosen[0]) if len(chosen) == 1 else None
        if action is None:
            self.session.advise(self.why_not_discard(chosen))
            self.let_go()
        else:
            self._submit(action)

    def take(self, from_discard: bool) -> None:
        action = self.draws.get(from_discard)
        if action is not None:
            self._submit(action)
        else:
            self.session.advise(self.why_not_draw())

    # -- reasons, in the engine's words ---------------------------------------------
    def refusal(self, kind: str, faces=(), target: int = -1) -> str:
        """Why what the player tried is no legal action, as the engine says it."""
        refused = GAME.why_not(self.state, self.me, Choice(kind, tuple(faces), target),
                               self.session.names)
        return told(refused, "That is not open now.")

    def why_not_draw(self) -> str:
        return self.refusal("draw")

    def why_not_discard(self, chosen: list[int]) -> str:
        return self.refusal("discard", chosen)

    def why_not_lay(self, target: int) -> str:
        return self.refusal("lay", self.selected(), target)

    # -- buttons ---------------------------------------------------------------------
    def build(self) -> None:
        scene = self.scene
        assets.preload([*(f"wild/{face}" for face in range(70)), "back"],
                       (self.view.px(PILE_CARD[0]), self.view.px(PILE_CARD[1])))
        scene.button("meld", "Lay meld", 30, BUTTON_Y, 130, 44, primary=True)
        scene.button("discard", "Discard", 170, BUTTON_Y, 120, 44)
        scene.button("sort", "Sort: by number", 300, BUTTON_Y, 160, 44)
        scene.button("hint", "Hint", 470, BUTTON_Y, 90, 44)
        for i in range(3):  # where the Dragon stands: in the place of the buttons they hide
            scene.button(f"wild{i}", "", 30 + i * 165, BUTTON_Y, 160, 44, primary=True)
        x, y, w, h = BUY_BOX
        scene.button("buy", "Buy", x + 10, y + h - 52, 100, 42, primary=True)
        scene.button("decline", "No thanks", x + 118, y + h - 52, w - 128, 42)
        scene.button("allow", "Yes", x + 10, y + h - 52, 80, 42)
        scene.button("refuse", "No, I take it", x + 98, y + h - 52, w - 108, 42,
                     primary=True)
        self.build_result()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        buttons = self.scene.buttons
        if "meld" not in buttons:
            return
        laying = self.my_turn(LAYING)
        show(buttons["meld"], laying and not self.choosing)
        show(buttons["discard"], laying and not self.choosing)
        enable(buttons["meld"], any(t < 0 for t, _ in self.lays))
        enable(buttons["discard"], len(self.selected()) == 1)
        buttons["sort"].set_text("Sort: by suit" if self.by_suit else "Sort: by number")
        show(buttons["sort"], not self.choosing)
        show(buttons["hint"], not self.choosing)
        view = self.session.view
        enable(buttons["hint"], self.acting and view is not None and bool(view.legal))
        for i in range(3):
            button = buttons[f"wild{i}"]
            shown = i < len(self.choosing)
            if shown:
                action = self.choosing[i]
                button.set_text(place_words(self._kind_after(action), action.faces,
                                            action.wild_as))
            show(button, shown)
        for ident, ready in (("buy", self.buying), ("decline", self.buying),
                             ("allow", self.answers), ("refuse", self.answers)):
            show(buttons[ident], bool(ready))

    def _kind_after(self, action) -> str:
        if isinstance(action, AddToMeld):
            return self.state.melds[action.meld].kind
        return melds.new_meld(self.me, action.faces, action.wild_as).kind

    def on_button(self, ident: str) -> None:
        if ident == "hint":
            self.hints.press()
        elif ident == "meld":
            self.lay_on(-1)
        elif ident == "discard":
            self.discard_selected()
        elif ident == "sort":
            self.by_suit = not self.by_suit
            self.lay_out_hand()
            self.refresh_buttons()
        elif ident.startswith("wild"):
            self.choose_wild(int(ident[4:]))
        elif ident in ("buy", "decline") and self.buying:
            self._submit(self.buying[ident == "buy"])
        elif ident in ("allow", "refuse") and self.answers:
            self._submit(self.answers[ident == "allow"])

    # -- input -----------------------------------------------------------------------
    keys = {pygame.K_s: "sort", pygame.K_m: "meld", pygame.K_x: "discard", pygame.K_b: "buy",
            pygame.K_n: "decline", pygame.K_y: "allow", pygame.K_r: "refuse",
            pygame.K_1: "wild0", pygame.K_2: "wild1", pygame.K_3: "wild2"}

    def place_at(self, pos) -> str | None:
        return hit(self.place_rects(), pos)

    def places(self) -> dict[str, pygame.Rect]:
        return self.place_rects()

    def click(self, kind: str, ident) -> None:
        if kind == "card":
            self.toggle(ident)
        elif ident == "pile:deck":
            self.take(False)
        elif ident == "pile:discard":
            if self.selected() or not self.draws:
                self.discard_selected()
            else:
                self.take(True)
        else:
            self.lay_on(-1 if ident == "meld:new" else int(ident[5:]))

    def begin_drag(self, kind: str, ident) -> bool:
        if kind == "card" and not self.hand[ident].selected:
            self.toggle(ident)
        return kind == "card"

    def held_sprites(self) -> list[CardSprite]:
        return [s for s in self.hand.values() if s.selected]

    def drop(self, pos) -> None:
        place = self.place_at(pos)
        if place == "pile:discard":
            self.discard_selected()
        elif place is not None and place.startswith("meld:"):
            self.lay_on(-1 if place == "meld:new" else int(place[5:]))
        else:
            self.session.advise("Drop cards on a meld or the new-meld space, or one card on the "
                             "discard pile.")
            self.let_go()
        self.lay_out_hand()  # what was not taken goes back to the hand

    def place_rects(self) -> dict[str, pygame.Rect]:
        """The deck, the discard pile, every meld and the new-meld space, as screen rects."""
        if not self.state:
            return {}
        view = self.view
        rects = {"pile:deck": view.rect(*DECK_AT, *PILE_CARD),
                 "pile:discard": view.rect(*DISCARD_AT, PILE_CARD[0] + 2 * DISCARD_FAN,
                                           PILE_CARD[1])}
        for i, (x, y, width, _, tile_w) in self.tiles.items():
            rects[f"meld:{i}"] = view.rect(x, y - MELD_LABEL, tile_w, MELD_LABEL + width * 1.4)
        if self.new_tile is not None:
            rects["meld:new"] = view.rect(*self.new_tile)
        return rects

    def targets(self) -> dict[str, pygame.Rect]:
        found = {f"card:{face}": rect for face, rect in self.card_rects().items()}
        found.update(self.place_rects())
        return found

    # -- animation -------------------------------------------------------------------
    def sprites(self):
        yield from self.tabled.values()
        yield from super().sprites()

    def update(self, dt: float) -> None:
        super().update(dt)
        for popup in self.popups:
            popup[3] -= dt
        self.popups = [p for p in self.popups if p[3] > 0]

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.popups)

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, state: WildView) -> None:
        self._draw_title(surface, state)
        for seat in self.others():
            self.draw_seat(surface, seat, state, "pt")
        held = self.targets_for_held()  # once a frame: it walks every legal lay
        self._draw_melds(surface, state, held)
        self._draw_piles(surface, state, held)
        self._draw_round(surface, state)
        self._draw_buying(surface, state)
        self._draw_me(surface, state)
        carried = self.carried()
        for face in self.ordered():
            if id(self.hand[face]) not in carried:
                self._card(surface, self.hand[face], self.hand_card)
        for sprite in self.flying:
            self._card(surface, sprite, PILE_CARD)
        for sprite in self.held_sprites() if carried else ():  # on top while carried
            self._card(surface, sprite, self.hand_card)
        self._draw_popups(surface)
        self.draw_result(surface)
        if self.session.ending is not None:
            draw_ending(surface, self.view, self.session, "point")

    def _card(self, surface, sprite: CardSprite, size) -> pygame.Rect:
        return draw_card(surface, self.view, "wild", sprite, size[1] / size[0])

    def _draw_title(self, surface, state: WildView) -> None:
        config = self.session.start.config if self.session.start else {}
        seats = len(state.counts)
        goal = f"first to {config.get('target', 200)} points" if \
            config.get("match") == "points" else f"one hand per player ({seats} hands)"
        hand = self.hand_shown(state.hand_number)
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

    def _draw_melds(self, surface, state: WildView, lit: set[str]) -> None:
        view = self.view
        carried = self.carried()
        entries = state.melds
        if not entries and self.new_tile is None:
            x, y, w, h = MELDS
            view.text(surface, NO_MELDS, (x + w / 2, y + 60), 15, DIM, anchor="midtop")
        for i, (owner, _kind, faces, wild_as) in enumerate(
                (m.owner, m.kind, m.faces, m.wild_as) for m in entries):
            x, y, width, _, tile_w = self.tiles[i]
            key = f"meld:{i}"
            name = "You" if owner == self.me else self.session.seat_name(owner)
            view.text(surface, name, (x, y - MELD_LABEL), 13, GOLD if owner == self.me else DIM,
                      width=max(tile_w, 60))
            for face in faces:
                sprite = self.tabled.get(face)
                if sprite is not None and id(sprite) not in carried:
                    rect = self._card(surface, sprite, (width, width * 1.4))
                    if face >= FIRST_DRAGON and not sprite.tween.moving:
                        self._stands_for(surface, rect, faces, wild_as)
            if key in lit:  # its top edge stays below the owner's name over the meld
                pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 1, tile_w + 8,
                                                          width * 1.4 + 5),
                                 view.px(3), border_radius=view.px(8))
        if self.new_tile is not None:
            x, y, w, h = self.new_tile
            colour = GOLD if "meld:new" in lit else (120, 160, 130)
            pygame.draw.rect(surface, colour, view.rect(x, y, w, h), view.px(2),
                             border_radius=view.px(6))
            view.text(surface, "new", (x + w / 2, y + h / 2 - 9), 13, colour, anchor="center")
            view.text(surface, "meld", (x + w / 2, y + h / 2 + 9), 13, colour, anchor="center")

    def _stands_for(self, surface, rect: pygame.Rect, faces, wild_as: int) -> None:
        """A Dragon in a meld wears the card it stands for (its number, and its suit's initial
        in a run) at the bottom left, which shows even when the next card covers the rest."""
        naturals = [f for f in faces if f < FIRST_DRAGON]
        if wild_as:
            text = f"={wild_as}{SUIT_NAMES[suit(naturals[0])][0]}"
        else:
            text = f"={number(naturals[0])}"
        view = self.view
        image = assets.text(text, view.px(13), True, GOLD)
        box = image.get_rect(bottomleft=(rect.left + view.px(4), rect.bottom - view.px(3)))
        pygame.draw.rect(surface, (20, 14, 10), box.inflate(view.px(6), view.px(2)),
                         border_radius=view.px(4))
        surface.blit(image, box)

    def _draw_piles(self, surface, state: WildView, held: set[str]) -> None:
        view = self.view
        deck = state.deck
        dx, dy = DECK_AT
        if deck:
            surface.blit(assets.sprite("back", (view.px(PILE_CARD[0]), view.px(PILE_CARD[1]))),
                         view.point(dx, dy))
        else:
            self._empty(surface, DECK_AT)
        if not state.discard:
            self._empty(surface, DISCARD_AT)
        view.text(surface, f"deck {deck}", (dx, dy - 36), 13, DIM)
        turns = state.turnovers
        view.text(surface, f"{count_words(turns, 'turnover')} left", (dx, dy - 20),
                  12, DIM)
        lit = "pile:discard" in held or (self.draws.get(True) is not None)
        view.text(surface, f"discard {len(state.discard)}", (DISCARD_AT[0], dy - 36),
                  13, GOLD if lit else DIM)
        for face in state.discard[-DISCARD_SHOWN:]:
            sprite = self.tabled.get(face)
            if sprite is not None:
                self._card(surface, sprite, PILE_CARD)
        if "pile:discard" in held:
            x, y = DISCARD_AT
            pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 4, PILE_CARD[0] +
                                                      2 * DISCARD_FAN + 8, PILE_CARD[1] + 8),
                             view.px(3), border_radius=view.px(8))
        for from_discard in self.draws:
            x, y = DISCARD_AT if from_discard else DECK_AT
            pygame.draw.rect(surface, GOLD, view.rect(x - 4, y - 4, PILE_CARD[0] + 8,
                                                          PILE_CARD[1] + 8),
                                 view.px(2), border_radius=view.px(8))

    def _empty(self, surface, at) -> None:
        pygame.draw.rect(surface, (120, 160, 130), self.view.rect(*at, *PILE_CARD),
                         self.view.px(1.5), border_radius=self.view.px(6))

    def _draw_round(self, surface, state: WildView) -> None:
        """The round marker: this round's points a card on a track from 8 down to 1."""
        view = self.view
        x, y, w, h = ROUND_BOX
        now = state.round
        view.panel(surface, view.rect(x, y, w, h))
        view.text(surface, f"Round {now} · {count_words(round_points(now), 'point')} a card",
                  (x + 10, y + 5), 14, INK, bold=True, width=w - 20)
        for k in range(8):
            points = 8 - k
            cx, cy = x + 20 + k * 26, y + 35
            here = points == round_points(now)
            pygame.draw.circle(surface, GOLD if here else (40, 70, 55), view.point(cx, cy),
                               view.px(10))
            view.text(surface, str(points), (cx, cy), 12, (20, 14, 10) if here else DIM,
                      bold=here, anchor="center")

    def _draw_buying(self, surface, state: WildView) -> None:
        """The buying window: the offer and its countdown, who asked, and the answer."""
        phase = state.phase
        if phase not in (BUYING, ANSWERING, DRAWING, LAYING):
            return
        view = self.view
        x, y, w, h = BUY_BOX
        view.panel(surface, view.rect(x, y, w, h), edge=GOLD if self.buying or self.answers
                   else (70, 110, 90))
        advised = GAME.advice(state, self.player, self.session.names)  # the rules' words
        title, lines = (advised.title, advised.lines) if advised else ("", ())
        timed = phase == BUYING and state.timer is not None
        view.text(surface, title, (x + 10, y + 8), 15, GOLD, bold=True,
                  width=w - (70 if timed else 20))
        row = y + 44
        for text in lines:
            for line in wrap_text(view, text, 13, w - 20):
                if row < y + h - 66:  # above the answer buttons
                    view.text(surface, line, (x + 10, row), 13, INK)
                row += 17
        left = self.session.seconds_left(PACE)
        if timed and left is not None:
            countdown_ring(surface, view, (x + w - 28, y + 24), 18, left, self.timer_total)

    def _draw_me(self, surface, state: WildView) -> None:
        """This seat's cards, points and status at the right of the buttons (as at the other
        tables), so the line above the buttons is the keys' or the advice's alone."""
        view = self.view
        self.draw_hidden_hand(surface, state)
        self.draw_my_lines(surface, state, BUTTON_Y, "point")
        if self.choosing:
            view.text(surface, "Where does the Dragon stand? Choose:", (30, BUTTON_Y - 24), 14,
                      GOLD, bold=True)
        elif self.acting:
            self.draw_advice(surface, BUTTON_Y - 26, KEYS_HELP, size=12)

    def _draw_popups(self, surface) -> None:
        for text, x, y, left in self.popups:
            rise = (POPUP_TIME - left) * 10
            self.view.text(surface, text, (x, y - rise), 20, GOOD, bold=True, anchor="center")

    result_heads = ("penalty", "score")

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
