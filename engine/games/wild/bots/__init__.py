"""Dragons Wild's bots (bot) and the clues they read from what the seats did (clues)."""
