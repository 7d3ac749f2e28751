"""What every line of a table's story must be: words a person would say, with no seat
number, list, arrow or "(s)" in it, plurals right and names exactly as typed."""

from __future__ import annotations

import re

from engine.games.den import cards as den_cards
from engine.games.dragon import cards as dragon_cards
from engine.games.gold.tokens import LETTERS
from engine.games.wild import cards as wild_cards


def _card_code() -> str:
    """Any card's code in any game ('7S', '10B', 'KTN', '7Ba', 'D4'): a pattern for a whole
    word, longest codes first so '10B' is not read as '0B'."""
    codes = {module.name(face) for module in (dragon_cards, den_cards, wild_cards)
             for face in module.DECK}
    alternatives = "|".join(map(re.escape, sorted(codes, key=len, reverse=True)))
    return rf"(?<![\w#])(?:{alternatives})(?!\w)"


CARD_CODE = _card_code()
#: Gold's token codes ('3s 1g 2B'); a lone '7s' is a plural of 7 in the card games
_TOKEN = rf"\d+[{''.join(LETTERS)}]"
TOKEN_CODE = rf"\b{_TOKEN}(?: {_TOKEN})+\b|\b\d+[{''.join(LETTERS[1:])}]\b"

#: what a line must never hold, with why
FORBIDDEN = {
    rf"\(\s*{CARD_CODE}(?:\s+{CARD_CODE})*\s*\)": "card codes in brackets",
    CARD_CODE: "a card's code instead of its name",
    TOKEN_CODE: "tokens' codes instead of their colours",
    r"\bseats? \d": "a seat number",
    r"->|→": "an arrow",
    r"\(s\)": "an '(s)'",
    r"[\[\]{}]": "a list or a dict",
    r"\d, \d": "a raw number array",
    r"\b1 (cards|tokens|points|chips|Magic Objects)\b": "a wrong plural",
    r"\b([02-9]|\d\d+) (card|token|point|chip)\b(?!s)": "a wrong singular",
    r"\byou (is|has|plays|passes|takes|wins)\b": "'you' with a third-person verb",
}


def problems(line: str) -> list[str]:
    return [why for pattern, why in FORBIDDEN.items() if re.search(pattern, line)]


def check_story(lines: list[str], names: tuple[str, ...], listener: int | None) -> None:
    """Every line reads as words; every seat but the listener is named in the story as
    typed, and the listener is only ever 'you'."""
    bad = [(line, problems(line)) for line in lines if problems(line)]
    assert not bad, bad[:5]
    story = "\n".join(lines)
    for seat, name in enumerate(names):
        if seat == listener:
            assert name not in story, f"{name} is 'you' to this window"
        else:
            assert re.search(rf"(?<!\w){re.escape(name)}(?!\w)", story), f"{name} is never named"
