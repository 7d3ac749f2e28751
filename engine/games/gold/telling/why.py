"""Why a suggested Dragon's Gold action is good, read off the seat's own view (Game.why): 'it
slays Ashmaw: its hoard of 4 tokens is shared by attack', 'it gives you about 7 of the
hoard's 12 points, at least the share your attack of 4 of 9 earns'.

Tokens are priced as a player reckons them: their face points (G14.1-G14.4) and, for a gem,
a fifth of a majority's bonus (G14.5), so a share is weighed against the attack behind it."""

from __future__ import annotations

from engine.games.gold import moves
from engine.games.gold.components import ATTACK, DRAGONS
from engine.games.gold.telling.advice import magic_words
from engine.games.gold.tokens import COLOURS, GEMS
from engine.games.gold.views import GoldView
from engine.tell import Names, count

#: about what a token brings, by colour: silver 1, gold 3, red 1, a gem 3 (a fifth of a
#: majority's 15), the black diamond 7
WORTH = (1, 3, 1, 3, 3, 3, 3, 3, 7)


def why(action, view: GoldView, names: Names) -> str:
    """The reasons for `action` at `names.listener`'s seat ("" where there is nothing to
    read: a spectator's view)."""
    if names.listener is None:
        return ""
    said = _SAID.get(type(action))
    return said(action, view, names) if said is not None else ""


def worth(counts) -> int:
    return sum(n * w for n, w in zip(counts, WORTH, strict=False))


def _points(n: int) -> str:
    return f"about {count(n, 'point')}"


def _attack(action: moves.Attack, view: GoldView, names: Names) -> str:
    """G4.5-G6: an attack that reaches the Dragon's strength slays it."""
    lair = view.dragons[action.slot]
    if lair is None:
        return ""
    name = DRAGONS[lair.dragon].name
    total = lair.total + ATTACK[action.kind] + view.might
    held = sum(lair.hoard) + lair.hidden
    hoard = f"its hoard of {count(held, 'token')}" + (f" ({lair.hidden} hidden)"
                                                      if lair.hidden else "")
    richest = max((worth(d.hoard) for d in view.dragons if d is not None), default=0)
    if worth(lair.hoard) == richest and richest:
        hoard += ", the richest on the table,"
    if total >= lair.strength:
        return f"it slays {name} (strength {lair.strength}, attack {total}), and {hoard} is " \
               "shared by the attack each player put in"
    return f"it brings the attack on {name} to {total} of its strength {lair.strength}, and " \
           f"{hoard} goes to those who slay it"


def _fair(view: GoldView, seat: int) -> tuple[float, int, int]:
    """G7: (the fair share's worth, this seat's attack, the whole attack) of the kill."""
    power: dict[int, int] = {}
    for s, kind, bonus in view.kill.attackers:
        power[s] = power.get(s, 0) + ATTACK[kind] + bonus
    whole = sum(power.values()) or 1
    mine = power.get(seat, 0)
    return worth(view.kill.hoard) * mine / whole, mine, whole


def _share(view: GoldView, names: Names, split) -> tuple[int, float, str]:
    """This seat's share of `split`: its worth, the fair share's, and the attack's words."""
    me = names.listener
    involved = view.kill.involved
    mine = worth(split[involved.index(me)]) if me in involved else 0
    fair, attack, whole = _fair(view, me)
    return mine, fair, f"your attack of {attack} of {whole}"


def _weighed(view: GoldView, names: Names, split, short: str) -> str:
    """What `split` gives this seat against the share its attack earns; `short`: why it is
    good all the same when it gives less."""
    mine, fair, attack = _share(view, names, split)
    said = f"it gives you {_points(mine)} of the hoard's {worth(view.kill.hoard)}"
    if mine >= fair:
        return f"{said}, at least the share {attack} earns"
    return f"{said}{short.format(attack=attack)}"


def _propose(action: moves.Propose, view: GoldView, names: Names) -> str:
    return _weighed(view, names, action.split, ", less than the share {attack} earns, so the "
                    "others accept it before the sand runs out")


def _accept(action: moves.Accept, view: GoldView, names: Names) -> str:
    if view.proposal is None:
        return ""
    return _weighed(view, names, view.proposal.split, "; holding out for the share {attack} earns "
                    "risks the sand running out and the hoard lost")


def _reject(action: moves.Reject, view: GoldView, names: Names) -> str:
    if view.proposal is None:
        return ""
    mine, _, attack = _share(view, names, view.proposal.split)
    return f"it gives you only {_points(mine)} of the hoard's {worth(view.kill.hoard)}, " \
           f"less than the share {attack} earns"


def _divide(action: moves.Divide, view: GoldView, names: Names) -> str:
    """G9.2: the divider keeps the share nobody chose, so even shares serve it best."""
    least = min(worth(s) for s in action.shares)
    return f"the shares are as even as the tokens allow, so the one left to you is worth at " \
           f"least {_points(least)}"


def _choose(action: moves.Choose, view: GoldView, names: Names) -> str:
    open_shares = [worth(s) for i, s in enumerate(view.kill.shares) if view.kill.taken[i] < 0]
    mine = worth(view.kill.shares[action.share])
    if mine >= max(open_shares, default=0):
        return f"it is the share worth most of those left, {_points(mine)}"
    return f"it is worth {_points(mine)}, and its colours go furthest towards your majorities"


def _steal(action: moves.Steal, view: GoldView, names: Names) -> str:
    """G8.2: a thief draws from the screen it names."""
    held = view.screens[action.victim]
    most = max(n for s, n in enumerate(view.screens) if s != names.listener)
    said = f"{names.who(action.victim)} {'has' if action.victim != names.listener else 'have'}" \
           f" {count(held, 'token')} behind the screen"
    return f"{said}, the most of anyone" if held == most else said


def _take(action: moves.Take, view: GoldView, names: Names) -> str:
    """G8.4: the wizard shows the thief the tokens; the best is taken."""
    seen = view.looking_at or ()
    if not 0 <= action.position < len(seen) or seen[action.position] < 0:
        return "it is a token you were shown"
    colour = seen[action.position]
    return f"it is a {COLOURS[colour]} token, worth {_points(WORTH[colour])}"


def _offer(action: moves.Offer, view: GoldView, names: Names) -> str:
    """G11.2: a trade is worth making when it brings more than it costs."""
    return _trade(action.get, action.give)


def _market_offer(view: GoldView, offerer: int, serial: int):
    market = view.market
    return next((o for o in market.offers if o.seat == offerer and o.serial == serial), None) \
        if market is not None else None


def _take_offer(action: moves.TakeOffer, view: GoldView, names: Names) -> str:
    offer = _market_offer(view, action.offerer, action.serial)
    return _trade(offer.give, offer.get) if offer is not None else ""


def _decline(action: moves.Decline, view: GoldView, names: Names) -> str:
    offer = _market_offer(view, action.offerer, action.serial)
    if offer is None:
        return ""
    gained, lost = worth(offer.give), worth(offer.get)
    return f"you would give {_points(lost)} for {_points(gained)}"


def _trade(gained, lost) -> str:
    got, given = worth(gained), worth(lost)
    said = f"you get {_points(got)} for {_points(given)}"
    if got > given:
        return said
    gems = sum(gained[c] for c in GEMS)
    return f"{said}, and {count(gems, 'gem')} towards your majorities" if gems else said


_SAID = {
    moves.Attack: _attack,
    moves.UseMagic: lambda a, view, n: magic_words(a.face),  # what it does is why (G12)
    moves.Propose: _propose,
    moves.Accept: _accept,
    moves.Reject: _reject,
    moves.Divide: _divide,
    moves.Choose: _choose,
    moves.Steal: _steal,
    moves.Take: _take,
    moves.Offer: _offer,
    moves.TakeOffer: _take_offer,
    moves.Decline: _decline,
    moves.LeaveMarket: lambda a, view, n: "no trade left here brings you more than it costs",
}
