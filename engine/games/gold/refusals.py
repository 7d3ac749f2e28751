"""Why a Dragon's Gold player's choice is no legal action, in the rules' words (Game.why_not).

The client asks with the latest view and what the player tried (a split from the editor,
an offer, an adventurer or a Magic Object picked); the answer names the clause.
"""

from __future__ import annotations

from engine.errors import BadSelection
from engine.game import Refusal
from engine.games.gold.components import MAGIC_DECK, Effect, adventurer_name, magic_name
from engine.games.gold.flow import DIVIDE, NEGOTIATE, TURN
from engine.games.gold.views import GoldView
from engine.tell import Names, count
from engine.wire import Value


class Choice(Value, kw_only=True):
    """What a player tried: a "split" of the hoard (`shares`), an "offer" of `give` for
    `get` to `partner`, an "adventurer" of `kind`, or the Magic Object `card`."""

    kind: str
    shares: tuple[tuple[int, ...], ...] = ()
    partner: int | None = None
    give: tuple[int, ...] = ()
    get: tuple[int, ...] = ()
    card: int = -1  # the Magic Object, or the adventurer's kind


def why_not(view: GoldView, seat: int, choice: Choice, names: Names) -> Refusal | None:
    asked = ASKED.get(choice.kind) if isinstance(choice, Choice) else None
    if asked is None:
        raise BadSelection(f"{choice!r} is not a Dragon's Gold choice "
                           "(split, offer, adventurer or magic)")
    return asked(view, seat, choice)


def _split(view: GoldView, seat: int, choice: Choice) -> Refusal | None:
    kill, phase = view.kill, view.phase
    if kill is None or phase not in (NEGOTIATE, DIVIDE):
        return Refusal("G7", "There is no hoard to share now.")
    if phase == DIVIDE and seat != kill.divider:
        return Refusal("G9.2", "Another player divides this hoard.")
    if phase == NEGOTIATE and kill.made and kill.made[seat] >= kill.most_proposals:
        return Refusal("G7.6", "You have made all your proposals.")
    rule = "G9.2" if phase == DIVIDE else "G7.2"
    left = sum(kill.hoard) - sum(map(sum, choice.shares))
    if left:
        return Refusal(rule, f"{count(left, 'token')} of the hoard {'has' if left == 1 else 'have'}"
                       " no player yet: a split shares out every token.")
    if phase == DIVIDE and not all(map(any, choice.shares)):
        return Refusal("G9.2", "Each share must hold at least one token.")
    return None


def _offer(view: GoldView, seat: int, choice: Choice) -> Refusal | None:
    if view.market is None or seat in view.market.left:
        return Refusal("G11", "The Market is not open to you now.")
    if choice.partner is None:
        return Refusal("G11.2", "Choose whom to offer a trade to first.")
    if not (any(choice.give) or any(choice.get)):
        return Refusal("G11.2", "An offer names tokens to give or to get.")
    mine = view.my_screen or ()
    if any(g > n for g, n in zip(choice.give, mine, strict=False)) or \
            sum(choice.get) > view.screens[choice.partner]:
        return Refusal("G11.2", "You can give only tokens behind your screen, and ask for no "
                       "more than the partner holds.")
    return None


def _adventurer(view: GoldView, seat: int, choice: Choice) -> Refusal:
    if view.phase != TURN or view.turn != seat:
        return Refusal("G4.5", "You attack on your own turn.")
    name = adventurer_name(choice.card)
    if view.adventurers[seat][choice.card] == "down":
        return Refusal("G4.3", f"Your {name} is face down: it rests until your adventurers "
                       "are rallied.")
    return Refusal("G4.5", f"Your {name} is already fighting a Dragon.")


def _magic(view: GoldView, seat: int, choice: Choice) -> Refusal:
    face = next((m.face for m in view.my_magic or () if m.card == choice.card), None)
    when = "during your own negotiation" if face is not None and \
        MAGIC_DECK[face] == Effect.HOURGLASS else "on your turn"
    what = magic_name(face) if face is not None else "That"
    return Refusal("G12.5", f"{what} can be used only {when}, when it can do something.")


ASKED = {"split": _split, "offer": _offer, "adventurer": _adventurer, "magic": _magic}
