"""Playing Dragon by clicks: choose a legal action and make it with the mouse."""

from engine.games.dragon.rules import DeclareDragon, Pass, Play


def choose(legal) -> object:
    """A deterministic choice: a Dragon if one can be shown, else the smallest play, else pass."""
    for action in legal:
        if isinstance(action, DeclareDragon):
            return action
    plays = sorted((a for a in legal if isinstance(a, Play)),
                   key=lambda a: (len(a.faces), max(a.faces)))
    if plays:
        return plays[0]
    return next(a for a in legal if isinstance(a, Pass))


def make_by_clicks(driver, action) -> None:
    """Click the cards of a play and then Play, or the button of a pass or a Dragon."""
    if isinstance(action, DeclareDragon):
        driver.click("dragon")
    elif isinstance(action, Pass):
        driver.click("pass")
    else:
        for face in action.faces:
            driver.click(f"card:{face}")
        driver.click("play")
