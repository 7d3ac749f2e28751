"""Typed errors of the rules engine. All are ValueErrors, as in python-chess."""


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""

    def explain(self, names) -> str:
        """The error in words for the players of a table with these `names` (engine.tell)."""
        return str(self)


class IllegalAction(EngineError):
    """An action breaks a rule; `rule` names the clause in docs/rules/<game>.md.

    A refusal that speaks of a player is raised deep in the rules, where no names are known:
    it carries the `seat` and says "{who}" or "{whose}" where the player is meant. `explain`
    words it for a table's names ("it is not your turn", "it is not Ana's turn") at the
    boundary that has them; str() says "that player", so no seat number ever reaches a player
    (seats count from 0 in the engine and from 1 in a person's mouth)."""

    def __init__(self, rule: str, message: str, seat: int | None = None):
        self.rule, self.seat, self.template = rule, seat, message
        self.detail = _fill(message, "that player", "that player's")
        super().__init__(f"{self.detail} (rule {rule})")

    def explain(self, names) -> str:
        if self.seat is None:
            return str(self)
        said = _fill(self.template, names.who(self.seat), names.whose(self.seat))
        return f"{said} (rule {self.rule})"


def _fill(template: str, who: str, whose: str) -> str:
    # replace, not str.format: the rest of a message may hold braces of its own
    return template.replace("{whose}", whose).replace("{who}", who)


class UnknownGame(EngineError):
    """No game is registered under that id."""


class BadOption(EngineError):
    """A game option or seat count is not acceptable."""


class BadWire(EngineError):
    """Bytes or a record that do not decode to a known action or event."""


class NoWorlds(EngineError):
    """A game cannot sample a world from this observation (no determinization for it, or
    an observation made without the seat's knowledge)."""


class BadNames(EngineError):
    """A table's names that cannot tell its story (none, or a listener not at the table)."""


class BadSelection(EngineError):
    """What a client asks `Game.why_not` about is not a selection of that game."""


class NoTakeBack(EngineError):
    """Why a player may not take their last action back (engine.takeback): `clause` names the
    rule it meets, the words say it. Like IllegalAction, a refusal that names a player carries
    their `seat` and says "{who}" for them, worded for a table's names by `explain`."""

    def __init__(self, clause: str, message: str, seat: int | None = None):
        self.clause, self.seat, self.template = clause, seat, message
        super().__init__(_fill(message, "that player", "that player's"))

    def explain(self, names) -> str:
        if self.seat is None:
            return str(self)
        return _fill(self.template, names.who(self.seat), names.whose(self.seat))
