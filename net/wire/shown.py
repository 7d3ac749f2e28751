"""What a stranger wrote, made safe to show: the one sanitiser for every text from the
network (an advert's name, a greeting's app version, a reason quoting a field) that may
reach a terminal, a log line or the window."""

from __future__ import annotations

MAX_SHOWN = 80  # characters of a stranger's text shown at most


def shown(text: object, limit: int = MAX_SHOWN) -> str:
    """`text` as it may reach a terminal, a log or the window: one line of printable
    characters (a control, escape, bidi-override or other invisible character becomes
    `?`), at most `limit` of them."""
    text = str(text)
    safe = "".join(ch if ch.isprintable() else "?" for ch in text[:limit + 1])
    return safe if len(safe) <= limit else safe[:limit - 1] + "…"
