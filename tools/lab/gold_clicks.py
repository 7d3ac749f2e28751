"""Playing Dragon's Gold by clicks: choose a legal action and make it with the mouse.

`Chooser` remembers what this seat already did at a hoard or at the Market, so a whole
match moves on: it proposes once per hoard (an even split), accepts any proposal another
player makes, offers one trade at the Market and then leaves it."""

from client.tables.gold.panels.parts import SplitEditor
from engine.games.gold import moves
from engine.games.gold.components import ATTACK, MAGIC_DECK, MAGIC_NAMES, TARGETS
from engine.games.gold.flow import NEGOTIATE
from engine.games.gold.splits import Chain, Offers, Splits

NO_TOKENS = (0,) * 9


def parts(legal):
    """The short head of a legal sequence and its lazy tail (splits or offers), if any."""
    if isinstance(legal, Chain):
        return list(legal.head), legal.tail
    if isinstance(legal, Splits):
        return [], legal
    return list(legal), None


def even_split(splits: Splits) -> tuple:
    editor = SplitEditor(splits.hoard, splits.k)
    editor.evenly()
    return editor.split()


class Chooser:
    def __init__(self, magic: bool = True):
        self.magic = magic  # play Magic Objects on this seat's turns when it can
        self.proposed: set = set()
        self.offered = False

    def __call__(self, legal):
        head, tail = parts(legal)
        kinds = {type(a) for a in head}
        if moves.TakeOffer in kinds or moves.Decline in kinds:
            return next((a for a in head if isinstance(a, moves.TakeOffer)),
                        next(a for a in head if isinstance(a, moves.Decline)))
        if moves.LeaveMarket in kinds:
            return self._market(head, tail)
        self.offered = False
        if moves.Accept in kinds:
            return next(a for a in head if isinstance(a, moves.Accept))
        if isinstance(tail, Splits):
            return self._split(tail)
        if moves.Reject in kinds:
            return None  # this seat's own proposal is on the table: wait for the others
        uses = [a for a in head if isinstance(a, moves.UseMagic)]
        if self.magic and uses and moves.Attack in kinds:
            return uses[0]
        attacks = [a for a in head if isinstance(a, moves.Attack)]
        if attacks:
            return max(attacks, key=lambda a: (ATTACK[a.kind], -a.slot))
        return head[0] if head and not isinstance(head[0], moves.UseMagic) else None

    def _split(self, splits: Splits):
        split = even_split(splits)
        key = (splits.hoard, splits.k)
        if key in self.proposed:
            return None
        self.proposed.add(key)
        return splits.wrap(split)

    def _market(self, head, tail):
        if isinstance(tail, Offers) and not self.offered:
            own = [c for c in range(9) if tail.own[c]]
            for partner, most in sorted(tail.asks.items()):
                wanted = [c for c in range(9) if most[c]]
                if own and wanted:
                    self.offered = True
                    give, get = [0] * 9, [0] * 9
                    give[own[0]], get[wanted[-1]] = 1, 1
                    return tail.wrap(partner, tuple(give), tuple(get))
        return next(a for a in head if isinstance(a, moves.LeaveMarket))


choose = Chooser()  # one seat's chooser, for the client benchmark's solo table


def make_by_clicks(driver, action) -> None:
    """Each action as a person makes it: an attack by its adventurer then its Dragon; a
    Magic Object by its card then its target (or Use it); a split by the editor's
    steppers (or Share out evenly) then Propose or Divide; a share, a victim, a token or
    an offer's answer by clicking it; an offer by its partner, its steppers and the
    button."""
    kind = type(action)
    if kind is moves.Attack:
        driver.click(f"adv:{action.kind}")
        driver.click(f"lair:{action.slot}")
    elif kind is moves.UseMagic:
        use_magic(driver, action)
    elif kind in (moves.Propose, moves.Divide):
        split = action.split if kind is moves.Propose else action.shares
        fill_editor(driver, split)
        driver.click("propose" if kind is moves.Propose else "divide")
    elif kind in SIMPLE:
        driver.click(SIMPLE[kind](action))
    elif kind is moves.Offer:
        driver.click(f"partner:{action.partner}")
        for side, counts in (("give", action.give), ("get", action.get)):
            for colour, n in enumerate(counts):
                for _ in range(n):
                    driver.click(f"trade:{side}:{colour}:+")
        driver.click("offer")
    else:
        raise AssertionError(f"no clicks make {action}")


SIMPLE = {
    moves.Accept: lambda a: "accept",
    moves.Reject: lambda a: "reject",
    moves.LeaveMarket: lambda a: "leave_market",
    moves.Choose: lambda a: f"share:{a.share}",
    moves.Steal: lambda a: f"victim:{a.victim}",
    moves.Take: lambda a: f"take:{a.position}",
    moves.TakeOffer: lambda a: f"deal:{a.offerer}",
    moves.Decline: lambda a: f"decline:{a.offerer}",
}


def fill_editor(driver, split) -> None:
    """The split into the editor: Share out evenly when that is it, else by steppers."""
    editor = driver.app.scene.renderer.editor
    probe = SplitEditor(editor.hoard, len(editor.cells))
    probe.evenly()
    if probe.split() == tuple(split):
        driver.click("even")
        return
    for column, share in enumerate(split):
        for colour, n in enumerate(share):
            for _ in range(n - editor.cells[column][colour]):
                driver.click(f"cell:{colour}:{column}:+")


def use_magic(driver, action) -> None:
    """The card, then what its effect names (TARGETS); an Hourglass by its panel button."""
    names = TARGETS[MAGIC_DECK[action.face]]
    if not names and driver.app.session.view.view.phase == NEGOTIATE:
        driver.click("hourglass")
        return
    driver.click(f"magic:{action.card}")
    target = ":".join(map(str, action.target))
    driver.click({(): "use", ("kind",): f"adv:{target}", ("slot",): f"lair:{target}",
                  ("owner", "kind"): f"attacker:{target}",
                  ("slot", "colour"): f"hoard:{target}"}[names])


def kind_of(action, view: dict) -> str:
    """The kind of action the issue lists; a Magic Object by its name."""
    if isinstance(action, moves.UseMagic):
        return MAGIC_NAMES[MAGIC_DECK[action.face]]
    return type(action).__name__
