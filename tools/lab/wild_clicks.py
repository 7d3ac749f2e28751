"""Playing Dragons Wild by clicks: choose a legal action and make it with the mouse."""

from engine.games.wild.cards import FIRST_DRAGON, number
from engine.games.wild.rules import (
    AddToMeld,
    AnswerBuyer,
    AskToBuy,
    DeclineToBuy,
    Discard,
    Draw,
    Meld,
)

BUTTONS = {AskToBuy: "buy", DeclineToBuy: "decline"}


def choose(legal) -> object:
    """A deterministic choice: never buy, let a buyer buy, draw from the deck when it can,
    lay the biggest lay (a new meld first), else discard the highest natural card."""
    first = legal[0]
    if isinstance(first, AskToBuy | DeclineToBuy):
        return next(a for a in legal if isinstance(a, DeclineToBuy))
    if isinstance(first, AnswerBuyer):
        return next(a for a in legal if a.allow)
    if isinstance(first, Draw):
        return next((a for a in legal if not a.from_discard), first)
    lays = [a for a in legal if isinstance(a, Meld | AddToMeld)]
    if lays:
        return max(lays, key=lambda a: (len(a.faces), isinstance(a, Meld), -a.wild_as))
    discards = [a for a in legal if isinstance(a, Discard)]
    return max(discards, key=lambda a: (a.faces[0] < FIRST_DRAGON, number(a.faces[0]),
                                        a.faces[0]))


def make_by_clicks(driver, action) -> None:
    """Buy answers and buyer answers by their buttons; a draw by clicking its pile; a lay
    by clicking its cards, then its meld (or the new-meld space), then where the Dragon
    stands if the table asks; a discard by its card, then the discard pile."""
    if isinstance(action, AskToBuy | DeclineToBuy):
        driver.click(BUTTONS[type(action)])
    elif isinstance(action, AnswerBuyer):
        driver.click("allow" if action.allow else "refuse")
    elif isinstance(action, Draw):
        driver.click("pile:discard" if action.from_discard else "pile:deck")
    elif isinstance(action, Discard):
        driver.click(f"card:{action.faces[0]}")
        driver.click("pile:discard")
    else:
        for face in action.faces:
            driver.click(f"card:{face}")
        driver.click(f"meld:{action.meld}" if isinstance(action, AddToMeld) else "meld:new")
        choosing = driver.app.scene.renderer.choosing
        if choosing:
            driver.click(f"wild{choosing.index(action)}")


def kind_of(action, view: dict) -> str:
    """The kind of action the issue lists: draw from the deck or the discard, buy asked or
    declined, buyer let or refused, new set, new run, add to own or another's meld, wild
    moved to the other end, discard."""
    if isinstance(action, Draw):
        return "draw from the discard" if action.from_discard else "draw from the deck"
    if isinstance(action, AskToBuy | DeclineToBuy):
        return "buy asked" if isinstance(action, AskToBuy) else "buy declined"
    if isinstance(action, AnswerBuyer):
        return "buyer let buy" if action.allow else "buyer refused"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, Meld):
        naturals = {number(f) for f in action.faces if f < FIRST_DRAGON}
        return "new set" if len(naturals) == 1 else "new run"
    meld = view.melds[action.meld]
    owner, kind, wild_as = meld.owner, meld.kind, meld.wild_as
    if kind == "run" and wild_as and action.wild_as and action.wild_as != wild_as:
        return "wild moved to the other end"
    return "add to own meld" if owner == view.turn else "add to another's meld"
