"""The face the window sees: the thread-safe bridge, the Hint, and replays of journals."""
