"""Dragon's Gold in words: its events told (words), what a seat may do now (advice), a bot's
choice as a hint (hints) and why it is good (why)."""
