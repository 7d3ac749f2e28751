"""The table's notices about its seats, in words for one viewer: a seat that left, a seat
gone quiet, a seat that asked to come back and a seat back, this seat away until the next
hand (net.peer.returns), whom the table waits for, and who won. The window's log
(client.session) and `hoard peer` (client.peer) say each with the same function, so the two
cannot drift apart; `names.listener` is the viewer ("you"). Names are joined by the
engine's words (engine.tell), never by hand."""

from __future__ import annotations

from engine.tell import Names, join_words
from net.table.takeback import LATE, NO


def bot_of(names: Names, heir: int) -> str:
    """The bot that plays a seat for a player gone: 'your bot', "Ana's bot"."""
    return f"{names.whose(heir)} bot"


def left(names: Names, seat: int, heir: int) -> str:
    """'Ana left the table; you play on for them.', 'You left the table; Bo plays on for
    you.' (`heir` -1: nobody plays on)."""
    said = f"{names.who(seat, start=True)} left the table"
    if heir < 0:
        return f"{said}."
    them = "you" if seat == names.listener else "them"
    return f"{said}; {names.acts(heir, 'play')} on for {them}."


def quiet(names: Names, seat: int, heir: int, over: bool = False) -> str:
    """Another seat went quiet past the table's patience (the viewer's own is `away`), or
    any seat did as the match ended (`over`: nothing is dealt again)."""
    who = names.who(seat, start=True)
    if over:
        them = "you" if seat == names.listener else "they"
        return f"{who} went quiet for too long as the match ended: the result stands, but " \
               f"the cards only {them} could unlock go unaudited."
    return f"{who} went quiet for too long: the hand is dealt again without them, and " \
           f"{bot_of(names, heir)} plays their seat."


def returning(names: Names, seat: int) -> str:
    """A seat away asked to be let back (net.peer.returns): it plays again from the next deal."""
    if seat == names.listener:
        return "You asked to come back: your seat is yours again when the next hand is dealt."
    return f"{names.who(seat, start=True)} is back: they take their seat again when the next " \
        "hand is dealt."


def back(names: Names, seat: int) -> str:
    """A seat's player took it back at a fresh deal."""
    if seat == names.listener:
        return "You are back at the table: your seat is yours again from this hand."
    return f"{names.who(seat, start=True)} is back at the table and plays their seat again."


def away(names: Names, heir: int, gone: bool) -> str:
    """The viewer's seat is played by `heir`'s bot until the next hand is dealt: it left
    (`gone`) and came back, or the table played on without it."""
    why = "You left the table" if gone else ("The table played on without you: you were "
                                             "silent too long, so the hand was dealt again "
                                             "without you")
    return f"{why}; {bot_of(names, heir)} plays your seat until the next hand is dealt, " \
        "when it is yours again."


def late(who: tuple[str, ...], start: bool = False) -> str:
    """The peers whose frames or owed messages the table waits for (net.peer.upkeep names them,
    with what is owed): 'waiting for Ana and Bo (a deck share)'."""
    return f"{'W' if start else 'w'}aiting for {join_words(list(who))}"


def to_play(names: Names, seats, start: bool = False) -> str:
    """The seats whose move the game waits for: 'waiting for Ana and you to play'."""
    return f"{'W' if start else 'w'}aiting for {names.group(seats)} to play"


def won(names: Names, winners) -> str:
    """The match's winners: 'Ana and Bo win.', 'You win.'"""
    return f"{names.group_acts(winners, 'win', start=True)}."


def paused(names: Names, seat: int) -> str:
    """A player stopped the table (net.table.pause): 'Ana paused the table: …'."""
    until = "you resume" if seat == names.listener else \
        f"{names.who(seat)} resumes, or everyone else asks to play on"
    return f"{names.does(seat, 'pause')} the table: every clock stands until {until}."


def play_on_asked(names: Names, seat: int) -> str:
    """Another seated player asked to end a pause that is not theirs."""
    return f"{names.does(seat, 'ask')} to play on."


def resumed(names: Names, seat: int) -> str:
    """The pause ended: the pauser resumed (`seat`), or the last of the others asked."""
    return f"{names.does(seat, 'resume')} the table: play goes on."


def pause_line(names: Names, by: int, asked: tuple[int, ...]) -> str:
    """What a paused table says over its middle: who paused it, and who asked to play on."""
    if by == names.listener:
        line = "You paused the table. Resume when you are ready"
    else:
        line = f"{names.who(by, start=True)} paused the table. It plays on when they resume"
        line += ", or when everyone else asks to"
    if asked:
        line += f" ({names.group(asked)} asked to)"
    return f"{line}."


def takeback_asked(names: Names, by: int, what: str) -> str:
    """A take-back asked (net.table.takeback): 'Ana asks to take back: play a pair of 7s.'"""
    return f"{names.does(by, 'ask')} to take back: {what}."


def takeback_answered(names: Names, seat: int, yes: bool) -> str:
    """One answer to it: 'Bo agrees.', 'You refuse.'"""
    return f"{names.does(seat, 'agree' if yes else 'refuse')}."


def takeback_decided(names: Names, by: int, what: str, taken: bool, why: str,
                     refuser: int | None) -> str:
    """How it ended: 'Ana takes back: play a pair of 7s.', or why the move stands."""
    if taken:
        return f"{names.does(by, 'take')} back: {what}."
    move = f"{names.whose(by, start=True)} move stands"
    if why == NO:
        return f"{move}: {names.who(refuser)} refused."
    if why == LATE:
        return f"{move}: not everyone answered in time."
    return f"{move}: {'you' if by == names.listener else 'they'} left the table."


def takeback_line(names: Names, by: int, what: str, waiting: tuple[int, ...]) -> str:
    """What the open question says over the table, to the asker or to the others."""
    if by == names.listener:
        return f"You asked to take back: {what}. Waiting for {names.group(waiting)}."
    return f"{names.does(by, 'ask')} to take back: {what}."
