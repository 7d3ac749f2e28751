"""The Market (clause G11): a timed free trade of tokens between any players.

A seat has at most one offer on the table, made to one partner. The tokens it
offers leave its screen and wait on the table in view of all (Decision G11.3),
so an accepted offer can always be paid and nothing public depends on what is
still hidden behind a screen.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.games.gold import moves
from engine.games.gold.flow import DONE, MARKET, await_phase, awaited, finish, push, run, step
from engine.games.gold.splits import Chain, Offers
from engine.games.gold.state import GoldState, Market
from engine.games.gold.telling.words import tokens
from engine.games.gold.tokens import NONE, SUPPLY, is_counts


@step("market_open")
def _open(state: GoldState, step, events) -> bool:
    state.market_held = True
    state.market = Market()
    steps = state.config["market_steps"]
    state.open_timer(steps, "market")
    events.append(moves.MarketOpened(steps))
    push(state, ("market",))
    return DONE


await_phase("market", MARKET)


def _present(state: GoldState, seat: int) -> bool:
    return type(seat) is int and 0 <= seat < state.seats and not state.market.left >> seat & 1


def on_offer(state: GoldState, action: moves.Offer) -> list:
    seat, partner, give, get = action.seat, action.partner, action.give, action.get
    awaited(state, MARKET, seat, "G11.2")
    market = state.market
    if partner == seat or not _present(state, partner):
        raise IllegalAction("G11.2", "offer to another player still at the market")
    if not (is_counts(give) and is_counts(get)) or not (any(give) or any(get)):
        raise IllegalAction("G11.2", "an offer names tokens to give or to get")
    if any(n > min(state.counts[partner], SUPPLY[c]) for c, n in enumerate(get)):
        raise IllegalAction("G11.2", "ask for no more of a colour than the partner holds tokens")
    if market.made.get(seat, 0) >= state.config["proposals"]:
        raise IllegalAction("G11.3", "{whose} offers are all made", seat)
    old = market.offers.get(seat)
    if not state.may_claim(seat, give, old[2] if old else NONE):
        raise IllegalAction("G11.2", "a player offers only tokens from behind its own screen")
    events: list = []
    if old:
        _withdraw(state, seat, "replaced", events)
    state.take_screen(seat, give)
    serial = state.serial()
    market.offers[seat] = (serial, partner, give, get)
    market.made[seat] = market.made.get(seat, 0) + 1
    events.append(moves.Offered(seat, partner, serial, give, get))
    return events


def _offer_to(state: GoldState, seat: int, offerer: int, serial: int, rule: str):
    awaited(state, MARKET, seat, rule)
    offer = state.market.offers.get(offerer) if type(offerer) is int else None
    if offer is None or offer[0] != serial or offer[1] != seat:
        raise IllegalAction(rule, "no such offer is made to this player")
    return offer


def on_take_offer(state: GoldState, action: moves.TakeOffer) -> list:
    seat, offerer = action.seat, action.offerer
    _, _, give, get = _offer_to(state, seat, offerer, action.serial, "G11.3")
    if not state.may_claim(seat, get):
        raise IllegalAction("G11.3", "the player does not hold the tokens asked for")
    del state.market.offers[offerer]
    state.take_screen(seat, get)
    state.add_screen(offerer, get)
    state.add_screen(seat, give)
    return [moves.Traded(offerer, seat, give, get)]


def on_decline(state: GoldState, action: moves.Decline) -> list:
    _offer_to(state, action.seat, action.offerer, action.serial, "G11.3")
    events: list = []
    _withdraw(state, action.offerer, "declined", events)
    return events


def on_leave(state: GoldState, action: moves.LeaveMarket) -> list:
    seat = action.seat
    awaited(state, MARKET, seat, "G11.4")
    market = state.market
    events: list = [moves.LeftMarket(seat)]
    for offerer, offer in sorted(market.offers.items()):
        if offerer == seat or offer[1] == seat:
            _withdraw(state, offerer, "left", events)
    market.left |= 1 << seat
    if market.left == (1 << state.seats) - 1:
        close(state, events)
    return events


def close(state: GoldState, events: list) -> None:
    """G11.4: time is up (or everyone left): offers still open go back home."""
    for offerer in sorted(state.market.offers):
        _withdraw(state, offerer, "closed", events)
    finish(state)
    state.market, state.timer = None, None
    events.append(moves.MarketClosed())
    run(state, events)


def _withdraw(state: GoldState, offerer: int, why: str, events: list) -> None:
    serial, _, give, _ = state.market.offers.pop(offerer)
    state.add_screen(offerer, give)
    events.append(moves.OfferWithdrawn(offerer, serial, why))


def vet(state: GoldState, action) -> None:
    """G16.3: an offer, or the tokens an acceptance pays, made at an instance that knows
    the claimant's screen (local play, the claimant's own) is refused at once if the
    tokens are not behind it; `apply` takes a robbed screen's claims on trust."""
    if state.phase != MARKET or type(action) not in (moves.Offer, moves.TakeOffer):
        return
    seat = action.seat
    if type(action) is moves.Offer:
        old = state.market.offers.get(seat)
        claim, back = action.give, old[2] if old else NONE
    else:
        offer = state.market.offers.get(action.offerer)
        if offer is None or offer[1] != seat:
            return  # no such offer: apply refuses it
        claim, back = offer[3], NONE
    if is_counts(claim) and not state.holds(seat, claim, back):
        raise IllegalAction("G16.3", f"{{whose}} screen does not hold {tokens(claim)}",
                             seat)


def legal(state: GoldState, seat: int) -> list:
    """Every market action of `seat`, as far as this instance knows its screen."""
    market = state.market
    out: list = []
    for offerer, (serial, partner, _, get) in sorted(market.offers.items()):
        if partner == seat:
            if state.holds(seat, get):
                out.append(moves.TakeOffer(seat, offerer, serial))
            out.append(moves.Decline(seat, offerer, serial))
    out.append(moves.LeaveMarket(seat))
    if state.exact(seat) and market.made.get(seat, 0) < state.config["proposals"]:
        old = market.offers.get(seat)
        own = [n + (old[2][c] if old else 0) for c, n in enumerate(state.screens[seat])]
        partners = [
            (p, state.counts[p]) for p in range(state.seats) if p != seat and _present(state, p)
        ]

        def wrap(partner, give, get):
            return moves.Offer(seat, partner, give, get)

        return Chain(out, Offers(own, partners, SUPPLY, wrap))
    return out

