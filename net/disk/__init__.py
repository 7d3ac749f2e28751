"""The disk: the user's private folders, the append-only journal, and one-live-process locks."""
