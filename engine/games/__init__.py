"""Importing this package registers every game."""

from engine.games import dragon

__all__ = ["dragon"]
