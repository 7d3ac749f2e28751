"""The Dragon's Gold table, in pieces: the board, your side, your Magic Objects and the
panels over the lairs (share, theft, market, end), put together by `table.GoldTable`.
Importing the package registers the table for the game id "gold"."""

from client.tables.gold.table import GoldTable

__all__ = ["GoldTable"]
