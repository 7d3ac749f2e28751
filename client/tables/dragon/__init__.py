"""The Dragon table, in pieces: the trick in the centre, the seats' panels and the buttons,
put together by `table.DragonTable`. Importing the package registers the table for the game
id "dragon"; the rules screen reads its keys here."""

from client.tables.dragon.layout import CARD, DECK_AT, KEYS_HELP, SEAT_PANELS
from client.tables.dragon.table import DragonTable

__all__ = ["CARD", "DECK_AT", "KEYS_HELP", "SEAT_PANELS", "DragonTable"]
