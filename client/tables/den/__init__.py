"""The Dragon Den table, in pieces: the cross of piles, what is held and where it drops, and
the buttons, put together by `table.DenTable`. Importing the package registers the table for
the game id "den"; the rules screen reads its keys here."""

from client.tables.den.layout import CARD, KEYS_HELP
from client.tables.den.table import DenTable

__all__ = ["CARD", "KEYS_HELP", "DenTable"]
