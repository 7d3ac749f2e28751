"""Importing this package registers every game."""

from engine.games import den, dragon, gold, wild

__all__ = ["den", "dragon", "gold", "wild"]
