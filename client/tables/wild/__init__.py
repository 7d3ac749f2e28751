"""The Dragons Wild table, in pieces: the melds' area, the piles, the round marker, the
buying window, the popups and the buttons, put together by `table.WildTable`. Importing the
package registers the table for the game id "wild"; the rules screen reads its keys here."""

from client.tables.wild.layout import DECK_AT, KEYS_HELP
from client.tables.wild.table import WildTable

__all__ = ["DECK_AT", "KEYS_HELP", "WildTable"]
