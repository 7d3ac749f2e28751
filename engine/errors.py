"""Typed errors of the rules engine. All are ValueErrors, as in python-chess."""


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action breaks a rule; `rule` names the clause in docs/rules/<game>.md."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} (rule {rule})")
        self.rule = rule
        self.detail = message


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
