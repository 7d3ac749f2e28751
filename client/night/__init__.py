"""The night: every match finished tonight read from the journals (standings), and its
board as the lobby, a match's end and the history draw it (tonight)."""
