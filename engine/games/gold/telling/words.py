"""Dragon's Gold's events told to one listener (engine.tell): tokens by colour in words,
Dragons by name, seats by name or "you"."""

from __future__ import annotations

from engine.games.gold import moves
from engine.games.gold.components import ADVENTURERS, DRAGONS, magic_name
from engine.games.gold.tokens import COLOURS
from engine.tell import Names, capital, count, join_words, ordinal

#: G13.5: under a liar's name in the end's score table
FORFEIT_WHY = "Forfeits: paid at the Market with tokens it did not hold."

#: why tokens went behind a screen in view of all, as a player would say it
WHY_TAKEN = {"lone kill": "as the lone slayer", "wizard": "for a wizard",
             "split": "as agreed", "share": "as the share chosen",
             "lodestone": "with the Lodestone"}
#: why an offer left the Market
WHY_WITHDRAWN = {"declined": "is declined", "replaced": "is replaced by a new one",
                 "left": "is off: a trader left the Market",
                 "closed": "lapses as the Market closes"}


def tokens(counts) -> str:
    """'1 silver, 2 gold and 1 red token', 'nothing'."""
    parts = [f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    return f"{join_words(parts)} token{'' if sum(counts) == 1 else 's'}"


def dragon_words(dragon: int) -> str:
    return DRAGONS[dragon].name


def _lair(slot: int) -> str:
    return f"the {ordinal(slot + 1)} lair"


def _drawn(e, n: Names) -> str:
    where = {"lair": f"onto {_lair(e.index)}", "kill": "onto the slain Dragon's hoard"}.get(
        e.where) or f"behind {n.whose(e.index)} screen"
    said = tokens(e.counts)
    verb = "comes" if sum(e.counts) == 1 else "come"
    return f"{capital(said)} {verb} out of the bag {where}."


def _placed(e, n: Names) -> str:
    card = DRAGONS[e.dragon]
    return f"{card.name} (strength {card.strength}) appears in {_lair(e.slot)}, " \
           f"guarding {count(card.known + card.hidden, 'token')}."


def _attacked(e, n: Names) -> str:
    return f"{n.does(e.seat, 'send')} a {ADVENTURERS[e.kind]} against " \
           f"{dragon_words(e.dragon)}: attack {e.total} of the {e.strength} needed."


def _returned(e, n: Names) -> str:
    who = join_words([f"{n.whose(s)} {ADVENTURERS[k]}" for s, k in e.adventurers])
    verb = "comes" if len(e.adventurers) == 1 else "come"
    return f"{capital(who)} {verb} home face {'up' if e.face_up else 'down'}."


def _opened(e, n: Names) -> str:
    how = "by divide and choose" if not e.steps else "before the sand runs out"
    return f"{n.group_acts(e.seats, 'share', start=True)} the hoard, {tokens(e.hoard)}, {how}."


def _proposed(e, n: Names) -> str:
    shares = "; ".join(f"{n.who(s)} {'get' if s == n.listener else 'gets'} {tokens(share)}"
                       for s, share in zip(e.involved, e.split, strict=True))
    return f"{n.does(e.seat, 'propose')} a split: {shares}."


def offer_words(seat: int, partner: int, give, get, n: Names) -> str:
    """An offer as the listener hears it (G11.2): 'Ana offers you 2 gold tokens for 1 silver
    token', 'You offer nothing to Bo for 1 red token', 'Bo offers 1 blue token to Ana for...'
    (a name and a count never side by side: 'Bot 2 1 blue token' reads as one number)."""
    what = f"you {tokens(give)}" if partner == n.listener else \
        f"{tokens(give)} to {n.who(partner)}"
    return f"{n.does(seat, 'offer')} {what} for {tokens(get)}"


def _stole(e, n: Names) -> str:
    what = f"a {COLOURS[e.colour]} token" if e.colour >= 0 else "a token"
    return f"{n.does(e.thief, 'steal')} {what} from {n.who(e.victim)}."


def _used(e, n: Names) -> str:
    return f"{n.does(e.seat, 'use')} the {magic_name(e.face)}."


def _revealed(e, n: Names) -> str:
    screens = "; ".join(f"{n.who(s)} {tokens(c)}" for s, c in enumerate(e.screens))
    return f"The screens are lifted: {screens}."


def _false_claim(e, n: Names) -> str:
    they = "you" if n.listener in e.seats else "they"
    return f"{n.group(e.seats, start=True)} traded at the Market tokens {they} did not hold: " \
           f"{they} forfeit, and the others are scored without them."


def game_over(winners, n: Names) -> str:
    """'The game is over: Ana and you win' (nobody, when every seat forfeits: G13.5)."""
    won = n.group_acts(winners, "win") if winners else "nobody wins"
    return f"The game is over: {won}"


def _over(e, n: Names) -> str:
    top = max(e.scores[w] for w in e.winners) if e.winners else None
    return game_over(e.winners, n) + (f" with {count(top, 'point')}." if e.winners else ".")


TELLERS = {
    moves.DragonPlaced: _placed,
    moves.TreasureDrawn: _drawn,
    moves.BagEmptied: lambda e, n: "The bag is empty: no more Dragons will come.",
    moves.FirstPlayer: lambda e, n: f"{n.does(e.seat, 'play')} first.",
    moves.Rallied: lambda e, n: f"{n.does(e.seat, 'turn')} {n.their(e.seat)} adventurers "
                                "face up.",
    moves.TurnLost: lambda e, n: f"Every adventurer of {n.whose(e.seat)} is fighting: "
                                 f"{n.whose(e.seat)} turn is lost.",
    moves.Routed: lambda e, n: "Every adventurer is fighting: all come home.",
    moves.Attacked: _attacked,
    moves.DragonKilled: lambda e, n: f"{dragon_words(e.dragon)} is slain by "
                                     f"{n.group(e.seats)}!",
    moves.Took: lambda e, n: f"{n.does(e.seat, 'take')} {tokens(e.counts)} "
                             f"{WHY_TAKEN.get(e.why, 'from the table')}.",
    moves.Returned: _returned,
    moves.NegotiationOpened: _opened,
    moves.Proposed: _proposed,
    # one split is on the table at a time (G7.5), the one last proposed: "the split" names it
    moves.Accepted: lambda e, n: f"{n.does(e.seat, 'accept')} the split.",
    moves.Rejected: lambda e, n: f"{n.does(e.seat, 'reject')} the split.",
    moves.Agreed: lambda e, n: "Everyone agrees on the split.",
    moves.HoardLost: lambda e, n: f"Time is up: the hoard, {tokens(e.counts)}, leaves the game.",
    moves.Divided: lambda e, n: f"{n.does(e.seat, 'divide')} the hoard into "
                                + "; ".join(tokens(s) for s in e.shares) + ".",
    moves.Chose: lambda e, n: f"{n.does(e.seat, 'choose')} the {ordinal(e.share + 1)} share.",
    moves.TheftBegins: lambda e, n: f"{n.whose(e.thief, start=True)} thief robs {n.who(e.victim)}"
                                    + (", helped by a wizard." if e.looks else "."),
    moves.Stole: _stole,
    moves.MarketOpened: lambda e, n: "The Market opens.",
    moves.Offered: lambda e, n: f"{offer_words(e.seat, e.partner, e.give, e.get, n)}.",
    moves.Traded: lambda e, n: f"{n.who(e.seat, start=True)} and {n.who(e.partner)} trade "
                               f"{tokens(e.give)} for {tokens(e.get)}.",
    moves.OfferWithdrawn: lambda e, n: f"{n.whose(e.seat, start=True)} offer "
                                       f"{WHY_WITHDRAWN.get(e.why, 'is withdrawn')}.",
    moves.LeftMarket: lambda e, n: f"{n.does(e.seat, 'leave')} the Market.",
    moves.MarketClosed: lambda e, n: "The Market closes.",
    moves.MagicDrawn: lambda e, n: f"{n.does(e.seat, 'draw')} "
                                   f"{count(e.count, 'Magic Object')}.",
    moves.MagicUsed: _used,
    moves.ScreensRevealed: _revealed,
    moves.FalseClaim: _false_claim,
    moves.GameOver: _over,
}
