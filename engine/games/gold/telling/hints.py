"""Dragon's Gold's actions said as a hint would say them: 'send a knight against Smaug',
'propose a split: you get 2 gold tokens; Ana gets 1 red token', 'accept Ana's split' — a
lair by the Dragon in it and a split by who proposed it, as the table shows them."""

from __future__ import annotations

from engine.games.gold import moves
from engine.games.gold.components import ADVENTURERS, DRAGONS, magic_name
from engine.games.gold.telling.words import tokens
from engine.tell import Names, ordinal

#: at the talks and the Market a bot may hold its answer while the others speak
WAITING = "wait for now: let the others speak first while the sand runs"


def _shares(split, involved, n: Names) -> str:
    return "; ".join(f"{n.who(s)} {'get' if s == n.listener else 'gets'} {tokens(share)}"
                     for s, share in zip(involved, split, strict=True))


def _propose(a: moves.Propose, view, n: Names) -> str:
    return f"propose a split: {_shares(a.split, view.kill.involved, n)}"


def _against(a: moves.Attack, view, n: Names) -> str:
    lair = view.dragons[a.slot] if 0 <= a.slot < len(view.dragons) else None
    where = DRAGONS[lair.dragon].name if lair is not None else f"the {ordinal(a.slot + 1)} lair"
    return f"send a {ADVENTURERS[a.kind]} against {where}"


def _split(verb: str):
    """'accept Ana's split': the one split on the table (G7.5), by who proposed it."""
    def said(a, view, n: Names) -> str:
        whose = n.whose(view.proposal.by) if view.proposal is not None else "the"
        return f"{verb} {whose} split"
    return said


def _divide(a: moves.Divide, view, n: Names) -> str:
    cut = "; ".join(f"share {i + 1} {tokens(share)}" for i, share in enumerate(a.shares))
    return f"cut the hoard into these shares: {cut}"


def _choose(a: moves.Choose, view, n: Names) -> str:
    return f"choose share {a.share + 1}, {tokens(view.kill.shares[a.share])}"


def _offer(a: moves.Offer, view, n: Names) -> str:
    return f"offer {n.who(a.partner)} {tokens(a.give)} for {tokens(a.get)}"


HINTERS = {
    moves.Attack: _against,
    moves.UseMagic: lambda a, view, n: f"use the {magic_name(a.face)}",
    moves.Propose: _propose,
    moves.Accept: _split("accept"),
    moves.Reject: _split("reject"),
    moves.Divide: _divide,
    moves.Choose: _choose,
    moves.Steal: lambda a, view, n: f"rob {n.who(a.victim)}",
    moves.Take: lambda a, view, n: f"take token number {a.position + 1} of the screen",
    moves.Offer: _offer,
    moves.TakeOffer: lambda a, view, n: f"take {n.whose(a.offerer)} offer",
    moves.Decline: lambda a, view, n: f"decline {n.whose(a.offerer)} offer",
    moves.LeaveMarket: lambda a, view, n: "leave the Market",
}
