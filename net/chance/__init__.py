"""Chance at a table: public seeds, the mental-poker deck, and the deck that deals a table."""
