"""hoard's client: the pygame-ce table, and the `hoard` command line."""
