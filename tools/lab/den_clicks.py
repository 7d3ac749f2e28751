"""Playing Dragon Den by clicks: choose a legal action and make it with the mouse."""

from engine.games.den.rules import FOUNDATIONS, EndTurn, MovePile, Play


def choose(legal) -> object:
    """A deterministic choice: a Dragon into a corner, else the longest play (a run before a
    card), else a pile move, else the end of the turn."""
    plays = [a for a in legal if isinstance(a, Play)]
    corner = [a for a in plays if a.pile >= FOUNDATIONS]
    if corner:
        return corner[0]
    if plays:
        return max(plays, key=lambda a: (len(a.faces), -a.pile))
    moves = [a for a in legal if isinstance(a, MovePile)]
    if moves:
        return moves[0]
    return next(a for a in legal if isinstance(a, EndTurn))


def make_by_clicks(driver, action) -> None:
    """Click a play's cards and then its pile; a move's two piles; or End turn."""
    if isinstance(action, EndTurn):
        driver.click("end")
    elif isinstance(action, MovePile):
        driver.click(f"pile:{action.source}")
        driver.click(f"pile:{action.target}")
    else:
        for face in action.faces:
            driver.click(f"card:{face}")
        driver.click(f"pile:{action.pile}")


def kind_of(action) -> str:
    """The kind of move the issue lists: card, run, pile move, corner Dragon, vacated
    foundation, end turn."""
    if isinstance(action, EndTurn):
        return "end turn"
    if isinstance(action, MovePile):
        return "pile move"
    if action.pile >= FOUNDATIONS and len(action.faces) >= 1 and action.faces[0] >> 2 == 12:
        return "corner Dragon"
    return "run" if len(action.faces) > 1 else "card"
