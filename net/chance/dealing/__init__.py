"""The mental-poker deck behind the lockstep table (DeckChance, in source.py), in parts
with one job each; see source.py for how they fit together."""

from net.chance.dealing.source import DeckChance

__all__ = ["DeckChance"]
