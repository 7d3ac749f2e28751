"""What every line of a table's story must be: words a person would say, with no seat
number, list, arrow or "(s)" in it, plurals right and names exactly as typed."""

from __future__ import annotations

import re

#: what a line must never hold, with why
FORBIDDEN = {
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
