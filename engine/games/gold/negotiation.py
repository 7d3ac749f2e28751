"""Sharing a dead Dragon's hoard among several players (clauses G6, G7, G9).

The timed negotiation is a simultaneous stage: every involved seat may put a
split on the table, accept it or reject it; the split happens the moment all
accept the same one, and the hoard leaves the game when the timer runs out.
The strategic variant replaces it with divide-and-choose.
"""

from __future__ import annotations

from operator import add

from engine.errors import IllegalAction
from engine.games.gold import moves
from engine.games.gold.components import WIZARD
from engine.games.gold.flow import (
    CHOOSE,
    DIVIDE,
    DONE,
    NEGOTIATE,
    await_phase,
    awaited,
    finish,
    push,
    reward,
    run,
    step,
)
from engine.games.gold.state import Division, GoldState, Talks
from engine.games.gold.tokens import RED, is_counts


@step("share")
def _share(state: GoldState, step, events) -> bool:
    kill = state.kill
    if len(kill.involved) == 1:  # G6.1
        hoard, kill.hoard = kill.hoard, [0] * 9
        push(state, *reward(state, kill.involved[0], hoard, "lone kill", events))
        return DONE
    if not state.config["advanced"] and kill.hoard[RED]:
        _wizard_reds(state, events)
    if not any(kill.hoard):
        return DONE  # G6.5
    if state.config["strategic"]:
        state.division = Division(*divide_order(state))
        events.append(moves.NegotiationOpened(kill.involved, tuple(kill.hoard), 0))
        push(state, ("divide",))
    else:
        state.talks = Talks(kill.involved)
        steps = state.config["negotiation_steps"]
        state.open_timer(steps, "negotiation")  # G7.1
        events.append(moves.NegotiationOpened(kill.involved, tuple(kill.hoard), steps))
        push(state, ("negotiate",))
    return DONE


def _wizard_reds(state: GoldState, events: list) -> None:
    """G6.3: a lone Wizard in the fight takes the red tokens (no Magic Objects: not advanced)."""
    kill = state.kill
    wizards = [s for s, k, _ in kill.attackers if k == WIZARD]
    if len(wizards) == 1:
        reds = [0] * 9
        reds[RED], kill.hoard[RED] = kill.hoard[RED], 0
        reward(state, wizards[0], reds, "wizard", events)


await_phase("negotiate", NEGOTIATE)
await_phase("divide", DIVIDE)
await_phase("choose", CHOOSE)


# -- the timed negotiation (G7) ---------------------------------------------------

def check_split(state: GoldState, split, rule: str) -> None:
    """G7.2: one share per involved seat that together hold every token of the hoard."""
    kill = state.kill
    if type(split) is not tuple or len(split) != len(kill.involved):
        raise IllegalAction(rule, "a split gives one share of tokens to each player in the fight")
    for share in split:
        if not is_counts(share):
            raise IllegalAction(rule, "a share is nine counts of tokens, one per colour")
    total = split[0]
    for share in split[1:]:
        total = map(add, total, share)  # lazily: one pass over the colours at the end
    if list(total) != kill.hoard:
        raise IllegalAction(rule, "a split must share out exactly every token of the hoard")


def on_propose(state: GoldState, action: moves.Propose) -> list:
    seat = action.seat
    awaited(state, NEGOTIATE, seat, "G7.2")
    talks = state.talks
    if talks.made.get(seat, 0) >= state.config["proposals"]:
        raise IllegalAction("G7.6", "{whose} proposals are all made", seat)
    check_split(state, action.split, "G7.2")
    talks.made[seat] = talks.made.get(seat, 0) + 1
    talks.serial, talks.split, talks.by = state.serial(), action.split, seat
    talks.accepted = 1 << seat  # G7.3: the proposer accepts its own split
    return [moves.Proposed(seat, talks.serial, action.split, tuple(state.kill.involved))]


def _on_table(state: GoldState, seat: int, serial: int, rule: str) -> Talks:
    awaited(state, NEGOTIATE, seat, rule)
    talks = state.talks
    if not talks.serial or serial != talks.serial:
        raise IllegalAction(rule, "that proposal is not on the table")
    return talks


def on_accept(state: GoldState, action: moves.Accept) -> list:
    seat = action.seat
    talks = _on_table(state, seat, action.serial, "G7.3")
    if talks.accepted >> seat & 1:
        raise IllegalAction("G7.3", "that proposal is already accepted by this player")
    talks.accepted |= 1 << seat
    events: list = [moves.Accepted(seat, talks.serial)]
    if talks.accepted == talks.everyone:  # G7.4
        events.append(moves.Agreed(talks.serial))
        finish(state)
        _hand_out(state, dict(zip(state.kill.involved, talks.split, strict=True)), "split", events)
        run(state, events)
    return events


def on_reject(state: GoldState, action: moves.Reject) -> list:
    talks = _on_table(state, action.seat, action.serial, "G7.5")
    serial = talks.serial
    talks.serial, talks.split, talks.by, talks.accepted = 0, (), -1, 0
    return [moves.Rejected(action.seat, serial)]


def time_up(state: GoldState) -> list:
    """G7.7: no agreement in time: the hoard goes into the box."""
    finish(state)
    kill = state.kill
    state.box[:] = map(add, state.box, kill.hoard)
    events: list = [moves.HoardLost(tuple(kill.hoard))]
    kill.hoard[:] = [0] * 9
    state.talks, state.timer = None, None
    run(state, events)
    return events


def _hand_out(state: GoldState, shares: dict[int, tuple], why: str, events: list) -> None:
    state.talks = state.division = None
    state.timer = None
    state.kill.hoard[:] = [0] * 9
    draws = []
    for seat in sorted(shares):
        draws += reward(state, seat, shares[seat], why, events)
    push(state, *draws)


# -- the strategic variant (G9) ---------------------------------------------------

def divide_order(state: GoldState) -> tuple[int, tuple[int, ...]]:
    """G9.1: strongest first; equal attack: who attacked this Dragon first is stronger."""
    kill = state.kill
    ranked = sorted(kill.involved, key=lambda s: (-kill.power(s), kill.first_attack(s)))
    return ranked[-1], tuple(ranked[:-1])


def filled_shares(state: GoldState) -> int:
    """G9.2: every share holds a token, or each token is a share when there are too few."""
    return min(len(state.kill.involved), sum(state.kill.hoard))


def on_divide(state: GoldState, action: moves.Divide) -> list:
    awaited(state, DIVIDE, action.seat, "G9.2")
    check_split(state, action.shares, "G9.2")
    if sum(1 for share in action.shares if any(share)) < filled_shares(state):
        raise IllegalAction("G9.2", "each share must hold at least one token")
    finish(state)
    state.division.shares = action.shares
    push(state, ("choose",))
    events: list = [moves.Divided(action.seat, action.shares)]
    run(state, events)
    return events


def on_choose(state: GoldState, action: moves.Choose) -> list:
    seat = action.seat
    awaited(state, CHOOSE, seat, "G9.3")
    division = state.division
    share = action.share
    if type(share) is not int or not 0 <= share < len(division.shares) or share in division.taken:
        raise IllegalAction("G9.3", "choose a share nobody has taken")
    finish(state)
    division.taken[share] = seat
    events: list = [moves.Chose(seat, share)]
    if len(division.taken) == len(division.choosers):
        last = next(i for i in range(len(division.shares)) if i not in division.taken)
        division.taken[last] = division.divider
        shares = {s: division.shares[i] for i, s in division.taken.items()}
        _hand_out(state, shares, "share", events)
    else:
        push(state, ("choose",))
    run(state, events)
    return events

